import type { Db } from './database';

/**
 * What the journal's records already claim of the provider's: its order references and its eSIMs.
 */

/**
 * The provider order references among `references` that a sale or top-up of the journal already
 * holds. An order found in the provider's list settles a record only if no other record claims it.
 */
export function claimedOrderReferences(db: Db, references: readonly string[]): Set<string> {
  const rows = db
    .prepare(
      `SELECT order_reference AS ref FROM sales WHERE order_reference IN (SELECT value FROM json_each(@refs))
       UNION SELECT order_reference FROM topups WHERE order_reference IN (SELECT value FROM json_each(@refs))`,
    )
    .all({ refs: JSON.stringify(references) }) as { ref: string }[];
  return new Set(rows.map((row) => row.ref));
}

/** The receipt number of the sale or top-up of the journal that holds each of `references` it holds. */
export function claimingReceipts(db: Db, references: readonly string[]): Map<string, number> {
  const rows = db
    .prepare(
      `SELECT order_reference AS ref, receipt_number AS receipt FROM sales
         WHERE order_reference IN (SELECT value FROM json_each(@refs))
       UNION ALL SELECT order_reference, receipt_number FROM topups
         WHERE order_reference IN (SELECT value FROM json_each(@refs))`,
    )
    .all({ refs: JSON.stringify(references) }) as { ref: string; receipt: number }[];
  return new Map(rows.map((row) => [row.ref, row.receipt]));
}

/**
 * Whether a record of the journal names this ICCID: a sale handed the eSIM over, an answer to a sale
 * named it, or a top-up went to it. Such an ICCID came from the provider, whatever its check digit says.
 */
export function journalHoldsIccid(db: Db, iccid: string): boolean {
  return (
    db
      .prepare(
        `SELECT 1 FROM sale_esims WHERE iccid = @iccid UNION ALL SELECT 1 FROM answer_esims WHERE iccid = @iccid
         UNION ALL SELECT 1 FROM topups WHERE iccid = @iccid LIMIT 1`,
      )
      .get({ iccid }) !== undefined
  );
}
