import { GENESIS_HASH, hashHex } from '../journal/chain';
import { unpackRecord } from '../journal/chain-record';
import type { Db } from '../journal/database';

/** A journal record as the audit log holds it. */
export interface JournalRecord {
  readonly at: string;
  readonly kind: string;
  readonly subject: string | null;
  readonly detail_json: string | null;
}

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
 * journal records and chain links, in the order they were written.
 *
 * Both are read from the chain by its subject index. Every audit record written since the chain began
 * (version 6) is also one of its links, holding the same time, kind, subject and detail, so a sale
 * whose intent is a link has every record in it. Only a sale made before the chain, or one whose link
 * cannot be read back (its bytes edited), reads the audit log itself, which has no index on subject:
 * at a million sales that is a read of several million rows on the counter's thread.
 */
export function disputeRecords(
  db: Db,
  subjects: readonly [string, ...string[]],
): { journal: JournalRecord[]; chain: LinkOfRecord[] } {
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
  const [sale] = subjects;
  const chained = links.some((link) => link.kind === 'sale.intent' && link.subject === sale);
  const journal = chained ? recordsOfLinks(links) : null;
  return { journal: journal ?? auditRows(db, subjects), chain };
}

/**
 * The records the links hold, as the audit log holds them (a detail's keys in the chain's sorted order
 * rather than as first written); null if one cannot be read back.
 */
function recordsOfLinks(
  links: readonly { record: Buffer; record_encoding: string }[],
): JournalRecord[] | null {
  const records: JournalRecord[] = [];
  for (const link of links) {
    let record: { at: string; kind: string; subject: string | null; detail: unknown };
    try {
      record = JSON.parse(unpackRecord(link.record, link.record_encoding));
    } catch {
      return null;
    }
    const { at, kind, subject, detail } = record;
    records.push({ at, kind, subject, detail_json: detail === null ? null : JSON.stringify(detail) });
  }
  return records;
}

function auditRows(db: Db, subjects: readonly string[]): JournalRecord[] {
  return db
    .prepare(
      'SELECT at, kind, subject, detail_json FROM audit WHERE subject IN (SELECT value FROM json_each(?)) ORDER BY id',
    )
    .all(JSON.stringify(subjects)) as JournalRecord[];
}
