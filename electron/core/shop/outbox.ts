import { hashHex } from '../journal/chain';
import { unpackRecord } from '../journal/chain-record';
import type { Db } from '../journal/database';

/**
 * The outbox is the journal's chain (journal/chain.ts). Every record is already appended to it as a
 * link in the transaction that writes the record: a gap-free sequence number per counter, the record
 * as the change left it (canonical JSON), and its hash. So nothing on a sale's path writes anything
 * more for the shop ledger, nothing can be published without being journalled (or the reverse), and
 * the ledger receives the very chain a Z prints the head of, and checks it as it arrives.
 */

/** One link as the ledger receives it: the exact text that was hashed, and its hash. */
export interface OutboxLink {
  readonly seq: number;
  readonly hash: string;
  readonly record: string;
}

/** Up to `limit` links of `counterId` after `afterSeq`, in order. */
export function linksAfter(db: Db, counterId: string, afterSeq: number, limit: number): OutboxLink[] {
  const rows = db
    .prepare(
      `SELECT seq, ${hashHex()} AS hash, record, record_encoding FROM chain
       WHERE counter_id = ? AND seq > ? ORDER BY seq LIMIT ?`,
    )
    .all(counterId, afterSeq, limit) as {
    seq: number;
    hash: string;
    record: Buffer;
    record_encoding: string;
  }[];
  return rows.map((row) => ({
    seq: row.seq,
    hash: row.hash,
    record: unpackRecord(row.record, row.record_encoding),
  }));
}

/** The hash of link `seq` of `counterId`, or null when the journal has no such link. */
export function localHashAt(db: Db, counterId: string, seq: number): string | null {
  const row = db
    .prepare(`SELECT ${hashHex()} AS hash FROM chain WHERE counter_id = ? AND seq = ?`)
    .get(counterId, seq) as { hash: string } | undefined;
  return row?.hash ?? null;
}
