import { createHash } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  fdatasyncSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { quoteName as q, schemaFingerprint, type TablePlan, tablePlans } from './backup-rows';
import { contentsOf, type JournalContents } from './journal-contents';
import { openSqlite } from './sqlite-addon';

/**
 * A chain of backups in `backups/chain-{time}/`: `base.sqlite`, a whole copy of the journal, and one
 * segment a day (`segment-{n}-{time}.sqlite`) with only what changed since the point before it
 * (backup-rows.ts says how each table is carried). `state.sqlite` keeps what the next segment is
 * measured against (each changeable table's rows as the last point holds them, each append-only
 * table's highest rowid and count) and every point with its segment's SHA-256. A segment and the
 * state it moves to are committed in one SQLite transaction over both files, so a crash leaves either
 * both or neither.
 *
 * Old points are folded into the base (the oldest segment applied to `base.sqlite`, then removed):
 * the chain never holds more than one base, so it needs no second whole copy to move on.
 */

const CHAIN_PREFIX = 'chain-';
const BASE = 'base.sqlite';
const STATE = 'state.sqlite';
/** Rows read per query: a table is never read into memory whole. */
const ROWS_PER_READ = 32;
/** Rowids counted per query when a table's rows are counted. */
const ROWIDS_PER_COUNT = 2_000;

export interface ChainPoint {
  /** 0 for the base, then each segment's number. */
  readonly seq: number;
  readonly takenAt: string;
  /** The file that ends this point: the base or the segment. */
  readonly file: string;
  /** The journal's size at this point (what restoring it gives back). */
  readonly journalBytes: number;
  readonly sha256: string | null;
  /** What the journal held at this point (null for a point written before points recorded it). */
  readonly contents: JournalContents | null;
}

export interface Chain {
  readonly dir: string;
  readonly schema: string;
  /** Segments up to this one are folded into the base. */
  readonly baseThrough: number;
  /** Oldest first: the base's point, then each segment. */
  readonly points: readonly ChainPoint[];
}

export function chainDirs(backupDir: string): string[] {
  try {
    return readdirSync(backupDir)
      .filter((name) => name.startsWith(CHAIN_PREFIX) && !name.endsWith('.partial'))
      .sort()
      .map((name) => join(backupDir, name));
  } catch {
    return [];
  }
}

function openState(dir: string, readonly = false): Database.Database {
  const db = openSqlite(join(dir, STATE), { readonly, fileMustExist: readonly });
  if (!readonly) {
    db.pragma('journal_mode = DELETE');
    db.pragma('synchronous = FULL');
    // A chain begun before its points recorded what they hold gets the column for those to come.
    if (hasPoints(db) && !recordsContents(db)) db.exec('ALTER TABLE points ADD COLUMN contents TEXT');
  }
  return db;
}

