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
 * Every receipt issued is a record of the journal's log (kind `receipt.original` or `receipt.copy`,
 * subject the sale's or top-up's id): the print history that decides whether the next print is a
 * copy, and the shop's record of who reprinted what. A journal older than the chain keeps its first
 * receipts among its unchained records (migration 0018).
 */
export class ReceiptLog {
  constructor(private readonly db: Db) {}

  history(id: string): PrintHistory {
    // Read by the chain's subject index (a sale has a handful of links) and the unchained records'.
    const { originals, copies } = this.db
      .prepare(
        `SELECT coalesce(sum(kind = '${ORIGINAL}'), 0) AS originals, coalesce(sum(kind = '${COPY}'), 0) AS copies
         FROM (SELECT kind FROM chain WHERE subject = @id
               UNION ALL SELECT kind FROM unchained_records WHERE subject = @id)`,
      )
      .get({ id }) as { originals: number; copies: number };
    return { originalIssued: originals > 0, copies };
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
