import type pg from 'pg';
import type { ShopLedgerProblem, ShopLedgerState } from '../../../shared/domain/status';
import { chainHead, watchChain } from '../journal/chain';
import type { Db } from '../journal/database';
import type { Logger } from '../log';
import { cutConnection } from './ledger-address';
import { type LedgerHead, ledgerHashAt, ledgerHead, markContact, sendLinks } from './ledger-links';
import { ledgerRefusalOf } from './ledger-refusals';
import { linksAfter, localHashAt, type OutboxLink } from './outbox';

/**
 * Sends this counter's chain to the shop ledger, off every record's path: the journal only tells it
 * that the chain grew (watchChain), and it sends the new links soon after, in order and in batches,
 * from the last link the ledger acknowledged. Its state is the ledger's: after a restart (or a lost
 * answer) it asks the ledger for the counter's head and goes on from there; a link sent twice changes
 * nothing there. While the ledger cannot be reached it tries again, less and less often; nothing is
 * lost meanwhile, since the chain is the journal's own. As the counter closes it sends what waits
 * once more, for a second at most (LAST_PUSH_MS).
 */

export interface PusherTiming {
  /** Links per statement. */
  readonly batch: number;
  /** How long after a new link the push starts, so the links of one sale go together. */
  readonly nudgeDelayMs: number;
  /** The waits between tries while the ledger cannot be reached; the last one repeats. */
  readonly retryMs: readonly number[];
  /** How often the pusher looks again without being told (a refusal someone may have resolved). */
  readonly pollMs: number;
}

export const PUSHER_TIMING: PusherTiming = {
  batch: 500,
  nudgeDelayMs: 20,
  retryMs: [1_000, 2_000, 5_000, 10_000, 30_000, 60_000],
  pollMs: 60_000,
};

/** A connected client logged in as the counter, or a refusal or a fault thrown. */
export type LedgerConnect = () => Promise<pg.Client>;

/** Why the ledger refused, as the status says it. */
export class LedgerRefusedCounter extends Error {
  override readonly name = 'LedgerRefusedCounter';
  constructor(
    readonly problem: ShopLedgerProblem,
    message: string,
  ) {
    super(message);
  }
}

export interface PusherDeps {
  readonly db: Db;
  readonly counterId: string;
  readonly connect: LedgerConnect;
  readonly now: () => Date;
  readonly log: Logger;
  /** Told when the pusher's state changes (and, throttled, when records wait while it cannot send). */
  readonly onChange: () => void;
  /** The head the ledger acknowledged when this counter last knew it (kept across restarts). */
  readonly acknowledged: { readonly seq: number; readonly at: string } | null;
  /** Keeps the acknowledged head for the next start; called now and then, not for every push. */
  readonly keepAcknowledged: (acknowledged: { seq: number; at: string }) => void;
  readonly timing?: Partial<PusherTiming>;
}

export interface PusherView {
  readonly state: Exclude<ShopLedgerState, 'off'>;
  readonly waiting: number;
  readonly syncedAt: string | null;
  readonly problem: ShopLedgerProblem | null;
}

/**
 * How often, at most, the pusher marks its contact with the ledger. It looks at the ledger at least
 * every `pollMs` even with nothing to send, so a counter in touch has marked it within a poll and this.
 */
const CONTACT_EVERY_MS = 30_000;

/**
 * A counter whose last contact is older than this is out of touch: what the ledger holds of its
 * shifts may be behind what the counter did (three polls, past a poll and a mark missed by load).
 */
export const CONTACT_FRESH_MS = 3 * PUSHER_TIMING.pollMs;

/** How often, at most, the acknowledged head is written to the journal's settings. */
const KEEP_ACKNOWLEDGED_MS = 60_000;
/** How often, at most, a growing number of waiting records is told while they cannot be sent. */
const WAITING_TOLD_MS = 5_000;

