import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answersOf } from '../../electron/core/journal/answers';
import { checkChain } from '../../electron/core/journal/chain-check';
import { unpackRecord } from '../../electron/core/journal/chain-record';
import { type Db, openJournal } from '../../electron/core/journal/database';
import { MIGRATIONS } from '../../electron/core/journal/migrations';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { keptAnswer, newSale, saleCompletion } from '../support/journal-records';
import { insertRow, journalAtVersion, sellAsBefore, versionOf } from '../support/journal-versions';

/**
 * Migration 0011 stores each chain link's record deflated against a dictionary, and the base64 of the
 * answers' data URLs as bytes. A journal built at version 10 by the real migrations, with sales
 * written as version 10 wrote them (every link hashed as the counter hashes it, its record kept as
 * JSON text; answers with QR code data URLs, plainly deflated), is opened: every sale and answer
 * reads as written, the chain still holds with the same head, and new links and answers follow on.
 */

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-compact-chain-'));
  file = join(dir, 'journal.sqlite');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

const COUNTER = 'C1';
const BEFORE = versionOf('-compact-journal') - 1;
const AT = '2026-11-22T10:00:00.000Z';
const REFUSAL = '{"success":false,"code":"INSUFFICIENT_BALANCE"}';

/** Every fourth sale is refused; the others complete. */
const refused = (i: number): boolean => i % 4 === 3;

/** What each sale's one answer said: an order with its QR codes, or the refusal. */
const answerOf = (i: number): string => (refused(i) ? REFUSAL : orderAnswer(i));

/** Sells `count` sales with the current code: completed ones with their answers, every fourth one refused. */
function sell(db: Db, count: number, from = 0): string[] {
  const sales = new SalesJournal(db);
  return Array.from({ length: count }, (_, n) => {
    const i = from + n;
    const id = `sale-${i}`;
    sales.createIntent(newSale({ id, counterId: COUNTER }), AT);
    sales.markSent(id, AT);
    if (refused(i)) {
      sales.markFailed(id, { code: 'INSUFFICIENT_BALANCE', message: 'not enough balance' }, AT, [
        keptAnswer(REFUSAL, { status: 400 }),
      ]);
    } else {
      sales.markCompleted(
        id,
        saleCompletion({ orderReference: `ORD-${i}`, answers: [keptAnswer(orderAnswer(i))] }),
        AT,
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

/** A journal of version 10 with `count` sales as it wrote them, closed. */
function journalAtVersion10(count: number): {
  readonly ids: string[];
  readonly head: { seq: number; hash: string };
  readonly texts: unknown[];
  readonly textBytes: number;
  readonly deflatedBytes: number;
} {
  const db = journalAtVersion(file, BEFORE);
  try {
    insertRow(db, 'settings', { key: 'counter.id', value_json: JSON.stringify(COUNTER) });
    const ids = Array.from({ length: count }, (_, i) => {
      const id = `sale-${i}`;
      sellAsBefore(db, COUNTER, { id, at: AT, outcome: refused(i) ? 'failed' : 'completed' }, 'text');
      insertRow(db, 'answers', {
        record_kind: 'sale',
        record_id: id,
        seq: 1,
        request: 'POST /esims/order',
        send: 1,
        attempt: 1,
        status: refused(i) ? 400 : 200,
        whole: 1,
        received_at: AT,
        body: deflateRawSync(Buffer.from(answerOf(i), 'utf8')),
        encoding: 'deflate',
      });
      return id;
    });
    return {
      ids,
      head: db
        .prepare('SELECT seq, hash FROM chain WHERE counter_id = ? ORDER BY seq DESC LIMIT 1')
        .get(COUNTER) as { seq: number; hash: string },
      texts: db.prepare('SELECT seq, record_json FROM chain ORDER BY seq').all(),
      textBytes: tableBytes(db, 'chain'),
      deflatedBytes: (db.prepare('SELECT sum(length(body)) AS n FROM answers').get() as { n: number }).n,
    };
  } finally {
    db.close();
  }
}

const tableBytes = (db: Database.Database, table: string): number =>
  (db.prepare(`SELECT sum(pgsize) AS bytes FROM dbstat WHERE name = ?`).get(table) as { bytes: number })
    .bytes;

const encodings = (db: Db): unknown[] =>
  db.prepare('SELECT encoding, count(*) AS n FROM answers GROUP BY encoding ORDER BY encoding').all();

describe('migration 0011 (compact chain)', () => {
  it('keeps every sale, answer and link, the chain holds with the same head, and grows on from it', () => {
    const before = journalAtVersion10(40);
    const db = openJournal({ file, now: () => new Date('2026-11-22T11:00:00.000Z') });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      const sales = new SalesJournal(db);
      before.ids.forEach((id, i) => {
        expect(sales.get(id)).toMatchObject({ state: refused(i) ? 'failed' : 'completed' });
        expect(answersOf(db, 'sale', id).map((answer) => answer.body)).toEqual([answerOf(i)]);
      });
      expect(checkChain(db, COUNTER)).toEqual({
        counterId: COUNTER,
        links: 120,
        head: before.head,
        zHeads: 0,
        firstBreak: null,
        unlinkedCount: 0,
        unlinked: [],
      });
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
      expect(unpacked).toEqual(before.texts);
      expect(tableBytes(db, 'chain')).toBeLessThan(before.textBytes / 2);
      // The 30 completed sales' answers hold data URLs; the 10 refusals do not.
      expect(encodings(db)).toEqual([
        { encoding: 'deflate', n: 10 },
        { encoding: 'deflate-base64', n: 30 },
      ]);
      const compact = db.prepare('SELECT sum(length(body)) AS n FROM answer_bodies').get() as { n: number };
      expect(compact.n).toBeLessThan(before.deflatedBytes);
      expect(() => db.prepare(`UPDATE answers SET whole = 0`).run()).toThrow(/kept as received/);
      expect(() => db.prepare('DELETE FROM chain WHERE seq = 1').run()).toThrow(/never deleted/);

      const more = sell(db, 2, before.ids.length);
      expect(answersOf(db, 'sale', more[0]!)[0]?.body).toBe(orderAnswer(before.ids.length));
      const grown = checkChain(db, COUNTER);
      expect(grown).toMatchObject({ links: 126, firstBreak: null, unlinked: [] });
      expect(grown.head?.seq).toBe(126);
    } finally {
      db.close();
    }
  });
});
