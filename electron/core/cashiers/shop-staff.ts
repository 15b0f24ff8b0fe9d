import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Cashier, CashierRole } from '../../../shared/domain/cashier';
import type { SettingsTable } from '../journal/settings-table';
import type { Logger } from '../log';
import { invalidField, PosFailure } from '../pos/failure';
import { hashPin, type StoredPin } from '../security/pin-hash';
import type { ShopPlace } from '../shop/shop-ledger';
import type { ShopChangeListener } from '../shop/shop-watch';
import type { CashierPatch, CashierTable } from './cashier-table';
import { lockoutAfter } from './pin-backoff';

/**
 * Staff once per shop (docs/shop-ledger.md, "Staff"). In a shop ledger the shop's cashiers, their
 * roles and PIN hashes live in the ledger (`ledger.staff`, migration 0008); this counter keeps a copy
 * in its journal's `cashiers` table and signs people in from it, so the last good copy serves while
 * the ledger is down. The copy is read again whenever the shop's staff change (the shop watcher's
 * `staff` topic) and whenever the counter hears the ledger again.
 *
 * - A manager's change (adding, renaming, a new role or PIN, deactivating) goes to the ledger first,
 *   as this counter's role, naming the manager who approved it; the ledger checks that manager. With
 *   the ledger unreachable the change is refused: the shop keeps one list.
 * - Each PIN tried here for a member of the shop's staff is told to the ledger, which counts the wrong
 *   ones across the shop; the lock-out follows the shop's count. While the ledger is unreachable they
 *   count here, and are told once it is back.
 * - This counter's own manager (its manager PIN) is kept in the ledger as this counter's, so the
 *   ledger knows them as a manager who may approve here.
 * - Joining a shop, the counter's active cashiers go into the shop's list under their own id and
 *   PIN. A name the shop already has gets the counter's code after it ("Alice (2)"), with a record.
 */

/** What the staff part needs of the shop ledger (ShopLedger). */
export interface StaffLedger {
  place(): ShopPlace | null;
  withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T>;
  onShopChange(topic: string, fn: ShopChangeListener): () => void;
}

/** A member of the shop's staff as the ledger holds them. */
interface ShopMember {
  readonly id: string;
  readonly counterId: string | null;
  readonly name: string;
  readonly role: CashierRole;
  readonly pin: StoredPin | null;
  readonly active: boolean;
  readonly version: number;
  readonly failures: number;
  /** How long ago (by the ledger's clock) the last wrong PIN was given; null if none counts. */
  readonly failedMsAgo: number | null;
}

/** The settings key of the PINs tried here and not yet told to the ledger, by cashier. */
const UNTOLD_KEY = 'staff.pinsTried';

type Untold = Record<string, readonly boolean[]>;

/** Names are at most this long at a counter (CashierNameSchema). */
const NAME_MAX = 40;

export interface ShopStaffDeps {
  readonly cashiers: CashierTable;
  readonly settings: SettingsTable;
  readonly ledger: StaffLedger;
  readonly now: () => Date;
  readonly log: Logger;
}

export class ShopStaff {
  private running: Promise<void> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private again = false;
  private unreachableSaid = false;
  private changed: () => void = () => undefined;

  constructor(private readonly deps: ShopStaffDeps) {
    deps.cashiers.reportPinsTo((id, right) => this.pinTried(id, right));
    deps.ledger.onShopChange('staff', () => this.refresh());
  }

  /** Told when the copy changed (the till's list of cashiers). */
  onChanged(changed: () => void): void {
    this.changed = changed;
  }

  inShop(): boolean {
    return this.deps.ledger.place() !== null;
  }

  /** Adds a cashier: to the shop's staff first when the counter is in a shop. */
  async add(input: { name: string; role: CashierRole; pin: string }, approvedBy: Cashier): Promise<Cashier> {
    const { cashiers } = this.deps;
    if (!this.inShop()) return cashiers.add(input, approvedBy);
    cashiers.checkNameFree(input.name);
    const made = { id: randomUUID(), pin: hashPin(input.pin) };
    return this.exclusive(async () => {
      await this.change((client) =>
        client.query('SELECT ledger.put_staff($1, $2, $3, $4, true, $5)', [
          made.id,
          input.name,
          input.role,
          JSON.stringify(made.pin),
          approverOf(approvedBy),
        ]),
      );
      return cashiers.add(input, approvedBy, made);
    });
  }

  /** Changes a cashier: in the shop's staff first when the counter is in a shop. */
  async update(id: string, patch: CashierPatch, approvedBy: Cashier): Promise<Cashier> {
    const { cashiers } = this.deps;
    if (!this.inShop()) return cashiers.update(id, patch, approvedBy);
    const row = cashiers.checkUpdate(id, patch);
    const pin = patch.pin === undefined ? null : hashPin(patch.pin);
    return this.exclusive(async () => {
      await this.change((client) =>
        row.pin_json === null
          ? client.query('SELECT ledger.put_counter_manager($1)', [patch.name ?? row.name])
          : client.query('SELECT ledger.put_staff($1, $2, $3, $4, $5, $6)', [
              id,
              patch.name ?? null,
              patch.role ?? null,
              pin === null ? null : JSON.stringify(pin),
              patch.active ?? null,
              approverOf(approvedBy),
            ]),
      );
      return cashiers.update(id, patch, approvedBy, pin ?? undefined);
    });
  }

