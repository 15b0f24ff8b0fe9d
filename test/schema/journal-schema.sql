-- The journal's schema at version 22, as a new shop's journal gets it from its migrations.
-- Written by test/unit/journal-schema.test.ts; never edited by hand (see docs/journal.md).

CREATE TABLE answer_bodies (
        answer_id INTEGER PRIMARY KEY REFERENCES answers (id),
        body BLOB NOT NULL
      ) STRICT;

CREATE TABLE answer_esims (
        sale_id TEXT NOT NULL REFERENCES sales (id),
        answer_seq INTEGER NOT NULL,
        position INTEGER NOT NULL,
        iccid TEXT,
        lpa TEXT NOT NULL,
        smdp_address TEXT NOT NULL,
        activation_code TEXT NOT NULL,
        PRIMARY KEY (sale_id, answer_seq, position)
      ) STRICT;

CREATE TABLE answers (
        id INTEGER PRIMARY KEY,
        record_kind TEXT NOT NULL CHECK (record_kind IN ('sale', 'topup', 'cancellation')),
        record_id TEXT NOT NULL,
        seq INTEGER NOT NULL CHECK (seq >= 1),
        request TEXT,
        send INTEGER,
        attempt INTEGER,
        status INTEGER,
        whole INTEGER NOT NULL CHECK (whole IN (0, 1)),
        received_at TEXT NOT NULL,
        encoding TEXT NOT NULL
          CHECK (encoding IN ('text', 'deflate', 'deflate-base64', 'deflate-d1', 'deflate-base64-d1')),
        UNIQUE (record_kind, record_id, seq)
      ) STRICT;

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

CREATE TABLE "cancellations" (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('cancellation', 'goodwill')),
        sale_id TEXT,
        -- The counter that sold it, when it is another counter of the shop (its code, as printed).
        sale_counter_code TEXT,
        topup_id TEXT REFERENCES topups (id),
        -- intent: journalled, not sent; sent: on the wire; cancelled: the provider cancelled the order;
        -- refused: the provider certainly did not; unknown: no answer, settled by reading only;
        -- recorded: a goodwill refund (nothing is sent).
        state TEXT NOT NULL CHECK (state IN ('intent', 'sent', 'cancelled', 'refused', 'unknown', 'recorded')),
        receipt_number INTEGER NOT NULL,
        original_receipt_number INTEGER NOT NULL,
        counter_id TEXT NOT NULL,
        training INTEGER NOT NULL CHECK (training IN (0, 1)),
        cashier_id TEXT REFERENCES cashiers (id),
        shift_id TEXT REFERENCES shifts (id),
        approved_by TEXT NOT NULL REFERENCES cashiers (id),
        reason TEXT NOT NULL,
        iccid TEXT,
        order_reference TEXT,
        -- What the provider refunds to the account, and how: to the balance now, a refund request
        -- (in transit until the provider credits it), or settled separately (enterprise).
        refund_method TEXT CHECK (refund_method IN ('balance', 'refund_request', 'separate')),
        provider_refund_minor INTEGER,
        provider_refund_currency TEXT,
        -- Whether the provider will ever return the money: a goodwill refund is the shop's loss.
        recoverable INTEGER NOT NULL CHECK (recoverable IN (0, 1)),
        -- The cash handed back to the customer, and the drawer movement that recorded it.
        cash_refund_minor INTEGER CHECK (cash_refund_minor > 0),
        cash_refund_currency TEXT,
        cash_movement_id TEXT REFERENCES cash_movements (id),
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error_json TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        settled_at TEXT,
        CHECK ((kind = 'cancellation') = (sale_id IS NOT NULL)),
        CHECK (sale_counter_code IS NULL OR kind = 'cancellation'),
        CHECK ((kind = 'goodwill') = (topup_id IS NOT NULL)),
        CHECK ((kind = 'goodwill') = (state = 'recorded')),
        CHECK ((cash_refund_minor IS NULL) = (cash_refund_currency IS NULL))
      ) STRICT;

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

