import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { startApp } from '../electron/compose';
import { disputeRecords } from '../electron/core/care/dispute-records';
import { type Db, openJournal } from '../electron/core/journal/database';
import { SalesJournal } from '../electron/core/journal/sales-journal';
import { TopUpsJournal } from '../electron/core/journal/topups-journal';
import { ReceiptLog } from '../electron/core/receipts/receipt-log';
import { ReconciliationJournal } from '../electron/core/reconciliation/reconciliation-journal';
import { shiftFigures } from '../electron/core/reports/shift-figures';
import { startWebHost } from '../electron/host/server';
import { recordGoal } from './goals';
import {
  COUNTER,
  copyDaysBack,
  DAY_SALES,
  saleIdOf,
  sellDays,
  sellOneDay,
  simulatorOrderAnswer,
  TODAY_SHIFT,
} from './journal-growth';
import type { BenchOptions } from './options';

/**
 * `npm run bench -- --journal N`: the queries the counter runs while selling, over a journal of N
 * sales beside the same queries over one of 1,000 (one busy day), and the time to the ready line
 * of the web host on each. Also a sale's share of the journal at 10,000 sales, and the backups. Both
 * journals are real (every migration, index and trigger) and end on the same day: the larger one
 * only has more history behind it. `--quick` uses 10,000 sales (CI's smoke run).
 */

const BASE = DAY_SALES;
const DEFAULT_SALES = 100_000;
const QUICK_SALES = 10_000;
/**
 * A sale's share is measured on a journal of this many sales sold through the sales journal one day
 * after another, as a counter grows it: the day copies that grow the larger journals fast once counted
 * ids no counter writes (docs/performance.md), so their share is printed beside it as a check.
 */
const FOOTPRINT_SALES = 10_000;
/** A sale's share with the provider's answer kept whole, the evidence a dispute needs. */
const FOOTPRINT_TARGET_BYTES = 4096;
const READY_TARGET = 1.2;
const QUERY_TARGET = 2;
const TODAY = '2026-11-22';
const scope = { training: true, accountRef: 'bench-account' };

export function journalSalesAsked(argv: readonly string[]): number {
  const { values } = parseArgs({
    args: [...argv],
    options: { journal: { type: 'string' }, quick: { type: 'boolean' } },
    strict: false,
  });
  if (typeof values.journal === 'string') {
    const n = Number(values.journal.replaceAll('_', ''));
    if (!Number.isInteger(n) || n < BASE)
      throw new Error(`--journal takes a number of sales, ${BASE} or more`);
    return n;
  }
  return values.quick ? QUICK_SALES : DEFAULT_SALES;
}

/** Grows a journal of `sales` sales in a new data directory; returns the directory. */
async function grownJournal(sales: number, answer: string): Promise<{ dir: string; seconds: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'esim-journal-scale-'));
  const started = performance.now();
  const db = openJournal({ file: join(dir, 'journal.sqlite') });
  try {
    db.pragma('synchronous = OFF');
    db.transaction(() => sellOneDay(db, TODAY, answer))();
    db.pragma('synchronous = FULL');
    let shown = 0;
    copyDaysBack(db, sales, (done) => {
      if (done - shown >= 100_000) {
        shown = done;
        process.stdout.write(`  … ${done.toLocaleString('en')} sales\n`);
      }
    });
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  return { dir, seconds: (performance.now() - started) / 1000 };
}

/** A journal of `sales` sales (whole days) sold day by day, in a new data directory. */
function soldJournal(sales: number, answer: string): { dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'esim-journal-sold-'));
  const db = openJournal({ file: join(dir, 'journal.sqlite') });
  try {
    sellDays(db, TODAY, Math.max(1, Math.round(sales / DAY_SALES)), answer);
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  return { dir };
}

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * Median times of the same query on two journals, after a warm-up, its runs taking turns between them
 * over about two seconds (3 to 200 rounds): a slower stretch of the machine falls on both sides alike.
 */
function timedSideBySide(runs: readonly [() => unknown, () => unknown]): [number, number] {
  for (const run of runs) for (let i = 0; i < 3; i++) run();
  const times: [number[], number[]] = [[], []];
  const until = performance.now() + 2_000;
  while (times[0].length < 3 || (times[0].length < 200 && performance.now() < until)) {
    runs.forEach((run, side) => {
      const start = performance.now();
      run();
      times[side]?.push(performance.now() - start);
    });
  }
  return [median(times[0]), median(times[1])];
}

/** The moment the queries are asked at: late on the last day of the journal. */
const AT = `${TODAY}T20:00:00.000Z`;
const weekBefore = (at: string, days = 7): string =>
  new Date(Date.parse(at) - days * 86_400_000).toISOString();

type Queries = Record<string, () => unknown>;

