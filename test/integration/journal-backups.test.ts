import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CancellationJournal } from '../../electron/core/care/cancellation-journal';
import {
  BACKUP_BUDGET,
  backupBytes,
  backupDirOf,
  DAILY_BACKUPS_KEPT,
  DailyBackups,
} from '../../electron/core/journal/backup';
import { type Db, openJournal } from '../../electron/core/journal/database';
import { MIGRATIONS } from '../../electron/core/journal/migrations/index';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { SettingsTable } from '../../electron/core/journal/settings-table';
import { money } from '../../shared/money';
import { keptAnswer, newSale, saleCompletion } from '../support/journal-records';
import { journalAtVersion } from '../support/journal-versions';

/**
 * The backup chain on a real journal: a base, then daily segments with only what changed (new
 * sales, a pending sale completing, a sale in doubt failing, a setting changed), restored with
 * `npm run restore` into a fresh data directory and compared row for row with the live journal; a
 * damaged or missing segment is refused by name and the journal is left as it was.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const silent = { info: () => {}, warn: () => {} };
const DAY_MS = 86_400_000;
const START = Date.parse('2026-11-22T10:00:00.000Z');

let dir: string;
let file: string;
let db: Db;
let now: Date;
let backups: DailyBackups;
let sold = 0;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'esim-backups-'));
  file = join(dir, 'journal.sqlite');
  db = openJournal({ file });
  now = new Date(START);
  backups = new DailyBackups(file, silent, () => now);
  sold = 0;
});

afterEach(() => {
  if (db.open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

const at = (): string => now.toISOString();

function sell(count: number): string[] {
  const sales = new SalesJournal(db);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = `s${++sold}`;
    sales.createIntent(newSale({ id, idempotencyKey: `C1-${id}` }), at());
    sales.markSent(id, at());
    sales.markCompleted(
      id,
      saleCompletion({
        orderReference: `ORD-${id}`,
        answers: [keptAnswer(`{"success":true,"ref":"ORD-${id}"}`, { receivedAt: at() })],
        esims: [{ ...saleCompletion().esims[0]!, iccid: `89445${String(sold).padStart(14, '0')}` }],
      }),
      at(),
    );
    ids.push(id);
  }
  return ids;
}

function openSale(id: string): void {
  const sales = new SalesJournal(db);
  sales.createIntent(newSale({ id, idempotencyKey: `C1-${id}` }), at());
  sales.markSent(id, at());
}

async function nextDay(): Promise<string> {
  now = new Date(now.getTime() + DAY_MS);
  const point = await backups.runIfDue();
  expect(point).not.toBeNull();
  return point!;
}

/** Every table's rows, in rowid (or key) order, by name. */
function everyRow(journal: string): Record<string, unknown[]> {
  const read = new Database(journal, { readonly: true });
  try {
    const tables = read
      .prepare(
        `SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
      )
      .all() as { name: string; sql: string }[];
    return Object.fromEntries(
      tables.map(({ name, sql }) => [
        name,
        read
          .prepare(`SELECT ${/WITHOUT ROWID/i.test(sql) ? '' : 'rowid, '}* FROM "${name}" ORDER BY 1`)
          .raw()
          .all(),
      ]),
    );
  } finally {
    read.close();
  }
}

function restore(...args: string[]): { status: number | null; out: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

/** A fresh data directory holding only a copy of the backups. */
function freshDataDir(): string {
  const fresh = mkdtempSync(join(dir, 'fresh-'));
  cpSync(backupDirOf(file), join(fresh, 'backups'), { recursive: true });
  return fresh;
}

/** Restores today's newest point into a fresh data directory: the journal comes back row for row. */
function expectTodaysPointAsLive(): void {
  const live = everyRow(file);
  const fresh = freshDataDir();
  expect(restore('--data-dir', fresh, '--day', now.toISOString().slice(0, 10)).status).toBe(0);
  expect(everyRow(join(fresh, 'journal.sqlite'))).toEqual(live);
}

/**
 * Puts a chain's state as the version before wrote it: a hash for each changeable row (the table, its
 * rows never read again), not the rows. Returns the tables of rows it took away.
 */
function asBegunWithHashes(chainDir: string): string[] {
  const state = new Database(join(chainDir, 'state.sqlite'));
  try {
    const kept = state
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rows:%'`)
      .pluck()
      .all() as string[];
    for (const name of kept) state.exec(`DROP TABLE "${name}"`);
    state.exec(`CREATE TABLE row_hashes (tbl TEXT NOT NULL, rid INTEGER NOT NULL, h BLOB NOT NULL,
      PRIMARY KEY (tbl, rid)) STRICT, WITHOUT ROWID`);
    return kept;
  } finally {
    state.close();
  }
}

