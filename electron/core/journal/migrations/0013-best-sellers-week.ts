import { COUNT_SOLD as COUNT_SOLD_DAILY, saleCompletionTriggers } from './0010-journal-at-scale';
import type { Migration } from './index';

/**
 * Adds a completed sale's eSIMs to the week's totals too (besides its day's, COUNT_SOLD_DAILY), when
 * the sale's day is inside the week they count from.
 */
const COUNT_SOLD_WEEK = `INSERT INTO sales_sold_week (package_code, sold, last_sold_at)
  SELECT NEW.package_code, NEW.quantity, NEW.created_at FROM sales_sold_week_start
  WHERE id = 1 AND substr(NEW.created_at, 1, 10) >= first_day
  ON CONFLICT DO UPDATE SET sold = sold + excluded.sold, last_sold_at = max(last_sold_at, excluded.last_sold_at);`;

/**
 * Best sellers at the same cost whatever the journal holds. Summing the per-day summary over a week
 * reads seven or eight days of rows for every package sold; a busy shop's week is seven times the rows
 * of its day. The week's totals per package are now kept as sales complete, in the statement that
 * completes them, and ranked by an index: best sellers read the top rows of that index and stop.
 *
 * The totals count from `sales_sold_week_start.first_day`. When best sellers are asked for a week
 * starting another day (once a day, the first time they are shown), the totals are summed again
 * from the per-day summary for that week (SalesJournal.bestSellers). The start is null until then,
 * so nothing is counted before the first time, and the table starts empty.
 */
export const m0013BestSellersWeek: Migration = {
  version: 13,
  name: '0013-best-sellers-week',
  up(db) {
    db.exec(`
      CREATE TABLE sales_sold_week_start (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        first_day TEXT
      ) STRICT;
      INSERT INTO sales_sold_week_start (id, first_day) VALUES (1, NULL);
      CREATE TABLE sales_sold_week (
        package_code TEXT PRIMARY KEY,
        sold INTEGER NOT NULL CHECK (sold >= 1),
        last_sold_at TEXT NOT NULL
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX sales_sold_week_ranked ON sales_sold_week (sold, last_sold_at);

      DROP TRIGGER sales_sold_on_completion;
      DROP TRIGGER sales_sold_on_insert;
      ${saleCompletionTriggers(`${COUNT_SOLD_DAILY}\n          ${COUNT_SOLD_WEEK}`)}
    `);
  },
};