/** The queries the counter runs while selling, by name. */
function sellingQueries(db: Db): Queries {
  const sales = new SalesJournal(db);
  const topUps = new TopUpsJournal(db);
  const receipts = new ReceiptLog(db);
  const from = `${TODAY}T00:00:00.000Z`;
  return {
    recovery: () => [sales.neverSent(), sales.unresolved(scope), topUps.interrupted(scope)],
    'due-checks': () => [
      sales.pendingDue(scope, AT),
      sales.nextPendingCheck(scope),
      topUps.inDoubtDue(scope, AT),
      topUps.nextInDoubtCheck(scope),
    ],
    status: () => sales.openCounts(),
    'best-sellers': () => sales.bestSellers(weekBefore(AT), 12),
    // Today opening: its first page of sales (the renderer's SALES_PAGE), the day's totals, the top-ups.
    'today-list': () => [
      sales.list({ from, limit: 200 }),
      sales.totals({ from }),
      topUps.list({ from, limit: 1000 }),
    ],
    // A keystroke in Today's search: part of an ICCID, its first page and totals.
    'today-search': () => [
      sales.list({ from, search: '0000042', limit: 200 }),
      sales.totals({ from, search: '0000042' }),
    ],
    'shift-z': () => shiftFigures(db, TODAY_SHIFT, [], ['USD']),
    // A receipt printed for a sale of today: whether it is the original or a copy is its print history.
    'receipt-print': () => receipts.history(saleIdOf(500)),
  };
}

/**
 * Queries the counter runs once a day or so, not while selling, printed with no goal: best sellers'
 * first read on a new day, which sums the week's totals again from the per-day summary (each run asks
 * for a week starting on another day than the run before, so each sums them again), and the
 * reconciliation's cash of a day, which the reconciler reads in the background.
 */
function dailyQueries(db: Db): Queries {
  const sales = new SalesJournal(db);
  const reconciliation = new ReconciliationJournal(db, COUNTER);
  let turn = 0;
  return {
    "best sellers' first read of a day": () => sales.bestSellers(weekBefore(AT, 7 + (turn++ % 2)), 12),
    "the reconciliation's cash of a day": () => reconciliation.cashTaken({ firstDay: TODAY, lastDay: TODAY }),
    // A manager's export for one sale of today: its journal records and chain links (the provider's reads aside).
    "a dispute pack's records": () => disputeRecords(db, [saleIdOf(500)]),
  };
}

/** Each query's median time on the small and on the large journal, measured side by side. */
function queryTimes(
  smallDir: string,
  largeDir: string,
  queries: (db: Db) => Queries,
): Record<string, [number, number]> {
  // Opened as the counter opens it: its checks, its connection's settings and its cache of prepared statements.
  const open = (dir: string): Db => openJournal({ file: join(dir, 'journal.sqlite') });
  const small = open(smallDir);
  const large = open(largeDir);
  try {
    const onSmall = queries(small);
    const onLarge = queries(large);
    return Object.fromEntries(
      Object.entries(onSmall).map(([name, run]) => [
        name,
        timedSideBySide([run, onLarge[name] ?? (() => Number.NaN)]),
      ]),
    );
  } finally {
    small.close();
    large.close();
  }
}

/** From starting the app on the data directory to the web host's ready line (what `npm run web` prints). */
async function readyLine(dir: string): Promise<number> {
  const started = performance.now();
  const app = startApp({ dataDir: dir, training: { seed: 3 } });
  const host = await startWebHost({
    core: app.core,
    port: 0,
    token: 'bench',
    staticDir: join(dir, 'no-pages'),
  });
  await app.started;
  const took = performance.now() - started;
  await host.close();
  await app.close();
  return took;
}

/**
 * The threads of this process, where the system lists them (Linux); null elsewhere. A start leaves
 * the journal's full integrity check running after its ready line, on a thread that SQLite cannot
 * stop and that outlives the app's close (about 45 s at a million sales).
 */
function threadCount(): number | null {
  try {
    return readdirSync('/proc/self/task').length;
  } catch {
    return null;
  }
}

/** The longest a start's leftover check is waited for: a million sales' took 101 s from a cold disk. */
const CHECK_WAIT_MS = 600_000;

/**
 * Median times to the ready line on two data directories, their starts taking turns so that a slower
 * stretch of the machine falls on both alike. Each start comes after every thread the one before it
 * left (its integrity check) has ended, so that none runs beside an earlier one's check. Up to 100,000
 * sales a check takes well under a second, and 21 starts each are measured: a start of 30 to 60 ms
 * here now and then takes twice that, and seven each gave medians from 0.80x to 1.21x between runs at
 * 10,000 sales (three gave 1.06x to 1.44x). Above that, three starts each (a check at a million takes
 * 25 to 100 s), or one where threads cannot be counted.
 */