CREATE TABLE catalogue (
        code TEXT PRIMARY KEY,
        position INTEGER NOT NULL,
        package_json TEXT NOT NULL,
        raw_json TEXT NOT NULL,
        synced_at TEXT NOT NULL
      ) STRICT;

CREATE TABLE "chain" (
        
  counter_id TEXT NOT NULL,
  seq INTEGER NOT NULL CHECK (seq >= 1),
  at TEXT NOT NULL,
  kind TEXT NOT NULL,
  subject TEXT,
  cashier_id TEXT,
  shift_id TEXT,

        record BLOB NOT NULL,
        record_encoding TEXT NOT NULL CHECK (record_encoding IN ('deflate-d1', 'deflate-d2')),
        hash BLOB NOT NULL,
        PRIMARY KEY (counter_id, seq)
      ) STRICT;

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

CREATE TABLE receipt_counters (
        counter_id TEXT NOT NULL,
        training INTEGER NOT NULL CHECK (training IN (0, 1)),
        last_number INTEGER NOT NULL CHECK (last_number >= 1),
        PRIMARY KEY (counter_id, training)
      ) STRICT;

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

CREATE TABLE sale_esims (
        sale_id TEXT NOT NULL REFERENCES sales (id),
        position INTEGER NOT NULL,
        iccid TEXT NOT NULL,
        lpa TEXT NOT NULL,
        -- Null: the address and the code are the LPA string's parts (LPA:1$address$code).
        smdp_address_apart TEXT,
        activation_code_apart TEXT,
        smdp_address TEXT NOT NULL
          GENERATED ALWAYS AS (coalesce(smdp_address_apart, substr(lpa, 7, instr(substr(lpa, 7), '$') - 1))) VIRTUAL,
        activation_code TEXT NOT NULL
          GENERATED ALWAYS AS (coalesce(activation_code_apart, substr(lpa, 7 + instr(substr(lpa, 7), '$')))) VIRTUAL,
        -- 1: Apple's install link is its fixed prefix and the LPA string.
        apple_install_url_from_lpa INTEGER NOT NULL CHECK (apple_install_url_from_lpa IN (0, 1)),
        apple_install_url_apart TEXT,
        apple_install_url TEXT GENERATED ALWAYS AS (
          CASE WHEN apple_install_url_from_lpa = 1
            THEN 'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=' || lpa
            ELSE apple_install_url_apart END) VIRTUAL,
        android_install_url TEXT,
        status TEXT,
        total_volume_bytes INTEGER,
        validity_days INTEGER,
        expires_at TEXT,
        PRIMARY KEY (sale_id, position),
        CHECK ((smdp_address_apart IS NULL) = (activation_code_apart IS NULL)),
        CHECK (smdp_address_apart IS NOT NULL OR (substr(lpa, 1, 6) = 'LPA:1$' AND instr(substr(lpa, 7), '$') > 0)),
        CHECK (apple_install_url_from_lpa = 0 OR apple_install_url_apart IS NULL)
      ) STRICT;

CREATE TABLE sales (
        id TEXT PRIMARY KEY,
        receipt_number INTEGER NOT NULL,
        counter_id TEXT NOT NULL,
        cashier_id TEXT,
        shift_id TEXT,
        training INTEGER NOT NULL CHECK (training IN (0, 1)),
        state TEXT NOT NULL CHECK (state IN ('intent', 'sent', 'in_doubt', 'pending', 'completed', 'support', 'failed')),
        package_code TEXT NOT NULL,
        package_name TEXT NOT NULL,
        quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 10),
        idempotency_key TEXT NOT NULL UNIQUE,
        currency TEXT NOT NULL,
        retail_unit_minor INTEGER NOT NULL,
        retail_total_minor INTEGER NOT NULL,
        cost_minor INTEGER,
        cost_currency TEXT,
        new_balance_minor INTEGER,
        order_reference TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error_json TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        sent_at TEXT,
        state_since TEXT NOT NULL,
        completed_at TEXT,
        next_check_at TEXT,
        give_up_at TEXT, account_ref TEXT, quoted_cost_minor INTEGER, quoted_cost_currency TEXT, tender_method TEXT CHECK (tender_method IN ('cash', 'card', 'transfer')), tender_currency TEXT, tender_due_minor INTEGER, tendered_minor INTEGER, change_minor INTEGER, rate_per_100_minor INTEGER,
        UNIQUE (training, receipt_number)
      ) STRICT;

