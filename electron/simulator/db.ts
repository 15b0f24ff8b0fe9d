import Database from 'better-sqlite3';

/**
 * The simulator's state in SQLite: in memory by default, or a file that keeps a training shop's
 * history across restarts. Money is integer minor units. No secret is ever stored: credentials and
 * webhook secrets are derived from the seed when needed.
 */
export type Db = Database.Database;

const SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;

CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  label TEXT NOT NULL UNIQUE,
  access_code TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,
  currency TEXT NOT NULL,
  balance_minor INTEGER NOT NULL,
  user_exists INTEGER NOT NULL DEFAULT 1,
  network_read_at INTEGER,
  network_read_balance INTEGER,
  webhook_url TEXT,
  webhook_events TEXT,
  webhook_generation INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE TABLE request_ids (
  access_code TEXT NOT NULL,
  request_id TEXT NOT NULL,
  seen_at INTEGER NOT NULL,
  PRIMARY KEY (access_code, request_id)
) STRICT;
CREATE INDEX request_ids_seen ON request_ids (seen_at);

CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  reference TEXT NOT NULL UNIQUE,
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  kind TEXT NOT NULL CHECK (kind IN ('esim', 'topup')),
  package_code TEXT NOT NULL,
  package_name TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'completed', 'failed', 'cancelled')),
  amount_minor INTEGER NOT NULL,
  profit_minor INTEGER NOT NULL,
  currency TEXT NOT NULL,
  idempotency_key TEXT,
  recurring INTEGER NOT NULL DEFAULT 0,
  target_iccid TEXT,
  provision_due_at INTEGER,
  refund_method TEXT,
  refund_state TEXT,
  refunded_minor INTEGER NOT NULL DEFAULT 0,
  processing_ms INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX orders_account ON orders (account_id, created_at);
CREATE INDEX orders_key ON orders (account_id, idempotency_key);

CREATE TABLE esims (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  iccid TEXT NOT NULL UNIQUE,
  package_code TEXT NOT NULL,
  status TEXT NOT NULL,
  esim_status TEXT NOT NULL,
  profile_status TEXT,
  sim_status TEXT NOT NULL,
  smdp_status TEXT NOT NULL,
  suspended INTEGER NOT NULL DEFAULT 0,
  unlimited INTEGER NOT NULL,
  total_mb INTEGER NOT NULL,
  used_mb INTEGER NOT NULL DEFAULT 0,
  validity_days INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  installed_at INTEGER,
  activated_at INTEGER,
  expires_at INTEGER,
  last_usage_at INTEGER,
  imsi TEXT,
  msisdn TEXT,
  eid TEXT,
  imei TEXT,
  device_model TEXT,
  smdp_address TEXT NOT NULL,
  activation_code TEXT NOT NULL,
  qr_token TEXT NOT NULL UNIQUE,
  last_operator TEXT,
  last_mcc TEXT,
  last_mnc TEXT,
  last_country TEXT,
  last_country_iso2 TEXT,
  last_connection TEXT,
  thresholds_fired INTEGER NOT NULL DEFAULT 0,
  live_checked_at INTEGER
) STRICT;
CREATE INDEX esims_account ON esims (account_id, created_at);
CREATE INDEX esims_order ON esims (order_id);

CREATE TABLE usage_records (
  id INTEGER PRIMARY KEY,
  esim_id INTEGER NOT NULL REFERENCES esims (id),
  at INTEGER NOT NULL,
  mb INTEGER NOT NULL,
  country TEXT NOT NULL,
  country_iso2 TEXT NOT NULL,
  mcc TEXT NOT NULL,
  operator TEXT NOT NULL,
  mnc TEXT NOT NULL
) STRICT;
CREATE INDEX usage_esim ON usage_records (esim_id, at);

CREATE TABLE network_events (
  id INTEGER PRIMARY KEY,
  esim_id INTEGER NOT NULL REFERENCES esims (id),
  at INTEGER NOT NULL,
  event_type TEXT NOT NULL,
  req_type TEXT,
  operator TEXT,
  mcc TEXT,
  mnc TEXT,
  country TEXT,
  country_iso2 TEXT,
  msisdn TEXT,
  apn TEXT,
  connection_type TEXT,
  data_response TEXT,
  is_allowed INTEGER NOT NULL
) STRICT;
CREATE INDEX network_events_esim ON network_events (esim_id, at);

CREATE TABLE ledger (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  kind TEXT NOT NULL CHECK (kind IN ('order', 'topup', 'refund', 'adjustment')),
  order_reference TEXT,
  idempotency_key TEXT,
  delta_minor INTEGER NOT NULL,
  balance_after_minor INTEGER NOT NULL,
  currency TEXT NOT NULL,
  note TEXT,
  at INTEGER NOT NULL
) STRICT;
CREATE INDEX ledger_account ON ledger (account_id, id);

CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL UNIQUE,
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  event TEXT NOT NULL,
  url TEXT NOT NULL,
  generation INTEGER NOT NULL,
  payload TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER,
  last_status_code INTEGER,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  last_attempt_at INTEGER
) STRICT;
CREATE INDEX webhook_deliveries_account ON webhook_deliveries (account_id, seq);

CREATE TABLE webhook_attempts (
  id INTEGER PRIMARY KEY,
  delivery_id TEXT NOT NULL REFERENCES webhook_deliveries (id),
  at INTEGER NOT NULL,
  status_code INTEGER,
  error TEXT,
  next_attempt_at INTEGER
) STRICT;

CREATE TABLE sms_messages (
  id INTEGER PRIMARY KEY,
  esim_id INTEGER NOT NULL REFERENCES esims (id),
  message TEXT NOT NULL,
  at INTEGER NOT NULL
) STRICT;
`;

export function openDatabase(file: string | undefined): Db {
  const db = new Database(file ?? ':memory:');
  db.pragma('foreign_keys = ON');
  if (file) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
  }
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > SCHEMA_VERSION) {
    db.close();
    throw new Error(
      `${file} was written by a newer simulator (schema ${version}); this one knows ${SCHEMA_VERSION}`,
    );
  }
  if (version === 0) {
    db.transaction(() => {
      db.exec(SCHEMA);
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    })();
  }
  return db;
}

export function readMeta(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function writeMeta(db: Db, key: string, value: string): void {
  db.prepare(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}

/** Takes the next number of a named sequence (ICCIDs, order references): call inside a transaction. */
export function nextSerial(db: Db, name: string): number {
  const current = Number(readMeta(db, `serial:${name}`) ?? '0');
  writeMeta(db, `serial:${name}`, String(current + 1));
  return current + 1;
}
