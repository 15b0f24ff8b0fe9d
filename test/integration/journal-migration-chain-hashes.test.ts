import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { chainHead } from '../../electron/core/journal/chain';
import { checkChain } from '../../electron/core/journal/chain-check';
import type { Db } from '../../electron/core/journal/database';
import { MIGRATIONS } from '../../electron/core/journal/migrations';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { newSale, saleCompletion } from '../support/journal-records';
import { insertRow, journalAtVersion, sellAsBefore, versionOf } from '../support/journal-versions';
import { tempJournalPerTest } from '../support/temp-journal';

/**
 * Migration 0015 keeps each link's hash as its 32 bytes and no longer stores the previous link's hash.
 * A journal built at version 14 by the real migrations, with sales written as version 14 wrote them
 * (every link hashed as the counter hashes it), is opened: the chain holds with the same head, takes
 * less room, and grows on from it; and a journal edited behind its back before the migration is still
 * named at the same link after it.
 */

const journal = tempJournalPerTest('journal-chain-hashes');

const COUNTER = 'C1';
const BEFORE = versionOf('-chain-hashes-as-bytes') - 1;

/** Sells `count` completed sales with the current code: three links each (intent, sent, completed). */
function sell(db: Db, count: number, from = 0): void {
  const sales = new SalesJournal(db);
  const at = '2026-11-24T10:00:00.000Z';
  for (let i = from; i < from + count; i++) {
    const id = `sale-${i}`;
    sales.createIntent(newSale({ id, counterId: COUNTER }), at);
    sales.markSent(id, at);
    sales.markCompleted(id, saleCompletion({ orderReference: `ORD-${i}` }), at);
  }
}

/**
 * A journal of version 14 with `count` completed sales, closed; returns the head version 14 printed
 * (its last link's hash, stored as hex) and the room its chain took.
 */
function journalAtVersion14(
  count: number,
  edit: (db: Database.Database) => void = () => {},
): { head: { seq: number; hash: string }; bytes: number } {
  const db = journalAtVersion(journal.file, BEFORE);
  try {
    insertRow(db, 'settings', { key: 'counter.id', value_json: JSON.stringify(COUNTER) });
    for (let i = 0; i < count; i++) {
      sellAsBefore(db, COUNTER, { id: `old-${i}`, at: '2026-11-23T10:00:00.000Z' }, 'packed');
    }
    edit(db);
    const head = db
      .prepare('SELECT seq, hash FROM chain WHERE counter_id = ? ORDER BY seq DESC LIMIT 1')
      .get(COUNTER) as { seq: number; hash: string };
    return { head, bytes: chainBytes(db) };
  } finally {
    db.close();
  }
}

const chainBytes = (db: Database.Database): number =>
  (db.prepare(`SELECT sum(pgsize) AS bytes FROM dbstat WHERE name = 'chain'`).get() as { bytes: number })
    .bytes;

/** Edits a version-14 link behind the journal's back, as someone with the file and a SQLite shell could. */
function editLink(db: Database.Database, seq: number, column: 'hash' | 'prev_hash', value: string): void {
  db.exec('DROP TRIGGER IF EXISTS chain_never_updated');
  db.prepare(`UPDATE chain SET ${column} = ? WHERE counter_id = ? AND seq = ?`).run(value, COUNTER, seq);
}

describe('migration 0015 (chain hashes as bytes)', () => {
  it('keeps every link and its head, in less room, and the chain grows on from it', () => {
    const before = journalAtVersion14(40);
    const db = journal.open();
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      const check = checkChain(db, COUNTER);
      expect(check).toMatchObject({ links: 120, firstBreak: null, unlinked: [] });
      expect(check.head).toEqual(before.head);
      expect(chainHead(db, COUNTER)).toEqual(before.head);
      // 32 bytes a hash instead of 64 characters, and no previous hash: about 98 bytes a link.
      expect(chainBytes(db)).toBeLessThan(before.bytes - 120 * 80);
      expect(db.prepare('SELECT DISTINCT length(hash) AS n FROM chain').all()).toEqual([{ n: 32 }]);

      sell(db, 1, 40);
      const grown = checkChain(db, COUNTER);
      expect(grown).toMatchObject({ links: 123, firstBreak: null });
      expect(grown.head?.seq).toBe(123);
    } finally {
      db.close();
    }
  });

  it('still names a link that was edited behind the journal’s back before it ran', () => {
    journalAtVersion14(10, (db) => {
      // The previous hash of link 7 no longer follows link 6; link 12's hash is not a hash at all.
      editLink(db, 7, 'prev_hash', 'f'.repeat(64));
      editLink(db, 12, 'hash', 'not a hash');
    });
    const db = journal.open();
    try {
      expect(checkChain(db, COUNTER).firstBreak).toMatchObject({ seq: 7, kind: 'changed_link' });
      expect(
        db
          .prepare(`SELECT seq, CAST(hash AS TEXT) AS hash FROM chain WHERE length(hash) <> 32 ORDER BY seq`)
          .all(),
      ).toEqual([
        { seq: 7, hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
        { seq: 12, hash: 'not a hash' },
        // Link 13 followed what link 12's hash was before the edit, so it no longer follows it either.
        { seq: 13, hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
      ]);
    } finally {
      db.close();
    }
  });
});