CREATE TABLE sales_cancelled_elsewhere (
        sale_id TEXT PRIMARY KEY REFERENCES sales (id),
        cancellation_json TEXT NOT NULL CHECK (json_valid(cancellation_json)),
        read_at TEXT NOT NULL
      ) STRICT;

CREATE TABLE sales_sold_daily (
        day TEXT NOT NULL,
        package_code TEXT NOT NULL,
        sold INTEGER NOT NULL CHECK (sold >= 1),
        last_sold_at TEXT NOT NULL,
        PRIMARY KEY (day, package_code)
      ) STRICT, WITHOUT ROWID;

CREATE TABLE sales_sold_week (
        package_code TEXT PRIMARY KEY,
        sold INTEGER NOT NULL CHECK (sold >= 1),
        last_sold_at TEXT NOT NULL
      ) STRICT, WITHOUT ROWID;

CREATE TABLE sales_sold_week_start (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        first_day TEXT
      ) STRICT;

CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value_json TEXT NOT NULL
      ) STRICT;

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
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        sent_at TEXT,
        state_since TEXT NOT NULL,
        completed_at TEXT,
        next_check_at TEXT, tender_method TEXT CHECK (tender_method IN ('cash', 'card', 'transfer')), tender_currency TEXT, tender_due_minor INTEGER, tendered_minor INTEGER, change_minor INTEGER, rate_per_100_minor INTEGER, search_json TEXT, decision_json TEXT,
        UNIQUE (training, receipt_number)
      ) STRICT;

CREATE TABLE unchained_records (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        kind TEXT NOT NULL,
        subject TEXT,
        detail_json TEXT
      ) STRICT;

CREATE TABLE z_reports (
        counter_id TEXT NOT NULL,
        z_number INTEGER NOT NULL CHECK (z_number >= 1),
        shift_id TEXT NOT NULL UNIQUE REFERENCES shifts (id),
        report_json TEXT NOT NULL,
        corrections_through INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (counter_id, z_number)
      ) STRICT;

CREATE INDEX answer_esims_by_iccid ON answer_esims (iccid);

CREATE INDEX balance_snapshots_by_day ON balance_snapshots (business_day, purpose, taken_at);

CREATE INDEX cancellations_by_shift ON cancellations (shift_id);

CREATE INDEX cancellations_by_time ON cancellations (counter_id, created_at);

CREATE UNIQUE INDEX cancellations_one_per_sale ON cancellations (sale_id)
        WHERE sale_id IS NOT NULL AND state != 'refused';

CREATE INDEX cash_movements_by_shift ON cash_movements (shift_id, kind, reason, currency, amount_minor);

CREATE UNIQUE INDEX cashiers_active_name ON cashiers (name) WHERE active = 1;

CREATE UNIQUE INDEX cashiers_one_manager_pin ON cashiers (role) WHERE pin_json IS NULL;

CREATE INDEX chain_by_subject ON chain (subject, seq);

CREATE INDEX chain_reprints_by_shift ON chain (shift_id) WHERE kind = 'receipt.copy';

CREATE INDEX chain_sign_ins_by_shift ON chain (shift_id, subject) WHERE kind = 'cashier.signed_in';

CREATE INDEX corrections_by_shift ON corrections (shift_id);

CREATE INDEX drawer_counts_by_shift ON drawer_counts (shift_id, purpose);

CREATE INDEX exchange_rates_by_day ON exchange_rates (business_day, base, quote, id);

CREATE INDEX provider_deposits_by_day ON provider_deposits (business_day);

CREATE INDEX reconciliation_runs_by_period ON reconciliation_runs (first_day, last_day, run_at);

CREATE INDEX sale_esims_by_iccid ON sale_esims (iccid);

CREATE INDEX sales_by_order_reference ON sales (order_reference);

