import { createHash } from 'node:crypto';
import { CHAIN_RECORD_ENCODING, packRecord } from './chain-record';
import type { Db } from './database';

/**
 * The tamper-evident chain. Every record written to the audit log is also appended here, in the same
 * transaction, as a link: a gap-free sequence number per counter, the record's canonical JSON (which
 * names the counter, the cashier signed in and the shift open when it was written, and the money row
 * it is about as it stands after the change; stored deflated, chain-record.ts), and SHA-256 of the
 * previous link's hash (as hex) followed by that JSON. A hash is stored as its 32 bytes and read as
 * lowercase hex; the previous hash is not stored, but taken from the link before. Changing, removing
 * or inserting a record anywhere breaks every hash after it; a row edited behind the journal's back no
 * longer matches its last link. This is tamper evidence, not prevention: whoever holds the file can
 * rewrite the whole chain, which is why each Z prints the chain's head.
 */

export const GENESIS_HASH = '0'.repeat(64);
/** Bumped if a record's shape ever changes, so older links are still read with the rules they were written by. */
export const CHAIN_RECORD_VERSION = 1;
/** A journal not yet given a counter id (a bare journal in tools and tests) chains under this name. */
export const UNASSIGNED_COUNTER = 'unassigned';

/** The columns a sale and a top-up share: where they come from, and how the customer paid. */
const ORIGIN_COLUMNS = [
  'id',
  'state',
  'counter_id',
  'cashier_id',
  'shift_id',
  'training',
  'receipt_number',
] as const;
const MONEY_COLUMNS = [
  'cost_minor',
  'cost_currency',
  'order_reference',
  'created_at',
  'completed_at',
] as const;
const TENDER_COLUMNS = [
  'tender_method',
  'tender_currency',
  'tender_due_minor',
  'tendered_minor',
  'change_minor',
  'rate_per_100_minor',
] as const;

/**
 * The money row a record is about, by the prefix of its kind (`sale.completed` → the sale): which
 * table, which key the record's subject names, and the columns that are facts. Only these columns
 * are chained, so a later migration adding a column does not make every earlier link look broken.
 */
export const RECORD_ROWS = {
  sale: {
    table: 'sales',
    key: 'id',
    columns: [
      ...ORIGIN_COLUMNS,
      'package_code',
      'quantity',
      'idempotency_key',
      'currency',
      'retail_unit_minor',
      'retail_total_minor',
      ...MONEY_COLUMNS,
      ...TENDER_COLUMNS,
    ],
  },
  topup: {
    table: 'topups',
    key: 'id',
    columns: [
      ...ORIGIN_COLUMNS,
      'iccid',
      'package_code',
      'currency',
      'retail_minor',
      'quoted_cost_minor',
      ...MONEY_COLUMNS,
      ...TENDER_COLUMNS,
    ],
  },
  shift: {
    table: 'shifts',
    key: 'id',
    columns: [
      'id',
      'counter_id',
      'drawer',
      'state',
      'business_day',
      'opened_at',
      'opened_by',
      'previous_shift_id',
      'closed_at',
      'closed_by',
      'closing_count_id',
      'variance_reason',
      'approved_by',
      'z_number',
    ],
  },
  cash: {
    table: 'cash_movements',
    key: 'id',
    columns: [
      'id',
      'shift_id',
      'kind',
      'reason',
      'currency',
      'amount_minor',
      'note',
      'counter_id',
      'cashier_id',
      'approved_by',
      'at',
    ],
  },
  count: {
    table: 'drawer_counts',
    key: 'count_id',
    columns: ['count_id', 'shift_id', 'purpose', 'currency', 'amount_minor', 'denominations_json', 'at'],
  },
  correction: {
    table: 'corrections',
    key: 'id',
    columns: [
      'id',
      'kind',
      'shift_id',
      'currency',
      'amount_minor',
      'expected_minor',
      'reason',
      'approved_by',
      'at',
    ],
  },
  z: {
    table: 'z_reports',
    key: 'shift_id',
    columns: ['counter_id', 'z_number', 'shift_id', 'report_json', 'corrections_through', 'created_at'],
  },
  rate: {
    table: 'exchange_rates',
    key: 'id',
    columns: [
      'id',
      'base',
      'quote',
      'buy_per_100_minor',
      'sell_per_100_minor',
      'business_day',
      'set_by',
      'at',
    ],
  },
  cashier: { table: 'cashiers', key: 'id', columns: ['id', 'name', 'role', 'active'] },
} as const satisfies Record<string, { table: string; key: string; columns: readonly string[] }>;