const hasPoints = (db: Database.Database): boolean =>
  db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'points'`).get() !== undefined;
const recordsContents = (db: Database.Database): boolean =>
  db.prepare(`SELECT 1 FROM pragma_table_info('points') WHERE name = 'contents'`).get() !== undefined;

function createState(db: Database.Database): void {
  db.exec(`
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
    CREATE TABLE points (seq INTEGER PRIMARY KEY, taken_at TEXT NOT NULL, file TEXT NOT NULL,
      journal_bytes INTEGER NOT NULL, sha256 TEXT, contents TEXT) STRICT;
    CREATE TABLE appended (tbl TEXT PRIMARY KEY, watermark INTEGER NOT NULL, count INTEGER NOT NULL) STRICT;
  `);
}

/** The chain in `dir` as its state records it; throws naming the state file when it cannot be read. */
export function readChain(dir: string): Chain {
  const file = join(dir, STATE);
  if (!existsSync(file)) throw new Error(`${file} is missing: the chain's record of its points is gone`);
  let db: Database.Database;
  try {
    db = openState(dir, true);
  } catch (error) {
    throw new Error(`${file} cannot be read (${(error as Error).message})`);
  }
  try {
    const meta = Object.fromEntries(
      (db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[]).map((r) => [
        r.key,
        r.value,
      ]),
    );
    const contents = recordsContents(db) ? 'contents' : 'NULL AS contents';
    const points = (
      db
        .prepare(`SELECT seq, taken_at, file, journal_bytes, sha256, ${contents} FROM points ORDER BY seq`)
        .all() as {
        seq: number;
        taken_at: string;
        file: string;
        journal_bytes: number;
        sha256: string | null;
        contents: string | null;
      }[]
    ).map((r) => ({
      seq: r.seq,
      takenAt: r.taken_at,
      file: join(dir, r.file),
      journalBytes: r.journal_bytes,
      sha256: r.sha256,
      contents: r.contents === null ? null : (JSON.parse(r.contents) as JournalContents),
    }));
    return {
      dir,
      schema: meta.schema ?? '',
      baseThrough: Number(meta.base_through ?? 0),
      points,
    };
  } catch (error) {
    throw new Error(`${file} cannot be read (${(error as Error).message})`);
  } finally {
    db.close();
  }
}

