import { appendToChain, UNASSIGNED_COUNTER } from '../chain';
import { ADOPTED_KINDS, type RowKind, rowKindOf, V2_ROWS } from '../chain-rows';
import type { Db } from '../database';
import { CHAIN_LINK_COLUMNS, CHAIN_LOOKUPS_AND_GUARDS } from './chain-table';
import type { Migration } from './index';
import { countRowsGone, rowsOf } from './rows-gone';

/**
 * The chain holds every money row, whatever its date (record version 2, chain-rows.ts):
 * - its table takes records coded with version 2's dictionary (`deflate-d2`, chain-record.ts) beside
 *   the first; every link is copied as it is.
 * - every money row no record of the chain names yet is adopted by one: a sale or top-up written
 *   before the chain began (a journal older than version 6), or a balance reading, whose records named
 *   its day. Each adopting record (`sale.adopted`, `balance.adopted`…) holds its row as it stands, so
 *   from now on a row no record names was written behind the journal's back, whatever its date, and
 *   the check names it.
 */
export const m0017ChainHoldsEveryRow: Migration = {
  version: 17,
  name: '0017-chain-holds-every-row',
  rows: (db) => rowsOf(db, 'chain'),
  up(db, gone) {
    countRowsGone(db, gone);
    db.exec(`
      CREATE TABLE chain_v16 (
        ${CHAIN_LINK_COLUMNS}
        record BLOB NOT NULL,
        record_encoding TEXT NOT NULL CHECK (record_encoding IN ('deflate-d1', 'deflate-d2')),
        hash BLOB NOT NULL,
        PRIMARY KEY (counter_id, seq)
      ) STRICT;
      INSERT INTO chain_v16 (counter_id, seq, at, kind, subject, cashier_id, shift_id, record, record_encoding, hash)
        SELECT counter_id, seq, at, kind, subject, cashier_id, shift_id, record, record_encoding, hash
        FROM chain WHERE migration_row() ORDER BY counter_id, seq;
      DROP TABLE chain;
      ALTER TABLE chain_v16 RENAME TO chain;
      ${CHAIN_LOOKUPS_AND_GUARDS}
    `);
    adoptUnlinkedRows(db);
  },
};

/** One record for each money row of the journal's counter that no record of its chain names. */
function adoptUnlinkedRows(db: Db): void {
  db.function('chain_row_kind', { deterministic: true }, (kind) => rowKindOf(String(kind)));
  const counter =
    (
      db.prepare(`SELECT json_extract(value_json, '$') AS id FROM settings WHERE key = 'counter.id'`).get() as
        | { id: string }
        | undefined
    )?.id ?? UNASSIGNED_COUNTER;
  const at = new Date().toISOString();
  for (const [rowKind, { own }] of Object.entries(V2_ROWS) as [RowKind, (typeof V2_ROWS)[RowKind]][]) {
    const ofCounter = (own.columns as readonly string[]).includes('counter_id');
    const rows = db
      .prepare(
        `SELECT ${own.key} AS key FROM ${own.table} AS row
         WHERE ${ofCounter ? 'row.counter_id = @counter AND' : ''} NOT EXISTS (
           SELECT 1 FROM chain WHERE chain.subject = CAST(row.${own.key} AS TEXT)
             AND chain.counter_id = @counter AND chain_row_kind(chain.kind) = @rowKind)
         GROUP BY ${own.key} ORDER BY min(row.rowid)`,
      )
      .all({ counter, rowKind }) as { key: string | number }[];
    for (const { key } of rows) {
      appendToChain(db, { at, kind: ADOPTED_KINDS[rowKind], subject: String(key), detail: null });
    }
  }
}
