import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openJournal } from '../../electron/core/journal/database';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { TopUpsJournal } from '../../electron/core/journal/topups-journal';
import { money } from '../../shared/money';
import { keptAnswer, loggedRecords, newSale, newTopUp, saleCompletion } from '../support/journal-records';

/**
 * Every state change and its record are one transaction, with exactly one record per change;
 * a transaction that reads before it writes holds the write lock from its first read. All on a real
 * journal file, with a second connection playing the other writer.
 */

let dir: string;
let file: string;
let db: Db;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-tx-'));
  file = join(dir, 'journal.sqlite');
  db = openJournal({ file });
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const T0 = '2026-11-22T10:00:00.000Z';
const T1 = '2026-11-22T10:00:01.000Z';
const T2 = '2026-11-22T10:00:02.000Z';
const T3 = '2026-11-22T10:00:03.000Z';

function recordsOf(subject: string): { kind: string; detail: unknown }[] {
  return loggedRecords(db, (row) => row.subject === subject).map((row) => ({
    kind: row.kind,
    detail: row.detail_json === null ? null : JSON.parse(row.detail_json),
  }));
}

/** From now on every record written on this connection fails, as a disk that fills between two writes would. */
function failRecordWrites(): void {
  db.exec(
    `CREATE TEMP TRIGGER record_fails BEFORE INSERT ON chain BEGIN SELECT RAISE(ABORT, 'record write failed'); END`,
  );
}

describe('one record per state change', () => {
  it('a sale: one row for each step, the completion with what was charged', () => {
    const sales = new SalesJournal(db);
    sales.createIntent(newSale({ id: 's1' }), T0);
    sales.markSent('s1', T1);
    sales.markInDoubt('s1', { code: 'TIMEOUT', message: 'no answer' }, T2);
    sales.markCompleted('s1', saleCompletion(), T3);
    expect(recordsOf('s1')).toEqual([
      { kind: 'sale.intent', detail: { packageCode: 'PKG-1', quantity: 1 } },
      { kind: 'sale.sent', detail: null },
      { kind: 'sale.in_doubt', detail: null },
      {
        kind: 'sale.completed',
        detail: { orderReference: 'ORD-1', cost: { amount: 1000, currency: 'USD' } },
      },
    ]);
  });

  it('a new sale and a new top-up, written sent: two states in one transaction, one record for both', () => {
    const sales = new SalesJournal(db);
    const sale = sales.createSent(newSale({ id: 's1' }), T0);
    expect([sale.intent.state, sale.sent.state, sale.sent.attempts]).toEqual(['intent', 'sent', 1]);
    expect(sales.require('s1')).toEqual(sale.sent);
    expect(recordsOf('s1')).toEqual([{ kind: 'sale.sent', detail: { packageCode: 'PKG-1', quantity: 1 } }]);

    const topUps = new TopUpsJournal(db);
    const topUp = topUps.createSent(newTopUp({ id: 't1' }), T0, T0, () => {});
    expect([topUp.intent.state, topUp.sent.state]).toEqual(['intent', 'sent']);
    expect(recordsOf('t1')).toEqual([
      { kind: 'topup.sent', detail: { iccid: newTopUp().iccid, packageCode: newTopUp().packageCode } },
    ]);
    // A guard that refuses leaves nothing behind: no row, no record.
    expect(() =>
      topUps.createSent(newTopUp({ id: 't2' }), T0, T0, () => {
        throw new Error('repeat');
      }),
    ).toThrow('repeat');
    expect(topUps.get('t2')).toBeNull();
    expect(recordsOf('t2')).toEqual([]);
  });

  it('a top-up: one row for each step, the completion with what was charged', () => {
    const topUps = new TopUpsJournal(db);
    topUps.createIntent(newTopUp({ id: 't1' }), T0, T0, () => {});
    topUps.markSent('t1', T1);
    topUps.markCompleted(
      't1',
      {
        orderReference: 'TOP-1',
        cost: money(450, 'USD'),
        newBalance: null,
        newTotalGb: 2,
        newRemainingGb: 1.1,
        newExpiresAt: null,
        inferred: false,
        answers: [keptAnswer('{}')],
      },
      T2,
    );
    expect(recordsOf('t1').map((row) => row.kind)).toEqual(['topup.intent', 'topup.sent', 'topup.completed']);
    expect(recordsOf('t1')[2]?.detail).toEqual({
      orderReference: 'TOP-1',
      cost: { amount: 450, currency: 'USD' },
      inferred: false,
    });
  });
});

describe('a state change and its record commit together or not at all', () => {
  it('a sale whose record cannot be written stays where it was', () => {
    const sales = new SalesJournal(db);
    sales.createIntent(newSale({ id: 's2' }), T0);
    sales.markSent('s2', T1);
    failRecordWrites();
    expect(() => sales.markInDoubt('s2', { code: 'TIMEOUT', message: 'no answer' }, T2)).toThrow(
      /record write failed/,
    );
    expect(sales.require('s2').state).toBe('sent');
    expect(() => sales.markFailed('s2', { code: 'INVALID_PACKAGE', message: 'no' }, T2)).toThrow();
    expect(sales.require('s2').state).toBe('sent');
  });

  it('a top-up whose record cannot be written stays where it was', () => {
    const topUps = new TopUpsJournal(db);
    topUps.createIntent(newTopUp({ id: 't2' }), T0, T0, () => {});
    failRecordWrites();
    expect(() => topUps.markSent('t2', T1)).toThrow(/record write failed/);
    expect(topUps.require('t2').state).toBe('intent');
  });
});

describe('a transaction that reads before it writes takes the write lock first', () => {
  it('no other writer commits between the repeat check and the intent it guards', () => {
    const topUps = new TopUpsJournal(db);
    const other = new Database(file);
    other.pragma('busy_timeout = 0');
    const otherWrite = (): void => {
      other.prepare(`INSERT INTO settings (key, value_json) VALUES ('other.counter', '1')`).run();
    };
    let refused: unknown = null;
    try {
      topUps.createIntent(newTopUp({ id: 't3' }), T0, T0, () => {
        // The guard runs inside the intent's transaction, after its read of the ICCID's top-ups.
        try {
          otherWrite();
        } catch (error) {
          refused = error;
        }
      });
      expect((refused as { code?: string } | null)?.code).toBe('SQLITE_BUSY');
      expect(topUps.require('t3').state).toBe('intent');
    } finally {
      other.close();
    }
  });
});
