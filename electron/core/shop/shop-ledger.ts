import pg from 'pg';
import type { ShopLedgerProblem, ShopLedgerStatus } from '../../../shared/domain/status';
import type { Keychain } from '../credentials/keychain';
import type { Db } from '../journal/database';
import type { SettingsTable } from '../journal/settings-table';
import type { Logger, Redactor } from '../log';
import { PosFailure } from '../pos/failure';
import { JoinRefused, joinCounter } from './joining';
import {
  addressText,
  cutConnection,
  LEDGER_TIMEOUTS,
  type LedgerAddress,
  type LedgerLogin,
  type LedgerTimeouts,
  ledgerClientConfig,
  parseLedgerAddress,
} from './ledger-address';
import { latestLedgerVersion } from './ledger-migrations';
import { LedgerNewerThanCode, ledgerVersion, migrateLedger } from './ledger-schema';
import { LedgerRefusedCounter, Pusher, type PusherTiming, type PusherView, refusalOf } from './pusher';
import { type ShopChangeListener, ShopWatch, type ShopWatchTiming } from './shop-watch';

/**
 * The counter's side of the shop ledger: where it joined (the journal's settings, no secret), its
 * password (the OS keychain only), and the pusher that publishes its chain. With nothing configured
 * the counter works on its own exactly as before: no connection is made and nothing is loaded.
 */

/** What a counter keeps of its joining, in the journal's settings. */
export interface JoinedLedger {
  /** The ledger's address, without credentials (addressText). */
  readonly address: string;
  readonly shop: string;
  readonly counterCode: string;
  readonly counterName: string;
  /** The PostgreSQL role the counter logs in as (its password is in the keychain). */
  readonly role: string;
}

/** The web host's ledger, from its environment and flags: joined at each start, its login kept in memory. */
export interface ForcedShopLedger {
  /** The address with a login: the ledger owner's (the counter joins) or the counter's own role. */
  readonly url: string;
  readonly shop: string;
  readonly counterCode: string;
  readonly counterName: string;
}

/** The shop this counter is in and its code there, as its receipts, Zs and orders carry them. */
export interface ShopPlace {
  readonly shop: string;
  readonly counterCode: string;
}

export interface JoinInput {
  readonly address: string;
  readonly ownerName: string;
  readonly ownerPassword: string;
  readonly shop: string;
  readonly counterCode: string;
  readonly counterName: string;
}

const SETTINGS_KEY = 'shopLedger';
const ACKNOWLEDGED_KEY = 'shopLedger.acknowledged';
/** The keychain account of the counter's ledger password. */
const KEYCHAIN_ACCOUNT = 'shop-ledger';

export interface ShopLedgerDeps {
  readonly db: Db;
  readonly settings: SettingsTable;
  readonly keychain: Keychain;
  readonly counterId: string;
  readonly now: () => Date;
  readonly log: Logger;
  readonly redactor: Redactor;
  /** Told when the ledger's part of the status changes. */
  readonly onChange: () => void;
  readonly forced?: ForcedShopLedger;
  readonly timing?: Partial<PusherTiming>;
  readonly watchTiming?: Partial<ShopWatchTiming>;
  readonly timeouts?: LedgerTimeouts;
}

const OFF: ShopLedgerStatus = {
  state: 'off',
  waiting: 0,
  syncedAt: null,
  problem: null,
  address: null,
  shop: null,
  counterCode: null,
  counterName: null,
};

export class ShopLedger {
  private pusher: Pusher | null = null;
  private joined: JoinedLedger | null = null;
  /** Set when the counter cannot even try (no password in the keychain, an address it cannot read). */
  private unusable: PusherView | null = null;
  private starting: Promise<void> | null = null;
  /** How this counter logs in to its ledger; null while it is in none (or cannot try). */
  private connect: ((timeouts?: LedgerTimeouts) => Promise<pg.Client>) | null = null;
  /** Hears the shop's changes while the counter is in a ledger (its pusher's login, a connection of its own). */
  private readonly watch: ShopWatch;
  /** Every connection to the ledger open now, whoever made it, so the close can cut them. */
  private readonly open = new Set<pg.Client>();
  /** Set as the counter closes: no connection is made any more. */
  private closing = false;

