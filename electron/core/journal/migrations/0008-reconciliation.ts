import type { Migration } from './index';

/** Evidence of the reconciliation: written once, never changed or removed. */
const APPEND_ONLY = [
  'balance_snapshots',
  'provider_deposits',
  'reconciliation_runs',
  'reconciliation_exceptions',
  'reconciliation_resolutions',
];

/**
 * The daily reconciliation with the provider: balance snapshots at the day's open and close, the
 * deposits a manager enters (the API lists none), every run with its full report, every exception as
 * first found (its age runs from there) and every resolution a manager gave. All append-only: a
 * re-run adds a run and the exceptions it finds for the first time, never rewrites one.
 */
export const m0008Reconciliation: Migration = {
  // Follows 0007 (the answers table) once both are on one branch.
  version: 8,
  name: '0008-reconciliation',
  up(db) {
    db.exec(`
      CREATE TABLE balance_snapshots (
        id TEXT PRIMARY KEY,
        counter_id TEXT NOT NULL,
        training INTEGER NOT NULL CHECK (training IN (0, 1)),
        account_ref TEXT NOT NULL,
        business_day TEXT NOT NULL,
        purpose TEXT NOT NULL CHECK (purpose IN ('opening', 'closing')),
        -- When the balance was asked for: orders dated after it are not in it.
        taken_at TEXT NOT NULL,
        amount_minor INTEGER NOT NULL,
        currency TEXT NOT NULL
      ) STRICT;
      CREATE INDEX balance_snapshots_by_day ON balance_snapshots (business_day, purpose, taken_at);

      CREATE TABLE provider_deposits (
        id TEXT PRIMARY KEY,
        counter_id TEXT NOT NULL,
        training INTEGER NOT NULL CHECK (training IN (0, 1)),
        account_ref TEXT NOT NULL,
        business_day TEXT NOT NULL,
        amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
        currency TEXT NOT NULL,
        note TEXT NOT NULL,
        entered_by TEXT NOT NULL REFERENCES cashiers (id),
        at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX provider_deposits_by_day ON provider_deposits (business_day);

      CREATE TABLE reconciliation_runs (
        id TEXT PRIMARY KEY,
        counter_id TEXT NOT NULL,
        training INTEGER NOT NULL CHECK (training IN (0, 1)),
        account_ref TEXT NOT NULL,
        first_day TEXT NOT NULL,
        last_day TEXT NOT NULL,
        run_at TEXT NOT NULL,
        result TEXT NOT NULL CHECK (result IN ('reconciled', 'not_reconciled', 'unconfirmed')),
        confirmed_at TEXT,
        report_json TEXT NOT NULL
      ) STRICT;
      CREATE INDEX reconciliation_runs_by_period ON reconciliation_runs (first_day, last_day, run_at);

      CREATE TABLE reconciliation_exceptions (
        key TEXT PRIMARY KEY,
        first_run_id TEXT NOT NULL REFERENCES reconciliation_runs (id),
        first_seen_at TEXT NOT NULL,
        kind TEXT NOT NULL,
        severity TEXT NOT NULL CHECK (severity IN ('critical', 'warning')),
        order_reference TEXT,
        record_id TEXT
      ) STRICT;

      CREATE TABLE reconciliation_resolutions (
        exception_key TEXT PRIMARY KEY REFERENCES reconciliation_exceptions (key),
        at TEXT NOT NULL,
        resolved_by TEXT NOT NULL REFERENCES cashiers (id),
        classification TEXT NOT NULL,
        reason TEXT NOT NULL,
        record_id TEXT
      ) STRICT;
    `);
    for (const table of APPEND_ONLY) {
      db.exec(`
        CREATE TRIGGER ${table}_no_update BEFORE UPDATE ON ${table}
        BEGIN SELECT RAISE(ABORT, '${table} rows are evidence: never changed'); END;
        CREATE TRIGGER ${table}_no_delete BEFORE DELETE ON ${table}
        BEGIN SELECT RAISE(ABORT, '${table} rows are evidence: never removed'); END;
      `);
    }
  },
};
