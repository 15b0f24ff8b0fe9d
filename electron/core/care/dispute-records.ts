import { GENESIS_HASH, hashHex } from '../journal/chain';
import { type LoggedRecord, recordOfLink } from '../journal/chain-record';
import type { Db } from '../journal/database';

/** A chain link with the hash it follows (the link before's), both as hex. */
export interface LinkOfRecord {
  readonly seq: number;
  readonly at: string;
  readonly kind: string;
  readonly subject: string | null;
  readonly hash: string;
  /** The genesis hash for a counter's first link; null when the link before is gone (a broken chain). */
  readonly prev_hash: string | null;
}

/**
 * What a dispute pack says of a sale and its cancellations (`subjects`, the sale's id first): their
 * journal records and chain links, in the order they were written. Both are read by subject: first
 * the records the chain does not hold (a sale made before the chain, migration 0018), then the record
 * each link holds. A link whose bytes cannot be read back gives no record; the chain check names it.
 */
export function disputeRecords(
  db: Db,
  subjects: readonly [string, ...string[]],
): { journal: LoggedRecord[]; chain: LinkOfRecord[] } {
  const links = db
    .prepare(
      `SELECT link.seq, link.at, link.kind, link.subject, link.record, link.record_encoding,
         ${hashHex('link.hash')} AS hash,
         CASE WHEN link.seq = 1 THEN '${GENESIS_HASH}' ELSE
           (SELECT ${hashHex('before.hash')} FROM chain before
            WHERE before.counter_id = link.counter_id AND before.seq = link.seq - 1) END AS prev_hash
       FROM chain link WHERE link.subject IN (SELECT value FROM json_each(?)) ORDER BY link.counter_id, link.seq`,
    )
    .all(JSON.stringify(subjects)) as (LinkOfRecord & { record: Buffer; record_encoding: string })[];
  const chain = links.map(({ record: _record, record_encoding: _encoding, ...link }) => link);
  return { journal: [...unchainedRecords(db, subjects), ...recordsOfLinks(links)], chain };
}

/** The records the links hold (a detail's keys in the chain's sorted order rather than as first written). */
function recordsOfLinks(links: readonly { record: Buffer; record_encoding: string }[]): LoggedRecord[] {
  return links.flatMap((link) => {
    try {
      return [recordOfLink(link.record, link.record_encoding)];
    } catch {
      return [];
    }
  });
}

function unchainedRecords(db: Db, subjects: readonly string[]): LoggedRecord[] {
  return db
    .prepare(
      'SELECT at, kind, subject, detail_json FROM unchained_records WHERE subject IN (SELECT value FROM json_each(?)) ORDER BY id',
    )
    .all(JSON.stringify(subjects)) as LoggedRecord[];
}