  constructor(private readonly deps: ShopLedgerDeps) {
    this.watch = new ShopWatch(deps.log, deps.watchTiming, deps.onChange);
  }

  /** Starts publishing if this counter joined a ledger (or the host was started with one). */
  start(): Promise<void> {
    this.starting ??= this.startOnce();
    return this.starting;
  }

  private async startOnce(): Promise<void> {
    const forced = this.deps.forced;
    if (forced) {
      this.startForced(forced);
      return;
    }
    const joined = this.deps.settings.get<JoinedLedger>(SETTINGS_KEY);
    if (!joined) return;
    this.joined = joined;
    const address = parseLedgerAddress(joined.address);
    const password = await this.deps.keychain.readSecret(KEYCHAIN_ACCOUNT).catch(() => null);
    if ('problem' in address || password === null) {
      this.deps.log.error('the shop ledger cannot be used: its address or password is missing', {
        address: joined.address,
      });
      this.unusable = { state: 'refused', waiting: 0, syncedAt: null, problem: 'credentials' };
      return;
    }
    this.deps.redactor.add(password);
    this.startPusher((timeouts) => this.connectAs(address, { user: joined.role, password }, timeouts));
  }

  /** Where this counter is, while it is in a shop ledger (reachable or not); null while it is in none. */
  place(): ShopPlace | null {
    return this.joined ? { shop: this.joined.shop, counterCode: this.joined.counterCode } : null;
  }

  view(): ShopLedgerStatus {
    if (!this.joined) return OFF;
    const pushing = this.pusher?.view() ?? this.unusable ?? { ...OFF, state: 'connecting' as const };
    return {
      state: pushing.state,
      waiting: pushing.waiting,
      syncedAt: pushing.syncedAt,
      problem: pushing.problem,
      address: this.joined.address,
      shop: this.joined.shop,
      counterCode: this.joined.counterCode,
      counterName: this.joined.counterName,
    };
  }

  /**
   * A manager joins this counter to the shop's ledger with the owner's login (used here once, never
   * kept): the ledger is created or brought up to date, the counter gets its role, its password goes
   * to the keychain, and publishing starts with every record the journal holds.
   */
  async join(input: JoinInput): Promise<void> {
    this.refuseWhenForced();
    const address = parseLedgerAddress(input.address);
    if ('problem' in address) {
      throw new PosFailure('INVALID_INPUT', address.problem, {
        issues: [{ path: 'address', message: address.problem }],
      });
    }
    const problem = await this.deps.keychain.problem();
    if (problem !== null) {
      throw new PosFailure('KEYCHAIN_UNAVAILABLE', 'The OS keychain cannot keep the ledger password.', {
        keychainProblem: problem,
      });
    }
    this.deps.redactor.add(input.ownerPassword);
    const join = { shop: input.shop, code: input.counterCode, name: input.counterName };
    const login = await this.joinAsOwner(
      address,
      { user: input.ownerName, password: input.ownerPassword },
      join,
    );
    // The counter's own login must work before anything is kept.
    const check = await this.connectAs(address, login).catch((error: unknown) => {
      throw joinFailure(error);
    });
    await check.end().catch(() => undefined);
    await this.deps.keychain.writeSecret(KEYCHAIN_ACCOUNT, login.password);
    const joined: JoinedLedger = {
      address: addressText(address),
      shop: input.shop,
      counterCode: input.counterCode,
      counterName: input.counterName,
      role: login.user,
    };
    this.deps.settings.changeAudited(
      this.deps.now().toISOString(),
      'shop_ledger.joined',
      {
        address: joined.address,
        shop: joined.shop,
        counterCode: joined.counterCode,
        counterName: joined.counterName,
      },
      () => {
        this.deps.settings.set(SETTINGS_KEY, joined);
        this.deps.settings.delete(ACKNOWLEDGED_KEY);
      },
    );
    await this.stopPusher();
    this.joined = joined;
    this.unusable = null;
    this.startPusher((timeouts) => this.connectAs(address, login, timeouts));
    this.deps.onChange();
  }

