import { randomUUID } from 'node:crypto';
import type { CashMovement, CashReason, CountLine, Shift } from '../../../shared/domain/shift';
import type { ShiftState } from '../../../shared/domain/shift-states';
import { type Currency, type Money, minor } from '../../../shared/money';
import type { Db } from '../journal/database';
import { issuedNumbersOf } from '../journal/issued-numbers';
import { writeTransaction } from '../journal/journal-write';
import { SHIFT_ROWS, transitionRow, writeAudit } from '../journal/state-rows';

interface ShiftRow {
  id: string;
  counter_id: string;
  drawer: string;
  state: ShiftState;
  business_day: string;
  opened_at: string;
  opened_by: string;
  previous_shift_id: string | null;
  closed_at: string | null;
  closed_by: string | null;
  closing_count_id: string | null;
  variance_reason: string | null;
  approved_by: string | null;
  z_number: number | null;
}

interface MovementRow {
  id: string;
  shift_id: string;
  kind: CashMovement['kind'];
  reason: CashReason | null;
  currency: Currency | null;
  amount_minor: number | null;
  note: string;
  cashier_id: string | null;
  approved_by: string | null;
  at: string;
}

export type CountPurpose = 'opening' | 'closing' | 'late';

export interface NewMovement {
  readonly shiftId: string;
  readonly kind: CashMovement['kind'];
  readonly reason: CashReason | null;
  readonly amount: Money | null;
  readonly note: string;
  readonly cashierId: string | null;
  readonly approvedBy: string | null;
}

export interface ShiftClose {
  /** Null for a forced close: the shift is closed as not counted, never as zero. */
  readonly countId: string | null;
  readonly closedBy: string;
  readonly zNumber: number;
  readonly varianceReason: string | null;
  readonly approvedBy: string | null;
}

/**
 * Shifts, their counts and their cash movements. A shift row changes once, from open to closed (or
 * not counted), and a trigger refuses any change after that; counts and movements are never changed.
 * Each method is one synchronous transaction with its record (a chain link); callers that combine
 * several (a close) wrap them in their own.
 */
export class ShiftJournal {
  constructor(private readonly db: Db) {}