  /**
   * Reads the shop's staff again (after telling the ledger this counter's manager and the PINs tried
   * here) and keeps the copy. One at a time: asked again while it runs, it runs once more after.
   */
  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.exclusive(() => this.refreshOnce());
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * Runs `work` when no other change or read of the shop's staff runs: a read must not keep a
   * manager's change before the change writes its own record.
   */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async refreshOnce(): Promise<void> {
    const place = this.deps.ledger.place();
    if (!place) return;
    try {
      const changed = await this.deps.ledger.withClient((client) => this.sync(client, place));
      this.unreachableSaid = false;
      if (changed) this.changed();
    } catch (error) {
      // Any answer of the server is a bug; anything else is the ledger out of reach, said once.
      if (
        error instanceof pg.DatabaseError ||
        (error instanceof PosFailure && error.code !== 'SHOP_LEDGER_UNREACHABLE')
      ) {
        this.deps.log.error('the shop staff could not be read', { error: String(error) });
        return;
      }
      if (!this.unreachableSaid)
        this.deps.log.warn('the shop staff cannot be read now', { error: String(error) });
      this.unreachableSaid = true;
    }
  }

  private async sync(client: pg.Client, place: ShopPlace): Promise<boolean> {
    const { cashiers, log } = this.deps;
    await this.keepCounterManager(client);
    await this.tellPins(client);
    let members = await readStaff(client);
    // This counter's cashiers the shop does not know yet (it just joined): they join its list.
    const known = new Set(members.map((member) => member.id));
    const joining = cashiers.withPins().filter(({ cashier }) => !known.has(cashier.id));
    const renamed = new Map<string, string>();
    for (const { cashier, pin } of joining) {
      const name = freeName(cashier.name, place.counterCode, members);
      try {
        await client.query('SELECT ledger.put_staff($1, $2, $3, $4, true, $5)', [
          cashier.id,
          name,
          cashier.role,
          JSON.stringify(pin),
          null,
        ]);
        if (name !== cashier.name) renamed.set(cashier.id, cashier.name);
        members = [...members, { ...memberOf(cashier, pin), name }];
      } catch (error) {
        log.error('a cashier of this counter could not join the shop', {
          cashier: cashier.id,
          error: String(error),
        });
      }
    }
    if (joining.length > 0) members = await readStaff(client);
    const untold = this.untold();
    let changed = false;
    // A cashier renamed as they joined first, so the name they leave is free for the shop's.
    members.sort((a, b) => Number(renamed.has(b.id)) - Number(renamed.has(a.id)));
    for (const member of members) {
      if (member.counterId !== null || member.pin === null) continue;
      try {
        changed =
          cashiers.keepShopCopy(
            { ...member, pin: member.pin },
            this.lockOut(member, untold[member.id] ?? []),
            renamed.get(member.id),
          ) || changed;
      } catch (error) {
        log.error("a member of the shop's staff could not be kept here", {
          cashier: member.id,
          error: String(error),
        });
      }
    }
    return changed;
  }

  /** This counter's own manager (its manager PIN), as the ledger knows them. */
  /**
   * The manager who approved a change of the shop's (a cashier's id; null: the manager PIN) as the
   * ledger's staff know them: null for this counter's own manager, kept there first so the ledger
   * knows them even before this counter first read the shop's staff.
   */
  async approverIn(client: pg.ClientBase, managerId: string | null): Promise<string | null> {
    const manager = managerId === null ? null : this.deps.cashiers.get(managerId);
    if (managerId !== null && !manager?.usesManagerPin) return managerId;
    await this.keepCounterManager(client);
    return null;
  }

  private async keepCounterManager(client: pg.ClientBase): Promise<void> {
    const manager = this.deps.cashiers.firstManager();
    if (manager) await client.query('SELECT ledger.put_counter_manager($1)', [manager.name]);
  }

  /** The wrong PINs and lock-out of a member: the shop's count, and the tries not yet told after it. */
  private lockOut(
    member: ShopMember,
    untold: readonly boolean[],
  ): { failures: number; lockedUntil: string | null } {
    const lastRight = untold.lastIndexOf(true);
    const wrongHere = untold.slice(lastRight + 1).length;
    const failures = (lastRight >= 0 ? 0 : member.failures) + wrongHere;
    const now = this.deps.now().getTime();
    const sinceLast = wrongHere > 0 ? 0 : (member.failedMsAgo ?? 0);
    const left = lockoutAfter(failures) - sinceLast;
    return { failures, lockedUntil: left > 0 ? new Date(now + left).toISOString() : null };
  }

