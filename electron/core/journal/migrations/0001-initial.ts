import type { Migration } from './index';

/** Settings, the catalogue cache, sales with their eSIMs, and the audit log. */
export const m0001Initial: Migration = {
  version: 1,
  name: '0001-initial',
  up(db) {
    db.exec(`
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value_json TEXT NOT NULL
      ) STRICT;

      -- The provider's catalogue as last synced, in the API's order: the converted package and its JSON verbatim.
      CREATE TABLE catalogue (
        code TEXT PRIMARY KEY,
        position INTEGER NOT NULL,
        package_json TEXT NOT NULL,
        raw_json TEXT NOT NULL,
        synced_at TEXT NOT NULL
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
        raw_response TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        sent_at TEXT,
        state_since TEXT NOT NULL,
        completed_at TEXT,
        next_check_at TEXT,
        give_up_at TEXT,
        UNIQUE (training, receipt_number)
      ) STRICT;
      CREATE INDEX sales_by_state ON sales (state);
      CREATE INDEX sales_by_created ON sales (created_at);

      CREATE TABLE sale_esims (
        sale_id TEXT NOT NULL REFERENCES sales (id),
        position INTEGER NOT NULL,
        iccid TEXT NOT NULL,
        lpa TEXT NOT NULL,
        smdp_address TEXT NOT NULL,
        activation_code TEXT NOT NULL,
        apple_install_url TEXT,
        android_install_url TEXT,
        status TEXT,
        total_volume_bytes INTEGER,
        validity_days INTEGER,
        expires_at TEXT,
        PRIMARY KEY (sale_id, position)
      ) STRICT;
      CREATE INDEX sale_esims_by_iccid ON sale_esims (iccid);

      CREATE TABLE audit (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        kind TEXT NOT NULL,
        subject TEXT,
        detail_json TEXT
      ) STRICT;
    `);
  },
};
