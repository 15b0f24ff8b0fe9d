import type { ChainBreak, JournalCheck } from '../../../shared/domain/journal-check';
import { canonicalJson, GENESIS_HASH, hashHex, LOOKED_UP_BY_SHIFT, linkHash } from './chain';
import { unpackRecord } from './chain-record';
import { type RowKind, type RowTable, rowKindOf, rowRulesOf, V2_ROWS } from './chain-rows';
import type { Db } from './database';

/**
 * The check of a counter's tamper-evident chain (chain.ts): it names the first break by its kind, at
 * its place. Read-only; it reads the journal as it stood when it began, so the counter keeps selling
 * meanwhile (the core runs it on a thread of its own, chain-watch.ts).
 */

/** The check as it ran; the core adds when it began (`JournalCheck.checkedAt`). */
export type ChainCheck = Omit<JournalCheck, 'checkedAt'>;

type ChainBreakKind = ChainBreak['kind'];

/** How many rows with no link a check lists (it counts them all); a break names the first. */
const UNLINKED_LISTED = 20;

interface StoredLink {
  seq: number;
  at: string;
  kind: string;
  subject: string | null;
  cashier_id: string | null;
  shift_id: string | null;
  record: Buffer;
  record_encoding: string;
  hash: string;
}

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

const NO_PLACE = {
  seq: null,
  otherSeq: null,
  recordKind: null,
  subject: null,
  at: null,
  table: null,
  rowId: null,
  zNumber: null,
} as const satisfies Omit<ChainBreak, 'kind'>;

/** A break found at a link: the link as it reads. */
function breakAt(kind: ChainBreakKind, link: StoredLink, more: Partial<ChainBreak> = {}): ChainBreak {
  return {
    ...NO_PLACE,
    kind,
    seq: link.seq,
    recordKind: link.kind,
    subject: link.subject,
    at: link.at,
    ...more,
  };
}

/**
 * Checks a counter's chain: every link in order (its sequence, its hash over the link before's, its
 * columns against its record), every stored Z's printed head against the link it names, then, while
 * the links hold, every money row against the last link written for it and every row a link holds
 * for one still there, and every money row for a link that names it at all.
 */
export function checkChain(db: Db, counterId: string): ChainCheck {
  // One read transaction: every statement reads the journal as it stood when the check began.
  return db.transaction(() => checkOnce(db, counterId))();
}

function checkOnce(db: Db, counterId: string): ChainCheck {
  const zHeads = storedZHeads(db, counterId);
  const walk = walkLinks(db, counterId, new Set(zHeads.map((z) => z.seq)));
  const breaks: ChainBreak[] = [];
  if (walk.broken) breaks.push(walk.broken);
  const last = walk.head?.seq ?? 0;
  for (const z of zHeads) {
    // A Z's own link follows the head it printed: a chain that ends before it lost its last links.
    if (z.seq + 1 > last) breaks.push({ ...NO_PLACE, kind: 'gap', seq: last + 1, otherSeq: z.seq + 1 });
    else if (walk.hashes.get(z.seq) !== z.hash) {
      breaks.push({ ...NO_PLACE, kind: 'z_head', seq: z.seq, zNumber: z.zNumber });
    }
  }
  const rows = checkRows(db, counterId, !walk.broken);
  if (rows.changed) breaks.push(rows.changed);
  const placed = breaks.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))[0] ?? null;
  const [unlinked] = rows.unlinked;
  return {
    counterId,
    links: walk.links,
    head: walk.head,
    zHeads: zHeads.length,
    firstBreak:
      placed ??
      (unlinked ? { ...NO_PLACE, kind: 'unlinked_row', table: unlinked.table, rowId: unlinked.id } : null),
    unlinkedCount: rows.unlinkedCount,
    unlinked: rows.unlinked,
  };
}

interface Walk {
  readonly links: number;
  readonly head: { seq: number; hash: string } | null;
  /** The first link out of its sequence, not hashing to its hash, or disagreeing with its record. */
  readonly broken: ChainBreak | null;
  /** The hashes of the links asked for (the heads stored Zs printed), as found at their places. */
  readonly hashes: ReadonlyMap<number, string>;
}

/**
 * Walks the links in the order of their numbers. A link whose record names a later number than the
 * one due means links are missing there: a gap if none of them turns up further on, a reorder if one
 * does (a link moved or two swapped). After the first break nothing further is judged, only read for
 * that.
 */