  /** Each PIN tried here, kept until the ledger has it; told soon. */
  private pinTried(id: string, right: boolean): void {
    if (!this.inShop()) return;
    const untold = this.untold();
    this.deps.settings.set(UNTOLD_KEY, { ...untold, [id]: [...(untold[id] ?? []), right] });
    void this.refresh();
  }

  private untold(): Untold {
    return this.deps.settings.get<Untold>(UNTOLD_KEY) ?? {};
  }

  /** Tells the ledger the PINs tried here, each cashier's once; what was told is forgotten here. */
  private async tellPins(client: pg.Client): Promise<void> {
    for (const [id, tries] of Object.entries(this.untold())) {
      const lastRight = tries.lastIndexOf(true);
      await client
        .query('SELECT ledger.pin_tried($1, $2, $3)', [id, lastRight >= 0, tries.length - lastRight - 1])
        .catch((error: unknown) => {
          // A member the ledger does not hold (a cashier of this counter alone): nothing to count there.
          if (!(error instanceof pg.DatabaseError && error.code === '42501')) throw error;
        });
      const now = this.untold();
      const rest = (now[id] ?? []).slice(tries.length);
      const { [id]: _, ...others } = now;
      this.deps.settings.set(UNTOLD_KEY, rest.length > 0 ? { ...others, [id]: rest } : others);
    }
  }

  /** A change of the shop's staff at the ledger, its refusals worded for the manager. */
  private async change(work: (client: pg.Client) => Promise<unknown>): Promise<void> {
    try {
      await this.deps.ledger.withClient(async (client) => {
        // The counter's own manager may approve it before the counter first read the shop's staff.
        await this.keepCounterManager(client);
        await work(client);
      });
    } catch (error) {
      if (error instanceof pg.DatabaseError) {
        if (error.code === '23505')
          throw invalidField('name', 'name_taken', 'There is already a cashier of the shop with this name.');
        if (error.code === '42501') {
          throw new PosFailure(
            'PIN_INVALID',
            "The shop's staff change only with the approval of one of its managers.",
            {
              approval: 'manager',
            },
          );
        }
        throw error;
      }
      if (error instanceof PosFailure) {
        if (error.code !== 'SHOP_LEDGER_UNREACHABLE') throw error;
        throw new PosFailure(
          'SHOP_LEDGER_UNREACHABLE',
          "The shop's staff are kept in the shop ledger, which cannot be reached now: try again once it is back. Signing in still works.",
        );
      }
      throw new PosFailure(
        'SHOP_LEDGER_UNREACHABLE',
        `The shop ledger stopped answering: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

async function readStaff(client: pg.ClientBase): Promise<ShopMember[]> {
  const result = await client.query<{
    id: string;
    counter_id: string | null;
    name: string;
    role: CashierRole;
    pin: StoredPin | null;
    active: boolean;
    version: number;
    failures: number;
    failed_ms_ago: string | null;
  }>(
    // A member given access to this shop reads as not active here once the access is taken away.
    `SELECT id, counter_id, name, role, pin, active AND ledger.works_in(s, ledger.shop_of(current_user)) AS active,
       version, failures, (extract(epoch FROM clock_timestamp() - failed_at) * 1000)::bigint AS failed_ms_ago
     FROM ledger.staff s ORDER BY id`,
  );
  return result.rows.map((row) => ({
    id: row.id,
    counterId: row.counter_id,
    name: row.name,
    role: row.role,
    // In the key order the journal writes, so a copy compares equal to what it was made from.
    pin:
      row.pin === null
        ? null
        : { salt: row.pin.salt, hash: row.pin.hash, n: row.pin.n, r: row.pin.r, p: row.pin.p },
    active: row.active,
    version: row.version,
    failures: row.failures,
    failedMsAgo: row.failed_ms_ago === null ? null : Number(row.failed_ms_ago),
  }));
}

/** The approver as the ledger knows them: this counter's own manager is null there (the counter's). */
function approverOf(manager: Cashier): string | null {
  return manager.usesManagerPin ? null : manager.id;
}

function memberOf(cashier: Cashier, pin: StoredPin): ShopMember {
  return {
    id: cashier.id,
    counterId: null,
    name: cashier.name,
    role: cashier.role,
    pin,
    active: true,
    version: 1,
    failures: 0,
    failedMsAgo: null,
  };
}

/** `name`, or with the counter's code after it (and a number) when an active member of the shop has it. */
function freeName(name: string, code: string, members: readonly ShopMember[]): string {
  const taken = new Set(members.filter((m) => m.active && m.counterId === null).map((m) => m.name));
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '' : n === 2 ? ` (${code})` : ` (${code}-${n - 1})`;
    const candidate = `${name.slice(0, NAME_MAX - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
