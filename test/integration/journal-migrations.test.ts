import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountRefOf } from '../../electron/core/journal/account-scope';
import { backupDirOf, DAILY_BACKUPS_KEPT, DailyBackups } from '../../electron/core/journal/backup';
import { openJournal } from '../../electron/core/journal/database';
import { MIGRATIONS } from '../../electron/core/journal/migrations';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { type NewTopUp, TopUpsJournal } from '../../electron/core/journal/topups-journal';
import { money } from '../../shared/money';

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-migrations-'));
  file = join(dir, 'journal.sqlite');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

const silent = { info: () => {}, warn: () => {} };

/** A journal as version 1 of the app left it, with one sale in doubt. */
function journalAtVersion1(): void {
  const db = new Database(file);
  MIGRATIONS[0]!.up(db);
  db.pragma('user_version = 1');
  db.prepare(
    `INSERT INTO sales (id, receipt_number, counter_id, training, state, package_code, package_name, quantity,
       idempotency_key, currency, retail_unit_minor, retail_total_minor, attempts, created_at, updated_at,
       state_since, last_error_json)
     VALUES ('old-sale', 1, 'C1', 0, 'in_doubt', 'PKG', 'Iraq 5 GB', 1, 'C1-old', 'USD', 1500, 1500, 1,
       '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z',
       '{"code":"TIMEOUT","message":"no answer"}')`,
  ).run();
  db.close();
}

function topUp(overrides: Partial<NewTopUp> = {}): NewTopUp {
  return {
    id: `t-${Math.random().toString(36).slice(2)}`,
    counterId: 'C1',
    cashierId: null,
    shiftId: null,
    training: false,
    accountRef: accountRefOf('RT-ACCOUNT'),
    iccid: '8988000000000000001',
    packageCode: 'TOPUP-1GB',
    packageName: 'Top-up 1 GB',
    retail: money(600, 'USD'),
    quotedCost: money(450, 'USD'),
    before: {
      totalMb: 1024,
      remainingMb: 100,
      expiresAt: '2026-12-01T00:00:00.000Z',
      status: 'ACTIVE',
      takenAt: '2026-11-22T10:00:00.000Z',
    },
    beforeRaw: '{"success":true}',
    ...overrides,
  };
}

