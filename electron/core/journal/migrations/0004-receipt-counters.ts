import type { Migration } from './index';

/**
 * One receipt-number sequence per counter and mode, shared by sales and top-ups (until now each table
 * counted its own from its largest number). It continues after the largest number either table holds,
 * so no number already printed is given again.
 */
export const m0004ReceiptCounters: Migration = {
  version: 4,
  name: '0004-receipt-counters',
  up(db) {
    db.exec(`
      -- The last receipt number given out, per counter and mode. Only ever goes up.
      CREATE TABLE receipt_counters (
        counter_id TEXT NOT NULL,
        training INTEGER NOT NULL CHECK (training IN (0, 1)),
        last_number INTEGER NOT NULL CHECK (last_number >= 1),
        PRIMARY KEY (counter_id, training)
      ) STRICT;
      INSERT INTO receipt_counters (counter_id, training, last_number)
        SELECT counter_id, training, max(receipt_number) FROM (
          SELECT counter_id, training, receipt_number FROM sales
          UNION ALL
          SELECT counter_id, training, receipt_number FROM topups
        )
        GROUP BY counter_id, training;
    `);
  },
};