/**
 * How long the last push, as the counter closes, may take. A ledger that answers sends a Z or a sale
 * written just before in a few milliseconds; one that does not answer must not keep the app from
 * quitting (nor the web host from stopping) longer than a person waits without thinking it hung.
 * What it could not send is still in the chain, and goes at the next start.
 */
const LAST_PUSH_MS = 1_000;

export class Pusher {
  private readonly timing: PusherTiming;
  private state: PusherView['state'] = 'connecting';
  private problem: ShopLedgerProblem | null = null;
  private shownProblem: ShopLedgerProblem | null = null;
  private refusedThisRun = false;
  private acknowledged: { seq: number; at: string } | null;
  private keptAt = 0;
  /** When this session last marked its contact (0: not yet on this connection). */
  private contactAt = 0;
  private client: pg.Client | null = null;
  /** The ledger's head for this counter, once read in this session; null before. */
  private head: LedgerHead | null = null;
  private headKnown = false;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  private waitingToldAt = 0;
  /** Set as the counter closes: only the last push runs (stop). */
  private closing = false;
  /** Set once the last push is over or given up: nothing runs any more. */
  private stopped = false;
  private readonly unwatch: () => void;
  private readonly poll: NodeJS.Timeout;

  constructor(private readonly deps: PusherDeps) {
    this.timing = { ...PUSHER_TIMING, ...deps.timing };
    this.acknowledged = deps.acknowledged ? { ...deps.acknowledged } : null;
    this.unwatch = watchChain(deps.db, () => this.nudge());
    this.poll = setInterval(() => this.look(), this.timing.pollMs);
    this.poll.unref();
    this.schedule(0);
  }

  view(): PusherView {
    const local = chainHead(this.deps.db, this.deps.counterId)?.seq ?? 0;
    return {
      state: this.state,
      waiting: Math.max(0, local - (this.acknowledged?.seq ?? 0)),
      syncedAt: this.acknowledged?.at ?? null,
      problem: this.problem,
    };
  }

