import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answersOf } from '../../electron/core/journal/answers';
import { checkChain } from '../../electron/core/journal/chain-check';
import { unpackRecord } from '../../electron/core/journal/chain-record';
import { type Db, openJournal } from '../../electron/core/journal/database';
import { MIGRATIONS } from '../../electron/core/journal/migrations';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { keptAnswer, newSale, saleCompletion } from '../support/journal-records';

/**
 * Migration 0011 stores each chain link's record deflated. A journal with real sales (written by the
 * sales journal, every link hashed as the counter hashes it) is put back in the form version 10 kept
 * (each record as its JSON text, the table as 0006 built it), then opened: every sale, answer and link
 * reads the same after, the chain still holds with the same head, and new links follow on from it.
 */

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-compact-chain-'));
  file = join(dir, 'journal.sqlite');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

const COUNTER = 'C1';
const COMPACT_CHAIN = MIGRATIONS.findIndex((m) => m.name.endsWith('-compact-chain'));

/** Sells `count` sales: completed ones with their answers, every fourth one refused. */
function sell(db: Db, count: number, from = 0): string[] {
  const sales = new SalesJournal(db);
  const at = '2026-11-22T10:00:00.000Z';
  return Array.from({ length: count }, (_, n) => {
    const i = from + n;
    const id = `sale-${i}`;
    sales.createIntent(newSale({ id, counterId: COUNTER }), at);
    sales.markSent(id, at);
    if (i % 4 === 3) {
      sales.markFailed(id, { code: 'INSUFFICIENT_BALANCE', message: 'not enough balance' }, at, [
        keptAnswer('{"success":false,"code":"INSUFFICIENT_BALANCE"}', { status: 400 }),
      ]);
    } else {
      sales.markCompleted(
        id,
        saleCompletion({
          orderReference: `ORD-${i}`,
          answers: [keptAnswer(`{"success":true,"orderReference":"ORD-${i}","note":"${'x'.repeat(i)}"}`)],
        }),
        at,
      );
    }
    return id;
  });
}

/** The chain as version 10 kept it: each record as its JSON text. */
function backToVersion10(db: Db): void {
  db.function('record_text', (record, encoding) => unpackRecord(record as Buffer, String(encoding)));
  db.exec(`
    CREATE TABLE chain_text (
      counter_id TEXT NOT NULL,
      seq INTEGER NOT NULL CHECK (seq >= 1),
      at TEXT NOT NULL,
      kind TEXT NOT NULL,
      subject TEXT,
      cashier_id TEXT,
      shift_id TEXT,
      record_json TEXT NOT NULL,
      prev_hash TEXT NOT NULL,
      hash TEXT NOT NULL,
      PRIMARY KEY (counter_id, seq)
    ) STRICT;
    INSERT INTO chain_text SELECT counter_id, seq, at, kind, subject, cashier_id, shift_id,
      record_text(record, record_encoding), prev_hash, hash FROM chain;
    DROP TABLE chain;
    ALTER TABLE chain_text RENAME TO chain;
    CREATE INDEX chain_by_subject ON chain (subject, seq);
    CREATE INDEX chain_by_shift ON chain (shift_id, kind);
    CREATE TRIGGER chain_never_updated BEFORE UPDATE ON chain
      BEGIN SELECT RAISE(ABORT, 'chain rows are never edited'); END;
    CREATE TRIGGER chain_never_deleted BEFORE DELETE ON chain
      BEGIN SELECT RAISE(ABORT, 'chain rows are never deleted'); END;
  `);
  db.pragma(`user_version = ${COMPACT_CHAIN}`);
}

function everything(db: Db, ids: readonly string[]) {
  const sales = new SalesJournal(db);
  return ids.map((id) => ({ sale: sales.get(id), answers: answersOf(db, 'sale', id) }));
}

const chainBytes = (db: Db): number =>
  (db.prepare(`SELECT sum(pgsize) AS bytes FROM dbstat WHERE name = 'chain'`).get() as { bytes: number })
    .bytes;

describe('migration 0011 (compact chain)', () => {
  it('keeps every sale, answer and link, the chain holds with the same head, and grows on from it', () => {
    let db = openJournal({ file });
    db.prepare(`INSERT INTO settings (key, value_json) VALUES ('counter.id', '"${COUNTER}"')`).run();
    const ids = sell(db, 40);
    const before = everything(db, ids);
    const check = checkChain(db, COUNTER);
    expect(check).toMatchObject({ links: 120, firstBroken: null, unlinked: [] });
    backToVersion10(db);
    const texts = db.prepare('SELECT seq, record_json FROM chain ORDER BY seq').all();
    const textBytes = chainBytes(db);
    db.close();

    db = openJournal({ file, now: () => new Date('2026-11-22T11:00:00.000Z') });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(everything(db, ids)).toEqual(before);
      expect(checkChain(db, COUNTER)).toEqual(check);
      const unpacked = (
        db.prepare('SELECT seq, record, record_encoding FROM chain ORDER BY seq').all() as {
          seq: number;
          record: Buffer;
          record_encoding: string;
        }[]
      ).map(({ seq, record, record_encoding }) => ({
        seq,
        record_json: unpackRecord(record, record_encoding),
      }));
      expect(unpacked).toEqual(texts);
      expect(chainBytes(db)).toBeLessThan(textBytes / 2);
      expect(() => db.prepare('DELETE FROM chain WHERE seq = 1').run()).toThrow(/never deleted/);

      sell(db, 2, ids.length);
      const grown = checkChain(db, COUNTER);
      expect(grown).toMatchObject({ links: 126, firstBroken: null, unlinked: [] });
      expect(grown.head?.seq).toBe(126);
    } finally {
      db.close();
    }
  });
});
