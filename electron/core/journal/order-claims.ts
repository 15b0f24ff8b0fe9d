import type { Db } from './database';

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
