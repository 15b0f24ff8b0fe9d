import Database from 'better-sqlite3';
import { rowKindOf, V2_ROWS } from '../journal/chain-rows';
import type { Db } from '../journal/database';
import type { LedgerRecord } from '../shop/ledger-reads';

/**
 * A shop's records as one journal the exports read: every counter's rows, as the ledger received
 * them in its chain's records, in an in-memory SQLite database. Its tables have the columns the
 * records hold (chain-rows.ts), no more, so the very statements of EXPORT_TABLES run on it, and a
 * shop's file is the same file as a counter's, its rows from every counter.
 */
export function shopJournal(records: readonly LedgerRecord[]): Db {
  const db = new Database(':memory:');
  const tables = new Map<string, Set<string>>();
  for (const rows of Object.values(V2_ROWS)) {
    for (const { table, key, columns } of [rows.own, ...rows.belonging]) {
      tables.set(table, new Set([...(tables.get(table) ?? []), key, ...columns]));
    }
  }
  for (const [table, columns] of tables) {
    db.exec(`CREATE TABLE ${table} (${[...columns].join(', ')})`);
  }
  const insert = (table: string, row: unknown): void => {
    const known = tables.get(table);
    if (!known || row === null || typeof row !== 'object') return;
    const columns = Object.keys(row).filter((column) => known.has(column));
    if (columns.length === 0) return;
    db.prepare(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')})`,
    ).run(Object.fromEntries(columns.map((column) => [column, (row as Record<string, unknown>)[column]])));
  };
  db.transaction(() => {
    for (const record of records) {
      const kind = rowKindOf(record.kind);
      if (!kind) continue;
      const { own, belonging } = V2_ROWS[kind];
      const held = record.record as { rows?: unknown; belonging?: Record<string, unknown> };
      for (const row of Array.isArray(held.rows) ? held.rows : []) insert(own.table, row);
      for (const { table } of belonging) {
        const rows = held.belonging?.[table];
        for (const row of Array.isArray(rows) ? rows : []) insert(table, row);
      }
    }
  })();
  return db;
}
