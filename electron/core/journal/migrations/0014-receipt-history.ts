import type { Migration } from './index';

/**
 * A receipt's print history from an index. Every receipt printed is a row of the audit log
 * (`receipt.original` or `receipt.copy`, its subject the sale's or top-up's id), and each print first
 * asks how many of each its subject has: the audit log had no index on its subject, so every receipt
 * read the whole log, which grows by several rows a sale (9.5x slower at ten times the sales). The index
 * holds the receipt rows only, one a sale as a rule, not the state changes beside them; the query
 * names the same two kinds as literals, which is what lets SQLite use a partial index.
 */
export const m0014ReceiptHistory: Migration = {
  version: 14,
  name: '0014-receipt-history',
  up(db) {
    db.exec(`
      CREATE INDEX audit_receipts ON audit (subject, kind)
        WHERE kind IN ('receipt.original', 'receipt.copy');
    `);
  },
};
