import type { Migration } from './index';

/**
 * This counter's sales that another counter of the shop cancelled, as the shop ledger last showed
 * them (shop-sales.ts, CancelledElsewhere): kept in the journal so that after a restart with the
 * ledger out of reach, Today, a sale's details, the day's totals and a reprint still read the sale
 * cancelled. A copy of what the ledger holds, not a record of this counter's: the cancellation is the
 * other counter's record, and each read of the ledger replaces the copy whole (a row goes when the
 * ledger no longer holds the cancellation, e.g. the provider refused it). `cancellation_json` is the
 * cancellation as the sale's details show it, naming the cancelling counter's code.
 */
export const m0020SalesCancelledElsewhere: Migration = {
  version: 20,
  name: '0020-sales-cancelled-elsewhere',
  up(db) {
    db.exec(`
      CREATE TABLE sales_cancelled_elsewhere (
        sale_id TEXT PRIMARY KEY REFERENCES sales (id),
        cancellation_json TEXT NOT NULL CHECK (json_valid(cancellation_json)),
        read_at TEXT NOT NULL
      ) STRICT;
    `);
  },
};