CREATE INDEX sales_by_shift ON sales (shift_id, state, currency, cost_currency, tender_method, tender_currency,
        quantity, retail_total_minor, cost_minor, tender_due_minor, tendered_minor, change_minor);

CREATE INDEX sales_due_checks ON sales (state, training, next_check_at);

CREATE INDEX sales_listed ON sales (created_at, receipt_number);

CREATE INDEX sales_sold_week_ranked ON sales_sold_week (sold, last_sold_at);

CREATE INDEX shifts_by_closed ON shifts (counter_id, drawer, closed_at);

CREATE UNIQUE INDEX shifts_by_z_number ON shifts (counter_id, z_number) WHERE z_number IS NOT NULL;

CREATE UNIQUE INDEX shifts_one_open_per_drawer ON shifts (counter_id, drawer) WHERE state = 'open';

CREATE INDEX topups_by_iccid ON topups (iccid, created_at);

CREATE INDEX topups_by_order_reference ON topups (order_reference);

CREATE INDEX topups_by_shift ON topups (shift_id, state, currency, cost_currency, tender_method,
        tender_currency, retail_minor, cost_minor, tender_due_minor, tendered_minor, change_minor);

CREATE INDEX topups_due_checks ON topups (state, training, next_check_at);

CREATE INDEX topups_listed ON topups (created_at, receipt_number);

CREATE INDEX unchained_records_by_subject ON unchained_records (subject, kind);

CREATE TRIGGER answer_bodies_are_never_changed BEFORE UPDATE ON answer_bodies
        BEGIN SELECT RAISE(ABORT, 'answers are kept as received'); END;

CREATE TRIGGER answer_bodies_are_never_removed BEFORE DELETE ON answer_bodies
        BEGIN SELECT RAISE(ABORT, 'answers are kept as received'); END;

CREATE TRIGGER answers_are_never_changed BEFORE UPDATE ON answers
        BEGIN SELECT RAISE(ABORT, 'answers are kept as received'); END;

CREATE TRIGGER answers_are_never_removed BEFORE DELETE ON answers
        BEGIN SELECT RAISE(ABORT, 'answers are kept as received'); END;

CREATE TRIGGER balance_snapshots_no_delete BEFORE DELETE ON balance_snapshots
        BEGIN SELECT RAISE(ABORT, 'balance_snapshots rows are evidence: never removed'); END;

CREATE TRIGGER balance_snapshots_no_update BEFORE UPDATE ON balance_snapshots
        BEGIN SELECT RAISE(ABORT, 'balance_snapshots rows are evidence: never changed'); END;

CREATE TRIGGER cancellations_never_deleted BEFORE DELETE ON cancellations
        BEGIN SELECT RAISE(ABORT, 'cancellations are never deleted'); END;

CREATE TRIGGER cancellations_of_own_sales BEFORE INSERT ON cancellations
        WHEN NEW.sale_id IS NOT NULL AND NEW.sale_counter_code IS NULL
          AND NOT EXISTS (SELECT 1 FROM sales WHERE id = NEW.sale_id)
        BEGIN SELECT RAISE(ABORT, 'a cancellation of this counter names a sale of its journal'); END;

CREATE TRIGGER cancellations_settled_are_final BEFORE UPDATE ON cancellations
        WHEN OLD.state IN ('cancelled', 'refused', 'recorded') AND NOT (OLD.state = 'cancelled'
          AND NEW.state = 'cancelled' AND OLD.cash_movement_id IS NULL AND NEW.cash_movement_id IS NOT NULL)
        BEGIN SELECT RAISE(ABORT, 'a settled cancellation is never edited'); END;

CREATE TRIGGER cash_movements_never_deleted BEFORE DELETE ON cash_movements
          BEGIN SELECT RAISE(ABORT, 'cash_movements rows are never deleted'); END;

CREATE TRIGGER cash_movements_never_updated BEFORE UPDATE ON cash_movements
          BEGIN SELECT RAISE(ABORT, 'cash_movements rows are never edited'); END;

