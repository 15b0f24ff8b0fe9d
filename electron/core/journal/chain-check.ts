import { canonicalJson, GENESIS_HASH, hashHex, linkHash } from './chain';
import { unpackRecord } from './chain-record';
import { type ChainRowRules, type RecordRows, rowRulesOf, V2_ROWS } from './chain-rows';
import type { Db } from './database';

/** Why a link is broken, from the most to the least fundamental. */
export type ChainProblem =
  /** The sequence skips or repeats a number: a link was removed or inserted. */
  | 'sequence'
  /**
   * The link's hash is not SHA-256 of the previous link's hash and its record: the record was edited,
   * or something before it was rewritten.
   */
  | 'hash'
  /** The link's columns say something else than its record. */
  | 'columns'
  /** The money row the link was written for has changed (or gone) since, behind the journal's back. */
  | 'row_changed';

export interface BrokenLink {
  readonly counterId: string;
  readonly seq: number;
  readonly kind: string;
  readonly subject: string | null;
  readonly at: string;
  readonly problem: ChainProblem;
}

export interface ChainCheck {
  readonly counterId: string;
  readonly links: number;
  readonly head: { readonly seq: number; readonly hash: string } | null;
  /** The earliest link that does not hold; null when the whole chain and every chained row hold. */
  readonly firstBroken: BrokenLink | null;
  /** Sales, top-ups and cash movements made since the chain began that have no link at all (forged rows). */
  readonly unlinked: { readonly kind: string; readonly id: string }[];
}

interface LinkRow {
  counter_id: string;
  seq: number;
  at: string;
  kind: string;
  subject: string | null;
  cashier_id: string | null;
  shift_id: string | null;
  /** The record's canonical JSON, as hashed (inflated from how it is stored). */
  record_json: string;
  hash: string;
}

type StoredLink = Omit<LinkRow, 'record_json'> & { record: Buffer; record_encoding: string };

interface ChainedRecord {
  v: number;
  counter: string;
  seq: number;
  at: string;
  kind: string;
  subject: string | null;
  cashier: string | null;
  shift: string | null;
  rows: unknown[] | null;
  belonging?: unknown;
}

/**
 * Walks a counter's chain from its first link: every sequence number, every hash, every link's
 * columns against its record, and then every chained money row against the last link written for
 * it. Names the first link that does not hold. Read-only; the journal keeps working meanwhile.
 */
export function checkChain(db: Db, counterId: string): ChainCheck {
  const latest = new Map<
    string,
    { link: LinkRow; rows: string; rules: ChainRowRules; of: RecordRows; subject: string }
  >();
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  let links = 0;
  let head: ChainCheck['head'] = null;
  let broken: BrokenLink | null = null;
  const breakAt = (link: LinkRow, problem: ChainProblem): void => {
    broken ??= {
      counterId,
      seq: link.seq,
      kind: link.kind,
      subject: link.subject,
      at: link.at,
      problem,
    };
  };
  const statement = db.prepare(
    `SELECT counter_id, seq, at, kind, subject, cashier_id, shift_id, record, record_encoding, ${hashHex()} AS hash
     FROM chain WHERE counter_id = ? ORDER BY seq`,
  );
  for (const stored of statement.iterate(counterId) as IterableIterator<StoredLink>) {
    const { record: packed, record_encoding: encoding, ...columns } = stored;
    const link: LinkRow = { ...columns, record_json: recordText(packed, encoding) };
    links += 1;
    head = { seq: link.seq, hash: link.hash };
    if (broken) continue;
    if (link.seq !== expectedSeq) breakAt(link, 'sequence');
    else if (linkHash(prevHash, link.record_json) !== link.hash) breakAt(link, 'hash');
    else if (!columnsAgree(link)) breakAt(link, 'columns');
    expectedSeq = link.seq + 1;
    prevHash = link.hash;
    const record = parse(link.record_json);
    const rules = rowRulesOf(record?.v);
    const of = rules?.rowsOf(link.kind);
    if (record?.rows && link.subject !== null && rules && of) {
      latest.set(`${of.own.table}:${link.subject}`, {
        link,
        rows: canonicalJson({ rows: record.rows, belonging: record.belonging }),
        rules,
        of,
        subject: link.subject,
      });
    }
  }
  // A row edited after its last link: the earliest such link is the first broken one if it comes first.
  let rowBroken: LinkRow | null = null;
  for (const { link, rows, rules, of, subject } of latest.values()) {
    if (canonicalJson(rules.read(db, of, subject)) !== rows && (!rowBroken || link.seq < rowBroken.seq)) {
      rowBroken = link;
    }
  }
  const found = broken as BrokenLink | null;
  const firstBroken: BrokenLink | null =
    rowBroken && (!found || rowBroken.seq < found.seq)
      ? {
          counterId,
          seq: rowBroken.seq,
          kind: rowBroken.kind,
          subject: rowBroken.subject,
          at: rowBroken.at,
          problem: 'row_changed',
        }
      : found;
  return { counterId, links, head, firstBroken, unlinked: unlinkedRows(db, counterId) };
}

/** A stored record that cannot be inflated (its bytes were edited) reads as no text: no hash matches it. */
function recordText(packed: Buffer, encoding: string): string {
  try {
    return unpackRecord(packed, encoding);
  } catch {
    return '';
  }
}

function parse(json: string): ChainedRecord | null {
  try {
    const record = JSON.parse(json) as ChainedRecord;
    return rowRulesOf(record.v) ? record : null;
  } catch {
    return null;
  }
}

function columnsAgree(link: LinkRow): boolean {
  const record = parse(link.record_json);
  return (
    record !== null &&
    record.counter === link.counter_id &&
    record.seq === link.seq &&
    record.at === link.at &&
    record.kind === link.kind &&
    record.subject === link.subject &&
    record.cashier === link.cashier_id &&
    record.shift === link.shift_id
  );
}

/** Rows of the chained money tables, made since the chain's first link, with no link of their own. */
function unlinkedRows(db: Db, counterId: string): { kind: string; id: string }[] {
  const first = db.prepare('SELECT at FROM chain WHERE counter_id = ? ORDER BY seq LIMIT 1').get(counterId) as
    | { at: string }
    | undefined;
  if (!first) return [];
  const found: { kind: string; id: string }[] = [];
  for (const [kind, since] of [
    ['sale', 'created_at'],
    ['topup', 'created_at'],
    ['cash', 'at'],
  ] as const) {
    const { table, key } = V2_ROWS[kind].own;
    const rows = db
      .prepare(
        `SELECT ${key} AS id FROM ${table} WHERE counter_id = @counter AND ${since} >= @since
           AND NOT EXISTS (SELECT 1 FROM chain WHERE chain.subject = ${table}.${key} AND chain.kind LIKE @kind)
         LIMIT 10`,
      )
      .all({ counter: counterId, since: first.at, kind: `${kind}.%` }) as { id: string }[];
    found.push(...rows.map((row) => ({ kind, id: row.id })));
  }
  return found;
}