function walkLinks(db: Db, counterId: string, wanted: ReadonlySet<number>): Walk {
  const statement = db.prepare(
    `SELECT seq, at, kind, subject, cashier_id, shift_id, record, record_encoding, ${hashHex()} AS hash
     FROM chain WHERE counter_id = ? ORDER BY seq`,
  );
  const hashes = new Map<number, string>();
  let links = 0;
  let head: Walk['head'] = null;
  let expected = 1;
  let prevHash = GENESIS_HASH;
  let broken: ChainBreak | null = null;
  /** Links not found where they belong, still to be told a gap or a reorder. */
  let missing: { from: number; to: number; after: StoredLink; holds: number } | null = null;
  for (const link of statement.iterate(counterId) as IterableIterator<StoredLink>) {
    links += 1;
    head = { seq: link.seq, hash: link.hash };
    if (wanted.has(link.seq)) hashes.set(link.seq, link.hash);
    if (broken && !missing) continue;
    const json = recordText(link);
    const record = parse(json);
    if (missing) {
      if (record && record.seq >= missing.from && record.seq <= missing.to) {
        broken = breakAt('reorder', missing.after, { otherSeq: missing.holds });
        missing = null;
      }
      continue;
    }
    if (!record) {
      broken = breakAt('changed_link', link);
    } else if (record.seq > expected) {
      missing = { from: expected, to: record.seq - 1, after: link, holds: record.seq };
      broken = breakAt('gap', link, { seq: expected, otherSeq: record.seq - 1 });
    } else if (record.seq < expected) {
      broken = breakAt('reorder', link, { otherSeq: record.seq });
    } else if (linkHash(prevHash, json) !== link.hash || !columnsAgree(link, record, counterId)) {
      broken = breakAt('changed_link', link);
    }
    expected += 1;
    prevHash = link.hash;
  }
  return { links, head, broken, hashes };
}

/** A stored record that cannot be inflated (its bytes were edited) reads as no text: no hash matches it. */
function recordText(link: StoredLink): string {
  try {
    return unpackRecord(link.record, link.record_encoding);
  } catch {
    return '';
  }
}

/** A record of a version this code reads, or null. */
function parse(json: string): ChainedRecord | null {
  try {
    const record = JSON.parse(json) as ChainedRecord;
    return rowRulesOf(record.v) && typeof record.seq === 'number' ? record : null;
  } catch {
    return null;
  }
}

/**
 * A link's lookup columns say what its record says. The cashier's, and the shift's of a kind no query
 * finds by its shift, may be left empty (chain.ts, `LOOKED_UP_BY_SHIFT`); a kind that is found by it
 * names its shift exactly, so a sign-in or a copy printed cannot be hidden from its shift's report.
 */
function columnsAgree(link: StoredLink, record: ChainedRecord, counterId: string): boolean {
  const agrees = (column: string | null, named: string | null, lookedUp: boolean): boolean =>
    column === named || (!lookedUp && column === null);
  return (
    record.counter === counterId &&
    record.seq === link.seq &&
    record.at === link.at &&
    record.kind === link.kind &&
    record.subject === link.subject &&
    agrees(link.cashier_id, record.cashier, false) &&
    agrees(link.shift_id, record.shift, LOOKED_UP_BY_SHIFT.has(link.kind))
  );
}

/** The head each stored Z of the counter printed (the link before its own). */
function storedZHeads(db: Db, counterId: string): { zNumber: number; seq: number; hash: string }[] {
  if (!tableExists(db, 'z_reports')) return [];
  return db
    .prepare(
      `SELECT z_number AS zNumber, json_extract(report_json, '$.chainHead.seq') AS seq,
         json_extract(report_json, '$.chainHead.hash') AS hash
       FROM z_reports WHERE counter_id = ? AND json_valid(report_json)
         AND json_type(report_json, '$.chainHead.seq') = 'integer' ORDER BY z_number`,
    )
    .all(counterId) as { zNumber: number; seq: number; hash: string }[];
}

/** Rows of a table read a page at a time, by key, so a million sales never sit in memory at once. */
const PAGE = 500;

/**
 * Every money row of every chained table (the counter's own, where the table names one): the last
 * link that names it, and whether that link holds the row as it stands now; and every row a link
 * holds that is gone from its table. Rows are judged only while the links themselves hold: a row
 * judged against a broken chain could be named for a link that was removed.
 */