  /**
   * The chain grew: push soon. Not while waiting to try an unreachable ledger again (the number
   * waiting is told instead), nor while the ledger refuses this counter (it is looked at again now
   * and then, not for every record).
   */
  nudge(): void {
    if (this.closing) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.state === 'unreachable' || this.state === 'refused') {
      this.tellWaiting();
      return;
    }
    this.schedule(this.timing.nudgeDelayMs);
  }

  /** Looks at the ledger again whatever the state (the poll: a refusal someone may have resolved). */
  private look(): void {
    if (this.state === 'unreachable' && this.timer) return;
    this.schedule(0);
  }

  /**
   * Pushes now, until the ledger holds every link written before this call or a try fails; answers
   * the view then (tests, and a manager's "send now").
   */
  async pushNow(): Promise<PusherView> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.pushAfterRunning();
    return this.view();
  }

  /** A push of its own after the one on its way (if any): never two at once, and nothing left out. */
  private async pushAfterRunning(): Promise<void> {
    await this.running?.catch(() => undefined);
    await this.run();
  }

  /**
   * Sends what waits a last time (lastPush), then stops. Never waits for the ledger longer than
   * LAST_PUSH_MS: a push still on its way after that fails at once with its socket gone, and one still
   * connecting ends its connection when it has it (connected), touching nothing here.
   */
  async stop(): Promise<void> {
    this.closing = true;
    this.unwatch();
    clearInterval(this.poll);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.lastPush();
    this.stopped = true;
    this.dropClient();
    this.keep(true);
  }

  /**
   * The push of what the counter wrote just before it closed (a Z, a balance reading, a sale), so the
   * shop sees it now rather than at the counter's next start. A push on its way is waited for, not
   * run twice (pushAfterRunning). Nothing is tried when nothing waits, nor while the ledger refuses this
   * counter (someone has to act first).
   */
  private async lastPush(): Promise<void> {
    if (this.state === 'refused' || this.view().waiting === 0) return;
    let bound: NodeJS.Timeout | undefined;
    const givenUp = new Promise<void>((done) => {
      bound = setTimeout(done, LAST_PUSH_MS);
    });
    await Promise.race([this.pushAfterRunning(), givenUp]);
    clearTimeout(bound);
    const { waiting } = this.view();
    if (waiting > 0) this.deps.log.info('records wait for the shop ledger until the next start', { waiting });
  }

  private schedule(ms: number): void {
    if (this.timer || this.closing) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, ms);
    this.timer.unref();
  }

  private run(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.refusedThisRun = false;
    this.running = this.pushAll()
      .then(
        () => this.succeeded(),
        (error: unknown) => this.failed(error),
      )
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped && this.state !== 'unreachable') {
          this.again = false;
          this.schedule(0);
        }
      });
    return this.running;
  }

  /** Sends every link the ledger does not hold, batch after batch, reading the next while one travels. */
  private async pushAll(): Promise<void> {
    const client = await this.connected();
    if (!this.headKnown) await this.readHead(client);
    if (this.refusedThisRun) return;
    // Before the links, so a push cut short after them still leaves its contact in the ledger.
    if (Date.now() - this.contactAt >= CONTACT_EVERY_MS) {
      await markContact(client);
      this.contactAt = Date.now();
    }
    let batch = linksAfter(this.deps.db, this.deps.counterId, this.head?.seq ?? 0, this.timing.batch);
    while (batch.length > 0 && !this.stopped) {
      this.again = false;
      const sending = sendLinks(client, batch);
      const last = batch.at(-1) as OutboxLink;
      const next = linksAfter(this.deps.db, this.deps.counterId, last.seq, this.timing.batch);
      const answer = await sending;
      if (answer.forkSeq !== null) {
        this.refuse('fork', `the ledger holds another link ${answer.forkSeq} of this counter`);
        return;
      }
      this.head = answer.head;
      this.acknowledge(answer.head?.seq ?? 0);
      if (next.length > 0) this.setState('sending');
      batch = next;
    }
  }

  private async connected(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = await this.deps.connect();
    if (this.stopped) {
      void client.end().catch(() => undefined);
      throw new Error('the pusher stopped');
    }
    client.on('error', (error) => {
      this.deps.log.warn('the shop ledger connection failed', { error: error.message });
      if (this.client === client) this.dropClient();
    });
    this.client = client;
    this.headKnown = false;
    this.contactAt = 0;
    return client;
  }

  /**
   * Reads the counter's head in the ledger and checks it against the journal: the same link, or the
   * ledger holds something else under this counter's numbers (a journal restored from a backup or
   * copied), which is refused and kept there as a fork.
   */
  private async readHead(client: pg.Client): Promise<void> {
    const head = await ledgerHead(client, this.deps.counterId);
    const { db, counterId } = this.deps;
    if (head !== null && localHashAt(db, counterId, head.seq) !== head.hash) {
      const local = chainHead(db, counterId);
      const forkSeq = await firstDifference(client, db, counterId, Math.min(head.seq, local?.seq ?? 0));
      if (forkSeq === null) {
        this.refuse(
          'behind',
          `the ledger holds links up to ${head.seq}; this journal ends at ${local?.seq ?? 0}`,
        );
        return;
      }
      const [offered] = linksAfter(db, counterId, forkSeq - 1, 1);
      if (offered) await sendLinks(client, [offered]);
      this.refuse('fork', `the ledger holds another link ${forkSeq} of this counter`);
      return;
    }
    this.head = head;
    this.headKnown = true;
    this.acknowledge(head?.seq ?? 0);
  }

  private acknowledge(seq: number): void {
    this.acknowledged = { seq, at: this.deps.now().toISOString() };
    this.keep(false);
  }

  private keep(now: boolean): void {
    if (!this.acknowledged) return;
    const at = Date.now();
    if (!now && at - this.keptAt < KEEP_ACKNOWLEDGED_MS) return;
    this.keptAt = at;
    try {
      this.deps.keepAcknowledged(this.acknowledged);
    } catch (error) {
      // Only the status after a restart needs it; the ledger itself says where to go on from.
      this.deps.log.warn('the shop ledger acknowledgement could not be kept', { error: String(error) });
    }
  }

  private succeeded(): void {
    this.failures = 0;
    if (!this.refusedThisRun) this.setState('up_to_date');
  }

  private failed(error: unknown): void {
    this.dropClient();
    // The last push gives up quietly: what waits goes at the next start (lastPush says how much).
    if (this.closing) return;
    const refused = refusalOf(error);
    if (refused) {
      this.refuse(refused.problem, refused.message);
      return;
    }
    const refusal = ledgerRefusalOf(error);
    if (refusal === 'gap' || refusal === 'hash' || refusal === 'fork') {
      // What the ledger holds moved under this session (another process of this counter?): read its head again.
      this.deps.log.warn('the shop ledger refused a batch; reading its head again', { refusal });
    } else {
      this.deps.log.warn('the shop ledger cannot be reached', { error: errorText(error) });
    }
    const wait = this.timing.retryMs[Math.min(this.failures, this.timing.retryMs.length - 1)] ?? 60_000;
    this.failures += 1;
    this.setState('unreachable');
    this.keep(true);
    this.schedule(wait);
  }

  private refuse(problem: ShopLedgerProblem, message: string): void {
    this.deps.log.error('the shop ledger refuses this counter', { problem, message });
    this.refusedThisRun = true;
    this.problem = problem;
    this.dropClient();
    this.setState('refused');
  }

  private setState(state: PusherView['state']): void {
    const problem = state === 'refused' ? this.problem : null;
    if (state === this.state && problem === this.shownProblem) return;
    this.state = state;
    this.problem = problem;
    this.shownProblem = problem;
    this.deps.onChange();
  }

  private tellWaiting(): void {
    const at = Date.now();
    if (at - this.waitingToldAt < WAITING_TOLD_MS) return;
    this.waitingToldAt = at;
    this.deps.onChange();
  }

  private dropClient(): void {
    const client = this.client;
    this.client = null;
    this.headKnown = false;
    if (!client) return;
    // end() waits for the server to close its side, which a hanging server never does: the socket goes now.
    void client.end().catch(() => undefined);
    cutConnection(client);
  }
}