function sha256Of(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

const stampOf = (at: Date): string => at.toISOString().replace(/[:.]/g, '-');
const journalBytesOf = (db: Database.Database, schema: string): number =>
  Number(db.pragma(`${schema}.page_count`, { simple: true })) *
  Number(db.pragma(`${schema}.page_size`, { simple: true }));

/** Pages copied per step of the base's copy (1 MB at the journal's 4 KB pages). */
const PAGES_PER_STEP = 256;

/**
 * The base's copy: SQLite's online backup from one snapshot of the journal (a read transaction held
 * open across the copy: under WAL it never holds the write lock, and without it every step after a
 * sale's commit would start the copy again), a megabyte at a time, each written out to the disk
 * before the next (so a sale's fsync never waits behind the whole copy's pages at once).
 */
async function copyJournal(journalFile: string, target: string): Promise<void> {
  const source = openSqlite(journalFile, { readonly: true, fileMustExist: true });
  let fd: number | null = null;
  try {
    source.exec('BEGIN');
    source.prepare('SELECT count(*) FROM sqlite_master').get();
    await source.backup(target, {
      progress: () => {
        fd ??= openSync(target, 'r+');
        fdatasyncSync(fd);
        return PAGES_PER_STEP;
      },
    });
    source.exec('COMMIT');
    fd ??= openSync(target, 'r+');
    fsyncSync(fd);
  } finally {
    if (fd !== null) closeSync(fd);
    source.close();
  }
}

/**
 * Starts a chain: a copy of the journal as its base, then the state measured from that copy. Built in
 * `chain-{time}.partial/` and renamed when whole.
 */
export async function startChain(journalFile: string, backupDir: string, at: Date): Promise<Chain> {
  mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  const final = join(backupDir, `${CHAIN_PREFIX}${stampOf(at)}`);
  const partial = `${final}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { mode: 0o700 });
  const base = join(partial, BASE);
  try {
    await copyJournal(journalFile, base);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  // The copy says WAL like the journal; a file read without its counter needs no log beside it.
  const copy = openSqlite(base);
  copy.pragma('journal_mode = DELETE');
  copy.close();
  chmodSync(base, 0o600);
  privateFile(join(partial, STATE));
  const state = openState(partial);
  try {
    createState(state);
    state.exec(`ATTACH ${sqlString(base)} AS j`);
    state.defaultSafeIntegers(true);
    const plans = tablePlans(state, 'j');
    // Each step of the rows kept commits on its own: the chain is never read while it is partial.
    const rest = restingAfterWork();
    for (const plan of plans) if (plan.mode === 'rows') keepRows(state, plan, rest);
    state.exec('BEGIN');
    for (const plan of plans) {
      if (plan.mode === 'appended') {
        const watermark = maxRowid(state, q(plan.name));
        const count = countRows(state, q(plan.name), 0n, watermark);
        state.prepare('INSERT INTO appended VALUES (?, ?, ?)').run(plan.name, watermark, count);
      }
    }
    const setMeta = state.prepare('INSERT INTO meta VALUES (?, ?)');
    setMeta.run('schema', schemaFingerprint(state, 'j'));
    setMeta.run('base_through', '0');
    state
      .prepare('INSERT INTO points (seq, taken_at, file, journal_bytes, contents) VALUES (0, ?, ?, ?, ?)')
      .run(at.toISOString(), BASE, journalBytesOf(state, 'j'), JSON.stringify(contentsOf(state, 'j')));
    state.exec('COMMIT');
    state.exec('DETACH j');
  } catch (error) {
    state.close();
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  state.close();
  renameSync(partial, final);
  return readChain(final);
}

/**
 * How long a new chain's keeping of rows works before it rests, and how many times as long it rests.
 * Its writes (a megabyte for every 1,000 sales) take the disk a sale's fsync needs, and its reads the
 * memory and processor. It reads the base copy, never the journal: resting holds no snapshot of the
 * journal open and keeps nothing from its checkpoints, so it costs sales nothing but the base copy's
 * length. Resting three times as long as it worked, sales during a base copy ran within a few per
 * cent of their time without one, where resting as long read up to a fifth slower
 * (docs/performance.md). The journal's copy and the daily segments do not rest: each holds a snapshot
 * of the journal, and the log grows for as long as it is held (resting them made sales slower).
 */
const WORK_MS = 20;
const REST_PER_WORK = 3;
const resting = new Int32Array(new SharedArrayBuffer(4));

/**
 * A call that rests the thread REST_PER_WORK times as long as it has worked since the last rest, once
 * that is WORK_MS or more. It blocks the thread it runs on: the backup's own (backup-thread.ts), never
 * the counter's.
 */
function restingAfterWork(): () => void {
  let since = performance.now();
  return () => {
    const worked = performance.now() - since;
    if (worked < WORK_MS) return;
    Atomics.wait(resting, 0, 0, worked * REST_PER_WORK);
    since = performance.now();
  };
}

/** The state's copy of a changeable table: its rows as the chain's last point holds them. */
const keptTable = (table: string): string => q(`rows:${table}`);
/** Rows kept per step: about half a megabyte of sales. */
const ROWS_PER_STEP = 1_000;

/**
 * Keeps a changeable table's rows, read from the journal copy attached as `j`, in the state open in
 * `state`, a step at a time, resting between steps. Its columns have no declared type, so every
 * value is kept as it is, with its own type.
 */
function keepRows(state: Database.Database, plan: TablePlan, rest: () => void): void {
  const columns = plan.columns.map(q).join(', ');
  const kept = `main.${keptTable(plan.name)}`;
  state.exec(`CREATE TABLE ${kept} (__rowid INTEGER PRIMARY KEY, ${columns})`);
  const step = state.prepare(
    `INSERT INTO ${kept} SELECT rowid, ${columns} FROM j.${q(plan.name)}
     WHERE rowid > ? ORDER BY rowid LIMIT ${ROWS_PER_STEP}`,
  );
  const last = state.prepare(`SELECT max(__rowid) FROM ${kept}`).pluck();
  let after = -(2n ** 63n);
  for (;;) {
    rest();
    if (step.run(after).changes < ROWS_PER_STEP) return;
    after = last.get() as bigint;
  }
}

/** Whether the chain's state keeps the rows themselves (a chain begun before it kept a hash a row). */
export function keepsRows(chain: Chain): boolean {
  const state = openState(chain.dir, true);
  try {
    return !state.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'row_hashes'`).get();
  } finally {
    state.close();
  }
}

