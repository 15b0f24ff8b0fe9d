import { CHAIN_LINK_COLUMNS } from './chain-table';
import type { Migration } from './index';

/** Columns of a sale that are money facts: once the sale is completed or failed, none of them changes. */
const SALE_FACTS = `state, counter_id, cashier_id, shift_id, training, receipt_number, package_code, quantity,
  idempotency_key, currency, retail_unit_minor, retail_total_minor, cost_minor, cost_currency, order_reference,
  created_at, completed_at, tender_method, tender_currency, tender_due_minor, tendered_minor, change_minor,
  rate_per_100_minor`;
const TOPUP_FACTS = `state, counter_id, cashier_id, shift_id, training, receipt_number, iccid, package_code,
  currency, retail_minor, quoted_cost_minor, cost_minor, cost_currency, order_reference, created_at, completed_at,
  tender_method, tender_currency, tender_due_minor, tendered_minor, change_minor, rate_per_100_minor`;

/** Tables whose rows are written once and never changed or removed. */
const APPEND_ONLY = [
  'audit',
  'chain',
  'drawer_counts',
  'cash_movements',
  'corrections',
  'z_reports',
  'exchange_rates',
];

/**
 * End of day: cashiers, shifts per drawer with their counts and cash movements, the tender of each
 * sale and top-up, the day's exchange rates, stored Z reports and corrections to them, and the
 * tamper-evident chain. Triggers refuse to edit or remove a closed record.
 */