const segmentsOf = (dataDir: string): string[] => {
  const chain = readdirSync(join(dataDir, 'backups')).find((name) => name.startsWith('chain-'))!;
  return readdirSync(join(dataDir, 'backups', chain))
    .filter((name) => name.startsWith('segment-'))
    .sort()
    .map((name) => join(dataDir, 'backups', chain, name));
};

describe('the backup chain', () => {
  it('takes a base, then segments of what changed, and restores the journal row for row', async () => {
    sell(5);
    openSale('pending-1');
    openSale('doubt-1');
    new SalesJournal(db).markPending(
      'pending-1',
      {
        orderReference: 'ORD-P1',
        cost: null,
        nextCheckAt: at(),
        giveUpAt: at(),
        answers: [keptAnswer('{"p":1}')],
      },
      at(),
    );
    new SalesJournal(db).markInDoubt('doubt-1', { code: 'TIMEOUT', message: 'no answer' }, at());
    db.prepare(
      `INSERT INTO cashiers (id, name, role, pin_json, created_at) VALUES ('M1', 'Manager', 'manager', NULL, ?)`,
    ).run(at());
    const cancellations = new CancellationJournal(db);
    const cancellation = cancellations.create(
      {
        kind: 'cancellation',
        saleId: 's1',
        topUpId: null,
        originalReceiptNumber: new SalesJournal(db).get('s1')!.receiptNumber!,
        counterId: 'C1',
        training: false,
        cashierId: null,
        shiftId: null,
        approvedBy: 'M1',
        reason: 'Changed their mind',
        iccid: null,
        orderReference: 'ORD-s1',
        cashRefund: null,
      },
      at(),
    );
    cancellations.markSent(cancellation.id, at());
    const base = await backups.runIfDue();
    expect(base).toMatch(/chain-.*\/base\.sqlite$/);
    expect(statSync(base!).mode & 0o777).toBe(0o600);

    // A day of changes: new sales, the pending one completes, the one in doubt fails, a setting changes.
    sell(4);
    new SalesJournal(db).markCompleted('pending-1', saleCompletion({ orderReference: 'ORD-P1' }), at());
    new SalesJournal(db).markFailed('doubt-1', { code: 'ORDER_NOT_FOUND', message: 'never placed' }, at());
    new SettingsTable(db).set('receipt.footer', 'Thank you');
    cancellations.markCancelled(
      cancellation.id,
      { method: 'balance', amount: money(1000, 'USD') },
      { call: 'cancel', httpStatus: 200, body: '{"success":true}' },
      at(),
    );
    const first = await nextDay();
    expect(first).toMatch(/segment-00001-/);
    for (const name of readdirSync(dirname(first)))
      expect(statSync(join(dirname(first), name)).mode & 0o777).toBe(0o600);
    // Only what changed: far smaller than the base.
    expect(statSync(first).size).toBeLessThan(statSync(base!).size);

    sell(3);
    new SettingsTable(db).set('receipt.footer', 'Shukran');
    new SettingsTable(db).delete('receipt.footer');
    const second = await nextDay();
    db.pragma('wal_checkpoint(TRUNCATE)');
    const live = everyRow(file);
    expect(live.sales).toHaveLength(14);
    expect(new CancellationJournal(db).get(cancellation.id)).toMatchObject({ state: 'cancelled' });

    const fresh = freshDataDir();
    const restored = restore('--data-dir', fresh, '--day', now.toISOString().slice(0, 10));
    expect(restored.out).toContain(basename(second));
    expect(restored.status).toBe(0);
    expect(everyRow(join(fresh, 'journal.sqlite'))).toEqual(live);

    // The point before: the segment of the first day alone on top of the base.
    const earlier = freshDataDir();
    const firstCopy = segmentsOf(earlier)[0]!;
    expect(restore('--data-dir', earlier, firstCopy).status).toBe(0);
    const rows = everyRow(join(earlier, 'journal.sqlite'));
    expect(rows.sales).toHaveLength(11);
    expect(rows.settings).toEqual(expect.arrayContaining([expect.arrayContaining(['receipt.footer'])]));
  });

  it("carries a row changed only in a letter's case or a value's type, and one only deleted", async () => {
    sell(2);
    new SettingsTable(db).set('receipt.footer', 'Thank you');
    new SettingsTable(db).set('receipt.header', 'Counter 1');
    // A table that does not fix its columns' types (the journal's own are STRICT): SQLite finds 1,
    // 1.0 and '1' equal there, yet each is a change to carry.
    db.exec(`CREATE TABLE loose (v); INSERT INTO loose VALUES (1)`);
    await backups.runIfDue();
    new SettingsTable(db).set('receipt.footer', 'thank you');
    new SettingsTable(db).delete('receipt.header');
    db.exec('UPDATE loose SET v = 1.0');
    const segment = await nextDay();
    db.exec(`UPDATE loose SET v = '1'`);
    const next = await nextDay();
    for (const [file, value] of [
      [segment, 1.0],
      [next, '1'],
    ] as const) {
      const read = new Database(file, { readonly: true });
      try {
        expect(read.prepare('SELECT v, typeof(v) AS type FROM loose').all()).toEqual([
          { v: value, type: typeof value === 'string' ? 'text' : 'real' },
        ]);
      } finally {
        read.close();
      }
    }
    const carried = new Database(segment, { readonly: true });
    try {
      expect(carried.prepare('SELECT key, value_json FROM settings').all()).toEqual([
        { key: 'receipt.footer', value_json: '"thank you"' },
      ]);
      expect(carried.prepare(`SELECT count(*) AS n FROM __deleted WHERE tbl = 'settings'`).get()).toEqual({
        n: 1,
      });
      // Nothing else changed: no sale is carried again.
      expect(carried.prepare('SELECT count(*) AS n FROM sales').get()).toEqual({ n: 0 });
    } finally {
      carried.close();
    }
    expectTodaysPointAsLive();
  });

  it('gives a chain begun with a hash a row the rows of its last point, keeping its earlier points', async () => {
    sell(3);
    await backups.runIfDue();
    sell(2);
    openSale('pending-1');
    const first = await nextDay();
    const chainDir = dirname(first);
    const kept = asBegunWithHashes(chainDir);
    expect(kept).toEqual(expect.arrayContaining(['rows:sales', 'rows:settings']));

    sell(1);
    new SalesJournal(db).markPending(
      'pending-1',
      { orderReference: 'ORD-P1', cost: null, nextCheckAt: at(), giveUpAt: at(), answers: [] },
      at(),
    );
    const second = await nextDay();
    expect(second).toBe(join(chainDir, basename(second)));
    expect(basename(second)).toMatch(/^segment-00002-/);
    const carried = new Database(second, { readonly: true });
    try {
      // The day's new sale and the one that went pending: measured against the last point, not carried whole.
      expect(carried.prepare('SELECT id FROM sales ORDER BY __rowid').pluck().all()).toEqual([
        'pending-1',
        's6',
      ]);
    } finally {
      carried.close();
    }
    const upgraded = new Database(join(chainDir, 'state.sqlite'), { readonly: true });
    try {
      const tables = upgraded.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all();
      expect(tables).not.toContain('row_hashes');
      expect(tables).toEqual(expect.arrayContaining(kept));
    } finally {
      upgraded.close();
    }
    expect(readdirSync(chainDir).filter((name) => name.includes('partial'))).toEqual([]);

    expectTodaysPointAsLive();
    const earlier = freshDataDir();
    expect(restore('--data-dir', earlier, segmentsOf(earlier)[0]!).status).toBe(0);
    expect(everyRow(join(earlier, 'journal.sqlite')).sales).toHaveLength(6);
  });

  it('starts a new chain when one begun with a hash a row cannot rebuild its last point', async () => {
    sell(3);
    await backups.runIfDue();
    sell(2);
    const first = await nextDay();
    const oldChain = dirname(first);
    asBegunWithHashes(oldChain);
    const bytes = readFileSync(first);
    bytes[bytes.length - 100] = bytes[bytes.length - 100]! ^ 0xff;
    writeFileSync(first, bytes);

    sell(1);
    const next = await nextDay();
    expect(next).toMatch(/chain-.*\/base\.sqlite$/);
    expect(existsSync(oldChain)).toBe(false);
    expectTodaysPointAsLive();
  });

  it('refuses a damaged segment and a missing one by name, leaving the journal as it was', async () => {
    sell(3);
    await backups.runIfDue();
    sell(2);
    await nextDay();
    sell(2);
    await nextDay();

    const damaged = freshDataDir();
    writeFileSync(join(damaged, 'journal.sqlite'), 'the journal as it is');
    const [segment] = segmentsOf(damaged);
    const bytes = readFileSync(segment!);
    bytes[bytes.length - 100] = bytes[bytes.length - 100]! ^ 0xff;
    writeFileSync(segment!, bytes);
    const refused = restore('--data-dir', damaged, '--day', now.toISOString().slice(0, 10));
    expect(refused.status).toBe(1);
    expect(refused.out).toContain(`segment ${segment} is damaged`);
    expect(readFileSync(join(damaged, 'journal.sqlite'), 'utf8')).toBe('the journal as it is');

    // A segment alone is not a journal: named from another data directory, it is refused.
    const elsewhere = mkdtempSync(join(dir, 'elsewhere-'));
    const alone = restore('--data-dir', elsewhere, segmentsOf(dir)[0]!);
    expect(alone.status).toBe(1);
    expect(alone.out).toContain('is a segment of a backup chain');

    const missing = freshDataDir();
    const [gone] = segmentsOf(missing);
    rmSync(gone!);
    const refusedMissing = restore('--data-dir', missing, '--day', now.toISOString().slice(0, 10));
    expect(refusedMissing.status).toBe(1);
    expect(refusedMissing.out).toContain(`segment ${gone} is missing`);
    expect(existsSync(join(missing, 'journal.sqlite'))).toBe(false);
  });

  it('folds old days into the base and stays within twice the journal', async () => {
    // A journal of some history, so seven small days' segments fit the budget and the count rule is the one seen.
    sell(450);
    await backups.runIfDue();
    for (let day = 1; day <= DAILY_BACKUPS_KEPT + 5; day++) {
      sell(20);
      new SettingsTable(db).set('receipt.footer', `day ${day}`);
      await nextDay();
      db.pragma('wal_checkpoint(TRUNCATE)');
      expect(backupBytes(file)).toBeLessThanOrEqual(BACKUP_BUDGET * statSync(file).size);
    }
    expect(backups.list()).toHaveLength(DAILY_BACKUPS_KEPT + 1);
    expectTodaysPointAsLive();
  }, 120_000);

  it('starts a new chain after a migration; the copy taken before it stands for the old chain until the new base is whole', async () => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
    dir = mkdtempSync(join(tmpdir(), 'esim-backups-'));
    file = join(dir, 'journal.sqlite');
    const previous = MIGRATIONS.length - 1;
    const old = journalAtVersion(file, previous);
    await new DailyBackups(file, silent, () => now).runIfDue();
    old.close();
    const [oldChain] = readdirSync(backupDirOf(file)).filter((name) => name.startsWith('chain-'));

    now = new Date(now.getTime() + DAY_MS);
    db = openJournal({ file, now: () => now });
    const beforeMigration = `journal-v${previous}-before-v${MIGRATIONS.length}-`;
    expect(readdirSync(backupDirOf(file)).filter((name) => name.startsWith(beforeMigration))).toHaveLength(1);
    backups = new DailyBackups(file, silent, () => now);
    sell(2);
    now = new Date(now.getTime() + 60_000);
    const base = await backups.runIfDue();
    expect(base).toMatch(/base\.sqlite$/);
    const names = readdirSync(backupDirOf(file));
    expect(names).not.toContain(oldChain);
    expect(names.filter((name) => name.startsWith('chain-'))).toHaveLength(1);
    // The copy and a new base would pass twice the journal: the copy gave way once the new base was whole.
    expect(names.filter((name) => name.startsWith(beforeMigration))).toEqual([]);
    db.pragma('wal_checkpoint(TRUNCATE)');
    expect(backupBytes(file)).toBeLessThanOrEqual(BACKUP_BUDGET * statSync(file).size);
  });

  it('keeps selling while a backup runs on its own thread; the next point holds every sale, row for row', async () => {
    const priority = getPriority();
    /** Sells one at a time, giving the event loop a turn after each, until `backup` settles. */
    const sellDuring = async (backup: Promise<string | null>): Promise<number> => {
      let done = false;
      void backup.finally(() => {
        done = true;
      });
      let sold = 0;
      while (!done) {
        sell(1);
        sold++;
        await new Promise((resolve) => setImmediate(resolve));
      }
      return sold;
    };
    // A journal of several megabytes, so the base is copied in several steps while sales commit.
    db.pragma('synchronous = OFF');
    sell(2_000);
    db.pragma('synchronous = FULL');
    const pages = Number(db.pragma('page_count', { simple: true }));
    expect(pages * Number(db.pragma('page_size', { simple: true }))).toBeGreaterThan(3 * 1024 * 1024);
    const base = backups.runIfDue();
    expect(await sellDuring(base)).toBeGreaterThan(0);
    expect(await base).toMatch(/chain-.*\/base\.sqlite$/);

    sell(3);
    now = new Date(now.getTime() + DAY_MS);
    const segment = backups.runIfDue();
    expect(await sellDuring(segment)).toBeGreaterThan(0);
    expect(await segment).toMatch(/segment-00001-.*\.sqlite$/);
    // The backup thread gives way to the counter; the counter's own thread keeps its priority.
    expect(getPriority()).toBe(priority);

    sell(3);
    await nextDay();
    expectTodaysPointAsLive();
  }, 120_000);

  it('finishes a backup under way before the app closes', async () => {
    sell(20);
    const running = backups.runIfDue();
    await backups.stop();
    expect(await running).toMatch(/base\.sqlite$/);
    expect(readdirSync(backupDirOf(file)).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });
});