/**
 * Gives a chain begun with a hash a row the rows themselves, read from `lastPoint`: the journal as
 * the chain's last point holds it, rebuilt from the chain (backup-rebuild.ts). The next segment is
 * then measured against the same point as before. One transaction: a crash leaves the hashes.
 */
export function keepRowsOf(chain: Chain, lastPoint: string): void {
  const state = openState(chain.dir);
  try {
    state.exec(`ATTACH ${sqlString(lastPoint)} AS j`);
    state.defaultSafeIntegers(true);
    state.exec('BEGIN');
    if (schemaFingerprint(state, 'j') !== chain.schema) throw new SchemaChanged('the last point differs');
    const rest = restingAfterWork();
    for (const plan of tablePlans(state, 'j')) if (plan.mode === 'rows') keepRows(state, plan, rest);
    state.exec('DROP TABLE row_hashes');
    state.exec('COMMIT');
  } catch (error) {
    if (state.inTransaction) state.exec('ROLLBACK');
    throw error;
  } finally {
    state.close();
  }
}

function maxRowid(db: Database.Database, table: string): bigint {
  return db.prepare(`SELECT coalesce(max(rowid), 0) FROM j.${table}`).pluck().get() as bigint;
}

/** Rows with a rowid in (from, to], counted a range at a time (a whole table's count is one long read). */
function countRows(db: Database.Database, table: string, from: bigint, to: bigint): bigint {
  const count = db.prepare(`SELECT count(*) FROM j.${table} WHERE rowid > ? AND rowid <= ?`).pluck();
  let total = 0n;
  for (let low = from; low < to; low += BigInt(ROWIDS_PER_COUNT)) {
    const high = low + BigInt(ROWIDS_PER_COUNT) < to ? low + BigInt(ROWIDS_PER_COUNT) : to;
    total += count.get(low, high) as bigint;
  }
  return total;
}

/** The schema changed since the chain's base (a migration ran): the next point needs a new chain. */
export class SchemaChanged extends Error {}

/**
 * Adds a segment to the chain: what changed in the journal since the chain's last point, read from
 * one snapshot of it in small steps. Returns the new point.
 */
export function addSegment(journalFile: string, chain: Chain, at: Date): ChainPoint {
  const last = chain.points[chain.points.length - 1];
  const seq = (last?.seq ?? 0) + 1;
  const name = `segment-${String(seq).padStart(5, '0')}-${stampOf(at)}.sqlite`;
  const file = join(chain.dir, name);
  // A segment whose transaction never committed (a crash) is empty, and its number is free again.
  for (const leftover of readdirSync(chain.dir).filter((f) =>
    f.startsWith(`segment-${String(seq).padStart(5, '0')}-`),
  ))
    rmSync(join(chain.dir, leftover), { force: true });
  privateFile(file);
  // The state of a chain begun by an earlier version gains what its points record now.
  openState(chain.dir).close();
  const db = openSqlite(file);
  try {
    db.pragma('journal_mode = DELETE');
    db.pragma('synchronous = FULL');
    db.exec(`ATTACH ${sqlString(journalFile)} AS j`);
    db.exec(`ATTACH ${sqlString(join(chain.dir, STATE))} AS st`);
    db.pragma('st.journal_mode = DELETE');
    db.pragma('st.synchronous = FULL');
    // A day's changes (a few MB) are held in memory until the commit: spilling them as the cache
    // fills would sync the rollback journals again and again, and a sale's fsync waits behind each.
    db.pragma('main.cache_spill = OFF');
    db.pragma('st.cache_spill = OFF');
    db.defaultSafeIntegers(true);
    db.exec('BEGIN');
    // The first read fixes the snapshot every later step reads, however long the segment takes.
    if (schemaFingerprint(db, 'j') !== chain.schema) throw new SchemaChanged('the journal schema changed');
    db.exec(`
      CREATE TABLE main.__point (seq INTEGER NOT NULL, taken_at TEXT NOT NULL, journal_bytes INTEGER NOT NULL);
      CREATE TABLE main.__tables (tbl TEXT PRIMARY KEY, mode TEXT NOT NULL);
      CREATE TABLE main.__deleted (tbl TEXT NOT NULL, rid INTEGER NOT NULL);
    `);
    for (const plan of tablePlans(db, 'j')) carryTable(db, plan);
    const journalBytes = journalBytesOf(db, 'j');
    db.prepare('INSERT INTO main.__point VALUES (?, ?, ?)').run(seq, at.toISOString(), journalBytes);
    db.prepare(
      'INSERT INTO st.points (seq, taken_at, file, journal_bytes, contents) VALUES (?, ?, ?, ?, ?)',
    ).run(seq, at.toISOString(), name, journalBytes, JSON.stringify(contentsOf(db, 'j')));
    db.exec('COMMIT');
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    db.close();
    rmSync(file, { force: true });
    throw error;
  }
  db.close();
  return { ...recordChecksum(chain.dir, seq, file), takenAt: at.toISOString() };
}