export const m0006EndOfDay: Migration = {
  version: 6,
  name: '0006-end-of-day',
  up(db) {
    db.exec(`
      CREATE TABLE cashiers (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('cashier', 'manager')),
        -- The scrypt parameters, salt and hash; NULL for the first manager, who signs in with the manager PIN.
        pin_json TEXT,
        -- Wrong PINs in a row and the lock-out they earned: kept here so a restart does not reset them.
        failures INTEGER NOT NULL DEFAULT 0,
        locked_until TEXT,
        active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
        created_at TEXT NOT NULL,
        CHECK (pin_json IS NOT NULL OR role = 'manager')
      ) STRICT;
      CREATE UNIQUE INDEX cashiers_active_name ON cashiers (name) WHERE active = 1;
      CREATE UNIQUE INDEX cashiers_one_manager_pin ON cashiers (role) WHERE pin_json IS NULL;

      CREATE TABLE shifts (
        id TEXT PRIMARY KEY,
        counter_id TEXT NOT NULL,
        drawer TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('open', 'closed', 'not_counted')),
        business_day TEXT NOT NULL,
        opened_at TEXT NOT NULL,
        opened_by TEXT NOT NULL REFERENCES cashiers (id),
        previous_shift_id TEXT REFERENCES shifts (id),
        closed_at TEXT,
        closed_by TEXT REFERENCES cashiers (id),
        closing_count_id TEXT,
        variance_reason TEXT,
        approved_by TEXT REFERENCES cashiers (id),
        z_number INTEGER,
        CHECK ((state = 'open') = (closed_at IS NULL)),
        CHECK ((state = 'open') = (z_number IS NULL)),
        CHECK ((state = 'closed') = (closing_count_id IS NOT NULL))
      ) STRICT;
      CREATE UNIQUE INDEX shifts_one_open_per_drawer ON shifts (counter_id, drawer) WHERE state = 'open';
      CREATE UNIQUE INDEX shifts_by_z_number ON shifts (counter_id, z_number) WHERE z_number IS NOT NULL;
      CREATE INDEX shifts_by_closed ON shifts (counter_id, drawer, closed_at);

      -- A count of the drawer, one row per currency: the opening float, a closing count, or a count made
      -- later for a shift force-closed as not counted.
      CREATE TABLE drawer_counts (
        count_id TEXT NOT NULL,
        shift_id TEXT NOT NULL REFERENCES shifts (id),
        purpose TEXT NOT NULL CHECK (purpose IN ('opening', 'closing', 'late')),
        currency TEXT NOT NULL,
        amount_minor INTEGER NOT NULL CHECK (amount_minor >= 0),
        denominations_json TEXT,
        counter_id TEXT NOT NULL,
        cashier_id TEXT REFERENCES cashiers (id),
        at TEXT NOT NULL,
        PRIMARY KEY (count_id, currency)
      ) STRICT;
      CREATE INDEX drawer_counts_by_shift ON drawer_counts (shift_id, purpose);

      CREATE TABLE cash_movements (
        id TEXT PRIMARY KEY,
        shift_id TEXT NOT NULL REFERENCES shifts (id),
        kind TEXT NOT NULL CHECK (kind IN ('pay_in', 'pay_out', 'refund', 'no_sale')),
        reason TEXT CHECK (reason IN ('expense', 'owner_drop', 'bank_deposit', 'provider_deposit', 'change_float',
          'customer_refund', 'other')),
        currency TEXT,
        amount_minor INTEGER CHECK (amount_minor > 0),
        note TEXT NOT NULL,
        counter_id TEXT NOT NULL,
        cashier_id TEXT REFERENCES cashiers (id),
        approved_by TEXT REFERENCES cashiers (id),
        at TEXT NOT NULL,
        -- A no-sale open moves no money and needs no reason; every other movement has all three.
        CHECK ((kind = 'no_sale') = (amount_minor IS NULL)),
        CHECK ((kind = 'no_sale') = (currency IS NULL)),
        CHECK ((kind = 'no_sale') = (reason IS NULL))
      ) STRICT;
      CREATE INDEX cash_movements_by_shift ON cash_movements (shift_id, kind, reason, currency, amount_minor);

      -- Made after a Z and pointing to its shift: a late count of a shift closed as not counted, or an
      -- adjustment. Listed on the next Z; the Z it corrects is never edited.
      CREATE TABLE corrections (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('late_count', 'adjustment')),
        shift_id TEXT NOT NULL REFERENCES shifts (id),
        currency TEXT NOT NULL,
        amount_minor INTEGER NOT NULL,
        expected_minor INTEGER,
        reason TEXT NOT NULL,
        counter_id TEXT NOT NULL,
        cashier_id TEXT REFERENCES cashiers (id),
        approved_by TEXT NOT NULL REFERENCES cashiers (id),
        at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX corrections_by_shift ON corrections (shift_id);

      -- Each Z as it was printed. Its number never resets on a counter; corrections with an id above the
      -- previous Z's corrections_through and up to this one's are the ones it lists.
      CREATE TABLE z_reports (
        counter_id TEXT NOT NULL,
        z_number INTEGER NOT NULL CHECK (z_number >= 1),
        shift_id TEXT NOT NULL UNIQUE REFERENCES shifts (id),
        report_json TEXT NOT NULL,
        corrections_through INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (counter_id, z_number)
      ) STRICT;

      CREATE TABLE exchange_rates (
        id INTEGER PRIMARY KEY,
        counter_id TEXT NOT NULL,
        base TEXT NOT NULL,
        quote TEXT NOT NULL,
        buy_per_100_minor INTEGER NOT NULL CHECK (buy_per_100_minor > 0),
        sell_per_100_minor INTEGER NOT NULL CHECK (sell_per_100_minor > 0),
        business_day TEXT NOT NULL,
        set_by TEXT REFERENCES cashiers (id),
        at TEXT NOT NULL,
        CHECK (base != quote)
      ) STRICT;
      CREATE INDEX exchange_rates_by_day ON exchange_rates (business_day, base, quote, id);

      -- The tamper-evident chain: every money record, in order, with no gap in seq on a counter. Each hash
      -- is SHA-256 of the previous hash and the record's canonical JSON, which names its counter, seq,
      -- time, kind, cashier and shift; the other columns repeat what the JSON says, for lookups.
      CREATE TABLE chain (
        ${CHAIN_LINK_COLUMNS}
        record_json TEXT NOT NULL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL,
        PRIMARY KEY (counter_id, seq)
      ) STRICT;
      CREATE INDEX chain_by_subject ON chain (subject, seq);
      CREATE INDEX chain_by_shift ON chain (shift_id, kind);

      -- How the customer paid: method, the price in the currency paid, what they handed over, the change,
      -- and the day's rate when that currency is not the price's.
      ALTER TABLE sales ADD COLUMN tender_method TEXT CHECK (tender_method IN ('cash', 'card', 'transfer'));
      ALTER TABLE sales ADD COLUMN tender_currency TEXT;
      ALTER TABLE sales ADD COLUMN tender_due_minor INTEGER;
      ALTER TABLE sales ADD COLUMN tendered_minor INTEGER;
      ALTER TABLE sales ADD COLUMN change_minor INTEGER;
      ALTER TABLE sales ADD COLUMN rate_per_100_minor INTEGER;
      ALTER TABLE topups ADD COLUMN tender_method TEXT CHECK (tender_method IN ('cash', 'card', 'transfer'));
      ALTER TABLE topups ADD COLUMN tender_currency TEXT;
      ALTER TABLE topups ADD COLUMN tender_due_minor INTEGER;
      ALTER TABLE topups ADD COLUMN tendered_minor INTEGER;
      ALTER TABLE topups ADD COLUMN change_minor INTEGER;
      ALTER TABLE topups ADD COLUMN rate_per_100_minor INTEGER;

      -- A shift's report reads only these indexes (they cover every column it sums), never the tables.
      CREATE INDEX sales_by_shift ON sales (shift_id, state, currency, cost_currency, tender_method, tender_currency,
        quantity, retail_total_minor, cost_minor, tender_due_minor, tendered_minor, change_minor);
      CREATE INDEX topups_by_shift ON topups (shift_id, state, currency, cost_currency, tender_method,
        tender_currency, retail_minor, cost_minor, tender_due_minor, tendered_minor, change_minor);

      CREATE TRIGGER sales_settled_are_final BEFORE UPDATE OF ${SALE_FACTS} ON sales
        WHEN OLD.state IN ('completed', 'failed')
        BEGIN SELECT RAISE(ABORT, 'a completed or failed sale is never edited'); END;
      CREATE TRIGGER sales_never_deleted BEFORE DELETE ON sales
        BEGIN SELECT RAISE(ABORT, 'sales are never deleted'); END;
      CREATE TRIGGER topups_settled_are_final BEFORE UPDATE OF ${TOPUP_FACTS} ON topups
        WHEN OLD.state IN ('completed', 'failed')
        BEGIN SELECT RAISE(ABORT, 'a completed or failed top-up is never edited'); END;
      CREATE TRIGGER topups_never_deleted BEFORE DELETE ON topups
        BEGIN SELECT RAISE(ABORT, 'top-ups are never deleted'); END;
      CREATE TRIGGER shifts_closed_are_final BEFORE UPDATE ON shifts WHEN OLD.state != 'open'
        BEGIN SELECT RAISE(ABORT, 'a closed shift is never edited: record a correction'); END;
      CREATE TRIGGER shifts_never_deleted BEFORE DELETE ON shifts
        BEGIN SELECT RAISE(ABORT, 'shifts are never deleted'); END;
      CREATE TRIGGER cashiers_never_deleted BEFORE DELETE ON cashiers
        BEGIN SELECT RAISE(ABORT, 'cashiers are deactivated, never deleted'); END;
    `);
    for (const table of APPEND_ONLY) {
      db.exec(`
        CREATE TRIGGER ${table}_never_updated BEFORE UPDATE ON ${table}
          BEGIN SELECT RAISE(ABORT, '${table} rows are never edited'); END;
        CREATE TRIGGER ${table}_never_deleted BEFORE DELETE ON ${table}
          BEGIN SELECT RAISE(ABORT, '${table} rows are never deleted'); END;
      `);
    }
  },
};
