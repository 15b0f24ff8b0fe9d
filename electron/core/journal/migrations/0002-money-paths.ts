import type { Migration } from './index';

/**
 * The money paths: which provider account a sale was sent to (so recovery never re-sends a key to
 * another account), the pending poller's and the resolver's schedule, and the top-ups journal.
 */
export const m0002MoneyPaths: Migration = {
  version: 2,
  name: '0002-money-paths',
  up(db) {
    db.exec(`
      -- A fingerprint of the access code the sale was sent with (never the code itself, never a secret).
      -- NULL for sales journalled before this migration: they match any account of their mode.
      ALTER TABLE sales ADD COLUMN account_ref TEXT;
      CREATE INDEX sales_by_order_reference ON sales (order_reference);

      CREATE TABLE topups (
        id TEXT PRIMARY KEY,
        receipt_number INTEGER NOT NULL,
        counter_id TEXT NOT NULL,
        cashier_id TEXT,
        shift_id TEXT,
        training INTEGER NOT NULL CHECK (training IN (0, 1)),
        account_ref TEXT,
        state TEXT NOT NULL CHECK (state IN ('intent', 'sent', 'in_doubt', 'completed', 'failed')),
        iccid TEXT NOT NULL,
        package_code TEXT NOT NULL,
        package_name TEXT NOT NULL,
        currency TEXT NOT NULL,
        retail_minor INTEGER NOT NULL,
        -- The package's cost as the provider listed it just before sending: what an in-doubt top-up
        -- later seen applied is recorded as having cost.
        quoted_cost_minor INTEGER NOT NULL,
        -- The eSIM as read before sending: the evidence an in-doubt top-up is judged by.
        before_total_mb REAL,
        before_remaining_mb REAL,
        before_expires_at TEXT,
        before_status TEXT,
        before_taken_at TEXT NOT NULL,
        before_raw TEXT NOT NULL,
        cost_minor INTEGER,
        cost_currency TEXT,
        new_balance_minor INTEGER,
        order_reference TEXT,
        new_total_gb REAL,
        new_remaining_gb REAL,
        new_expires_at TEXT,
        inferred INTEGER NOT NULL DEFAULT 0 CHECK (inferred IN (0, 1)),
        last_error_json TEXT,
        -- The top-up's answer; for an inferred outcome, the eSIM reading that decided it.
        raw_response TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        sent_at TEXT,
        state_since TEXT NOT NULL,
        completed_at TEXT,
        next_check_at TEXT,
        UNIQUE (training, receipt_number)
      ) STRICT;
      CREATE INDEX topups_by_iccid ON topups (iccid, created_at);
      CREATE INDEX topups_by_state ON topups (state);
      CREATE INDEX topups_by_created ON topups (created_at);
    `);
  },
};
