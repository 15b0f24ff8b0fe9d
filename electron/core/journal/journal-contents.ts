import type Database from 'better-sqlite3';
import { openSqlite } from './sqlite-addon';

/**
 * What a journal, or a backup of it, holds: how many sales and top-ups, how far its tamper-evident
 * chain goes (every money event is a link, so the last link says how much it holds), and the highest
 * receipt and Z numbers in it. Backups are compared by these, never by when they were taken: a backup
 * taken after a restore can hold less than one taken before it.
 */
export interface JournalContents {
  /** Sales and top-ups. */
  readonly records: number;
  /** The chain's last link (0: no chain yet). */
  readonly links: number;
  /** When the last link was written, on the counter's clock. */
  readonly lastAt: string | null;
  /** The highest receipt number (0: none). */
  readonly receipt: number;
  /** The highest Z number (0: none). */
  readonly z: number;
}

/** What the journal in `schema` of `db` (an attached name or `main`) holds, read in a few indexed steps. */
export function contentsOf(db: Database.Database, schema = 'main'): JournalContents {
  const tables = new Set(
    (
      db.prepare(`SELECT name FROM ${schema}.sqlite_master WHERE type = 'table'`).all() as { name: string }[]
    ).map((row) => row.name),
  );
  const number = (table: string, sql: string): number =>
    tables.has(table) ? Number(db.prepare(sql).pluck().get() ?? 0) : 0;
  // The chain is append-only: its last row is its last link, found by rowid without reading the rest.
  const last = tables.has('chain')
    ? (db
        .prepare(`SELECT seq, at FROM ${schema}.chain WHERE rowid = (SELECT max(rowid) FROM ${schema}.chain)`)
        .get() as { seq: number | bigint; at: string } | undefined)
    : undefined;
  return {
    records:
      number('sales', `SELECT count(*) FROM ${schema}.sales`) +
      number('topups', `SELECT count(*) FROM ${schema}.topups`),
    links: Number(last?.seq ?? 0),
    lastAt: last?.at ?? null,
    receipt: number('receipt_counters', `SELECT max(last_number) FROM ${schema}.receipt_counters`),
    z: number('shifts', `SELECT max(z_number) FROM ${schema}.shifts`),
  };
}

/** Negative when `a` holds more than `b`: more links, then more records, then higher numbers. */
export function byContents(a: JournalContents | null, b: JournalContents | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return b.links - a.links || b.records - a.records || b.receipt - a.receipt || b.z - a.z;
}

/** The contents in words, for refusals and the restore command. */
export function contentsText(contents: JournalContents | null): string {
  if (contents === null) return 'what it holds was not recorded';
  const last = contents.lastAt ? `, the last at ${contents.lastAt}` : '';
  return `${contents.records} sales and top-ups, ${contents.links} chain links${last}, receipts up to ${contents.receipt}, Z up to ${contents.z}`;
}

/**
 * Reads the journal file `file` without changing anything beside it: the connection takes the file's
 * exclusive lock before it opens a write-ahead log, so the log lives in its memory, a `-shm` left
 * beside the file is not touched, and a `-wal` it had to make is removed when it closes. Only for a
 * file that has no write-ahead log beside it (a backup copy, a journal that lost its log) and that no
 * counter is using. Throws what SQLite says of a file it cannot read.
 */
export function readUntouched<T>(file: string, read: (db: Database.Database) => T): T {
  const db = openSqlite(file, { fileMustExist: true });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    return read(db);
  } finally {
    db.close();
  }
}
