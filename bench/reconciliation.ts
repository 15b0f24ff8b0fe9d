import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createResellerClient } from '../electron/core/api/client';
import type { Connection } from '../electron/core/connection';
import { type Db, openJournal } from '../electron/core/journal/database';
import { createLogger, Redactor } from '../electron/core/log';
import { ordersIn } from '../electron/core/money/order-evidence';
import { Reconciler } from '../electron/core/reconciliation/reconciler';
import { startSimulator } from '../electron/simulator/index';
import { benchEndOfDay } from './end-of-day';
import type { BenchOptions } from './options';

/**
 * The reconciliation of a business day of 5,000 sales against the simulator over HTTP, beside the
 * least it can cost: reading the provider's order list for the same window, page by page. The
 * orders are placed on the simulator's side (its control API) and journalled with the same
 * references, costs and times as a counter would have; the simulator's and the client's rate limits
 * are lifted, so the figures are the work itself, not the provider's request budget (at its
 * 100 requests a minute, the list of such a day is 50 of them).
 */

const ROUNDS = 3;
const UNLIMITED = { perMinute: 1_000_000, perHour: 1_000_000, perDay: 1_000_000 };

interface PlacedOrder {
  readonly orderReference: string;
}

/** A call to the simulator's control API (bench-only: it places orders on the provider's side). */
export async function control<T>(url: string, token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'x-sim-control-token': token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`control ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * A bench counter ('BENCH', training mode) on the simulator with its limits lifted, its day's opening
 * balance read, and the local package its sales take: the connection, the end-of-day module (its
 * manager PIN set when given) and the reconciler the reconciliation benchmarks run.
 */
export async function benchDay(sim: Awaited<ReturnType<typeof startSimulator>>, db: Db, pin?: string) {
  const account = sim.defaultAccount;
  const endpoint = { baseUrl: sim.baseUrl, accessCode: account.accessCode, secretKey: account.secretKey };
  const log = createLogger(() => {}, new Redactor());
  const client = createResellerClient({
    baseUrl: endpoint.baseUrl,
    credentials: () => endpoint,
    log,
    rateLimits: { windows: [{ sizeMs: 60_000, limit: 1_000_000 }], bulkIntervalMs: 0 },
  });
  const connection: Connection = { mode: 'training', endpoint, client, source: 'training' };
  const module = benchEndOfDay(db, { training: true, ...(pin ? { pin } : {}) });
  const reconciler = new Reconciler({
    db,
    counterId: 'BENCH',
    now: () => new Date(),
    log,
    connection: () => connection,
    settleSale: async () => {
      throw new Error('every sale of the bench day is completed: nothing to settle');
    },
    days: module.settings,
    cashiers: module.cashiers,
  });
  const day = reconciler.businessDay();
  await reconciler.snapshot('opening', day, 'interactive');
  const { packages } = await client.listPackages({ limit: 100 });
  const pkg = packages.find((each) => each.type === 'local');
  if (!pkg) throw new Error('no local package in the catalogue');
  return { account, connection, client, log, module, reconciler, day, pkg };
}

export async function run(options: BenchOptions): Promise<void> {
  // A busy shop's day; --quick (CI's smoke run) only shows the bench still runs.
  const SALES = options.quick ? 200 : 5_000;
  console.log(`\n## Reconciliation of a day of ${SALES.toLocaleString('en')} sales against the simulator`);
  const sim = await startSimulator({ port: 0, seed: 11, balance: 1_000_000, rateLimit: UNLIMITED });
  const dir = mkdtempSync(join(tmpdir(), 'esim-bench-reconcile-'));
  const db = openJournal({ file: join(dir, 'journal.sqlite') });
  try {
    const { account, connection, reconciler, day, pkg } = await benchDay(sim, db);

    const placing = performance.now();
    const insert = db.prepare(
      `INSERT INTO sales (id, receipt_number, counter_id, training, state, package_code, package_name, quantity,
         idempotency_key, currency, retail_unit_minor, retail_total_minor, cost_minor, cost_currency, order_reference,
         attempts, created_at, updated_at, state_since, completed_at)
       VALUES (@id, @n, 'BENCH', 1, 'completed', @code, @name, 1, @id, @currency, @retail, @retail, @cost, @currency,
         @reference, 1, @at, @at, @at, @at)`,
    );
    const journalled: { reference: string; at: string }[] = [];
    for (let n = 1; n <= SALES; n += 1) {
      const { orderReference } = await control<PlacedOrder>(
        sim.controlUrl,
        sim.controlToken,
        '/orders/place',
        {
          accessCode: account.accessCode,
          packageCode: pkg.code,
        },
      );
      journalled.push({ reference: orderReference, at: new Date().toISOString() });
    }
    db.transaction(() => {
      journalled.forEach(({ reference, at }, index) => {
        insert.run({
          id: `sale-${index + 1}`,
          n: index + 1,
          code: pkg.code,
          name: pkg.name,
          currency: pkg.cost.currency,
          retail: pkg.cost.amount * 2,
          cost: pkg.cost.amount,
          reference,
          at,
        });
      });
    })();
    await reconciler.snapshot('closing', day, 'interactive');
    console.log(
      `  ${SALES.toLocaleString('en')} orders placed and journalled in ${((performance.now() - placing) / 1000).toFixed(1)} s`,
    );

    const period = { firstDay: day, lastDay: day };
    const reconcileMs: number[] = [];
    const readMs: number[] = [];
    let result = '';
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      const report = await reconciler.run(period);
      reconcileMs.push(performance.now() - started);
      result = `${report.result}, ${report.rows.length.toLocaleString('en')} rows, remainder ${report.bridge?.remainder?.amount ?? 'none'}`;
      const window = { from: new Date(report.window.from), to: new Date(report.window.to) };
      const reading = performance.now();
      const read = await ordersIn(connection, window, { pagesMax: 1_000 });
      readMs.push(performance.now() - reading);
      if (read.orders.length !== SALES) throw new Error(`the list read ${read.orders.length} orders`);
    }
    const reconcile = median(reconcileMs);
    const read = median(readMs);
    console.log(`  result: ${result}`);
    console.log(
      `  reconciliation ${reconcile.toFixed(0)} ms, reading the order list only ${read.toFixed(0)} ms (${(reconcile / read).toFixed(2)}×), median of ${ROUNDS}`,
    );
  } finally {
    db.close();
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
