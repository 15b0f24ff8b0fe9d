import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listBackups } from '../../electron/core/journal/backup';
import { type RunningSimulator, startSimulator } from '../../electron/simulator/index';
import { type HostOptions, type HostProcess, startHost } from '../../scripts/torture/host-process';
import type { Cashier } from '../../shared/domain/cashier';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { LostRecords } from '../../shared/domain/lost-records';
import type { Sale, SaleSummary } from '../../shared/domain/sale';
import type { CountResult, Shift, TillView } from '../../shared/domain/shift';
import type { Status } from '../../shared/domain/status';
import { copySyncedJournal } from '../support/catalogue-template';
import { charges, cheapest, eventually, ledger, SEED } from './money-support';

/**
 * A counter that lost its write-ahead log in a crash, after 7 sales and a Z written into the journal
 * file and 2 more sales written only in the log, and each way back: the journal file opened as it is,
 * the backup that holds the most (older than another that holds nothing), and the backup that holds
 * nothing (the way the refusal used to offer). Each keeps what it holds; the orders of the records it
 * lacks are listed for the manager, never sent again and never booked; the next receipt and Z numbers
 * continue above every number the counter issued. Real journal files, web hosts in child processes
 * killed with SIGKILL, the restore command as a shop runs it.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const PIN = '2468';

let sim: RunningSimulator;
let root: string;

beforeEach(async () => {
  sim = await startSimulator({ port: 0, seed: SEED, balance: 500 });
  root = mkdtempSync(join(tmpdir(), 'journal-lost-log-'));
});

const hosts: HostProcess[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.kill();
  await sim.close();
  rmSync(root, { recursive: true, force: true });
});

function options(dataDir: string): HostOptions {
  return {
    dataDir,
    apiBaseUrl: sim.baseUrl,
    accessCode: sim.defaultAccount.accessCode,
    secretKey: sim.defaultAccount.secretKey,
  };
}

async function start(dataDir: string): Promise<HostProcess> {
  const host = await startHost(options(dataDir));
  hosts.push(host);
  return host;
}

async function stopped(host: HostProcess, how: 'stop' | 'kill'): Promise<void> {
  await host[how]();
  hosts.splice(hosts.indexOf(host), 1);
}

async function ok<T>(host: HostProcess, method: string, input: unknown = {}): Promise<T> {
  const answer = await host.call<T>(method, input);
  if (!answer.ok) throw new Error(`${method}: ${answer.error?.code} ${answer.error?.message}`);
  return answer.value as T;
}

function restore(...args: string[]): { status: number | null; out: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

const usd = (amount: number) => ({ currency: 'USD', amount });

/** The manager signed in (choosing the manager PIN first on a journal that has none). */
async function signIn(host: HostProcess): Promise<Cashier> {
  if (!(await ok<Status>(host, 'getStatus')).managerPinSet) await ok(host, 'setManagerPin', { pin: PIN });
  const manager = (await ok<TillView>(host, 'getTill')).cashiers.find((cashier) => cashier.usesManagerPin)!;
  await ok(host, 'signIn', { cashierId: manager.id, pin: PIN });
  return manager;
}

type Completed = Extract<Sale, { state: 'completed' }>;

async function sellOne(host: HostProcess): Promise<Completed> {
  const { packages } = await ok<{ packages: CataloguePackage[] }>(host, 'listPackages');
  const sale = await ok<Sale>(host, 'sell', { packageCode: cheapest(packages).code, quantity: 1 });
  if (sale.state !== 'completed') throw new Error(`the sale ended ${sale.state}`);
  return sale;
}

/** A shift opened with a float of 10 USD and closed with it counted: its Z number. */
async function shiftClosed(host: HostProcess, sales: number): Promise<{ z: number; sold: Completed[] }> {
  await ok(host, 'openShift', { floats: [usd(1000)] });
  const sold: Completed[] = [];
  for (let i = 0; i < sales; i++) sold.push(await sellOne(host));
  const counted = await ok<CountResult>(host, 'countDrawer', { counts: [usd(1000)] });
  const closed = await ok<{ shift: Shift }>(host, 'closeShift', { countId: counted.countId });
  return { z: closed.shift.zNumber!, sold };
}

async function refusedStart(dataDir: string): Promise<string> {
  const refused = startHost(options(dataDir));
  await expect(refused).rejects.toThrow(/exited \(1\)/);
  return refused.then(
    () => '',
    (error: Error) => error.message,
  );
}