/** Writes a committed segment's SHA-256 into the state: restore refuses a segment that differs from it. */
function recordChecksum(dir: string, seq: number, file: string): ChainPoint {
  const sha256 = sha256Of(file);
  const state = openState(dir);
  try {
    state.prepare('UPDATE points SET sha256 = ? WHERE seq = ?').run(sha256, seq);
    const row = state
      .prepare('SELECT taken_at, journal_bytes, contents FROM points WHERE seq = ?')
      .get(seq) as {
      taken_at: string;
      journal_bytes: number;
      contents: string | null;
    };
    return {
      seq,
      takenAt: row.taken_at,
      file,
      journalBytes: row.journal_bytes,
      sha256,
      contents: row.contents === null ? null : (JSON.parse(row.contents) as JournalContents),
    };
  } finally {
    state.close();
  }
}

/** Points a crash left without their checksum (committed, not yet hashed) get it now. */
export function completeChecksums(chain: Chain): void {
  for (const point of chain.points)
    if (point.seq > 0 && point.sha256 === null && existsSync(point.file))
      recordChecksum(chain.dir, point.seq, point.file);
}

function segmentTable(db: Database.Database, plan: TablePlan, withRowid: boolean): void {
  db.exec(
    `CREATE TABLE main.${q(plan.name)} AS SELECT ${withRowid ? 'rowid AS __rowid, ' : ''}* FROM j.${q(plan.name)} WHERE 0`,
  );
  db.prepare('INSERT INTO main.__tables VALUES (?, ?)').run(plan.name, plan.mode);
}

function carryTable(db: Database.Database, plan: TablePlan): void {
  const table = q(plan.name);
  if (plan.mode === 'whole') {
    segmentTable(db, plan, false);
    db.exec(`INSERT INTO main.${table} SELECT * FROM j.${table}`);
    return;
  }
  if (plan.mode === 'appended') {
    const mark = db.prepare('SELECT watermark, count FROM st.appended WHERE tbl = ?').get(plan.name) as
      | { watermark: bigint; count: bigint }
      | undefined;
    const watermark = maxRowid(db, table);
    let appended = false;
    if (mark && watermark >= mark.watermark) {
      // Rowids 1..mark all taken (count = highest rowid): no row can arrive below the mark, since
      // none can be deleted to make room. Otherwise the rows below it are counted again.
      const dense = mark.count === mark.watermark;
      appended = dense || countRows(db, table, 0n, mark.watermark) === mark.count;
    }
    segmentTable(db, appended ? plan : { ...plan, mode: 'whole' }, true);
    // A row arrived below the mark, the table shrank or is new to the chain: carried whole, rowids and all.
    const copied = copyAbove(db, table, appended && mark ? mark.watermark : -(2n ** 63n));
    const count = appended && mark ? mark.count + copied : copied;
    db.prepare('INSERT OR REPLACE INTO st.appended VALUES (?, ?, ?)').run(plan.name, watermark, count);
    return;
  }
  segmentTable(db, plan, true);
  diffRows(db, plan);
}

