import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountRefOf } from '../../electron/core/journal/account-scope';
import { answersOf } from '../../electron/core/journal/answers';
import { backupDirOf } from '../../electron/core/journal/backup';
import { openJournal } from '../../electron/core/journal/database';
import {
  checkedMigrations,
  latestVersion,
  MIGRATIONS,
  type Migration,
} from '../../electron/core/journal/migrations';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { TopUpsJournal } from '../../electron/core/journal/topups-journal';
import { money } from '../../shared/money';
import { keptAnswer, newTopUp } from '../support/journal-records';
import { journalAtVersion } from '../support/journal-versions';

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-migrations-'));
  file = join(dir, 'journal.sqlite');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A journal as version `version` of the app left it, with one sale in doubt. */
function journalWithSaleInDoubt(version: number): void {
  const db = journalAtVersion(file, version);
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

describe('the migrations', () => {
  it('carry their versions explicitly: 1, 2, 3… in order, each named for its file', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    for (const m of MIGRATIONS) expect(m.name.startsWith(String(m.version).padStart(4, '0'))).toBe(true);
    expect(latestVersion()).toBe(MIGRATIONS.length);
  });

  it('refuse a list with a gap, a duplicate, or a step out of order', () => {
    const step = (version: number): Migration => ({ version, name: `${version}`, up: () => {} });
    expect(() => checkedMigrations([step(1), step(3)])).toThrow(
      /version 3 where 2 belongs \(a gap before it\)/,
    );
    expect(() => checkedMigrations([step(1), step(1)])).toThrow(/version 1 where 2 belongs \(a duplicate\)/);
    expect(() => checkedMigrations([step(2), step(1)])).toThrow(/version 2 where 1 belongs/);
    expect(checkedMigrations([step(1), step(2)]).map((m) => m.version)).toEqual([1, 2]);
  });
});

describe('migration 0002 (money paths)', () => {
  it('copies the journal first, then keeps every old sale, which recovery still finds by its mode', () => {
    journalWithSaleInDoubt(1);
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
    expect(copies).toEqual([`journal-v1-before-v${latestVersion()}-2026-11-22T09-30-00-000Z.sqlite`]);
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
    const t = store.createIntent(
      newTopUp(),
      '2026-11-22T10:00:00.000Z',
      '2026-11-22T09:50:00.000Z',
      () => {},
    );
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
      newTopUp({ id: 't1' }),
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
        cost: money(450, 'USD'),
        newBalance: null,
        newTotalGb: 2,
        newRemainingGb: 1.1,
        newExpiresAt: '2026-12-31T00:00:00.000Z',
        inferred: true,
        answers: [keptAnswer('{"success":true,"data":{}}')],
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
      store.markFailed('t1', { code: 'TIMEOUT', message: 'x' }, '2026-11-22T10:02:00.000Z'),
    ).toThrow(/cannot move from completed/);
    db.close();
  });

  it('shows the repeat guard the ICCID top-ups that may have charged, inside the intent transaction', () => {
    const db = openJournal({ file });
    const store = new TopUpsJournal(db);
    const seen: string[][] = [];
    const guard = (others: readonly { id: string }[]) => void seen.push(others.map((o) => o.id));
    store.createIntent(newTopUp({ id: 'a' }), '2026-11-22T10:00:00.000Z', '2026-11-22T09:50:00.000Z', guard);
    store.markSent('a', '2026-11-22T10:00:01.000Z');
    store.markFailed('a', { code: 'ESIM_NOT_TOPPABLE', message: 'no' }, '2026-11-22T10:00:02.000Z');
    store.createIntent(newTopUp({ id: 'b' }), '2026-11-22T10:01:00.000Z', '2026-11-22T09:51:00.000Z', guard);
    // Older than the window but unresolved: still counts.
    store.createIntent(newTopUp({ id: 'c' }), '2026-11-22T11:00:00.000Z', '2026-11-22T10:50:00.000Z', guard);
    expect(() =>
      store.createIntent(
        newTopUp({ id: 'd' }),
        '2026-11-22T11:01:00.000Z',
        '2026-11-22T10:51:00.000Z',
        () => {
          throw new Error('refused');
        },
      ),
    ).toThrow('refused');
    expect(store.get('d')).toBeNull();
    expect(seen).toEqual([[], [], ['b']]);
    db.close();
  });
});

describe('migration 0005 (sale quoted cost)', () => {
  it('keeps every old sale (no quoted cost: matched by package and time) and journals the cost of new ones', () => {
    journalWithSaleInDoubt(2);
    const db = openJournal({ file, now: () => new Date('2026-11-22T09:30:00.000Z') });
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    const sales = new SalesJournal(db);
    expect(sales.sends('old-sale')).toMatchObject({ quotedCost: null, lastSentAt: null });
    sales.createIntent(
      {
        id: 'new-sale',
        counterId: 'C1',
        accountRef: accountRefOf('RT-ANY'),
        cashierId: null,
        shiftId: null,
        training: false,
        packageCode: 'PKG',
        packageName: 'Iraq 5 GB',
        quantity: 2,
        idempotencyKey: 'C1-new',
        retailUnit: money(1500, 'USD'),
        retailTotal: money(3000, 'USD'),
        quotedCost: money(2200, 'USD'),
      },
      '2026-11-22T10:00:00.000Z',
    );
    sales.markSent('new-sale', '2026-11-22T10:00:00.001Z');
    expect(sales.sends('new-sale')).toEqual({
      id: 'new-sale',
      packageCode: 'PKG',
      quantity: 2,
      quotedCost: money(2200, 'USD'),
      firstSentAt: '2026-11-22T10:00:00.000Z',
      lastSentAt: '2026-11-22T10:00:00.001Z',
      endedAt: null,
    });
    expect(() => db.prepare(`UPDATE sales SET quoted_cost_minor = 1.5 WHERE id = 'new-sale'`).run()).toThrow(
      /cannot store REAL/,
    );
    db.close();
    expect(readdirSync(backupDirOf(file))).toEqual([
      `journal-v2-before-v${MIGRATIONS.length}-2026-11-22T09-30-00-000Z.sqlite`,
    ]);
  });
});

