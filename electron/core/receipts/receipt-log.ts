import type { Db } from '../journal/database';
import { writeTransaction } from '../journal/journal-write';
import { writeAudit } from '../journal/state-rows';
import type { PrintHistory } from './reprint-policy';

export type ReceiptKind = 'sale' | 'topup' | 'cancellation';

export interface ReceiptLogEntry {
  readonly kind: ReceiptKind;
  readonly id: string;
  readonly at: string;
  /** Null for the original. */
  readonly copyNumber: number | null;
  readonly language: string;
  readonly paperWidthMm: number;
  /** Whether the manager PIN was asked for and given. */
  readonly managerPin: boolean;
}

const ORIGINAL = 'receipt.original';
const COPY = 'receipt.copy';

/**
 * Every receipt issued is a row of the journal's audit log (kind `receipt.original` or
 * `receipt.copy`, subject the sale's or top-up's id): the print history that decides whether the
 * next print is a copy, and the shop's record of who reprinted what.
 */
export class ReceiptLog {
  constructor(private readonly db: Db) {}

  history(id: string): PrintHistory {
    // The kinds as literals, as the partial index `audit_receipts` names them (migration 0014).
    const rows = this.db
      .prepare(
        `SELECT kind, count(*) AS n FROM audit WHERE subject = ? AND kind IN ('${ORIGINAL}', '${COPY}')
         GROUP BY kind`,
      )
      .all(id) as { kind: string; n: number }[];
    const count = (kind: string): number => rows.find((row) => row.kind === kind)?.n ?? 0;
    return { originalIssued: count(ORIGINAL) > 0, copies: count(COPY) };
  }

  record(entry: ReceiptLogEntry): void {
    writeTransaction(this.db, () =>
      writeAudit(this.db, entry.at, entry.copyNumber === null ? ORIGINAL : COPY, entry.id, {
        record: entry.kind,
        copyNumber: entry.copyNumber,
        language: entry.language,
        paperWidthMm: entry.paperWidthMm,
        managerPin: entry.managerPin,
      }),
    );
  }
}