describe('migration 0002 (money paths)', () => {
  it('copies the journal first, then keeps every old sale, which recovery still finds by its mode', () => {
    journalAtVersion1();
    const db = openJournal({ file, now: () => new Date('2026-11-22T09:30:00.000Z') });
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    const sales = new SalesJournal(db);
    expect(sales.get('old-sale')).toMatchObject({ state: 'in_doubt', idempotencyKey: 'C1-old' });
    // Rows from before account refs existed match any account of their mode, never the other mode.
    expect(
      sales.unresolved({ training: false, accountRef: accountRefOf('RT-ANY') }).map((s) => s.id),
    ).toEqual(['old-sale']);
    expect(sales.unresolved({ training: true, accountRef: accountRefOf('RT-ANY') })).toEqual([]);
    db.close();

    const copies = readdirSync(backupDirOf(file));
    expect(copies).toEqual([`journal-v1-before-v${MIGRATIONS.length}-2026-11-22T09-30-00-000Z.sqlite`]);
    const copy = join(backupDirOf(file), copies[0]!);
    expect(statSync(copy).mode & 0o777).toBe(0o600);
    const old = new Database(copy, { readonly: true });
    expect(old.pragma('user_version', { simple: true })).toBe(1);
    expect(old.prepare('SELECT id FROM sales').all()).toEqual([{ id: 'old-sale' }]);
    old.close();
  });

  it('takes no copy of a new journal, nor of one already current', () => {
    openJournal({ file }).close();
    openJournal({ file }).close();
    expect(existsSync(backupDirOf(file))).toBe(false);
  });

  it('creates a STRICT top-ups table that refuses unknown states and non-integer money', () => {
    const db = openJournal({ file });
    const store = new TopUpsJournal(db);
    const t = store.createIntent(topUp(), '2026-11-22T10:00:00.000Z', '2026-11-22T09:50:00.000Z', () => {});
    expect(() => db.prepare(`UPDATE topups SET state = 'pending' WHERE id = ?`).run(t.id)).toThrow(/CHECK/);
    expect(() => db.prepare(`UPDATE topups SET retail_minor = 6.5 WHERE id = ?`).run(t.id)).toThrow(
      /cannot store REAL/,
    );
    db.close();
  });

  it('moves a top-up through its states once: never back to sent, with cost and margin in minor units', () => {
    const db = openJournal({ file });
    const store = new TopUpsJournal(db);
    const t = store.createIntent(
      topUp({ id: 't1' }),
      '2026-11-22T10:00:00.000Z',
      '2026-11-22T09:50:00.000Z',
      () => {},
    );
    expect(t).toMatchObject({ state: 'intent', receiptNumber: 1, before: { totalMb: 1024 } });
    store.markSent('t1', '2026-11-22T10:00:01.000Z');
    expect(() => store.markSent('t1', '2026-11-22T10:00:02.000Z')).toThrow(/cannot move from sent to sent/);
    const inDoubt = store.markInDoubt(
      't1',
      { code: 'TIMEOUT', message: 'no answer' },
      '2026-11-22T10:00:40.000Z',
      '2026-11-22T10:00:31.000Z',
    );
    expect(inDoubt).toMatchObject({ state: 'in_doubt', since: '2026-11-22T10:00:31.000Z' });
    const done = store.markCompleted(
      't1',
      {
        orderReference: null,
        cost: store.quotedCost('t1'),
        newBalance: null,
        newTotalGb: 2,
        newRemainingGb: 1.1,
        newExpiresAt: '2026-12-31T00:00:00.000Z',
        inferred: true,
        rawResponse: '{"success":true,"data":{}}',
      },
      '2026-11-22T10:01:00.000Z',
    );
    expect(done).toMatchObject({
      state: 'completed',
      cost: { amount: 450, currency: 'USD' },
      margin: { amount: 150, currency: 'USD' },
      inferred: true,
    });
    expect(() =>
      store.markFailed('t1', { code: 'TIMEOUT', message: 'x' }, '2026-11-22T10:02:00.000Z', null),
    ).toThrow(/cannot move from completed/);
    db.close();
  });

  it('shows the repeat guard the ICCID top-ups that may have charged, inside the intent transaction', () => {
    const db = openJournal({ file });
    const store = new TopUpsJournal(db);
    const seen: string[][] = [];
    const guard = (others: readonly { id: string }[]) => void seen.push(others.map((o) => o.id));
    store.createIntent(topUp({ id: 'a' }), '2026-11-22T10:00:00.000Z', '2026-11-22T09:50:00.000Z', guard);
    store.markSent('a', '2026-11-22T10:00:01.000Z');
    store.markFailed('a', { code: 'ESIM_NOT_TOPPABLE', message: 'no' }, '2026-11-22T10:00:02.000Z', null);
    store.createIntent(topUp({ id: 'b' }), '2026-11-22T10:01:00.000Z', '2026-11-22T09:51:00.000Z', guard);
    // Older than the window but unresolved: still counts.
    store.createIntent(topUp({ id: 'c' }), '2026-11-22T11:00:00.000Z', '2026-11-22T10:50:00.000Z', guard);
    expect(() =>
      store.createIntent(topUp({ id: 'd' }), '2026-11-22T11:01:00.000Z', '2026-11-22T10:51:00.000Z', () => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(store.get('d')).toBeNull();
    expect(seen).toEqual([[], [], ['b']]);
    db.close();
  });
});

describe('daily online backups', () => {
  it('copies the journal once a day, readable by its owner only, and keeps the last seven', async () => {
    const db = openJournal({ file });
    new SalesJournal(db).createIntent(
      {
        id: 's1',
        counterId: 'C1',
        cashierId: null,
        shiftId: null,
        training: true,
        packageCode: 'PKG',
        packageName: 'Iraq 5 GB',
        quantity: 1,
        idempotencyKey: 'C1-s1',
        retailUnit: money(1500, 'USD'),
        retailTotal: money(1500, 'USD'),
      },
      '2026-11-22T10:00:00.000Z',
    );
    let now = new Date('2026-11-22T10:00:00.000Z');
    const backups = new DailyBackups(db, file, silent, () => now);
    const first = await backups.runIfDue();
    expect(first).not.toBeNull();
    expect(statSync(first!).mode & 0o777).toBe(0o600);
    now = new Date('2026-11-22T20:00:00.000Z');
    expect(await backups.runIfDue()).toBeNull();
    for (let day = 1; day <= DAILY_BACKUPS_KEPT + 2; day++) {
      now = new Date(Date.parse('2026-11-22T10:00:00.000Z') + day * 86_400_000);
      expect(await backups.runIfDue()).not.toBeNull();
    }
    expect(backups.list()).toHaveLength(DAILY_BACKUPS_KEPT);
    expect(readdirSync(backupDirOf(file)).filter((f) => f.endsWith('.partial'))).toEqual([]);
    db.close();

    // Restoring (docs/journal.md): the copy replaces the journal while the app is stopped.
    const restored = join(dir, 'restored', 'journal.sqlite');
    mkdirSync(join(dir, 'restored'));
    copyFileSync(backups.list()[0]!, restored);
    const reopened = openJournal({ file: restored });
    expect(new SalesJournal(reopened).get('s1')).toMatchObject({ state: 'intent', idempotencyKey: 'C1-s1' });
    reopened.close();
  });
});
