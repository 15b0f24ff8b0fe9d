import {
  type CorrectionLine,
  type ShiftReport,
  ShiftReportSchema,
} from '../../../shared/domain/shift-report';
import { type Currency, type Money, minor } from '../../../shared/money';
import { hashHex } from '../journal/chain';
import type { Db } from '../journal/database';
import { writeTransaction } from '../journal/journal-write';
import { writeAudit } from '../journal/state-rows';

interface CorrectionRow {
  id: number;
  kind: CorrectionLine['kind'];
  shift_id: string;
  currency: Currency;
  amount_minor: number;
  expected_minor: number | null;
  reason: string;
  approved_by: string;
  at: string;
  z_number: number | null;
}

export interface NewCorrection {
  readonly kind: CorrectionLine['kind'];
  readonly shiftId: string;
  readonly amount: Money;
  readonly expected: Money | null;
  readonly reason: string;
  readonly cashierId: string | null;
  readonly approvedBy: string;
}

/**
 * Stored Z reports and the corrections made after them. A Z is written once, when its shift closes,
 * and never changed (a trigger refuses it); a recount or an adjustment is a correction pointing to
 * the shift, listed on the next Z of the counter.
 */
export class ZJournal {
  constructor(private readonly db: Db) {}

  store(report: ShiftReport, correctionsThrough: number, at: string): void {
    if (report.zNumber === null) throw new Error('only a Z report is stored');
    writeTransaction(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO z_reports (counter_id, z_number, shift_id, report_json, corrections_through, created_at)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(
          report.counterId,
          report.zNumber,
          report.shiftId,
          JSON.stringify(report),
          correctionsThrough,
          at,
        );
      writeAudit(this.db, at, 'z.issued', report.shiftId, null);
    });
  }

  byShift(shiftId: string): ShiftReport | null {
    const row = this.db.prepare('SELECT report_json FROM z_reports WHERE shift_id = ?').get(shiftId) as
      | { report_json: string }
      | undefined;
    return row ? ShiftReportSchema.parse(JSON.parse(row.report_json)) : null;
  }

  /** The corrections the previous Z of a counter already listed: those up to this id. */
  listedThrough(counterId: string): number {
    const row = this.db
      .prepare('SELECT coalesce(max(corrections_through), 0) AS n FROM z_reports WHERE counter_id = ?')
      .get(counterId) as { n: number };
    return row.n;
  }

  /** The newest correction's id; the next Z lists everything up to it. */
  lastCorrectionId(counterId: string): number {
    const row = this.db
      .prepare('SELECT coalesce(max(id), 0) AS n FROM corrections WHERE counter_id = ?')
      .get(counterId) as { n: number };
    return row.n;
  }

  /** The corrections Z number `zNumber` lists: after the previous Z's, up to its own. */
  correctionsRange(counterId: string, zNumber: number): { after: number; through: number } {
    const row = this.db
      .prepare(
        `SELECT (SELECT corrections_through FROM z_reports WHERE counter_id = @counter AND z_number = @z) AS through,
           coalesce((SELECT max(corrections_through) FROM z_reports WHERE counter_id = @counter AND z_number < @z), 0)
             AS after`,
      )
      .get({ counter: counterId, z: zNumber }) as { through: number | null; after: number };
    return { after: row.after, through: row.through ?? row.after };
  }

  /** The chain's head when a shift's Z was computed: the link just before the Z's own. */
  chainHeadAtIssue(shiftId: string): { seq: number; hash: string } | null {
    return (
      (this.db
        .prepare(
          `SELECT before.seq, ${hashHex('before.hash')} AS hash FROM chain issued JOIN chain before
             ON before.counter_id = issued.counter_id AND before.seq = issued.seq - 1
           WHERE issued.kind = 'z.issued' AND issued.subject = ?`,
        )
        .get(shiftId) as { seq: number; hash: string } | undefined) ?? null
    );
  }

  record(correction: NewCorrection, counterId: string, at: string): number {
    return writeTransaction(this.db, () => {
      const { lastInsertRowid } = this.db
        .prepare(
          `INSERT INTO corrections (kind, shift_id, currency, amount_minor, expected_minor, reason, counter_id, cashier_id,
             approved_by, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          correction.kind,
          correction.shiftId,
          correction.amount.currency,
          correction.amount.amount,
          correction.expected?.amount ?? null,
          correction.reason,
          counterId,
          correction.cashierId,
          correction.approvedBy,
          at,
        );
      writeAudit(this.db, at, `correction.${correction.kind}`, String(lastInsertRowid), null);
      return Number(lastInsertRowid);
    });
  }

  /** Corrections with an id in (after, through], oldest first, with the Z number of the shift they point to. */
  between(counterId: string, after: number, through: number): CorrectionLine[] {
    const rows = this.db
      .prepare(
        `SELECT c.*, s.z_number FROM corrections c JOIN shifts s ON s.id = c.shift_id
         WHERE c.counter_id = ? AND c.id > ? AND c.id <= ? ORDER BY c.id`,
      )
      .all(counterId, after, through) as CorrectionRow[];
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      shiftId: row.shift_id,
      zNumber: row.z_number,
      currency: row.currency,
      amount: { amount: minor(row.amount_minor), currency: row.currency },
      expected:
        row.expected_minor === null ? null : { amount: minor(row.expected_minor), currency: row.currency },
      reason: row.reason,
      approvedBy: row.approved_by,
      at: row.at,
    }));
  }
}