describe('a write-ahead log lost after 7 sales and a Z', () => {
  it('each way back keeps what it holds, lists the lost orders, and never issues a number twice', async () => {
    const dirA = join(root, 'as-it-is');
    const journal = join(dirA, 'journal.sqlite');
    await copySyncedJournal(dirA, { seed: SEED, currency: 'USD' });

    // 7 sales and their Z, written into the journal file by a clean close.
    let host = await start(dirA);
    // The day's first backup, taken at the start on a thread of its own, before any sale.
    await eventually('the first backup', () => listBackups(journal)[0], 120_000);
    await signIn(host);
    const first = await shiftClosed(host, 7);
    expect(first.z).toBe(1);
    expect(first.sold.map((sale) => sale.receiptNumber)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    await stopped(host, 'stop');
    // A whole copy holding them, dated before the chain's base (which holds no sale): by time the
    // oldest, by what it holds the fullest.
    const fullName = 'journal-v1-before-v2-2020-01-02T00-00-00-000Z.sqlite';
    const copyReader = new Database(journal, { readonly: true });
    copyReader.prepare('VACUUM INTO ?').run(join(dirA, 'backups', fullName));
    copyReader.close();

    // 2 more sales, in the log only: a reader holds the checkpoints back until the counter is killed.
    host = await start(dirA);
    await signIn(host);
    const reader = new Database(journal, { readonly: true });
    reader.exec('BEGIN');
    reader.prepare('SELECT count(*) FROM sales').get();
    const lost = [await sellOne(host), await sellOne(host)];
    expect(lost.map((sale) => sale.receiptNumber)).toEqual([8, 9]);
    await stopped(host, 'kill');
    reader.exec('COMMIT');
    reader.close();
    expect(existsSync(`${journal}-wal`)).toBe(true);
    rmSync(`${journal}-wal`);
    const lostRefs = lost.map((sale) => sale.orderReference).sort();
    const allRefs = charges((await ledger(sim)).entries).map((entry) => entry.orderReference);
    expect(allRefs).toHaveLength(9);

    // The refusal: what the file holds and lacks, and the ways back, the one that keeps the most first.
    const message = await refusedStart(dirA);
    expect(message).toMatch(/lost its write-ahead log/);
    expect(message).toContain('passes its integrity check and holds 7 sales and top-ups');
    expect(message).toMatch(/it held receipts 8 to 9 at least/);
    const asItIs = message.indexOf(`npm run restore -- --data-dir ${dirA} --as-it-is`);
    const fullest = message.indexOf(
      `Bring back the backup that holds the most: npm run restore -- --data-dir ${dirA} ${join(dirA, 'backups', fullName)}`,
    );
    expect(asItIs).toBeGreaterThan(0);
    expect(fullest).toBeGreaterThan(asItIs);

    const dirB = join(root, 'fullest');
    const dirC = join(root, 'emptiest');
    cpSync(dirA, dirB, { recursive: true });
    cpSync(dirA, dirC, { recursive: true });
    const opened = restore('--data-dir', dirA, '--as-it-is');
    expect(opened.out).toMatch(/holds 7 sales and top-ups/);
    expect(opened.out).toMatch(/issued receipts 8 to 9, which the journal does not hold/);
    expect(opened.status).toBe(0);
    // Without a file named, the command lists the fullest first.
    const listed = restore('--data-dir', dirB);
    expect(listed.out.indexOf(fullName)).toBeLessThan(listed.out.indexOf('chain-'));
    expect(restore('--data-dir', dirB, join(dirB, 'backups', fullName)).status).toBe(0);
    // The backup the refusal used to offer: taken at the first start, before any sale.
    const base = listBackups(join(dirC, 'journal.sqlite')).find((copy) => copy.file.includes('chain-'))!;
    const emptiest = restore('--data-dir', dirC, base.file);
    expect(emptiest.status).toBe(0);
    expect(emptiest.out).toMatch(/issued receipts 1 to 9, Z 1, which the journal does not hold/);

    // Each starts with what it holds; the orders it lacks are listed, never sent again or booked.
    const ways = [
      { dir: dirA, sales: 7, candidates: lostRefs },
      { dir: dirB, sales: 7, candidates: lostRefs },
      { dir: dirC, sales: 0, candidates: [...allRefs].sort() },
    ];
    const running: HostProcess[] = [];
    for (const way of ways) {
      const counter = await start(way.dir);
      running.push(counter);
      await signIn(counter);
      const records = await eventually(
        'the provider orders to be read',
        async () =>
          (await ok<{ lostRecords: LostRecords | null }>(counter, 'getLostRecords')).lostRecords?.orders,
        120_000,
      );
      expect(records.candidates.map((order) => order.orderReference).sort()).toEqual(way.candidates);
      expect((await ok<Status>(counter, 'getStatus')).lostRecords?.candidates).toBe(way.candidates.length);
      expect((await ok<{ sales: SaleSummary[] }>(counter, 'listSales')).sales).toHaveLength(way.sales);
    }
    expect(charges((await ledger(sim)).entries)).toHaveLength(9);

    // The next receipt and Z numbers continue above every number issued: 10 and Z 2 on each.
    for (const counter of running) {
      const next = await shiftClosed(counter, 1);
      expect(next.sold[0]!.receiptNumber).toBe(10);
      expect(next.z).toBe(2);
    }

    // A manager has seen it: the status stops showing it, and it stays readable.
    const manager = await signIn(running[0]!);
    await ok(running[0]!, 'acknowledgeLostRecords', { approval: { managerId: manager.id, pin: PIN } });
    expect((await ok<Status>(running[0]!, 'getStatus')).lostRecords).toBeNull();
    const seen = await ok<{ lostRecords: LostRecords | null }>(running[0]!, 'getLostRecords');
    expect(seen.lostRecords?.acknowledged?.by).toBe(manager.id);
  }, 900_000);
});
