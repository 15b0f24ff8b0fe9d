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
 * - `rows`: every other rowid table (sales, top-ups, settings, shifts, the catalogue…): each row's
 *   hash is kept from the last point, and the rows whose hash changed, the new ones and the rowids
 *   that are gone are written. Updates and deletes are caught whatever statement made them.
 * - `whole`: tables without rowid (the `sales_sold_daily` and `sales_sold_week` summaries, small):
 *   carried whole.
 */
export type TableMode = 'appended' | 'rows' | 'whole';

export interface TablePlan {
  readonly name: string;
  readonly mode: TableMode;
  /** Its columns, in order. */
  readonly columns: readonly string[];
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
      const columns = (
        db.prepare(`SELECT name FROM pragma_table_info(?, ?) ORDER BY cid`).all(row.name, schema) as {
          name: string;
        }[]
      ).map((c) => c.name);
      const own = triggers.filter((t) => t.tbl_name === row.name).map((t) => t.sql);
      const mode: TableMode = /WITHOUT\s+ROWID/i.test(row.sql)
        ? 'whole'
        : own.some((sql) => refusesAll(sql, row.name, 'UPDATE')) &&
            own.some((sql) => refusesAll(sql, row.name, 'DELETE'))
          ? 'appended'
          : 'rows';
      return { name: row.name, mode, columns };
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

/**
 * A row's hash: every value with its type (integers are read as BigInt, so 1 and 1.0 differ) and a
 * text's length, so two rows hash alike only if SQLite holds the same values. One digest per row.
 */
export function rowHash(values: readonly unknown[]): Buffer {
  const hash = createHash('sha256');
  let text = '';
  for (const value of values) {
    if (value === null) text += 'n;';
    else if (typeof value === 'bigint') text += `i${value};`;
    else if (typeof value === 'number') text += `r${value};`;
    else if (typeof value === 'string') text += `t${value.length}:${value}`;
    else if (Buffer.isBuffer(value)) {
      hash.update(`${text}b${value.length}:`).update(value);
      text = '';
    } else throw new Error(`unexpected SQLite value ${typeof value}`);
  }
  return hash.update(text).digest().subarray(0, 16);
}
