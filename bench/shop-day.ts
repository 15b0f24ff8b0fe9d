import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { accountRefOf } from '../electron/core/journal/account-scope';
import { type Db, openJournal } from '../electron/core/journal/database';
import { SalesJournal } from '../electron/core/journal/sales-journal';
import { SettingsTable } from '../electron/core/journal/settings-table';
import { ordersIn } from '../electron/core/money/order-evidence';
import { sendLinks } from '../electron/core/shop/ledger-links';
import { linksAfter } from '../electron/core/shop/outbox';
import { ShopDayDesk } from '../electron/core/shop/shop-day';
import { startSimulator } from '../electron/simulator/index';
import { newSale, saleCompletion } from '../test/support/journal-records';
import { startPostgres } from '../test/support/postgres';
import { recordGoal } from './goals';
import { type BenchLedger, benchLedger } from './ledger-server';
import { benchDay, control, median } from './reconciliation';

/**
 * The shop day of 5 counters, each with a day of 1,000 sales in the shop ledger (a real PostgreSQL,
 * durable), against the simulator over HTTP, beside the least it can cost: reading the provider's
 * order list for the same window. Every sale holds an order placed on the simulator's side (its
 * control API), so the day reconciles. Each counter's chain is in the ledger before the day is run:
 * the push is measured on its own (the catch-up), not here. Rate limits are lifted, as in the
 * counter's own reconciliation bench.
 *
 * `--quick` runs the same size: a run of the shop day carries costs that do not grow with the day
 * (the manager's PIN, the run's durable commit, the balance read), about 60 ms, which at 40 sales a
 * counter were five times the order list's read and at 1,000 a thirtieth. The ratio means what
 * the goal says only at the size it names.
 */

const COUNTERS = 5;
const PER_COUNTER = 1_000;
const ROUNDS = 3;
const UNLIMITED = { perMinute: 1_000_000, perHour: 1_000_000, perDay: 1_000_000 };
const PIN = '2468';

interface BenchCounter {
  readonly id: string;
  readonly db: Db;
  readonly client: pg.Client;
}

export async function run(): Promise<void> {
  console.log(
    `\n## The shop day of ${COUNTERS} counters × ${PER_COUNTER.toLocaleString('en')} sales, from a real PostgreSQL`,
  );
  const server = await startPostgres({ durable: true });
  const sim = await startSimulator({ port: 0, seed: 11, balance: 1_000_000, rateLimit: UNLIMITED });
  const dir = mkdtempSync(join(tmpdir(), 'esim-bench-shop-day-'));
  const counters: BenchCounter[] = [];
  let ledger: BenchLedger | null = null;
  try {
    ledger = await benchLedger(server);

    // The counter that runs the day is BENCH, the end-of-day module's own; four more beside it.
    const desk = openJournal({ file: join(dir, 'BENCH.sqlite') });
    const { account, connection, log, module, reconciler, day, pkg } = await benchDay(sim, desk, PIN);
    for (let n = 1; n <= COUNTERS; n += 1) {
      const id = n === 1 ? 'BENCH' : `BENCH${n}`;
      const db = n === 1 ? desk : openJournal({ file: join(dir, `${id}.sqlite`) });
      new SettingsTable(db).set('counter.id', id);
      counters.push({ id, db, client: await ledger.join(id, String(n)) });
    }

    const placing = performance.now();
    const accountRef = accountRefOf(account.accessCode);
    for (const counter of counters) {
      const sales = new SalesJournal(counter.db);
      for (let n = 1; n <= PER_COUNTER; n += 1) {
        const { orderReference } = await control<{ orderReference: string }>(
          sim.controlUrl,
          sim.controlToken,
          '/orders/place',
          { accessCode: account.accessCode, packageCode: pkg.code },
        );
        const id = `${counter.id}-sale-${n}`;
        const at = new Date().toISOString();
        sales.createSent(
          newSale({
            id,
            counterId: counter.id,
            training: true,
            accountRef,
            packageCode: pkg.code,
            packageName: pkg.name,
          }),
          at,
        );
        sales.markCompleted(id, saleCompletion({ orderReference, cost: pkg.cost }), at);
      }
      for (let links = linksAfter(counter.db, counter.id, 0, 500); links.length > 0; ) {
        await sendLinks(counter.client, links);
        links = linksAfter(counter.db, counter.id, links.at(-1)?.seq ?? 0, 500);
      }
    }
    await reconciler.snapshot('closing', day, 'interactive');
    const total = COUNTERS * PER_COUNTER;
    console.log(
      `  ${total.toLocaleString('en')} orders placed, journalled and in the ledger in ${((performance.now() - placing) / 1000).toFixed(1)} s`,
    );

    module.cashiers.ensureFirstManager();
    const manager = module.cashiers.list().find((cashier) => cashier.role === 'manager');
    if (!manager) throw new Error('the bench counter has no manager');
    const running = counters[0] as BenchCounter;
    const shopDay = new ShopDayDesk({
      counterId: running.id,
      reconciler,
      connection: () => connection,
      cashiers: module.cashiers,
      withLedger: (work) => work(running.client),
      // Every chain is in the ledger already: the counter has nothing waiting.
      pushNow: async () => ({
        state: 'up_to_date',
        waiting: 0,
        syncedAt: new Date().toISOString(),
        problem: null,
        address: null,
        shop: 'Bench street',
        counterCode: '1',
        counterName: running.id,
      }),
      now: () => new Date(),
      log,
    });
    const period = { firstDay: day, lastDay: day };
    const approval = { managerId: manager.id, pin: PIN };
    const shopMs: number[] = [];
    const readMs: number[] = [];
    let result = '';
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      const report = await shopDay.reconcile(period, approval);
      shopMs.push(performance.now() - started);
      result = `${report.result}, ${report.ordersAttributed.toLocaleString('en')} of ${report.ordersRead.toLocaleString('en')} orders attributed, remainder ${report.bridge?.remainder?.amount ?? 'none'}`;
      const window = { from: new Date(report.window.from), to: new Date(report.window.to) };
      const reading = performance.now();
      const read = await ordersIn(connection, window, { pagesMax: 1_000 });
      readMs.push(performance.now() - reading);
      if (read.orders.length !== total) throw new Error(`the list read ${read.orders.length} orders`);
    }
    const shop = median(shopMs);
    const read = median(readMs);
    console.log(`  result: ${result}`);
    console.log(
      `  shop day ${shop.toFixed(0)} ms, reading the order list only ${read.toFixed(0)} ms (${(shop / read).toFixed(2)}×), median of ${ROUNDS}`,
    );
    recordGoal({
      name: 'shop-day',
      measured: shop / read,
      target: 1.5,
      basis: `the shop day of ${COUNTERS} counters × ${PER_COUNTER.toLocaleString('en')} sales from the ledger / reading that day's order list, medians of ${ROUNDS}`,
    });
  } finally {
    await ledger?.close();
    for (const counter of counters) counter.db.close();
    await sim.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
