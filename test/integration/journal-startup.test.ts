import { spawnSync } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listBackups } from '../../electron/core/journal/backup';
import { openJournal } from '../../electron/core/journal/database';
import { type RunningSimulator, startSimulator } from '../../electron/simulator/index';
import { type HostProcess, signedIn, startHost } from '../../scripts/torture/host-process';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Sale } from '../../shared/domain/sale';
import type { Status } from '../../shared/domain/status';
import { copySyncedJournal } from '../support/catalogue-template';
import { type CoreHarness, startCoreHarness, unwrap } from '../support/core-harness';
import { type GatedProxy, startGatedProxy } from '../support/gated-proxy';
import { mountSmallDisk, type SmallDisk } from '../support/small-disk';
import { cheapest, eventually, SEED } from './money-support';

/**
 * What the counter does at start with a journal it cannot trust or write: a write-ahead log deleted
 * after a crash, an emptied journal, one smaller than its newest backup, a damaged page, a read-only
 * disk, a full disk. Each is refused with a message naming the journal and its backups, never started
 * as a new shop; a disk that fills while the counter runs shows as storage trouble in the status.
 * Real journal files throughout; the crash is a SIGKILL of the web host in a child process; the small
 * and read-only disks are real tmpfs mounts.
 */

const ROOT = resolve(import.meta.dirname, '../..');

let sim: RunningSimulator;
let dataDir: string;
let journal: string;
let disk: SmallDisk | null = null;
let host: HostProcess | null = null;
let counter: CoreHarness | null = null;
let proxy: GatedProxy | null = null;

beforeEach(async () => {
  sim = await startSimulator({ port: 0, seed: SEED, balance: 500 });
  dataDir = mkdtempSync(join(tmpdir(), 'journal-startup-'));
  journal = join(dataDir, 'journal.sqlite');
});

afterEach(async () => {
  await host?.kill();
  host = null;
  await counter?.close();
  counter = null;
  await proxy?.close();
  proxy = null;
  await sim.close();
  disk?.unmount();
  disk = null;
  rmSync(dataDir, { recursive: true, force: true });
});

function startCounter(dir = dataDir, apiBaseUrl?: string): Promise<CoreHarness> {
  return startCoreHarness(
    {},
    {
      dataDir: dir,
      simulator: sim,
      ...(apiBaseUrl ? { apiBaseUrl } : {}),
      moneyTiming: { unsavedRetryMs: 100 },
    },
  );
}

/** A counter started and closed once on the data directory: a journal with a daily backup beside it. */
async function journalWithBackup(): Promise<void> {
  await copySyncedJournal(dataDir, { seed: SEED, currency: 'USD' });
  const first = await startCounter();
  await first.close();
  expect(listBackups(journal).length).toBeGreaterThan(0);
}

async function refusal(dir = dataDir): Promise<string> {
  try {
    counter = await startCounter(dir);
  } catch (error) {
    expect((error as Error).name).toBe('StartRefused');
    return (error as Error).message;
  }
  throw new Error('the counter started');
}

/** What every refusal says: the journal by name, and the backups there are, with the restore command. */
function expectNamesJournalAndBackups(message: string, file = journal): void {
  expect(message).toContain(file);
  const copies = listBackups(file);
  for (const copy of copies) expect(message).toContain(copy.file);
  if (copies.length > 0) expect(message).toContain('npm run restore');
}

