import { randomUUID } from 'node:crypto';
import type { Approval, Cashier, CashierRole } from '../../../shared/domain/cashier';
import type { Db } from '../journal/database';
import { writeTransaction } from '../journal/journal-write';
import type { SettingsTable } from '../journal/settings-table';
import { writeAudit } from '../journal/state-rows';
import { invalidField, PosFailure } from '../pos/failure';
import type { ManagerPin } from '../security/manager-pin';
import { hashPin, pinMatches, type StoredPin } from '../security/pin-hash';
import { lockoutAfter } from './pin-backoff';

export interface CashierRow {
  id: string;
  name: string;
  role: CashierRole;
  pin_json: string | null;
  failures: number;
  locked_until: string | null;
  active: number;
}

/** The settings key naming the cashier signed in at this counter; the chain reads it for every record. */
export const CURRENT_CASHIER_KEY = 'counter.cashier';

/**
 * The shop's cashiers and who is signed in at this counter. Each cashier has a personal PIN, kept as
 * a scrypt hash with its wrong-PIN count and lock-out in the journal (a restart does not reset them);
 * the first manager signs in with the manager PIN of Settings, so that PIN keeps one owner and one
 * back-off. Every change, sign-in and wrong PIN is a chained record.
 */
export interface CashierPatch {
  readonly name?: string | undefined;
  readonly role?: CashierRole | undefined;
  readonly active?: boolean | undefined;
  readonly pin?: string | undefined;
}

export class CashierTable {
  private pinTried: ((id: string, right: boolean) => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsTable,
    private readonly managerPin: ManagerPin,
    private readonly now: () => Date,
  ) {}