export type RecordRowKind = keyof typeof RECORD_ROWS;

export function recordRowKind(kind: string): RecordRowKind | null {
  const prefix = kind.split('.', 1)[0] ?? '';
  return Object.hasOwn(RECORD_ROWS, prefix) ? (prefix as RecordRowKind) : null;
}

/** The rows a record is about, as they stand now (ordered, so the same rows always give the same JSON). */
export function currentRows(db: Db, rowKind: RecordRowKind, subject: string): unknown[] {
  const { table, key, columns } = RECORD_ROWS[rowKind];
  return db
    .prepare(`SELECT ${columns.join(', ')} FROM ${table} WHERE ${key} = ? ORDER BY rowid`)
    .all(subject) as unknown[];
}

/** JSON with object keys sorted at every level and no whitespace: the same record always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    return text === undefined ? 'null' : text;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, inner]) => inner !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
}

export function linkHash(prevHash: string, recordJson: string): string {
  return createHash('sha256').update(prevHash).update(recordJson).digest('hex');
}

export interface ChainRecord {
  readonly at: string;
  readonly kind: string;
  readonly subject: string | null;
  readonly detail: unknown;
}

export interface ChainLink {
  readonly counterId: string;
  readonly seq: number;
  readonly hash: string;
}

/** Who wrote a record: the counter, the cashier signed in, and the shift open on its drawer. */
const ORIGIN = `
  WITH counter AS (
    SELECT coalesce((SELECT json_extract(value_json, '$') FROM settings WHERE key = 'counter.id'), @unassigned) AS id
  )
  SELECT counter.id AS counterId,
    (SELECT json_extract(value_json, '$') FROM settings WHERE key = 'counter.cashier') AS cashierId,
    (SELECT id FROM shifts WHERE shifts.counter_id = counter.id AND state = 'open' ORDER BY opened_at LIMIT 1)
      AS shiftId
  FROM counter`;

/**
 * Appends one record to the chain. Call it in the transaction that writes the record, after the money
 * row has changed, so the link holds the row as the change left it.
 */
export function appendToChain(db: Db, record: ChainRecord): ChainLink {
  const origin = db.prepare(ORIGIN).get({ unassigned: UNASSIGNED_COUNTER }) as {
    counterId: string;
    cashierId: string | null;
    shiftId: string | null;
  };
  const last = chainHead(db, origin.counterId);
  const seq = (last?.seq ?? 0) + 1;
  const prevHash = last?.hash ?? GENESIS_HASH;
  const rowKind = record.subject === null ? null : recordRowKind(record.kind);
  const recordJson = canonicalJson({
    v: CHAIN_RECORD_VERSION,
    counter: origin.counterId,
    seq,
    at: record.at,
    kind: record.kind,
    subject: record.subject,
    cashier: origin.cashierId,
    shift: origin.shiftId,
    detail: record.detail ?? null,
    rows: rowKind && record.subject !== null ? currentRows(db, rowKind, record.subject) : null,
  });
  const hash = linkHash(prevHash, recordJson);
  db.prepare(
    `INSERT INTO chain (counter_id, seq, at, kind, subject, cashier_id, shift_id, record, record_encoding, hash)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    origin.counterId,
    seq,
    record.at,
    record.kind,
    record.subject,
    origin.cashierId,
    origin.shiftId,
    packRecord(recordJson),
    CHAIN_RECORD_ENCODING,
    Buffer.from(hash, 'hex'),
  );
  return { counterId: origin.counterId, seq, hash };
}

/** The chain's last link on a counter; null before its first record. */
export function chainHead(db: Db, counterId: string): { seq: number; hash: string } | null {
  return (
    (db
      .prepare(`SELECT seq, ${hashHex()} AS hash FROM chain WHERE counter_id = ? ORDER BY seq DESC LIMIT 1`)
      .get(counterId) as { seq: number; hash: string } | undefined) ?? null
  );
}

/**
 * A link's stored hash (its 32 bytes) as the lowercase hex it was computed as and a Z prints, in SQL:
 * every statement that reads a hash reads it this way, so none handles the bytes.
 */
export function hashHex(column = 'hash'): string {
  return `lower(hex(${column}))`;
}