CREATE TRIGGER cashiers_never_deleted BEFORE DELETE ON cashiers
        BEGIN SELECT RAISE(ABORT, 'cashiers are deactivated, never deleted'); END;

CREATE TRIGGER chain_never_deleted BEFORE DELETE ON chain
    BEGIN SELECT RAISE(ABORT, 'chain rows are never deleted'); END;

CREATE TRIGGER chain_never_updated BEFORE UPDATE ON chain
    BEGIN SELECT RAISE(ABORT, 'chain rows are never edited'); END;

CREATE TRIGGER corrections_never_deleted BEFORE DELETE ON corrections
          BEGIN SELECT RAISE(ABORT, 'corrections rows are never deleted'); END;

CREATE TRIGGER corrections_never_updated BEFORE UPDATE ON corrections
          BEGIN SELECT RAISE(ABORT, 'corrections rows are never edited'); END;

CREATE TRIGGER drawer_counts_never_deleted BEFORE DELETE ON drawer_counts
          BEGIN SELECT RAISE(ABORT, 'drawer_counts rows are never deleted'); END;

CREATE TRIGGER drawer_counts_never_updated BEFORE UPDATE ON drawer_counts
          BEGIN SELECT RAISE(ABORT, 'drawer_counts rows are never edited'); END;

CREATE TRIGGER exchange_rates_never_deleted BEFORE DELETE ON exchange_rates
          BEGIN SELECT RAISE(ABORT, 'exchange_rates rows are never deleted'); END;

CREATE TRIGGER exchange_rates_never_updated BEFORE UPDATE ON exchange_rates
          BEGIN SELECT RAISE(ABORT, 'exchange_rates rows are never edited'); END;

CREATE TRIGGER provider_deposits_no_delete BEFORE DELETE ON provider_deposits
        BEGIN SELECT RAISE(ABORT, 'provider_deposits rows are evidence: never removed'); END;

CREATE TRIGGER provider_deposits_no_update BEFORE UPDATE ON provider_deposits
        BEGIN SELECT RAISE(ABORT, 'provider_deposits rows are evidence: never changed'); END;

CREATE TRIGGER reconciliation_exceptions_no_delete BEFORE DELETE ON reconciliation_exceptions
        BEGIN SELECT RAISE(ABORT, 'reconciliation_exceptions rows are evidence: never removed'); END;

CREATE TRIGGER reconciliation_exceptions_no_update BEFORE UPDATE ON reconciliation_exceptions
        BEGIN SELECT RAISE(ABORT, 'reconciliation_exceptions rows are evidence: never changed'); END;

CREATE TRIGGER reconciliation_resolutions_no_delete BEFORE DELETE ON reconciliation_resolutions
        BEGIN SELECT RAISE(ABORT, 'reconciliation_resolutions rows are evidence: never removed'); END;

CREATE TRIGGER reconciliation_resolutions_no_update BEFORE UPDATE ON reconciliation_resolutions
        BEGIN SELECT RAISE(ABORT, 'reconciliation_resolutions rows are evidence: never changed'); END;

CREATE TRIGGER reconciliation_runs_no_delete BEFORE DELETE ON reconciliation_runs
        BEGIN SELECT RAISE(ABORT, 'reconciliation_runs rows are evidence: never removed'); END;

CREATE TRIGGER reconciliation_runs_no_update BEFORE UPDATE ON reconciliation_runs
        BEGIN SELECT RAISE(ABORT, 'reconciliation_runs rows are evidence: never changed'); END;

CREATE TRIGGER sales_never_deleted BEFORE DELETE ON sales
        BEGIN SELECT RAISE(ABORT, 'sales are never deleted'); END;

CREATE TRIGGER sales_settled_are_final BEFORE UPDATE OF state, counter_id, cashier_id, shift_id, training, receipt_number, package_code, quantity,
  idempotency_key, currency, retail_unit_minor, retail_total_minor, cost_minor, cost_currency, order_reference,
  created_at, completed_at, tender_method, tender_currency, tender_due_minor, tendered_minor, change_minor,
  rate_per_100_minor ON sales
        WHEN OLD.state IN ('completed', 'failed')
        BEGIN SELECT RAISE(ABORT, 'a completed or failed sale is never edited'); END;