/** Copies the rows above `from` into the segment; returns how many. */
function copyAbove(db: Database.Database, table: string, from: bigint): bigint {
  const copy = db.prepare(
    `INSERT INTO main.${table} SELECT rowid, * FROM j.${table} WHERE rowid > ? ORDER BY rowid LIMIT ${ROWS_PER_READ}`,
  );
  const next = db.prepare(`SELECT max(__rowid) FROM main.${table}`).pluck();
  let after = from;
  let copied = 0n;
  for (;;) {
    const { changes } = copy.run(after);
    copied += BigInt(changes);
    if (changes < ROWS_PER_READ) return copied;
    after = next.get() as bigint;
  }
}

/**
 * The rows of a changeable table that are new, changed or gone since the last point, found by
 * SQLite itself: each row beside the one kept, value by value (text byte for byte whatever the
 * column's collation, and with its type where the column does not fix it: TablePlan.typed). The
 * rows carried then replace those kept.
 */
function diffRows(db: Database.Database, plan: TablePlan): void {
  const table = q(plan.name);
  const kept = `st.${keptTable(plan.name)}`;
  const columns = plan.columns.map(q);
  const same = plan.columns
    .map((name) => {
      const c = q(name);
      const values = `live.${c} IS kept.${c} COLLATE BINARY`;
      return plan.typed.has(name) ? values : `typeof(live.${c}) = typeof(kept.${c}) AND ${values}`;
    })
    .join(' AND ');
  db.exec(`
    INSERT INTO main.${table} SELECT live.rowid, live.* FROM j.${table} AS live
      LEFT JOIN ${kept} AS kept ON kept.__rowid = live.rowid
      WHERE kept.__rowid IS NULL OR NOT (${same});
    INSERT INTO main.__deleted SELECT ${sqlString(plan.name)}, kept.__rowid FROM ${kept} AS kept
      WHERE NOT EXISTS (SELECT 1 FROM j.${table} WHERE rowid = kept.__rowid);
    DELETE FROM ${kept} WHERE __rowid IN (SELECT rid FROM main.__deleted WHERE tbl = ${sqlString(plan.name)});
    INSERT OR REPLACE INTO ${kept} (__rowid, ${columns.join(', ')})
      SELECT __rowid, ${columns.join(', ')} FROM main.${table};
  `);
}

/**
 * Applies a segment to the journal copy open in `target` (the base being folded forward, or a
 * journal being rebuilt): the rows it names replace theirs, the rowids it lists as gone go, tables
 * carried whole are replaced. Triggers are set aside meanwhile (they would refuse the rewrite of an
 * append-only row, or count a sale twice in the daily summary) and put back as they were. Applying a
 * segment twice gives the same result as once, so a fold cut short by a crash is simply done again.
 */
export function applySegment(target: Database.Database, segmentFile: string): void {
  target.pragma('foreign_keys = OFF');
  target.exec(`ATTACH ${sqlString(segmentFile)} AS seg`);
  try {
    const triggers = target
      .prepare(`SELECT name, sql FROM main.sqlite_master WHERE type = 'trigger'`)
      .all() as { name: string; sql: string }[];
    const carried = target.prepare('SELECT tbl, mode FROM seg.__tables').all() as {
      tbl: string;
      mode: string;
    }[];
    target.exec('BEGIN IMMEDIATE');
    try {
      for (const { name } of triggers) target.exec(`DROP TRIGGER main.${q(name)}`);
      for (const { tbl, mode } of carried) applyTable(target, tbl, mode);
      for (const { sql } of triggers) target.exec(sql);
      target.exec('COMMIT');
    } catch (error) {
      if (target.inTransaction) target.exec('ROLLBACK');
      throw error;
    }
  } finally {
    target.exec('DETACH seg');
  }
}

