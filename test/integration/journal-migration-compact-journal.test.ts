import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AnswerEncoding, answerBodyText, answersOf } from '../../electron/core/journal/answers';
import { checkChain } from '../../electron/core/journal/chain-check';
import { unpackRecord } from '../../electron/core/journal/chain-record';
import { type Db, openJournal } from '../../electron/core/journal/database';
import { MIGRATIONS } from '../../electron/core/journal/migrations';
import {
  CHAIN_LINK_COLUMNS,
  CHAIN_LOOKUPS_AND_GUARDS,
} from '../../electron/core/journal/migrations/chain-table';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { keptAnswer, newSale, saleCompletion } from '../support/journal-records';
import { backToVersion12 } from '../support/journal-versions';

/**
 * Migration 0011 stores each chain link's record deflated against a dictionary, and the base64 of the
 * answers' data URLs as bytes. A journal with real sales (written by the sales journal, every link
 * hashed as the counter hashes it, answers with QR code data URLs) is put back in the form version 10
 * kept (each record as its JSON text, every answer plainly deflated, the tables and triggers as 0006
 * and 0010 built them), then opened: every sale, answer and link reads the same after, the chain
 * still holds with the same head, and new links and answers follow on.
 */

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-compact-chain-'));
  file = join(dir, 'journal.sqlite');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

const COUNTER = 'C1';
const COMPACT = MIGRATIONS.findIndex((m) => m.name.endsWith('-compact-journal'));

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
          answers: [keptAnswer(orderAnswer(i))],
        }),
        at,
      );
    }
    return id;
  });
}

/** An order's answer as the API gives it: the QR code as a PNG data URL, once at the top and once per eSIM. */
function orderAnswer(i: number): string {
  const png = Buffer.from(Array.from({ length: 300 + i }, (_, n) => (n * 7 + i) % 256)).toString('base64');
  const qr = `data:image/png;base64,${png}`;
  return JSON.stringify({
    success: true,
    orderReference: `ORD-${i}`,
    qrCodeUrl: qr,
    esims: [{ iccid: `89445000000000000${String(i).padStart(2, '0')}`, qrCodeUrl: qr }],
  });
}

/** The chain and the answers as version 10 kept them: each record as its JSON text, each answer deflated, a cancellation's answers apart. */
function backToVersion10(db: Db): void {
  db.function('record_text', (record, encoding) => unpackRecord(record as Buffer, String(encoding)));
  db.function('deflated', (body, encoding) =>
    deflateRawSync(Buffer.from(answerBodyText(body as Buffer, encoding as AnswerEncoding), 'utf8')),
  );
  backToVersion12(db);
  db.exec(`
    CREATE TABLE answers_v10 (
      record_kind TEXT NOT NULL CHECK (record_kind IN ('sale', 'topup')),
      record_id TEXT NOT NULL,
      seq INTEGER NOT NULL CHECK (seq >= 1),
      request TEXT,
      send INTEGER,
      attempt INTEGER,
      status INTEGER,
      whole INTEGER NOT NULL CHECK (whole IN (0, 1)),
      received_at TEXT NOT NULL,
      body BLOB NOT NULL,
      encoding TEXT NOT NULL CHECK (encoding IN ('text', 'deflate')),
      PRIMARY KEY (record_kind, record_id, seq)
    ) STRICT;
    INSERT INTO answers_v10 SELECT record_kind, record_id, seq, request, send, attempt, status, whole,
      received_at, deflated(body, encoding), 'deflate' FROM answers;
    DROP TABLE answers;
    ALTER TABLE answers_v10 RENAME TO answers;
    CREATE TRIGGER answers_are_never_changed BEFORE UPDATE ON answers
      BEGIN SELECT RAISE(ABORT, 'answers are kept as received'); END;
    CREATE TRIGGER answers_are_never_removed BEFORE DELETE ON answers
      BEGIN SELECT RAISE(ABORT, 'answers are kept as received'); END;
    -- A cancellation's answers had a table of their own until version 12.
    CREATE TABLE cancellation_answers (
      id INTEGER PRIMARY KEY,
      cancellation_id TEXT NOT NULL REFERENCES cancellations (id),
      call TEXT NOT NULL CHECK (call IN ('cancel', 'read')),
      http_status INTEGER,
      body TEXT,
      at TEXT NOT NULL
    ) STRICT;
  `);
  db.exec(`
    CREATE TABLE chain_text (
      ${CHAIN_LINK_COLUMNS}
      record_json TEXT NOT NULL,
      prev_hash TEXT NOT NULL,
      hash TEXT NOT NULL,
      PRIMARY KEY (counter_id, seq)
    ) STRICT;
    INSERT INTO chain_text SELECT counter_id, seq, at, kind, subject, cashier_id, shift_id,
      record_text(record, record_encoding), prev_hash, hash FROM chain;
    DROP TABLE chain;
    ALTER TABLE chain_text RENAME TO chain;
    ${CHAIN_LOOKUPS_AND_GUARDS}
  `);
  db.pragma(`user_version = ${COMPACT}`);
}

function everything(db: Db, ids: readonly string[]) {
  const sales = new SalesJournal(db);
  return ids.map((id) => ({ sale: sales.get(id), answers: answersOf(db, 'sale', id) }));
}

const tableBytes = (db: Db, table: string): number =>
  (db.prepare(`SELECT sum(pgsize) AS bytes FROM dbstat WHERE name = ?`).get(table) as { bytes: number })
    .bytes;

const encodings = (db: Db): unknown[] =>
  db.prepare('SELECT encoding, count(*) AS n FROM answers GROUP BY encoding ORDER BY encoding').all();

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
    const textBytes = tableBytes(db, 'chain');
    expect(encodings(db)).toEqual([{ encoding: 'deflate', n: 40 }]);
    const deflatedBytes = db.prepare('SELECT sum(length(body)) AS n FROM answers').get() as { n: number };
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
      expect(tableBytes(db, 'chain')).toBeLessThan(textBytes / 2);
      // The 30 completed sales' answers hold data URLs; the 10 refusals do not.
      expect(encodings(db)).toEqual([
        { encoding: 'deflate', n: 10 },
        { encoding: 'deflate-base64', n: 30 },
      ]);
      const compact = db.prepare('SELECT sum(length(body)) AS n FROM answers').get() as { n: number };
      expect(compact.n).toBeLessThan(deflatedBytes.n);
      expect(() => db.prepare(`UPDATE answers SET whole = 0`).run()).toThrow(/kept as received/);
      expect(() => db.prepare('DELETE FROM chain WHERE seq = 1').run()).toThrow(/never deleted/);

      const more = sell(db, 2, ids.length);
      expect(answersOf(db, 'sale', more[0]!)[0]?.body).toBe(orderAnswer(ids.length));
      const grown = checkChain(db, COUNTER);
      expect(grown).toMatchObject({ links: 126, firstBroken: null, unlinked: [] });
      expect(grown.head?.seq).toBe(126);
    } finally {
      db.close();
    }
  });
});