function restore(...args: string[]): { status: number | null; out: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe('a journal the counter cannot trust is refused at start', () => {
  it('after a crash, a deleted write-ahead log: refused until the log is back, then the sale is there', async () => {
    await copySyncedJournal(dataDir, { seed: SEED, currency: 'USD' });
    const options = {
      dataDir,
      apiBaseUrl: sim.baseUrl,
      accessCode: sim.defaultAccount.accessCode,
      secretKey: sim.defaultAccount.secretKey,
    };
    host = await signedIn(await startHost(options));
    const listed = await host.call<{ packages: CataloguePackage[] }>('listPackages');
    const sold = await host.call<Sale>('sell', {
      packageCode: cheapest(listed.value!.packages).code,
      quantity: 1,
    });
    expect(sold.value?.state).toBe('completed');
    await host.kill();
    host = null;
    expect(existsSync(`${journal}-wal`)).toBe(true);
    expect(existsSync(`${journal}-shm`)).toBe(true);
    const aside = (suffix: string): string => join(dataDir, `aside${suffix}`);
    const refusedStart = async (): Promise<string> => {
      const refused = startHost(options);
      await expect(refused).rejects.toThrow(/exited \(1\)/);
      return refused.then(
        () => '',
        (error: Error) => error.message,
      );
    };

    // The log deleted, its index (-shm) still there.
    renameSync(`${journal}-wal`, aside('-wal'));
    const message = await refusedStart();
    expect(message).toMatch(/lost its write-ahead log/);
    expectNamesJournalAndBackups(message);
    // Both deleted: the crash marker the killed counter left still tells.
    renameSync(`${journal}-shm`, aside('-shm'));
    expect(await refusedStart()).toMatch(/lost its write-ahead log/);

    renameSync(aside('-wal'), `${journal}-wal`);
    renameSync(aside('-shm'), `${journal}-shm`);
    host = await signedIn(await startHost(options));
    const got = await host.call<Sale>('getSale', { id: sold.value!.id });
    expect(got.value?.state).toBe('completed');
  }, 90_000);

  it('an empty (zero-byte) journal is never started as a new shop', async () => {
    await journalWithBackup();
    writeFileSync(journal, '');
    rmSync(`${journal}-wal`, { force: true });
    rmSync(`${journal}-shm`, { force: true });
    const message = await refusal();
    expect(message).toMatch(/is empty \(zero bytes\)/);
    expectNamesJournalAndBackups(message);
    expect(statSync(journal).size).toBe(0);
  });

  it('a missing journal with backups beside it is not started as a new shop', async () => {
    await journalWithBackup();
    rmSync(journal);
    const message = await refusal();
    expect(message).toMatch(/is missing, but backups of it exist/);
    expectNamesJournalAndBackups(message);
    expect(existsSync(journal)).toBe(false);
  });

  it('a journal smaller than its newest backup is refused; the restore command brings the backup back', async () => {
    await journalWithBackup();
    const [newest] = listBackups(journal);
    // An older, smaller journal put in its place: a fresh one with nothing in it.
    const stranger = join(mkdtempSync(join(tmpdir(), 'journal-other-')), 'journal.sqlite');
    openJournal({ file: stranger }).close();
    copyFileSync(stranger, journal);
    const message = await refusal();
    expect(message).toMatch(/is smaller \(\d+ bytes\) than its newest backup/);
    expectNamesJournalAndBackups(message);

    const restored = restore('--data-dir', dataDir, newest!.file);
    expect(restored.out).toContain(newest!.file);
    expect(restored.status).toBe(0);
    counter = await startCounter();
    const { packages } = unwrap(await counter.call<{ packages: CataloguePackage[] }>('listPackages'));
    expect(packages.length).toBeGreaterThan(0);
    // The journal that was replaced is kept, never deleted.
    const replaced = readdirSync(join(dataDir, 'backups')).filter((name) => name.startsWith('replaced-'));
    expect(replaced).toHaveLength(1);
    expect(existsSync(join(dataDir, 'backups', replaced[0]!, 'journal.sqlite'))).toBe(true);
    rmSync(stranger, { force: true });
  });

  it('the restore command refuses while the counter is running', async () => {
    await journalWithBackup();
    const [newest] = listBackups(journal);
    counter = await startCounter();
    const refused = restore('--data-dir', dataDir, newest!.file);
    expect(refused.status).not.toBe(0);
    expect(refused.out).toMatch(/counter is already open \(pid \d+/);
    // With the lock file and the running marker deleted, the journal itself is still held.
    rmSync(join(dataDir, 'counter.lock'));
    rmSync(join(dataDir, 'counter.running'));
    const again = restore('--data-dir', dataDir, newest!.file);
    expect(again.status).not.toBe(0);
    expect(again.out).toMatch(/Not restored\. The counter is already open \(pid unknown\)/);
    expect(existsSync(join(dataDir, 'backups'))).toBe(true);
    expect(readdirSync(join(dataDir, 'backups')).some((name) => name.startsWith('replaced-'))).toBe(false);
    expect(unwrap(await counter.call<Status>('getStatus')).storage).toEqual({ state: 'ok' });
  }, 90_000);

  it('after a crash, a damaged page is refused before the ready line, naming the journal and its backups', async () => {
    await journalWithBackup();
    damagePage('answers');
    leaveAsAfterACrash();
    const message = await refusal();
    expect(message).toMatch(/is damaged \(integrity check/);
    expectNamesJournalAndBackups(message);
  });

  it('after a clean close, a damaged page is found by the check after the ready line: storage trouble, no more sales', async () => {
    await journalWithBackup();
    damagePage('answers');
    counter = await startCounter();
    const pkg = cheapest(
      unwrap(await counter.call<{ packages: CataloguePackage[] }>('listPackages')).packages,
    );
    const storage = await eventually('the background check to find the damage', async () => {
      const { storage } = unwrap(await counter!.call<Status>('getStatus'));
      return storage.state === 'trouble' ? storage : null;
    });
    expect(storage).toMatchObject({ state: 'trouble', reason: 'corrupt' });
    expect(counter.events).toContainEqual(
      expect.objectContaining({
        type: 'status.changed',
        status: expect.objectContaining({ storage: expect.objectContaining({ reason: 'corrupt' }) }),
      }),
    );
    const refused = await counter.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error).toMatchObject({ code: 'JOURNAL_UNAVAILABLE', details: { reason: 'corrupt' } });
  });

  it('a clean start leaves the full check to the background; after a crash it runs before the journal is used', async () => {
    await journalWithBackup();
    damagePage('answers');
    openJournal({ file: journal }).close();
    writeFileSync(`${journal}-wal`, '');
    expect(() => openJournal({ file: journal, previousRunUnclean: true })).toThrow(
      /is damaged \(integrity check/,
    );
  });
});

/** Overwrites the first page of a table with noise, as a torn write or a failing disk would. */
function damagePage(table: string): void {
  const db = new Database(journal);
  const { rootpage } = db.prepare(`SELECT rootpage FROM sqlite_master WHERE name = ?`).get(table) as {
    rootpage: number;
  };
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.close();
  const fd = openSync(journal, 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (rootpage - 1) * pageSize);
  closeSync(fd);
}

/** The marker a counter that did not close cleanly leaves, beside its (here empty) write-ahead log. */
function leaveAsAfterACrash(): void {
  writeFileSync(join(dataDir, 'counter.running'), '');
  writeFileSync(`${journal}-wal`, '');
}

describe('a disk the journal cannot write', () => {
  it('a read-only disk is refused at start with a clear message', async () => {
    disk = mountSmallDisk(16 * 1024 * 1024);
    const dir = join(disk.dir, 'data');
    await copySyncedJournal(dir, { seed: SEED, currency: 'USD' });
    await (await startCounter(dir)).close();
    disk.readOnly();
    const message = await refusal(dir);
    expect(message).toMatch(/read-only/);
    expectNamesJournalAndBackups(message, join(dir, 'journal.sqlite'));
  });

  it('a full disk is refused at start with a clear message', async () => {
    await copySyncedJournal(dataDir, { seed: SEED, currency: 'USD' });
    disk = mountSmallDisk(statSync(journal).size * 3 + 2 * 1024 * 1024);
    const dir = join(disk.dir, 'data');
    await copySyncedJournal(dir, { seed: SEED, currency: 'USD' });
    disk.fill();
    const message = await refusal(dir);
    expect(message).toMatch(/disk is full/);
    expectNamesJournalAndBackups(message, join(dir, 'journal.sqlite'));
  });

  it('a disk that fills while the counter runs: the status shows it, a sale answered meanwhile is kept', async () => {
    await copySyncedJournal(dataDir, { seed: SEED, currency: 'USD' });
    disk = mountSmallDisk(statSync(journal).size * 3 + 2 * 1024 * 1024);
    const dir = join(disk.dir, 'data');
    await copySyncedJournal(dir, { seed: SEED, currency: 'USD' });
    proxy = await startGatedProxy(sim.baseUrl, '/esims/order');
    counter = await startCounter(dir, proxy.baseUrl);
    const pkg = cheapest(
      unwrap(await counter.call<{ packages: CataloguePackage[] }>('listPackages')).packages,
    );
    // The first start takes its backup's base on a thread of its own; the disk is filled once that
    // is whole (a base cut short by the full disk would give its room back).
    await eventually('the first backup to be whole', () =>
      listBackups(join(dir, 'journal.sqlite')).length > 0 ? true : null,
    );

    // Full before the sale: nothing is sent, and the cashier is told why.
    disk.fill();
    const refused = await counter.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error).toMatchObject({ code: 'JOURNAL_UNAVAILABLE', details: { reason: 'full' } });
    expect(unwrap(await counter.call<Status>('getStatus')).storage).toMatchObject({
      state: 'trouble',
      reason: 'full',
    });
    disk.free();

    // Full while the order is on the wire: the charged sale is in doubt by its id, kept in memory.
    const selling = counter.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 });
    await proxy.arrived();
    disk.fill();
    proxy.release();
    const sale = unwrap(await selling);
    expect(sale.state).toBe('in_doubt');
    if (sale.state !== 'in_doubt') return;
    expect(sale.lastError).toMatchObject({
      code: 'JOURNAL_UNAVAILABLE',
      details: { reason: 'full', saleId: sale.id },
    });
    expect(unwrap(await counter.call<Status>('getStatus')).storage).toMatchObject({
      state: 'trouble',
      reason: 'full',
      unsaved: 1,
    });

    disk.free();
    await eventually('the kept answer to be written once there is room', async () => {
      const got = unwrap(await counter!.call<Sale>('getSale', { id: sale.id }));
      return got.state === 'completed' ? got : null;
    });
    expect(unwrap(await counter.call<Status>('getStatus')).storage).toEqual({ state: 'ok' });
  });
});
