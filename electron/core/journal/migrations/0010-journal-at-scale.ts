import type { Migration } from './index';

/**
 * A journal of a million sales, read as fast as one of a thousand. Every query the counter runs while
 * selling reads only the rows it needs from an index: Today's list and search the day's rows, newest
 * first, from an index on the creation time and receipt number (the order they are listed in); best
 * sellers a per-day summary kept by triggers, never the sales; the status only the open states. And
 * the answers, kept whole, are stored deflated: a sale's share of the journal is mostly its answer.
 */
/** Adds a completed sale's eSIMs to its day and package, in the statement that completed it. */
export const COUNT_SOLD = `INSERT INTO sales_sold_daily (day, package_code, sold, last_sold_at)
  VALUES (substr(NEW.created_at, 1, 10), NEW.package_code, NEW.quantity, NEW.created_at)
  ON CONFLICT DO UPDATE SET sold = sold + excluded.sold, last_sold_at = max(last_sold_at, excluded.last_sold_at);`;

/**
 * The two triggers that run `statements` in the statement that completes a sale: a sale written
 * completed, or moved to completed. Migration 0013 makes them again with the week's totals too.
 */
export function saleCompletionTriggers(statements: string): string {
  return `CREATE TRIGGER sales_sold_on_completion AFTER UPDATE OF state ON sales
        WHEN NEW.state = 'completed' AND OLD.state != 'completed'
        BEGIN
          ${statements}
        END;
      CREATE TRIGGER sales_sold_on_insert AFTER INSERT ON sales WHEN NEW.state = 'completed'
        BEGIN
          ${statements}
        END;`;
}

export const m0010JournalAtScale: Migration = {
  version: 10,
  name: '0010-journal-at-scale',
  up(db) {
    db.exec(`
      -- Lists are newest first by creation time, then receipt number: read in that order from the index.
      CREATE INDEX sales_listed ON sales (created_at, receipt_number);
      DROP INDEX sales_by_created;
      CREATE INDEX topups_listed ON topups (created_at, receipt_number);
      DROP INDEX topups_by_created;

      -- eSIMs sold per package and day of the sale (UTC, its created_at's date), completed sales only:
      -- best sellers read the week's days from here, never the sales.
      CREATE TABLE sales_sold_daily (
        day TEXT NOT NULL,
        package_code TEXT NOT NULL,
        sold INTEGER NOT NULL CHECK (sold >= 1),
        last_sold_at TEXT NOT NULL,
        PRIMARY KEY (day, package_code)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO sales_sold_daily (day, package_code, sold, last_sold_at)
        SELECT substr(created_at, 1, 10), package_code, sum(quantity), max(created_at)
        FROM sales WHERE state = 'completed' GROUP BY 1, 2;
      ${saleCompletionTriggers(COUNT_SOLD)}

      -- The answers again, with the body as bytes and how they are encoded: 'deflate' (raw deflate of
      -- the UTF-8 text, what the journal writes from now on) or 'text' (UTF-8 as it was, for the
      -- answers kept before). Still appended and never changed or removed.
      CREATE TABLE answers_kept (
        record_kind TEXT NOT NULL CHECK (record_kind IN ('sale', 'topup')),
        record_id TEXT NOT NULL,
        seq INTEGER NOT NULL CHECK (seq >= 1),
        request TEXT,
        send INTEGER,
        attempt INTEGER,
        status INTEGER,
        whole INTEGER NOT NULL CHECK (whole IN (0, 1)),
        received_at TEXT NOT NULL,
        body BLOB NOT NULL,
        encoding TEXT NOT NULL CHECK (encoding IN ('text', 'deflate')),
        PRIMARY KEY (record_kind, record_id, seq)
      ) STRICT;
      INSERT INTO answers_kept
        SELECT record_kind, record_id, seq, request, send, attempt, status, whole, received_at,
          CAST(body AS BLOB), 'text'
        FROM answers;
      DROP TABLE answers;
      ALTER TABLE answers_kept RENAME TO answers;
      CREATE TRIGGER answers_are_never_changed BEFORE UPDATE ON answers
        BEGIN SELECT RAISE(ABORT, 'answers are kept as received'); END;
      CREATE TRIGGER answers_are_never_removed BEFORE DELETE ON answers
        BEGIN SELECT RAISE(ABORT, 'answers are kept as received'); END;
    `);
  },
};