  /** Stops publishing and forgets the ledger; the ledger keeps what it received (and the counter's role). */
  async leave(): Promise<void> {
    this.refuseWhenForced();
    await this.stopPusher();
    if (this.joined) await this.deps.keychain.clearSecret(KEYCHAIN_ACCOUNT).catch(() => undefined);
    this.deps.settings.changeAudited(
      this.deps.now().toISOString(),
      'shop_ledger.left',
      { shop: this.joined?.shop ?? null },
      () => {
        this.deps.settings.delete(SETTINGS_KEY);
        this.deps.settings.delete(ACKNOWLEDGED_KEY);
      },
    );
    this.joined = null;
    this.unusable = null;
    this.deps.onChange();
  }

  /** Publishes now what is waiting; answers the status after (tests, and a manager's "send now"). */
  async pushNow(): Promise<ShopLedgerStatus> {
    await this.starting;
    await this.pusher?.pushNow();
    return this.view();
  }

  /**
   * Stops as the counter closes, never waiting on a ledger that does not answer: the pusher first
   * (Pusher.stop), then what still waits for the ledger (the watcher's refresh of the shop's staff or
   * settings, above all) loses its connection and fails at once, rather than holding the close until
   * its timeouts. Nothing is lost: the shop's changes are read again at the next start.
   */
  async stop(): Promise<void> {
    await this.stopPusher(() => {
      this.closing = true;
      for (const client of this.open) cutConnection(client);
    });
  }

  /**
   * Calls `fn` soon after the shop's `topic` changes in the ledger (a notification), and each time the
   * counter starts hearing the ledger again. Answers how to stop. See shop-watch.ts.
   */
  onShopChange(topic: string, fn: ShopChangeListener): () => void {
    return this.watch.onShopChange(topic, fn);
  }

  /** Whether the counter hears its shop's changes now: it listens, and the ledger answers its checks. */
  hearing(): boolean {
    return this.watch.view() === 'listening';
  }