async function readyLines(small: string, large: string, sales: number): Promise<[number, number]> {
  const rounds = sales <= 100_000 ? 21 : threadCount() !== null ? 3 : 1;
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < rounds; i++) {
    for (const [side, dir] of [small, large].entries()) {
      const before = threadCount();
      times[side]?.push(await readyLine(dir));
      const until = performance.now() + CHECK_WAIT_MS;
      while (before !== null && (threadCount() ?? 0) > before && performance.now() < until) {
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  }
  return [median(times[0]), median(times[1])];
}

/**
 * The full integrity check alone: it reads every page of the journal, so after a clean close it runs
 * after the ready line, in the background (electron/core/journal/integrity-watch.ts).
 */
function integrityCheck(dir: string): number {
  const db = new Database(join(dir, 'journal.sqlite'), { readonly: true });
  try {
    const start = performance.now();
    db.pragma('integrity_check');
    return performance.now() - start;
  } finally {
    db.close();
  }
}

/** Bytes of the journal file per sale, once its write-ahead log is folded in. */
function bytesPerSale(dir: string, sales: number): { perSale: number; tables: string[] } {
  const file = join(dir, 'journal.sqlite');
  const db = new Database(file);
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
    const tables = (
      db
        .prepare(
          `SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name HAVING bytes >= 4096 ORDER BY bytes DESC LIMIT 12`,
        )
        .all() as { name: string; bytes: number }[]
    ).map((row) => `${row.name} ${Math.round(row.bytes / sales)} B`);
    return { perSale: statSync(file).size / sales, tables };
  } finally {
    db.close();
  }
}

const ms = (value: number): string =>
  value < 1 ? `${(value * 1000).toFixed(0)} µs` : `${value.toFixed(1)} ms`;

export async function run(options: BenchOptions): Promise<void> {
  const sales = journalSalesAsked(options.argv);
  console.log(`\n## The journal at ${sales.toLocaleString('en')} sales beside ${BASE.toLocaleString('en')}`);
  const answer = await simulatorOrderAnswer();
  console.log(`The simulator's answer to an order: ${answer.length} bytes (kept whole, deflated).`);
  const small = await grownJournal(BASE, answer);
  const large = await grownJournal(sales, answer);
  const footprint = soldJournal(FOOTPRINT_SALES, answer);
  const copiedFootprint = await grownJournal(FOOTPRINT_SALES, answer);
  try {
    const largeBytes = statSync(join(large.dir, 'journal.sqlite')).size;
    console.log(
      `Grown: ${sales.toLocaleString('en')} sales in ${large.seconds.toFixed(1)} s, ${(largeBytes / 1e9).toFixed(2)} GB.`,
    );
    const times = queryTimes(small.dir, large.dir, sellingQueries);
    const daily = queryTimes(small.dir, large.dir, dailyQueries);
    // One start first, not counted: the first start in a process also loads and compiles the app.
    await readyLine(small.dir);
    const [baseReady, scaledReady] = await readyLines(small.dir, large.dir, sales);
    const baseCheck = integrityCheck(small.dir);
    const scaledCheck = integrityCheck(large.dir);
    console.log(
      `| query | ${BASE.toLocaleString('en')} sales | ${sales.toLocaleString('en')} sales | ratio |`,
    );
    console.log('| --- | --- | --- | --- |');
    console.log(
      `| ready line | ${ms(baseReady)} | ${ms(scaledReady)} | ${(scaledReady / baseReady).toFixed(2)}x |`,
    );
    console.log(
      `| full integrity check (after the ready line) | ${ms(baseCheck)} | ${ms(scaledCheck)} | ${(scaledCheck / baseCheck).toFixed(2)}x |`,
    );
    for (const [name, [a, b]] of Object.entries({ ...times, ...daily })) {
      console.log(`| ${name} | ${ms(a)} | ${ms(b)} | ${(b / a).toFixed(2)}x |`);
    }
    const { perSale, tables } = bytesPerSale(footprint.dir, FOOTPRINT_SALES);
    console.log(
      `A sale's share of a journal of ${FOOTPRINT_SALES.toLocaleString('en')} sales sold day by day: ${Math.round(perSale)} bytes (${tables.join(', ')}).`,
    );
    const copied = bytesPerSale(copiedFootprint.dir, FOOTPRINT_SALES);
    console.log(
      `The same grown by day copies, as the larger journals are: ${Math.round(copied.perSale)} bytes a sale (${(copied.perSale / perSale).toFixed(3)}x).`,
    );
    const against = `${sales.toLocaleString('en')} sales / ${BASE.toLocaleString('en')} sales`;
    recordGoal({
      name: 'journal-ready-line',
      measured: scaledReady / baseReady,
      target: READY_TARGET,
      basis: against,
    });
    for (const [name, [a, b]] of Object.entries(times)) {
      recordGoal({
        name: `journal-${name}`,
        measured: b / a,
        target: QUERY_TARGET,
        basis: against,
      });
    }
    recordGoal({
      name: 'journal-bytes-per-sale',
      measured: perSale / FOOTPRINT_TARGET_BYTES,
      target: 1,
      basis: `bytes per sale at ${FOOTPRINT_SALES.toLocaleString('en')} sales / ${FOOTPRINT_TARGET_BYTES} bytes`,
    });
  } finally {
    for (const dir of [small.dir, large.dir, footprint.dir, copiedFootprint.dir])
      rmSync(dir, { recursive: true, force: true });
  }
}
