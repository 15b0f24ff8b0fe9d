import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';

/**
 * How each table of the journal is carried from one backup point to the next, read from the schema
 * itself (never from a list that a new migration could leave behind):
 * - `appended`: a rowid table whose triggers refuse every UPDATE and DELETE (answers, chain,
 *   the end-of-day and reconciliation evidence). Its rows never change or go, and a new row takes a
 *   rowid above every existing one (SQLite gives max(rowid)+1 and nothing is ever deleted), so what is
 *   new since the last point is exactly the rows above its highest rowid. The count is checked too: a
 *   row that arrived below that mark (an explicit rowid) makes the table be carried whole that day.
 * - `rows`: every other rowid table (sales, top-ups, settings, shifts, the catalogue…): its rows are
 *   kept as the last point holds them, and the rows that differ from those kept, the new ones and
 *   the rowids that are gone are written. Updates and deletes are caught whatever statement made them.
 * - `whole`: tables without rowid (the `sales_sold_daily` and `sales_sold_week` summaries, small):
 *   carried whole.
 */
export type TableMode = 'appended' | 'rows' | 'whole';

export interface TablePlan {
  readonly name: string;
  readonly mode: TableMode;
  /** Its columns, in order. */
  readonly columns: readonly string[];
  /**
   * The columns whose values all have their declared type (a STRICT table's, other than ANY): two of
   * their values are the same when SQLite finds them equal. Any other column's values are compared
   * with their types, since SQLite finds 1 equal to 1.0 and, by affinity, to '1'.
   */
  readonly typed: ReadonlySet<string>;
}

const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;

export { quoted as quoteName };

/** A trigger that refuses the statement outright: no WHEN, no column list, just RAISE. */
function refusesAll(sql: string, table: string, statement: 'UPDATE' | 'DELETE'): boolean {
  const flat = sql.replace(/\s+/g, ' ').trim();
  const pattern = new RegExp(
    `^CREATE TRIGGER \\S+ BEFORE ${statement} ON "?${table}"? BEGIN SELECT RAISE\\((ABORT|FAIL|ROLLBACK), '[^']*'\\); END$`,
    'i',
  );
  return pattern.test(flat);
}

/** The plan for every table of schema `schema` (an attached name or `main`) of `db`. */
export function tablePlans(db: Database.Database, schema: string): TablePlan[] {
  const master = db
    .prepare(`SELECT type, name, tbl_name, sql FROM ${schema}.sqlite_master WHERE sql IS NOT NULL`)
    .all() as { type: string; name: string; tbl_name: string; sql: string }[];
  const triggers = master.filter((row) => row.type === 'trigger');
  return master
    .filter((row) => row.type === 'table' && !row.name.startsWith('sqlite_'))
    .map((row) => {
      const info = db
        .prepare(`SELECT name, type FROM pragma_table_info(?, ?) ORDER BY cid`)
        .all(row.name, schema) as { name: string; type: string }[];
      const { strict } = db
        .prepare(`SELECT strict FROM pragma_table_list WHERE schema = ? AND name = ?`)
        .get(schema, row.name) as { strict: number | bigint };
      const columns = info.map((c) => c.name);
      const typed = new Set(
        info.filter((c) => Number(strict) === 1 && c.type.toUpperCase() !== 'ANY').map((c) => c.name),
      );
      const own = triggers.filter((t) => t.tbl_name === row.name).map((t) => t.sql);
      const mode: TableMode = /WITHOUT\s+ROWID/i.test(row.sql)
        ? 'whole'
        : own.some((sql) => refusesAll(sql, row.name, 'UPDATE')) &&
            own.some((sql) => refusesAll(sql, row.name, 'DELETE'))
          ? 'appended'
          : 'rows';
      return { name: row.name, mode, columns, typed };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** What a schema is: a chain's segments all describe one (a migration starts a new chain). */
export function schemaFingerprint(db: Database.Database, schema: string): string {
  const rows = db
    .prepare(`SELECT type, name, tbl_name, sql FROM ${schema}.sqlite_master ORDER BY type, name`)
    .raw()
    .all();
  // The version too: a migration may drop a table's guarding triggers and make them again.
  const version = db.pragma(`${schema}.user_version`, { simple: true });
  return createHash('sha256')
    .update(
      JSON.stringify([String(version), rows], (_, value) =>
        typeof value === 'bigint' ? String(value) : value,
      ),
    )
    .digest('hex');
}
