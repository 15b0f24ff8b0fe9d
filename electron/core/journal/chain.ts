import { createHash } from 'node:crypto';
import { CHAIN_RECORD_ENCODING, packRecord } from './chain-record';
import { WRITTEN_ROWS, type WrittenRow } from './chain-rows';
import type { Db } from './database';

/**
 * The tamper-evident chain, the journal's one record log. Every record is appended here, in the
 * transaction that writes it, as a link: a gap-free sequence number per counter, the record's canonical JSON (which
 * names the counter, the cashier signed in and the shift open when it was written, and the money rows
 * it is about as they stand after the change, chain-rows.ts; stored deflated, chain-record.ts), and SHA-256 of the
 * previous link's hash (as hex) followed by that JSON. A hash is stored as its 32 bytes and read as
 * lowercase hex; the previous hash is not stored, but taken from the link before. Changing, removing
 * or inserting a record anywhere breaks every hash after it; a row edited behind the journal's back no
 * longer matches its last link. This is tamper evidence, not prevention: whoever holds the file can
 * rewrite the whole chain, which is why each Z prints the chain's head.
 */

export const GENESIS_HASH = '0'.repeat(64);
/**
 * The version of the records this code writes. Bumped when what a record holds changes; an older
 * link is still read by the rules of its version (chain-rows.ts). Version 2 holds every money record
 * and every printed field; version 1 held the sale, top-up and drawer records.
 */
export const CHAIN_RECORD_VERSION = 2;
/**
 * The kinds a query finds by the shift they were written in (shift-report.ts, each by a partial index):
 * the cashiers signed in and the copies printed. Only their links fill the lookup column `shift_id`.
 * No query looks a link up by its cashier, so no link fills `cashier_id`. Every record names both
 * whatever its kind. Links written before December 2026 fill both: 72 bytes of ids on each of a
 * sale's four links, a twentieth of a sale's share of the journal.
 */
export const LOOKED_UP_BY_SHIFT: ReadonlySet<string> = new Set(['cashier.signed_in', 'receipt.copy']);
/** A journal not yet given a counter id (a bare journal in tools and tests) chains under this name. */
export const UNASSIGNED_COUNTER = 'unassigned';

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
  /** The subject's row as the change returned it: the link holds it without reading it again. */
  readonly written?: WrittenRow;
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
  const rows = record.subject === null ? null : WRITTEN_ROWS.rowsOf(record.kind);
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
    rows: null,
    ...(rows && record.subject !== null ? WRITTEN_ROWS.read(db, rows, record.subject, record.written) : {}),
  });
  const hash = linkHash(prevHash, recordJson);
  db.prepare(
    `INSERT INTO chain (counter_id, seq, at, kind, subject, cashier_id, shift_id, record, record_encoding, hash)
     VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)`,
  ).run(
    origin.counterId,
    seq,
    record.at,
    record.kind,
    record.subject,
    LOOKED_UP_BY_SHIFT.has(record.kind) ? origin.shiftId : null,
    packRecord(recordJson),
    CHAIN_RECORD_ENCODING,
    Buffer.from(hash, 'hex'),
  );
  watchers.get(db)?.();
  return { counterId: origin.counterId, seq, hash };
}

const watchers = new WeakMap<Db, () => void>();

/**
 * Tells `listener` soon after a link is appended to this connection's chain: once the transaction
 * that appended it has ended (a rolled-back link makes a call for nothing), and once for all the
 * links appended meanwhile. The shop ledger's pusher sends the chain as it grows, this way; nothing
 * on the record's path waits for it. One listener per connection.
 */
export function watchChain(db: Db, listener: () => void): () => void {
  let told = false;
  watchers.set(db, () => {
    if (told) return;
    told = true;
    setImmediate(() => {
      told = false;
      listener();
    });
  });
  return () => watchers.delete(db);
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