function checkRows(
  db: Db,
  counterId: string,
  judgeRows: boolean,
): { changed: ChainBreak | null; unlinked: { table: string; id: string }[]; unlinkedCount: number } {
  const linksOf = db.prepare(
    'SELECT seq, kind FROM chain WHERE subject = ? AND counter_id = ? ORDER BY seq DESC',
  );
  const linkStatement = db.prepare(
    `SELECT seq, at, kind, subject, cashier_id, shift_id, record, record_encoding, ${hashHex()} AS hash
     FROM chain WHERE counter_id = ? AND seq = ?`,
  );
  const linkAt = (seq: number): StoredLink => linkStatement.get(counterId, seq) as StoredLink;
  let changed: ChainBreak | null = null;
  const unlinked: { table: string; id: string }[] = [];
  let unlinkedCount = 0;
  const kinds = kindsByRow(db, counterId);
  for (const [rowKind, rows] of Object.entries(V2_ROWS) as [RowKind, (typeof V2_ROWS)[RowKind]][]) {
    const { table, key } = rows.own;
    if (!tableExists(db, table)) continue;
    if (judgeRows)
      changed = earlier(changed, deletedRow(db, counterId, rows.own, kinds.get(rowKind), linkAt));
    const ofCounter = (rows.own.columns as readonly string[]).includes('counter_id');
    const page = db.prepare(
      `SELECT DISTINCT ${key} AS key FROM ${table}
       WHERE ${key} > @after ${ofCounter ? 'AND counter_id = @counter' : ''} ORDER BY ${key} LIMIT ${PAGE}`,
    );
    let after: unknown = '';
    // Integer keys sort before every text in SQLite: the first page starts below them all.
    if (isIntegerKey(db, rows.own)) after = Number.MIN_SAFE_INTEGER;
    for (;;) {
      const keys = (page.all({ after, counter: counterId }) as { key: string | number }[]).map((r) => r.key);
      if (keys.length === 0) break;
      after = keys.at(-1);
      for (const id of keys) {
        const subject = String(id);
        const last = (linksOf.all(subject, counterId) as { seq: number; kind: string }[]).find(
          (link) => rowKindOf(link.kind) === rowKind,
        );
        if (!last) {
          unlinkedCount += 1;
          if (unlinked.length < UNLINKED_LISTED) unlinked.push({ table, id: subject });
          continue;
        }
        if (!judgeRows || (changed && (changed.seq ?? 0) < last.seq)) continue;
        const link = linkAt(last.seq);
        if (!rowsHold(db, link, subject)) {
          changed = breakAt('changed_row', link, { table, rowId: subject });
        }
      }
    }
  }
  return { changed, unlinked, unlinkedCount };
}

/** The break with the earlier place. */
function earlier(a: ChainBreak | null, b: ChainBreak | null): ChainBreak | null {
  if (!a || !b) return a ?? b;
  return (b.seq ?? 0) < (a.seq ?? 0) ? b : a;
}

/** The kinds of the counter's records, by the row kind each is about. */
function kindsByRow(db: Db, counterId: string): Map<RowKind, string[]> {
  const byRow = new Map<RowKind, string[]>();
  const kinds = db.prepare('SELECT DISTINCT kind FROM chain WHERE counter_id = ?').all(counterId);
  for (const { kind } of kinds as { kind: string }[]) {
    const rowKind = rowKindOf(kind);
    if (rowKind) byRow.set(rowKind, [...(byRow.get(rowKind) ?? []), kind]);
  }
  return byRow;
}

/**
 * The earliest row a record holds that is gone from its table: a row deleted behind the journal's
 * back, named at the last record that wrote it. A record that held no row (written before its row
 * was) names nothing.
 */
function deletedRow(
  db: Db,
  counterId: string,
  { table, key }: RowTable,
  kinds: readonly string[] | undefined,
  linkAt: (seq: number) => StoredLink,
): ChainBreak | null {
  if (!kinds) return null;
  const gone = db
    .prepare(
      `SELECT subject, max(seq) AS seq FROM chain
       WHERE counter_id = ? AND kind IN (SELECT value FROM json_each(?)) AND subject IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM ${table} WHERE ${key} = chain.subject)
       GROUP BY subject ORDER BY seq`,
    )
    .all(counterId, JSON.stringify(kinds)) as { subject: string; seq: number }[];
  for (const { subject, seq } of gone) {
    const link = linkAt(seq);
    if (!rowsHold(db, link, subject)) {
      const held = parse(recordText(link))?.rows?.length ?? 0;
      return breakAt(held > 0 ? 'deleted_row' : 'changed_row', link, { table, rowId: subject });
    }
  }
  return null;
}

/** Whether a link holds its row as it stands now, by the rules of the link's version (or holds no row). */
function rowsHold(db: Db, link: StoredLink, subject: string): boolean {
  const record = parse(recordText(link));
  const rules = rowRulesOf(record?.v);
  const of = rules?.rowsOf(link.kind);
  if (!record?.rows || !rules || !of) return true;
  return (
    canonicalJson({ rows: record.rows, belonging: record.belonging }) ===
    canonicalJson(rules.read(db, of, subject))
  );
}

function tableExists(db: Db, table: string): boolean {
  return db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table) !== undefined;
}

function isIntegerKey(db: Db, { table, key }: RowTable): boolean {
  const column = db.prepare('SELECT type FROM pragma_table_info(?) WHERE name = ?').get(table, key) as
    | { type: string }
    | undefined;
  return column?.type.toUpperCase() === 'INTEGER';
}