/**
 * One table of a segment: every carried rowid's old row (and each rowid gone) deleted first, then
 * the carried rows inserted, so no row's unique key meets a stale one. A range of rowids at a time.
 */
function applyTable(target: Database.Database, tbl: string, mode: string): void {
  const table = q(tbl);
  const columns = (
    target.prepare(`SELECT name FROM pragma_table_info(?, 'main') ORDER BY cid`).all(tbl) as {
      name: string;
    }[]
  )
    .map((c) => q(c.name))
    .join(', ');
  const withRowid = target
    .prepare(`SELECT count(*) FROM pragma_table_info(?, 'seg') WHERE name = '__rowid'`)
    .pluck()
    .get(tbl);
  if (!withRowid) {
    target.exec(
      `DELETE FROM main.${table}; INSERT INTO main.${table} (${columns}) SELECT ${columns} FROM seg.${table}`,
    );
    return;
  }
  const rangeEnd = target
    .prepare(
      `SELECT max(__rowid) FROM (SELECT __rowid FROM seg.${table} WHERE __rowid > ? ORDER BY __rowid LIMIT ${ROWS_PER_READ})`,
    )
    .pluck()
    .safeIntegers(true);
  const inRanges = (run: (from: bigint, to: bigint) => void): void => {
    let after = -(2n ** 63n);
    for (;;) {
      const to = rangeEnd.get(after) as bigint | null;
      if (to === null) return;
      run(after, to);
      after = to;
    }
  };
  if (mode === 'whole') target.exec(`DELETE FROM main.${table}`);
  else {
    const remove = target.prepare(
      `DELETE FROM main.${table} WHERE rowid IN (SELECT __rowid FROM seg.${table} WHERE __rowid > ? AND __rowid <= ?)`,
    );
    inRanges((from, to) => remove.run(from, to));
    target
      .prepare(`DELETE FROM main.${table} WHERE rowid IN (SELECT rid FROM seg.__deleted WHERE tbl = ?)`)
      .run(tbl);
  }
  const insert = target.prepare(
    `INSERT INTO main.${table} (rowid, ${columns}) SELECT __rowid, ${columns} FROM seg.${table}
     WHERE __rowid > ? AND __rowid <= ? ORDER BY __rowid`,
  );
  inRanges((from, to) => insert.run(from, to));
}

/** Folds the chain's oldest segment into its base, then removes it. */
export function foldOldest(chain: Chain): void {
  const oldest = chain.points.find((point) => point.seq > chain.baseThrough);
  if (!oldest) return;
  const base = openSqlite(join(chain.dir, BASE));
  try {
    base.pragma('journal_mode = DELETE');
    base.pragma('synchronous = FULL');
    // A fold rewrites pages all over the base: they are written out as the cache fills (spilled), in
    // many small writes, rather than all at the commit in one a sale's fsync would wait behind.
    applySegment(base, oldest.file);
  } finally {
    base.close();
  }
  const state = openState(chain.dir);
  try {
    state.transaction(() => {
      state.prepare(`UPDATE meta SET value = ? WHERE key = 'base_through'`).run(String(oldest.seq));
      state.prepare('DELETE FROM points WHERE seq < ?').run(oldest.seq);
      state.prepare('UPDATE points SET file = ?, sha256 = NULL WHERE seq = ?').run(BASE, oldest.seq);
    })();
  } finally {
    state.close();
  }
  rmSync(oldest.file, { force: true });
}

/** Bytes of every file under `dir`. */
export function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? bytesUnder(path) : statSync(path).size;
  }
  return total;
}

/**
 * An empty file only its owner can read, for SQLite to fill: the backup never exists with wider
 * rights, and SQLite gives its rollback journal the same.
 */
function privateFile(path: string): void {
  closeSync(openSync(path, 'wx', 0o600));
}

function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

export { BASE as CHAIN_BASE, sha256Of };