  /**
   * Runs `work` on a connection of its own, logged in as this counter (row-level security shows it its
   * own shop only), and ends the connection after. A counter in no ledger is refused with INVALID_STATE;
   * a ledger that cannot be reached or refuses the login, as joining words it. `timeouts`: how long
   * to wait for it, when a step waits for the ledger (the counter's own otherwise).
   */
  async withClient<T>(work: (client: pg.Client) => Promise<T>, timeouts?: LedgerTimeouts): Promise<T> {
    await this.starting;
    const connect = this.connect;
    if (!connect) {
      throw new PosFailure('INVALID_STATE', 'This counter is not in a shop ledger (Settings → Shop ledger).');
    }
    const client = await connect(timeouts).catch((error: unknown) => {
      throw joinFailure(error);
    });
    try {
      return await work(client);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /**
   * Runs `work` logged in as `login` at this counter's ledger (its address, another login), and ends
   * the connection after. The login is used for this once and kept nowhere: the owner's view.
   */
  async withLogin<T>(login: LedgerLogin, work: (client: pg.Client) => Promise<T>): Promise<T> {
    const address = this.joined ? parseLedgerAddress(this.joined.address) : null;
    if (address === null || 'problem' in address) {
      throw new PosFailure('INVALID_STATE', 'This counter is not in a shop ledger (Settings → Shop ledger).');
    }
    const client = await this.connectAs(address, login).catch((error: unknown) => {
      throw joinFailure(error);
    });
    try {
      return await work(client);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** A ledger set where the counter was started stays until it is started otherwise. */
  private refuseWhenForced(): void {
    if (!this.deps.forced) return;
    throw new PosFailure(
      'INVALID_STATE',
      'This counter was started with its shop ledger (POS_SHOP_LEDGER_URL): start it without to change it here.',
    );
  }

  private startForced(forced: ForcedShopLedger): void {
    const parsed = splitLogin(forced.url);
    if ('problem' in parsed) {
      this.deps.log.error('the shop ledger address cannot be used', { problem: parsed.problem });
      this.joined = forcedJoined(forced, forced.url);
      this.unusable = { state: 'refused', waiting: 0, syncedAt: null, problem: 'credentials' };
      return;
    }
    const { address, login: given } = parsed;
    this.deps.redactor.add(given.password);
    this.joined = forcedJoined(forced, addressText(address));
    const join = { shop: forced.shop, code: forced.counterCode, name: forced.counterName };
    let login: Promise<LedgerLogin> | null = null;
    // Joined on the first connection, so a ledger that is down when the counter starts is joined when it
    // is back; once, though the pusher and the watcher connect at the same time (a join makes a new password).
    const joined = (): Promise<LedgerLogin> => {
      login ??= this.forcedLogin(address, given, join).catch((error: unknown) => {
        login = null;
        throw error;
      });
      return login;
    };
    this.startPusher(async (timeouts) => this.connectAs(address, await joined(), timeouts));
  }

  /** The host's login: its own when it is already this counter's role, otherwise the owner's to join with. */
  private async forcedLogin(
    address: LedgerAddress,
    given: LedgerLogin,
    join: { shop: string; code: string; name: string },
  ): Promise<LedgerLogin> {
    const client = await this.client(address, given);
    try {
      const role = await client
        .query<{ id: string | null }>(
          "SELECT CASE WHEN to_regprocedure('ledger.counter_of(name)') IS NOT NULL THEN ledger.counter_of(current_user) END AS id",
        )
        .catch(() => ({ rows: [{ id: null }] }));
      if (role.rows[0]?.id === this.deps.counterId) return given;
    } finally {
      await client.end().catch(() => undefined);
    }
    try {
      const login = await this.joinAsOwner(address, given, join);
      this.deps.redactor.add(login.password);
      return login;
    } catch (error) {
      if (error instanceof PosFailure && error.code === 'SHOP_LEDGER_REFUSED') {
        const reason = (error as PosFailure<'SHOP_LEDGER_REFUSED'>).details?.reason ?? 'credentials';
        throw new LedgerRefusedCounter(reason, error.message);
      }
      throw error;
    }
  }

  private async joinAsOwner(
    address: LedgerAddress,
    owner: LedgerLogin,
    join: { shop: string; code: string; name: string },
  ): Promise<LedgerLogin> {
    const client = await this.client(address, owner).catch((error: unknown) => {
      throw joinFailure(error);
    });
    try {
      await migrateLedger(client);
      return await joinCounter(client, { ...join, counterId: this.deps.counterId });
    } catch (error) {
      throw joinFailure(error);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** A client logged in as the counter, on a ledger whose schema this code reads and writes. */
  private async connectAs(
    address: LedgerAddress,
    login: LedgerLogin,
    timeouts?: LedgerTimeouts,
  ): Promise<pg.Client> {
    const client = await this.client(address, login, timeouts);
    try {
      const version = await ledgerVersion(client);
      const latest = latestLedgerVersion();
      if (version > latest)
        throw new LedgerRefusedCounter('ledger_newer', new LedgerNewerThanCode(version, latest).message);
      if (version < latest) {
        throw new LedgerRefusedCounter(
          'ledger_older',
          `The shop ledger is at schema version ${version}; this counter needs ${latest}: a manager joins again with the owner's login.`,
        );
      }
      return client;
    } catch (error) {
      void client.end().catch(() => undefined);
      throw error;
    }
  }

  private async client(
    address: LedgerAddress,
    login: LedgerLogin,
    timeouts = this.deps.timeouts ?? LEDGER_TIMEOUTS,
  ): Promise<pg.Client> {
    if (this.closing) throw new Error('the counter is closing');
    let config: pg.ClientConfig;
    try {
      config = ledgerClientConfig(address, login, timeouts);
    } catch (error) {
      throw new LedgerRefusedCounter(
        'tls',
        `The CA certificate file ${address.sslrootcert} cannot be read: ${String(error)}`,
      );
    }
    const client = new pg.Client(config);
    // An idle client whose server goes away reports it here; without a listener that would end the process.
    client.on('error', () => undefined);
    this.open.add(client);
    client.once('end', () => this.open.delete(client));
    try {
      await client.connect();
    } catch (error) {
      // A client that never connected may never say 'end': let it go here, or a ledger down for a
      // day would leave every retry's client in the set.
      this.open.delete(client);
      void client.end().catch(() => undefined);
      throw error;
    }
    return client;
  }

  private startPusher(connect: (timeouts?: LedgerTimeouts) => Promise<pg.Client>): void {
    this.connect = connect;
    this.pusher = new Pusher({
      db: this.deps.db,
      counterId: this.deps.counterId,
      connect,
      now: this.deps.now,
      log: this.deps.log,
      onChange: this.deps.onChange,
      acknowledged: this.deps.settings.get<{ seq: number; at: string }>(ACKNOWLEDGED_KEY),
      keepAcknowledged: (acknowledged) => this.deps.settings.set(ACKNOWLEDGED_KEY, acknowledged),
      ...(this.deps.timing ? { timing: this.deps.timing } : {}),
    });
    this.watch.start(connect);
  }

  /**
   * Stops the pusher (its last push, Pusher.stop) and the watcher, which stops listening at once.
   * `pushed` runs once the pusher is done, before what the watcher still runs is waited for.
   */
  private async stopPusher(pushed?: () => void): Promise<void> {
    const pusher = this.pusher;
    this.pusher = null;
    this.connect = null;
    const watching = this.watch.stop();
    await pusher?.stop();
    pushed?.();
    await watching;
  }
}

function forcedJoined({ url: _, ...named }: ForcedShopLedger, address: string): JoinedLedger {
  return { ...named, address, role: '' };
}

/** What is wrong with a ledger given where the counter is started (null when nothing is). */
export function shopLedgerProblem(
  url: string,
  named: {
    readonly shop?: string | undefined;
    readonly counterCode?: string | undefined;
    readonly counterName?: string | undefined;
  },
): string | null {
  const split = splitLogin(url);
  if ('problem' in split) return split.problem;
  if (!named.shop?.trim() || named.shop.trim().length > 80)
    return '--shop names the shop (1 to 80 characters).';
  if (!/^[A-Z0-9]{1,6}$/i.test(named.counterCode ?? '')) return '--counter-code is 1 to 6 letters or digits.';
  if (!named.counterName?.trim() || named.counterName.trim().length > 80)
    return '--counter-name names this counter (1 to 80 characters).';
  return null;
}

/** An address with a login in it (the environment's), split into the two. */
export function splitLogin(
  url: string,
): { address: LedgerAddress; login: LedgerLogin } | { problem: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { problem: 'Write the address as postgres://name:password@host:port/database.' };
  }
  const login = { user: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) };
  if (!login.user || !login.password) return { problem: 'The address needs a name and a password.' };
  parsed.username = '';
  parsed.password = '';
  const address = parseLedgerAddress(parsed.toString());
  return 'problem' in address ? address : { address, login };
}

/** A join that did not go through, as the manager is told it. */
function joinFailure(error: unknown): Error {
  if (error instanceof PosFailure) return error;
  const refused = (reason: ShopLedgerProblem, message: string): PosFailure =>
    new PosFailure('SHOP_LEDGER_REFUSED', message, { reason });
  if (error instanceof JoinRefused) return refused(error.reason, error.message);
  if (error instanceof LedgerNewerThanCode) return refused('ledger_newer', error.message);
  const refusal = refusalOf(error);
  if (refusal) return refused(refusal.problem, refusal.message);
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '42501') return refused('not_owner', 'This login may not create the ledger or add counters.');
  // Any other answer of the server is not a network's fault: a bug, logged as one.
  if (error instanceof pg.DatabaseError) return error;
  const text = error instanceof Error ? error.message : String(error);
  return new PosFailure('SHOP_LEDGER_UNREACHABLE', `The shop ledger could not be reached: ${text}`);
}
