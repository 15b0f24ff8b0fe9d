import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogueTable, type StoredPackage } from '../../electron/core/journal/catalogue-table';
import { type Db, openJournal } from '../../electron/core/journal/database';
import { MIGRATIONS } from '../../electron/core/journal/migrations';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { ACCOUNT, newSale, saleCompletion } from '../support/journal-records';
import { cataloguePackage } from '../unit/renderer-catalogue-fixture';

let dir: string;
let file: string;
let db: Db;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-'));
  file = join(dir, 'journal.sqlite');
  db = openJournal({ file });
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the journal file', () => {
  it('is readable by its owner only, in WAL mode with full sync and foreign keys', () => {
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
  });

  it('refuses a journal written by a newer version of the app', () => {
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    db.close();
    expect(() => openJournal({ file })).toThrow(/newer version/);
    const raw = new Database(file);
    raw.pragma(`user_version = ${MIGRATIONS.length}`);
    raw.close();
    db = openJournal({ file });
  });
});

describe('migration 0001', () => {
  it('creates STRICT tables that refuse a sale in an unknown state', () => {
    const store = new SalesJournal(db);
    const sale = store.createIntent(newSale(), '2026-11-22T10:00:00.000Z');
    expect(() => db.prepare(`UPDATE sales SET state = 'lost' WHERE id = ?`).run(sale.id)).toThrow(/CHECK/);
    expect(() => db.prepare(`UPDATE sales SET quantity = 11 WHERE id = ?`).run(sale.id)).toThrow(/CHECK/);
    expect(() => db.prepare(`UPDATE sales SET retail_total_minor = 'ten' WHERE id = ?`).run(sale.id)).toThrow(
      /cannot store TEXT/,
    );
  });
});

describe('sale transitions', () => {
  it('records the intent with its key before anything else, then completes it with its eSIMs', () => {
    const store = new SalesJournal(db);
    const intent = store.createIntent(newSale({ id: 's1' }), '2026-11-22T10:00:00.000Z');
    expect(intent).toMatchObject({
      state: 'intent',
      idempotencyKey: 'key-s1',
      receiptNumber: 1,
      attempts: 0,
    });
    const sent = store.markSent('s1', '2026-11-22T10:00:01.000Z');
    expect(sent).toMatchObject({ state: 'sent', attempts: 1, sentAt: '2026-11-22T10:00:01.000Z' });
    const done = store.markCompleted('s1', saleCompletion(), '2026-11-22T10:00:02.000Z');
    expect(done).toMatchObject({
      state: 'completed',
      orderReference: 'ORD-1',
      cost: { amount: 1000, currency: 'USD' },
      margin: { amount: 250, currency: 'USD' },
      newBalance: { amount: 49000, currency: 'USD' },
    });
    if (done.state === 'completed') expect(done.esims.map((e) => e.iccid)).toEqual(['8944500000000000000']);
  });

  it('refuses a transition the state machine does not allow', () => {
    const store = new SalesJournal(db);
    store.createIntent(newSale({ id: 's2' }), '2026-11-22T10:00:00.000Z');
    store.markFailed(
      's2',
      { code: 'INVALID_PACKAGE', message: 'unknown package' },
      '2026-11-22T10:00:01.000Z',
    );
    expect(() => store.markSent('s2', '2026-11-22T10:00:02.000Z')).toThrow(/cannot move from failed to sent/);
    expect(store.require('s2').state).toBe('failed');
  });

  it('numbers receipts separately for training and live sales', () => {
    const store = new SalesJournal(db);
    expect(store.createIntent(newSale({ training: true }), '2026-11-22T10:00:00.000Z').receiptNumber).toBe(1);
    expect(store.createIntent(newSale({ training: true }), '2026-11-22T10:00:01.000Z').receiptNumber).toBe(2);
    expect(store.createIntent(newSale({ training: false }), '2026-11-22T10:00:02.000Z').receiptNumber).toBe(
      1,
    );
  });

  it('never accepts the same idempotency key twice', () => {
    const store = new SalesJournal(db);
    store.createIntent(newSale({ id: 'a', idempotencyKey: 'same' }), '2026-11-22T10:00:00.000Z');
    expect(() =>
      store.createIntent(newSale({ id: 'b', idempotencyKey: 'same' }), '2026-11-22T10:00:01.000Z'),
    ).toThrow(/UNIQUE/);
  });

  it('lists unresolved sales for recovery and finds sales by search', () => {
    const store = new SalesJournal(db);
    store.createIntent(newSale({ id: 'x', packageName: 'Turkey 10 GB' }), '2026-11-22T10:00:00.000Z');
    store.createIntent(newSale({ id: 'y', packageName: 'Jordan 3 GB' }), '2026-11-22T10:00:01.000Z');
    store.markSent('y', '2026-11-22T10:00:02.000Z');
    store.markInDoubt('y', { code: 'TIMEOUT', message: 'no answer' }, '2026-11-22T10:00:03.000Z');
    store.createIntent(newSale({ id: 'z', training: false }), '2026-11-22T10:00:04.000Z');
    store.markSent('z', '2026-11-22T10:00:05.000Z');
    // Recovery looks for the sales of the connected account's mode only; intents were never sent anywhere.
    expect(store.unresolved({ training: true, accountRef: ACCOUNT }).map((s) => s.id)).toEqual(['y']);
    expect(store.unresolved({ training: false, accountRef: ACCOUNT }).map((s) => s.id)).toEqual(['z']);
    expect(store.neverSent().map((s) => s.id)).toEqual(['x']);
    expect(store.list({ search: 'turkey', limit: 10 }).map((s) => s.id)).toEqual(['x']);
    expect(store.list({ search: '100%', limit: 10 })).toEqual([]);
    expect(store.list({ states: ['in_doubt'], limit: 10 }).map((s) => s.id)).toEqual(['y']);
  });
});

describe('the catalogue cache', () => {
  const pkg = (code: string): StoredPackage & { raw: string } => {
    const {
      retail: _shownPrice,
      atCost: _earnsNothing,
      ...stored
    } = cataloguePackage({ code, countries: ['IQ'] });
    return { ...stored, raw: '{}' };
  };

  it('is validated as it is read: a row in another shape is left out, never sold from', () => {
    const table = new CatalogueTable(db);
    table.replaceAll([pkg('GOOD'), pkg('BAD')], '2026-11-22T10:00:00.000Z');
    // A row written in another shape (an amount as a float, as an older or damaged write might leave it).
    db.prepare(
      `UPDATE catalogue SET package_json = json_set(package_json, '$.cost.amount', 10.5) WHERE code = 'BAD'`,
    ).run();
    expect(table.list().packages.map((p) => p.code)).toEqual(['GOOD']);
    expect(table.get('BAD')).toBeNull();
    expect(table.get('GOOD')).toMatchObject({ code: 'GOOD', cost: { amount: 400, currency: 'USD' } });
  });
});