/**
 * The first link number at which the ledger and the journal differ, among 1…`upTo` (null when they
 * agree on all of them). Chains agree up to a link and differ from there on (each hash covers all
 * before it), so halving the range finds it in a few reads.
 */
async function firstDifference(
  client: pg.Client,
  db: Db,
  counterId: string,
  upTo: number,
): Promise<number | null> {
  const same = async (seq: number): Promise<boolean> =>
    (await ledgerHashAt(client, counterId, seq)) === localHashAt(db, counterId, seq);
  if (upTo === 0 || (await same(upTo))) return null;
  let low = 1;
  let high = upTo;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (await same(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** PostgreSQL's and the network's errors that need someone to act, not another try. */
export function refusalOf(error: unknown): LedgerRefusedCounter | null {
  if (error instanceof LedgerRefusedCounter) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const text = errorText(error);
  // pg_hba.conf allows this login over TLS only, or the server has no TLS for an address that asks for it.
  if ((code === '28000' && /no encryption/.test(text)) || /does not support SSL/.test(text))
    return new LedgerRefusedCounter('tls', text);
  // Node's and OpenSSL's codes for a certificate that does not verify (UNABLE_TO_VERIFY_LEAF_SIGNATURE,
  // SELF_SIGNED_CERT_IN_CHAIN, ERR_TLS_CERT_ALTNAME_INVALID…).
  if (typeof code === 'string' && /CERT|SSL|TLS|VERIFY|ISSUER|SIGNATURE/.test(code))
    return new LedgerRefusedCounter('tls', text);
  if (code === '28P01' || code === '28000') return new LedgerRefusedCounter('credentials', text);
  if (ledgerRefusalOf(error) === 'notCounter') return new LedgerRefusedCounter('not_joined', text);
  return null;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
