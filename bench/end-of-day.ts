import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { journalChecks } from '../electron/core/journal/chain-checks';
import { type Db, openJournal } from '../electron/core/journal/database';
import { SettingsTable } from '../electron/core/journal/settings-table';
import { ManagerPin } from '../electron/core/security/manager-pin';
import { createEndOfDay } from '../electron/core/shifts/end-of-day-module';
import { ON_ITS_OWN } from '../electron/core/shop/shop-settings';
import { minor } from '../shared/money';
import type { BenchOptions } from './options';

/**
 * The Z report over a journal of 1,000,000 sales, computed by the core in SQL, beside the least any
 * report of those rows costs: one indexed count of the same rows. Two shifts are measured: a busy
 * day's (1,000 sales at the end of a million-sale journal), and one shift holding all million
 * sales (a counter never closed, the worst a Z can meet). The journal is a real one (every migration,
 * every index and trigger), grown with one INSERT…SELECT from a recursive CTE.
 */

/** The journal's size: 1,000,000 sales, or 20,000 with `--quick`. */
const journalSales = (quick: boolean): number => (quick ? 20_000 : 1_000_000);
const DAY_SALES = 1_000;
const ROUNDS = 15;
const TARGET_MS = 50;
const PIN = '2468';

/** Sales `from`..`to` of one shift: mostly completed, some cash with change, a few failed or pending. */
function growSales(db: Db, shiftId: string, cashierId: string, from: number, to: number): void {
  // A page cache big enough for the growing indexes keeps SQLite from spilling them to disk
  // mid-statement; the measurements run with the journal's own cache size again.
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  db.pragma('cache_size = -524288');
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT CAST(@from AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < @to)
     INSERT INTO sales (id, receipt_number, counter_id, cashier_id, shift_id, training, state, package_code,
       package_name, quantity, idempotency_key, currency, retail_unit_minor, retail_total_minor, cost_minor,
       cost_currency, order_reference, attempts, created_at, updated_at, state_since, completed_at, tender_method,
       tender_currency, tender_due_minor, tendered_minor, change_minor)
     SELECT printf('sale-%08d', i), i, 'BENCH', @cashier, @shift, 0,
       CASE WHEN i % 97 = 0 THEN 'failed' WHEN i % 10007 = 0 THEN 'pending' ELSE 'completed' END,
       'PKG-' || (i % 40), 'Package ' || (i % 40), 1 + i % 3, printf('BENCH-%08d', i), 'USD',
       300 + i % 700, (300 + i % 700) * (1 + i % 3),
       CASE WHEN i % 97 = 0 THEN NULL ELSE (200 + i % 500) * (1 + i % 3) END,
       CASE WHEN i % 97 = 0 THEN NULL ELSE 'USD' END,
       CASE WHEN i % 97 = 0 THEN NULL ELSE printf('ORD-%08d', i) END, 1,
       strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || (i * 30) || ' seconds'),
       strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || (i * 30) || ' seconds'),
       strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || (i * 30) || ' seconds'),
       CASE WHEN i % 97 = 0 THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || (i * 30) || ' seconds') END,
       CASE i % 3 WHEN 0 THEN 'card' ELSE 'cash' END, 'USD', (300 + i % 700) * (1 + i % 3),
       CASE i % 3 WHEN 0 THEN (300 + i % 700) * (1 + i % 3) ELSE ((300 + i % 700) * (1 + i % 3) / 1000 + 1) * 1000 END,
       CASE i % 3 WHEN 0 THEN 0 ELSE ((300 + i % 700) * (1 + i % 3) / 1000 + 1) * 1000 - (300 + i % 700) * (1 + i % 3) END
     FROM n`,
  ).run({ from, to, shift: shiftId, cashier: cashierId });
  db.pragma(`cache_size = ${cacheSize}`);
}

/**
 * The end-of-day module of a bench counter ('BENCH', UTC) on `db`, with its manager PIN set when one
 * is given: what every benchmark of shifts and reports starts from.
 */
export function benchEndOfDay(
  db: Db,
  { training, pin }: { readonly training: boolean; readonly pin?: string },
): ReturnType<typeof createEndOfDay> {
  const settings = new SettingsTable(db);
  settings.set('counter.id', 'BENCH');
  const managerPin = new ManagerPin(settings, () => new Date());
  if (pin) managerPin.set(pin);
  return createEndOfDay({
    db,
    settings,
    managerPin,
    counterId: 'BENCH',
    now: () => new Date(),
    roundingStep: () => undefined,
    training: () => training,
    counterCode: () => null,
    timeZone: 'UTC',
  });
}

function median(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function timed(work: () => unknown): number[] {
  work();
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  return times;
}

export async function run(options: BenchOptions): Promise<void> {
  const JOURNAL_SALES = journalSales(options.quick);
  const dir = mkdtempSync(join(tmpdir(), 'esim-bench-eod-'));
  const db = openJournal({ file: join(dir, 'journal.sqlite') });
  try {
    const { endOfDay, handlers } = benchEndOfDay(db, { training: false, pin: PIN });
    const call = handlers({
      changed: () => {},
      journalCheck: journalChecks({ file: db.name, counterId: 'BENCH', now: () => new Date() }).check,
      figuresHidden: () => false,
      shop: ON_ITS_OWN,
    });
    const manager = endOfDay.view().cashiers[0]!;
    await call.signIn({ cashierId: manager.id, pin: PIN });
    const count = db.prepare('SELECT count(*) AS n FROM sales WHERE shift_id = ?');

    console.log(
      `\n## Z report over a journal of ${JOURNAL_SALES.toLocaleString('en')} sales (target ≤ ${TARGET_MS} ms)`,
    );
    const big = await call.openShift({ floats: [{ currency: 'USD', amount: minor(100_000) }] });
    const growStart = performance.now();
    growSales(db, big.id, manager.id, 1, JOURNAL_SALES);
    console.log(
      `  journal grown in ${((performance.now() - growStart) / 1000).toFixed(1)} s (one INSERT…SELECT)`,
    );
    const report = (shiftId: string) => (): unknown => endOfDay.xReport(shiftId);
    const bigZ = median(timed(report(big.id)));
    const bigCount = median(timed(() => count.get(big.id)));

    const counted = await call.countDrawer({ counts: [{ currency: 'USD', amount: minor(0) }] });
    const closeStart = performance.now();
    await call.closeShift({
      countId: counted.countId,
      reason: 'bench',
      approval: { managerId: manager.id, pin: PIN },
    });
    const closeMs = performance.now() - closeStart;

    const day = await call.openShift({ floats: [{ currency: 'USD', amount: minor(100_000) }] });
    growSales(db, day.id, manager.id, JOURNAL_SALES + 1, JOURNAL_SALES + DAY_SALES);
    const dayZ = median(timed(report(day.id)));
    const dayCount = median(timed(() => count.get(day.id)));

    const line = (label: string, z: number, n: number): string =>
      `  ${label}: Z ${z.toFixed(1)} ms, count ${n.toFixed(2)} ms (${(z / Math.max(n, 0.001)).toFixed(0)}×), ` +
      `${z <= TARGET_MS ? 'within' : 'above'} the ${TARGET_MS} ms target`;
    console.log(line(`a day's shift (${DAY_SALES.toLocaleString('en')} sales)`, dayZ, dayCount));
    console.log(line(`one shift of all ${JOURNAL_SALES.toLocaleString('en')} sales`, bigZ, bigCount));
    console.log(`  closing that shift (count, Z computed and stored, chained): ${closeMs.toFixed(0)} ms`);
    console.log(
      `  medians of ${ROUNDS} runs after one warm-up; the Z is the X's computation with the count added`,
    );
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
