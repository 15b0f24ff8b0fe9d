import type Database from 'better-sqlite3';

/** Told how many rows a long migration has gone through so far, of those its `rows` counted. */
export type RowsGone = (done: number) => void;

/** How often a migration tells: often enough for a screen, rarely enough to cost nothing. */
const TELL_EVERY_ROWS = 4096;

/**
 * Registers `migration_row()` on `db` for the one statement of a migration that goes through a table
 * row by row: each call counts a row and answers 1, so `WHERE migration_row()` keeps every row while
 * `gone` hears how far the statement is.
 */
export function countRowsGone(db: Database.Database, gone: RowsGone | undefined): void {
  let done = 0;
  db.function('migration_row', { deterministic: false }, () => {
    done += 1;
    if (done % TELL_EVERY_ROWS === 0) gone?.(done);
    return 1;
  });
}

/** The rows of a table as its largest rowid counts them: read from its index in one step, whatever its size. */
export function rowsOf(db: Database.Database, table: string): number {
  return (db.prepare(`SELECT coalesce(max(rowid), 0) AS rows FROM ${table}`).get() as { rows: number }).rows;
}