describe('migration 0007 (answers)', () => {
  it('moves the last answer of each record into the answers kept, which are appended and never changed', () => {
    journalWithSaleInDoubt(5);
    const old = new Database(file);
    old.prepare(`UPDATE sales SET raw_response = '{"success":true,"esims":[]}' WHERE id = 'old-sale'`).run();
    old.close();
    const db = openJournal({ file, now: () => new Date('2026-11-22T09:30:00.000Z') });
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(answersOf(db, 'sale', 'old-sale')).toEqual([
      {
        seq: 1,
        request: null,
        send: null,
        attempt: null,
        status: null,
        whole: true,
        receivedAt: '2026-11-01T10:00:00.000Z',
        body: '{"success":true,"esims":[]}',
      },
    ]);
    const columns = (table: string): string[] =>
      (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[]).map(
        (column) => column.name,
      );
    expect(columns('sales')).not.toContain('raw_response');
    expect(columns('topups')).not.toContain('raw_response');

    // A later answer comes after it; none can be changed or taken away.
    const sales = new SalesJournal(db);
    sales.markInDoubt(
      'old-sale',
      { code: 'TIMEOUT', message: 'still no answer' },
      '2026-11-22T10:00:00.000Z',
      [keptAnswer('<html>502</html>', { status: 502, send: 2 })],
    );
    expect(db.prepare(`SELECT seq, send, status FROM answers ORDER BY seq`).all()).toEqual([
      { seq: 1, send: null, status: null },
      { seq: 2, send: 2, status: 502 },
    ]);
    expect(() => db.prepare(`UPDATE answers SET whole = 0`).run()).toThrow(/kept as received/);
    expect(() => db.prepare('DELETE FROM answers').run()).toThrow(/kept as received/);
    expect(() =>
      db
        .prepare(
          `INSERT INTO answers (record_kind, record_id, seq, whole, received_at, encoding)
           VALUES ('order', 'x', 1, 1, '', 'text')`,
        )
        .run(),
    ).toThrow(/CHECK/);
    db.close();
  });
});

describe('migration 0010 (journal at scale)', () => {
  it('keeps the answers kept before (deflated since 0011), stores new ones deflated, and reads both back whole', () => {
    journalWithSaleInDoubt(5);
    const old = new Database(file);
    old.prepare(`UPDATE sales SET raw_response = '{"before":"é"}' WHERE id = 'old-sale'`).run();
    old.close();
    const db = openJournal({ file });
    const body = JSON.stringify({
      success: true,
      esims: Array.from({ length: 5 }, (_, i) => ({ iccid: `8988${i}` })),
    });
    new SalesJournal(db).markInDoubt(
      'old-sale',
      { code: 'TIMEOUT', message: 'no answer' },
      '2026-11-22T10:00:00.000Z',
      [keptAnswer(body)],
    );
    const stored = (seq: number) =>
      db
        .prepare(
          'SELECT encoding, length(body) AS bytes FROM answers JOIN answer_bodies ON answer_id = id WHERE seq = ?',
        )
        .get(seq) as { encoding: string; bytes: number };
    // Kept before: deflated by 0011 as it was; kept now: deflated with the answers' dictionary (0021).
    expect(stored(1).encoding).toBe('deflate');
    expect(stored(2).encoding).toBe('deflate-d1');
    expect(stored(2).bytes).toBeLessThan(body.length);
    expect(answersOf(db, 'sale', 'old-sale').map((answer) => answer.body)).toEqual(['{"before":"é"}', body]);
    expect(() => db.prepare(`UPDATE answer_bodies SET body = x'00'`).run()).toThrow(/kept as received/);
    expect(() => db.prepare('DELETE FROM answer_bodies').run()).toThrow(/kept as received/);
    expect(() => db.prepare('DELETE FROM answers').run()).toThrow(/kept as received/);
    db.close();
  });
});

describe('migration 0020 (sales cancelled elsewhere)', () => {
  it("keeps a copy of other counters' cancellations of this journal's sales only, each as JSON", () => {
    journalWithSaleInDoubt(19);
    const db = openJournal({ file });
    const put = db.prepare(
      'INSERT INTO sales_cancelled_elsewhere (sale_id, cancellation_json, read_at) VALUES (?, ?, ?)',
    );
    expect(db.prepare('SELECT count(*) AS n FROM sales_cancelled_elsewhere').get()).toEqual({ n: 0 });
    put.run('old-sale', '{"state":"cancelled","counterCode":"2"}', '2026-11-30T10:00:00.000Z');
    expect(() => put.run('no-such-sale', '{}', '2026-11-30T10:00:00.000Z')).toThrow(/FOREIGN KEY/);
    // A copy: a cancellation the ledger no longer holds goes.
    db.prepare('DELETE FROM sales_cancelled_elsewhere').run();
    expect(db.prepare('SELECT count(*) AS n FROM sales_cancelled_elsewhere').get()).toEqual({ n: 0 });
    expect(() => put.run('old-sale', 'not json', '2026-11-30T10:00:00.000Z')).toThrow(/CHECK constraint/);
    db.close();
  });
});
