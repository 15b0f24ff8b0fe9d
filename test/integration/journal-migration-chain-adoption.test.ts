import { describe, expect, it } from 'vitest';
import { checkChain } from '../../electron/core/journal/chain-check';
import { unpackRecord } from '../../electron/core/journal/chain-record';
import { openJournal } from '../../electron/core/journal/database';
import { MIGRATIONS } from '../../electron/core/journal/migrations';
import {
  insertRow,
  journalAtVersion,
  sellAsBefore,
  updateToVersion,
  versionOf,
} from '../support/journal-versions';
import { tempJournalPerTest } from '../support/temp-journal';

/**
 * Migration 0017 lets the chain take records coded with version 2's dictionary, and adopts every
 * money row no record names yet (a sale written before the chain began, a balance reading whose
 * records named its day) with a record of its own. From then on a row no record names is found
 * whatever its date: a sale forged and dated years back is named by the check.
 */

const journal = tempJournalPerTest('journal-chain-adoption');

const COUNTER = 'C1';
const AT = '2026-11-24T10:00:00.000Z';
const ADOPTING = versionOf('-chain-holds-every-row');

/** A sale the chain never heard of: written before the chain began, or behind the journal's back. */
function saleWithoutRecord(
  db: Parameters<typeof insertRow>[0],
  id: string,
  receipt: number,
  at: string,
): void {
  insertRow(db, 'sales', {
    id,
    receipt_number: receipt,
    counter_id: COUNTER,
    training: 0,
    state: 'completed',
    package_code: 'PKG',
    package_name: 'Iraq 5 GB',
    quantity: 1,
    idempotency_key: `${COUNTER}-${id}`,
    currency: 'USD',
    retail_unit_minor: 1500,
    retail_total_minor: 1500,
    cost_minor: 1100,
    cost_currency: 'USD',
    order_reference: `ORD-${id}`,
    created_at: at,
    updated_at: at,
    state_since: at,
    completed_at: at,
  });
}

describe('migration 0017 (the chain holds every row)', () => {
  it('adopts the rows no record names, keeps every link, and then names a row forged at any date', () => {
    // A journal of version 14 with a sale chained as that version chained it, one from before the
    // chain began, and a balance reading (its records named its day), brought to version 15.
    let db = journalAtVersion(journal.file, versionOf('-chain-hashes-as-bytes') - 1);
    insertRow(db, 'settings', { key: 'counter.id', value_json: JSON.stringify(COUNTER) });
    sellAsBefore(db, COUNTER, { id: 'sale-1', at: AT }, 'packed');
    saleWithoutRecord(db, 'before-the-chain', 900, '2025-03-01T09:00:00.000Z');
    insertRow(db, 'balance_snapshots', {
      id: 'reading-1',
      counter_id: COUNTER,
      training: 0,
      account_ref: 'account',
      business_day: '2026-11-24',
      purpose: 'opening',
      taken_at: AT,
      amount_minor: 50_000,
      currency: 'USD',
    });
    updateToVersion(db, ADOPTING - 1);
    const before = db.prepare('SELECT seq, lower(hex(hash)) AS hash FROM chain ORDER BY seq').all();
    expect(before).toHaveLength(3);
    db.close();

    db = openJournal({ file: journal.file });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      // Every link as it was, and one record more for each row no record named.
      expect(
        db.prepare('SELECT seq, lower(hex(hash)) AS hash FROM chain ORDER BY seq LIMIT ?').all(before.length),
      ).toEqual(before);
      const adopted = db
        .prepare(`SELECT kind, subject, record, record_encoding FROM chain WHERE seq > ? ORDER BY seq`)
        .all(before.length) as { kind: string; subject: string; record: Buffer; record_encoding: string }[];
      expect(adopted.map(({ kind, subject, record_encoding }) => [kind, subject, record_encoding])).toEqual([
        ['sale.adopted', 'before-the-chain', 'deflate-d2'],
        ['balance.adopted', 'reading-1', 'deflate-d2'],
      ]);
      const [sale] = adopted;
      expect(JSON.parse(unpackRecord(sale!.record, sale!.record_encoding))).toMatchObject({
        v: 2,
        rows: [{ id: 'before-the-chain', created_at: '2025-03-01T09:00:00.000Z', package_name: 'Iraq 5 GB' }],
      });
      expect(checkChain(db, COUNTER)).toMatchObject({ firstBreak: null, unlinkedCount: 0 });

      // An adopted row is held like any other: changing it is named at its adopting record.
      db.prepare(`UPDATE sales SET package_name = 'Iraq 50 GB' WHERE id = 'before-the-chain'`).run();
      expect(checkChain(db, COUNTER).firstBreak).toMatchObject({
        kind: 'changed_row',
        seq: before.length + 1,
        rowId: 'before-the-chain',
      });
      db.prepare(`UPDATE sales SET package_name = 'Iraq 5 GB' WHERE id = 'before-the-chain'`).run();

      // An adopted row deleted is named at its adopting record, by its kind.
      db.exec('DROP TRIGGER sales_never_deleted');
      db.prepare(`DELETE FROM sales WHERE id = 'before-the-chain'`).run();
      expect(checkChain(db, COUNTER).firstBreak).toMatchObject({
        kind: 'deleted_row',
        seq: before.length + 1,
        table: 'sales',
        rowId: 'before-the-chain',
      });
      saleWithoutRecord(db, 'before-the-chain', 900, '2025-03-01T09:00:00.000Z');
      expect(checkChain(db, COUNTER).firstBreak).toBeNull();

      // A sale forged later and dated years before the chain began has no record: named, whatever its date.
      saleWithoutRecord(db, 'forged', 901, '2019-06-01T09:00:00.000Z');
      expect(checkChain(db, COUNTER)).toMatchObject({
        firstBreak: { kind: 'unlinked_row', table: 'sales', rowId: 'forged' },
        unlinkedCount: 1,
      });

      // The chain is still append-only, and takes the two dictionaries' records and no other.
      expect(() => db.prepare('DELETE FROM chain WHERE seq = 1').run()).toThrow(/never deleted/);
      db.exec('DROP TRIGGER chain_never_updated');
      expect(() => db.prepare(`UPDATE chain SET record_encoding = 'deflate-d9' WHERE seq = 1`).run()).toThrow(
        /CHECK constraint/,
      );
      db.prepare(`UPDATE chain SET record_encoding = 'deflate-d2' WHERE seq = 1`).run();
    } finally {
      db.close();
    }
  });
});