  open(
    shift: {
      counterId: string;
      drawer: string;
      businessDay: string;
      openedBy: string;
      previousShiftId: string | null;
      floats: readonly CountLine[];
    },
    at: string,
  ): Shift {
    const id = randomUUID();
    writeTransaction(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO shifts (id, counter_id, drawer, state, business_day, opened_at, opened_by, previous_shift_id)
           VALUES (?, ?, ?, 'open', ?, ?, ?, ?)`,
        )
        .run(id, shift.counterId, shift.drawer, shift.businessDay, at, shift.openedBy, shift.previousShiftId);
      writeAudit(this.db, at, 'shift.opened', id, null);
      this.recordCount(id, shift.counterId, 'opening', shift.floats, shift.openedBy, at);
    });
    return this.require(id);
  }

  /** The shift open on a drawer, if any. */
  openOn(counterId: string, drawer: string): Shift | null {
    const row = this.db
      .prepare(`SELECT * FROM shifts WHERE counter_id = ? AND drawer = ? AND state = 'open'`)
      .get(counterId, drawer) as ShiftRow | undefined;
    return row ? this.toShift(row) : null;
  }

  /** The shift closed last on a drawer: its count is offered as the next float. */
  lastClosed(counterId: string, drawer: string): Shift | null {
    const row = this.db
      .prepare(
        `SELECT * FROM shifts WHERE counter_id = ? AND drawer = ? AND state != 'open'
         ORDER BY closed_at DESC, z_number DESC LIMIT 1`,
      )
      .get(counterId, drawer) as ShiftRow | undefined;
    return row ? this.toShift(row) : null;
  }

  get(id: string): Shift | null {
    const row = this.db.prepare('SELECT * FROM shifts WHERE id = ?').get(id) as ShiftRow | undefined;
    return row ? this.toShift(row) : null;
  }

  require(id: string): Shift {
    const shift = this.get(id);
    if (!shift) throw new Error(`shift ${id} vanished from the journal`);
    return shift;
  }

  /** The counter's shifts, newest first. */
  list(counterId: string, limit: number): Shift[] {
    const rows = this.db
      .prepare('SELECT * FROM shifts WHERE counter_id = ? ORDER BY opened_at DESC LIMIT ?')
      .all(counterId, limit) as ShiftRow[];
    return rows.map((row) => this.toShift(row));
  }

  closeDetails(id: string): {
    varianceReason: string | null;
    approvedBy: string | null;
    countId: string | null;
  } {
    const row = this.db
      .prepare('SELECT variance_reason, approved_by, closing_count_id FROM shifts WHERE id = ?')
      .get(id) as Pick<ShiftRow, 'variance_reason' | 'approved_by' | 'closing_count_id'>;
    return {
      varianceReason: row.variance_reason,
      approvedBy: row.approved_by,
      countId: row.closing_count_id,
    };
  }

  /** One count of the drawer, one row per currency, chained as one record. Returns the count's id. */
  recordCount(
    shiftId: string,
    counterId: string,
    purpose: CountPurpose,
    lines: readonly CountLine[],
    cashierId: string | null,
    at: string,
  ): string {
    const countId = randomUUID();
    writeTransaction(this.db, () => {
      const insert = this.db.prepare(
        `INSERT INTO drawer_counts (count_id, shift_id, purpose, currency, amount_minor, denominations_json, counter_id,
           cashier_id, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const line of lines) {
        insert.run(
          countId,
          shiftId,
          purpose,
          line.currency,
          line.amount,
          line.denominations ? JSON.stringify(line.denominations) : null,
          counterId,
          cashierId,
          at,
        );
      }
      writeAudit(this.db, at, `count.${purpose}`, countId, { shiftId });
    });
    return countId;
  }

  /** A count's lines, in the order they were entered. */
  count(countId: string): { shiftId: string; purpose: CountPurpose; lines: Money[] } | null {
    const rows = this.db
      .prepare(
        'SELECT shift_id, purpose, currency, amount_minor FROM drawer_counts WHERE count_id = ? ORDER BY rowid',
      )
      .all(countId) as {
      shift_id: string;
      purpose: CountPurpose;
      currency: Currency;
      amount_minor: number;
    }[];
    const first = rows[0];
    if (!first) return null;
    return {
      shiftId: first.shift_id,
      purpose: first.purpose,
      lines: rows.map((row) => ({ amount: minor(row.amount_minor), currency: row.currency })),
    };
  }

  /**
   * What a closed shift's drawer held: its closing count, or the count made later for a shift closed as
   * not counted. Null while it was never counted.
   */
  countedAtClose(shiftId: string): Money[] | null {
    const row = this.db
      .prepare(
        `SELECT coalesce((SELECT closing_count_id FROM shifts WHERE id = @shift),
           (SELECT count_id FROM drawer_counts WHERE shift_id = @shift AND purpose = 'late' ORDER BY rowid DESC LIMIT 1))
           AS count_id`,
      )
      .get({ shift: shiftId }) as { count_id: string | null };
    return row.count_id ? (this.count(row.count_id)?.lines ?? null) : null;
  }

  /** Every count of `purpose` on a shift, oldest first, with who made it and when. */
  counts(
    shiftId: string,
    purpose: CountPurpose,
  ): { countId: string; at: string; cashierId: string | null; lines: Money[] }[] {
    const rows = this.db
      .prepare(
        `SELECT count_id, at, cashier_id, currency, amount_minor FROM drawer_counts
         WHERE shift_id = ? AND purpose = ? ORDER BY rowid`,
      )
      .all(shiftId, purpose) as {
      count_id: string;
      at: string;
      cashier_id: string | null;
      currency: Currency;
      amount_minor: number;
    }[];
    const counts = new Map<
      string,
      { countId: string; at: string; cashierId: string | null; lines: Money[] }
    >();
    for (const row of rows) {
      const count = counts.get(row.count_id) ?? {
        countId: row.count_id,
        at: row.at,
        cashierId: row.cashier_id,
        lines: [],
      };
      count.lines.push({ amount: minor(row.amount_minor), currency: row.currency });
      counts.set(row.count_id, count);
    }
    return [...counts.values()];
  }

  /** The last count of `purpose` on a shift; null when there is none. */
  latestCount(shiftId: string, purpose: CountPurpose): string | null {
    const row = this.db
      .prepare(
        'SELECT count_id FROM drawer_counts WHERE shift_id = ? AND purpose = ? ORDER BY rowid DESC LIMIT 1',
      )
      .get(shiftId, purpose) as { count_id: string } | undefined;
    return row?.count_id ?? null;
  }

  recordMovement(movement: NewMovement, counterId: string, at: string): CashMovement {
    const id = randomUUID();
    writeTransaction(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO cash_movements (id, shift_id, kind, reason, currency, amount_minor, note, counter_id, cashier_id,
             approved_by, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          movement.shiftId,
          movement.kind,
          movement.reason,
          movement.amount?.currency ?? null,
          movement.amount?.amount ?? null,
          movement.note,
          counterId,
          movement.cashierId,
          movement.approvedBy,
          at,
        );
      writeAudit(this.db, at, `cash.${movement.kind}`, id, null);
    });
    const row = this.db.prepare('SELECT * FROM cash_movements WHERE id = ?').get(id) as MovementRow;
    return toMovement(row);
  }

  movements(shiftId: string): CashMovement[] {
    const rows = this.db
      .prepare('SELECT * FROM cash_movements WHERE shift_id = ? ORDER BY at, rowid')
      .all(shiftId) as MovementRow[];
    return rows.map(toMovement);
  }

  /** Closes an open shift, counted or not: the one change a shift row ever has. */
  close(id: string, close: ShiftClose, at: string): void {
    transitionRow(this.db, SHIFT_ROWS, id, close.countId === null ? 'not_counted' : 'closed', at, {
      sql: `closed_at = @now, closed_by = @closedBy, closing_count_id = @countId, variance_reason = @reason,
        approved_by = @approvedBy, z_number = @zNumber`,
      params: {
        closedBy: close.closedBy,
        countId: close.countId,
        reason: close.varianceReason,
        approvedBy: close.approvedBy,
        zNumber: close.zNumber,
      },
    });
  }

  /**
   * The next Z number of a counter, taken inside the transaction that closes the shift: one more than
   * its last, never reset, and above every Z it issued, also those a journal brought back no longer
   * holds (issued-numbers.ts).
   */
  nextZNumber(counterId: string): number {
    if (!this.db.inTransaction) throw new Error('a Z number is taken only inside the close of its shift');
    const sequence = { kind: 'z', counterId } as const;
    const numbers = issuedNumbersOf(this.db);
    const row = this.db
      .prepare(
        'SELECT max(coalesce(max(z_number), 0), @issued) + 1 AS n FROM shifts WHERE counter_id = @counterId',
      )
      .get({ counterId, issued: numbers?.highest(sequence) ?? 0 }) as { n: number };
    numbers?.taken(sequence, row.n);
    return row.n;
  }

  private toShift(row: ShiftRow): Shift {
    const openingId = this.db
      .prepare(`SELECT count_id FROM drawer_counts WHERE shift_id = ? AND purpose = 'opening' LIMIT 1`)
      .get(row.id) as { count_id: string } | undefined;
    const countedLater =
      row.state === 'not_counted' &&
      this.db.prepare(`SELECT 1 FROM drawer_counts WHERE shift_id = ? AND purpose = 'late'`).get(row.id) !==
        undefined;
    return {
      id: row.id,
      counterId: row.counter_id,
      drawer: row.drawer,
      state: row.state,
      businessDay: row.business_day,
      openedAt: row.opened_at,
      openedBy: row.opened_by,
      closedAt: row.closed_at,
      closedBy: row.closed_by,
      zNumber: row.z_number,
      opening: openingId ? (this.count(openingId.count_id)?.lines ?? []) : [],
      previousShiftId: row.previous_shift_id,
      countedLater,
    };
  }
}

function toMovement(row: MovementRow): CashMovement {
  return {
    id: row.id,
    shiftId: row.shift_id,
    kind: row.kind,
    reason: row.reason,
    amount:
      row.amount_minor !== null && row.currency !== null
        ? { amount: minor(row.amount_minor), currency: row.currency }
        : null,
    note: row.note,
    cashierId: row.cashier_id,
    approvedBy: row.approved_by,
    at: row.at,
  };
}