CREATE TRIGGER sales_sold_on_completion AFTER UPDATE OF state ON sales
        WHEN NEW.state = 'completed' AND OLD.state != 'completed'
        BEGIN
          INSERT INTO sales_sold_daily (day, package_code, sold, last_sold_at)
  VALUES (substr(NEW.created_at, 1, 10), NEW.package_code, NEW.quantity, NEW.created_at)
  ON CONFLICT DO UPDATE SET sold = sold + excluded.sold, last_sold_at = max(last_sold_at, excluded.last_sold_at);
          INSERT INTO sales_sold_week (package_code, sold, last_sold_at)
  SELECT NEW.package_code, NEW.quantity, NEW.created_at FROM sales_sold_week_start
  WHERE id = 1 AND substr(NEW.created_at, 1, 10) >= first_day
  ON CONFLICT DO UPDATE SET sold = sold + excluded.sold, last_sold_at = max(last_sold_at, excluded.last_sold_at);
        END;

CREATE TRIGGER sales_sold_on_insert AFTER INSERT ON sales WHEN NEW.state = 'completed'
        BEGIN
          INSERT INTO sales_sold_daily (day, package_code, sold, last_sold_at)
  VALUES (substr(NEW.created_at, 1, 10), NEW.package_code, NEW.quantity, NEW.created_at)
  ON CONFLICT DO UPDATE SET sold = sold + excluded.sold, last_sold_at = max(last_sold_at, excluded.last_sold_at);
          INSERT INTO sales_sold_week (package_code, sold, last_sold_at)
  SELECT NEW.package_code, NEW.quantity, NEW.created_at FROM sales_sold_week_start
  WHERE id = 1 AND substr(NEW.created_at, 1, 10) >= first_day
  ON CONFLICT DO UPDATE SET sold = sold + excluded.sold, last_sold_at = max(last_sold_at, excluded.last_sold_at);
        END;

CREATE TRIGGER shifts_closed_are_final BEFORE UPDATE ON shifts WHEN OLD.state != 'open'
        BEGIN SELECT RAISE(ABORT, 'a closed shift is never edited: record a correction'); END;

CREATE TRIGGER shifts_never_deleted BEFORE DELETE ON shifts
        BEGIN SELECT RAISE(ABORT, 'shifts are never deleted'); END;

CREATE TRIGGER topups_decision_is_final BEFORE UPDATE OF decision_json ON topups
        WHEN OLD.state IN ('completed', 'failed')
        BEGIN SELECT RAISE(ABORT, 'a completed or failed top-up is never edited'); END;

CREATE TRIGGER topups_never_deleted BEFORE DELETE ON topups
        BEGIN SELECT RAISE(ABORT, 'top-ups are never deleted'); END;

CREATE TRIGGER topups_settled_are_final BEFORE UPDATE OF state, counter_id, cashier_id, shift_id, training, receipt_number, iccid, package_code,
  currency, retail_minor, quoted_cost_minor, cost_minor, cost_currency, order_reference, created_at, completed_at,
  tender_method, tender_currency, tender_due_minor, tendered_minor, change_minor, rate_per_100_minor ON topups
        WHEN OLD.state IN ('completed', 'failed')
        BEGIN SELECT RAISE(ABORT, 'a completed or failed top-up is never edited'); END;

CREATE TRIGGER unchained_records_never_deleted BEFORE DELETE ON unchained_records
        BEGIN SELECT RAISE(ABORT, 'records are never deleted'); END;

CREATE TRIGGER unchained_records_never_updated BEFORE UPDATE ON unchained_records
        BEGIN SELECT RAISE(ABORT, 'records are never edited'); END;

CREATE TRIGGER z_reports_never_deleted BEFORE DELETE ON z_reports
          BEGIN SELECT RAISE(ABORT, 'z_reports rows are never deleted'); END;

CREATE TRIGGER z_reports_never_updated BEFORE UPDATE ON z_reports
          BEGIN SELECT RAISE(ABORT, 'z_reports rows are never edited'); END;