  /** The manager PIN becomes the first manager: there is always someone who can approve. */
  ensureFirstManager(): void {
    const exists = this.db.prepare('SELECT 1 FROM cashiers WHERE pin_json IS NULL').get();
    if (exists) return;
    const at = this.now().toISOString();
    const id = randomUUID();
    writeTransaction(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO cashiers (id, name, role, pin_json, created_at) VALUES (?, ?, 'manager', NULL, ?)`,
        )
        .run(id, this.freeName('Manager'), at);
      writeAudit(this.db, at, 'cashier.added', id, { role: 'manager', usesManagerPin: true });
    });
  }

  list(): Cashier[] {
    return (this.db.prepare('SELECT * FROM cashiers ORDER BY active DESC, name').all() as CashierRow[]).map(
      toCashier,
    );
  }

  get(id: string): Cashier | null {
    const row = this.row(id);
    return row ? toCashier(row) : null;
  }

  /** The cashier signed in at this counter, if any. */
  current(): Cashier | null {
    // One read: a sale asks several times (each call, its events' figures, its till record).
    const row = this.db
      .prepare(
        `SELECT cashiers.* FROM settings JOIN cashiers ON cashiers.id = json_extract(settings.value_json, '$')
         WHERE settings.key = ? AND cashiers.active = 1`,
      )
      .get(CURRENT_CASHIER_KEY) as CashierRow | undefined;
    return row ? toCashier(row) : null;
  }

  /**
   * Adds a cashier. In a shop the shop ledger has taken them first, under the id and PIN hash it was
   * given (`made`); the record says so.
   */
  add(
    input: { name: string; role: CashierRole; pin: string },
    approvedBy: Cashier,
    made?: { readonly id: string; readonly pin: StoredPin },
  ): Cashier {
    const at = this.now().toISOString();
    const id = made?.id ?? randomUUID();
    writeTransaction(this.db, () => {
      this.checkNameFree(input.name);
      this.db
        .prepare('INSERT INTO cashiers (id, name, role, pin_json, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(id, input.name, input.role, JSON.stringify(made?.pin ?? hashPin(input.pin)), at);
      writeAudit(this.db, at, 'cashier.added', id, {
        role: input.role,
        approvedBy: approvedBy.id,
        ...(made ? { shop: true } : {}),
      });
    });
    return this.require(id);
  }

  /** A refusal when an active cashier has this name. */
  checkNameFree(name: string, except?: string): void {
    const holder = this.db.prepare('SELECT id FROM cashiers WHERE name = ? AND active = 1').get(name) as
      | { id: string }
      | undefined;
    if (holder && holder.id !== except) {
      throw invalidField('name', 'name_taken', `There is already a cashier called ${name}.`);
    }
  }

  /**
   * Renames, changes the role, deactivates or gives a new PIN (which also lifts a lock-out). In a shop
   * the shop ledger has taken the change first, with the PIN hash given here (`pinHash`).
   */
  update(id: string, patch: CashierPatch, approvedBy: Cashier, pinHash?: StoredPin): Cashier {
    const at = this.now().toISOString();
    writeTransaction(this.db, () => {
      const row = this.checkUpdate(id, patch);
      const role = patch.role ?? row.role;
      const active = patch.active ?? row.active === 1;
      this.db
        .prepare(
          `UPDATE cashiers SET name = @name, role = @role, active = @active,
             pin_json = coalesce(@pin, pin_json), failures = CASE WHEN @pin IS NULL THEN failures ELSE 0 END,
             locked_until = CASE WHEN @pin IS NULL THEN locked_until ELSE NULL END
           WHERE id = @id`,
        )
        .run({
          id,
          name: patch.name ?? row.name,
          role,
          active: active ? 1 : 0,
          pin: patch.pin === undefined ? null : JSON.stringify(pinHash ?? hashPin(patch.pin)),
        });
      writeAudit(this.db, at, 'cashier.changed', id, {
        name: patch.name !== undefined,
        role: patch.role ?? null,
        active: patch.active ?? null,
        newPin: patch.pin !== undefined,
        approvedBy: approvedBy.id,
      });
    });
    if (patch.active === false && this.settings.get<string>(CURRENT_CASHIER_KEY) === id) this.signOut();
    return this.require(id);
  }

  /** The cashier a patch may be made to, or a refusal naming what it may not change. */
  checkUpdate(id: string, patch: CashierPatch): CashierRow {
    const row = this.requireRow(id);
    const role = patch.role ?? row.role;
    const active = patch.active ?? row.active === 1;
    if (row.pin_json === null && (role !== 'manager' || !active)) {
      throw invalidField(
        patch.role ? 'role' : 'active',
        'first_manager_stays',
        'The first manager signs in with the manager PIN and stays a manager.',
      );
    }
    if (patch.pin !== undefined && row.pin_json === null) {
      throw invalidField('pin', 'manager_pin_in_settings', 'Change the manager PIN in Settings.');
    }
    if (patch.name !== undefined && active) this.checkNameFree(patch.name, id);
    return row;
  }

  /** The first manager: this counter's own, who signs in with its manager PIN. */
  firstManager(): Cashier | null {
    const row = this.db.prepare('SELECT * FROM cashiers WHERE pin_json IS NULL').get() as
      | CashierRow
      | undefined;
    return row ? toCashier(row) : null;
  }

  /** Active cashiers with a PIN of their own, with its hash: what a counter brings into a shop. */
  withPins(): { readonly cashier: Cashier; readonly pin: StoredPin }[] {
    const rows = this.db
      .prepare('SELECT * FROM cashiers WHERE pin_json IS NOT NULL AND active = 1 ORDER BY created_at, id')
      .all() as CashierRow[];
    return rows.map((row) => ({ cashier: toCashier(row), pin: JSON.parse(row.pin_json ?? '') as StoredPin }));
  }

  /**
   * Keeps the shop's copy of a member of its staff (the shop ledger's): added or changed, with a
   * record, when it differs; the wrong PINs and lock-out as the shop counts them. A cashier signed in
   * here and no longer active is signed out. Answers whether the cashier's name, role, PIN or state
   * changed; `renamedFrom` records a cashier of this counter renamed as they joined the shop.
   */
  keepShopCopy(
    member: {
      readonly id: string;
      readonly name: string;
      readonly role: CashierRole;
      readonly pin: StoredPin;
      readonly active: boolean;
      readonly version: number;
    },
    lockOut: { readonly failures: number; readonly lockedUntil: string | null },
    renamedFrom?: string,
  ): boolean {
    const at = this.now().toISOString();
    const pinJson = JSON.stringify(member.pin);
    const changed = writeTransaction(this.db, () => {
      const row = this.row(member.id);
      const differs =
        !row ||
        row.name !== member.name ||
        row.role !== member.role ||
        row.pin_json !== pinJson ||
        (row.active === 1) !== member.active;
      if (differs || row.failures !== lockOut.failures || row.locked_until !== lockOut.lockedUntil) {
        this.db
          .prepare(
            `INSERT INTO cashiers (id, name, role, pin_json, active, failures, locked_until, created_at)
             VALUES (@id, @name, @role, @pin, @active, @failures, @lockedUntil, @at)
             ON CONFLICT (id) DO UPDATE SET name = @name, role = @role, pin_json = @pin, active = @active,
               failures = @failures, locked_until = @lockedUntil`,
          )
          .run({
            id: member.id,
            name: member.name,
            role: member.role,
            pin: pinJson,
            active: member.active ? 1 : 0,
            failures: lockOut.failures,
            lockedUntil: lockOut.lockedUntil,
            at,
          });
      }
      if (differs) {
        writeAudit(this.db, at, 'cashier.synced', member.id, {
          version: member.version,
          ...(renamedFrom === undefined ? {} : { renamedFrom }),
        });
      }
      return differs;
    });
    if (!member.active && this.settings.get<string>(CURRENT_CASHIER_KEY) === member.id) this.signOut();
    return changed;
  }

  /** Told of every PIN tried for a cashier with a PIN of their own: right or wrong (the shop counts them). */
  reportPinsTo(report: (id: string, right: boolean) => void): void {
    this.pinTried = report;
  }

  /**
   * Checks a cashier's PIN under the persisted back-off: while locked out, even the right PIN waits.
   * Every wrong PIN is recorded (and chained) with the count so far.
   */
  verify(id: string, pin: string): Cashier {
    const row = this.requireRow(id);
    if (row.active !== 1)
      throw new PosFailure('PIN_INVALID', `${row.name} is no longer a cashier here.`, {
        cashier: row.name,
        inactive: true,
      });
    if (row.pin_json === null) {
      if (!this.managerPin.isSet()) {
        throw new PosFailure('PIN_REQUIRED', 'No manager PIN is set yet. Choose one in Settings first.');
      }
      if (!this.managerPin.verify(pin)) {
        this.recordFailure(row, null);
        throw new PosFailure('PIN_INVALID', `That is not ${row.name}'s PIN.`);
      }
      return toCashier(row);
    }
    const now = this.now();
    if (row.locked_until && Date.parse(row.locked_until) > now.getTime()) {
      const seconds = Math.ceil((Date.parse(row.locked_until) - now.getTime()) / 1000);
      throw new PosFailure('PIN_INVALID', `Too many wrong PINs. Try again in ${seconds} seconds.`, {
        retryAfterSeconds: seconds,
      });
    }
    if (!pinMatches(pin, JSON.parse(row.pin_json) as StoredPin)) {
      const failures = row.failures + 1;
      const lockMs = lockoutAfter(failures);
      this.recordFailure(row, lockMs > 0 ? new Date(now.getTime() + lockMs).toISOString() : null, failures);
      this.pinTried?.(row.id, false);
      throw new PosFailure(
        'PIN_INVALID',
        `That is not ${row.name}'s PIN.`,
        lockMs > 0 ? { retryAfterSeconds: Math.ceil(lockMs / 1000) } : { cashier: row.name },
      );
    }
    if (row.failures > 0) {
      this.db.prepare('UPDATE cashiers SET failures = 0, locked_until = NULL WHERE id = ?').run(id);
      this.pinTried?.(row.id, true);
    }
    return toCashier(row);
  }

  /** Quick switch: the cashier whose PIN this is works the counter from now on. */
  signIn(id: string, pin: string): Cashier {
    const cashier = this.verify(id, pin);
    const at = this.now().toISOString();
    writeTransaction(this.db, () => {
      this.settings.set(CURRENT_CASHIER_KEY, cashier.id);
      writeAudit(this.db, at, 'cashier.signed_in', cashier.id, null);
    });
    return cashier;
  }

  /**
   * Nobody works the counter until the next sign-in. A lock after the shop's idle time is recorded as
   * one (`cashier.locked`, with the minutes), so the records say who left the counter signed in.
   */
  signOut(idle?: { readonly afterMinutes: number }): void {
    const at = this.now().toISOString();
    writeTransaction(this.db, () => {
      const id = this.settings.get<string>(CURRENT_CASHIER_KEY);
      if (!id) return;
      if (idle) writeAudit(this.db, at, 'cashier.locked', id, { afterMinutes: idle.afterMinutes });
      else writeAudit(this.db, at, 'cashier.signed_out', id, null);
      this.settings.delete(CURRENT_CASHIER_KEY);
    });
  }

  /** A manager's approval: an active manager and their PIN. Returns the manager who approved. */
  approve(approval: Approval | undefined, action: string): Cashier {
    if (!approval) {
      throw new PosFailure('PIN_REQUIRED', `${action} needs a manager's approval.`, { approval: 'manager' });
    }
    const manager = this.get(approval.managerId);
    if (manager?.role !== 'manager' || !manager.active) {
      throw new PosFailure('PIN_INVALID', `${action} needs a manager's approval.`, { approval: 'manager' });
    }
    return this.verify(manager.id, approval.pin);
  }

  /** The signed-in cashier, or a refusal that says who must sign in. */
  requireCurrent(action: string): Cashier {
    const cashier = this.current();
    if (!cashier) throw new PosFailure('PIN_REQUIRED', `Sign in as a cashier first: ${action}.`);
    return cashier;
  }

  require(id: string): Cashier {
    return toCashier(this.requireRow(id));
  }

  private recordFailure(row: CashierRow, lockedUntil: string | null, failures?: number): void {
    const at = this.now().toISOString();
    writeTransaction(this.db, () => {
      if (failures !== undefined) {
        this.db
          .prepare('UPDATE cashiers SET failures = ?, locked_until = ? WHERE id = ?')
          .run(failures, lockedUntil, row.id);
      }
      writeAudit(this.db, at, 'pin.failed', row.id, {
        failures: failures ?? null,
        lockedUntil,
      });
    });
  }

  private row(id: string): CashierRow | undefined {
    return this.db.prepare('SELECT * FROM cashiers WHERE id = ?').get(id) as CashierRow | undefined;
  }

  private requireRow(id: string): CashierRow {
    const row = this.row(id);
    if (!row) throw new PosFailure('NOT_FOUND', `No cashier with id ${id}.`);
    return row;
  }

  private freeName(wanted: string): string {
    for (let n = 1; ; n += 1) {
      const name = n === 1 ? wanted : `${wanted} ${n}`;
      if (!this.db.prepare('SELECT 1 FROM cashiers WHERE name = ? AND active = 1').get(name)) return name;
    }
  }
}

function toCashier(row: CashierRow): Cashier {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    active: row.active === 1,
    usesManagerPin: row.pin_json === null,
  };
}
