import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { openJournal } from '../electron/core/journal/database';
import { SalesJournal } from '../electron/core/journal/sales-journal';
import { money } from '../shared/money';
import { recordGoal } from './goals';
import type { BenchOptions } from './options';
import { ms, percentile } from './options';
import {
  callHost,
  type HostReady,
  RAISED,
  RAISED_RATE_LIMIT,
  type SimulatorReady,
  startProcess,
  startSimulatorProcess,
} from './processes';

/**
 * Today's list as a cashier meets it on a busy day: the renderer in Chromium through the web host,
 * started on a journal already holding a day of sales, while sales are made through the host.
 * - the cost of one sale event on screen: from the event's bytes reaching the page to the frame after
 *   it was painted, with a day of few sales against a day of many already in the list;
 * - the JavaScript heap (after a full collection) with the list showing a day of many sales against
 *   a day of a tenth of them.
 * Needs the renderer built (`npx electron-vite build`).
 */

interface Sizes {
  /** Sales already in the day: few (the event cost's base), a tenth of many (the heap's base), many. */
  readonly few: number;
  readonly tenth: number;
  readonly many: number;
  /** Sales made while the list is open, each timed. */
  readonly sales: number;
}

function sizes(quick: boolean): Sizes {
  return quick
    ? { few: 10, tenth: 100, many: 1_000, sales: 15 }
    : { few: 10, tenth: 1_000, many: 10_000, sales: 30 };
}

/**
 * Writes `count` completed sales of today (from midnight UTC to a minute ago) into a fresh journal,
 * as the sales journal records them, in one transaction.
 */
function growDay(dataDir: string, count: number): void {
  const db = openJournal({ file: join(dataDir, 'journal.sqlite') });
  try {
    const sales = new SalesJournal(db);
    const end = Date.now() - 60_000;
    const start = Date.parse(`${new Date(end).toISOString().slice(0, 10)}T00:00:00.000Z`);
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const at = new Date(start + Math.floor(((end - start) * i) / count)).toISOString();
        const id = `day-${i}`;
        const unit = 300 + (i % 13) * 100;
        sales.createSent(
          {
            id,
            counterId: 'BENCH',
            cashierId: null,
            shiftId: null,
            training: true,
            accountRef: 'bench-account',
            packageCode: `PKG-${i % 40}`,
            packageName: `Package ${i % 40}`,
            quantity: 1,
            idempotencyKey: `BENCH-${id}`,
            retailUnit: money(unit, 'USD'),
            retailTotal: money(unit, 'USD'),
            quotedCost: money(unit - 100, 'USD'),
          },
          at,
        );
        const iccid = `89852206${String(i).padStart(11, '0')}`;
        sales.markCompleted(
          id,
          {
            orderReference: `ORD-${i}`,
            cost: money(unit - 100, 'USD'),
            newBalance: money(1_000_000 - i, 'USD'),
            esims: [
              {
                iccid,
                lpa: `LPA:1$rsp.example.com$K2-${i}`,
                smdpAddress: 'rsp.example.com',
                activationCode: `K2-${i}`,
                appleInstallUrl: null,
                androidInstallUrl: null,
                status: 'New',
                totalVolumeBytes: 1_073_741_824,
                validityDays: 7,
                expiresAt: null,
              },
            ],
            answers: [],
          },
          at,
        );
      }
    })();
  } finally {
    db.close();
  }
}

/**
 * Runs in the page before its own scripts: the event stream the renderer reads is passed through a
 * stream that notes when each chunk ending a sale event's frame arrived, and how long after that the
 * frame following its paint came (the frame's callbacks run before the paint; a task queued from them
 * after). It also counts the chunks that ended a completed sale's frame, once painted. The stream's
 * reads fall where they will: a sale's events can arrive in one chunk or several, and a frame can be
 * cut between two, so the frames are put back together before they are looked at.
 */
const TIME_SALE_EVENTS = `(() => {
  window.__saleEventCosts = [];
  window.__completedPainted = 0;
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    if (!String(input).includes('/api/events') || !response.body) return response;
    const decoder = new TextDecoder();
    let pending = '';
    const timed = response.body.pipeThrough(new TransformStream({
      transform(chunk, controller) {
        const start = performance.now();
        controller.enqueue(chunk);
        // The frames this chunk ends (a frame can start in an earlier chunk).
        pending += decoder.decode(chunk, { stream: true });
        const end = pending.lastIndexOf('\\n\\n');
        if (end < 0) return;
        const frames = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (!frames.includes('"sale.updated"')) return;
        const completed = frames.includes('"state":"completed"');
        requestAnimationFrame(() =>
          setTimeout(() => {
            window.__saleEventCosts.push(performance.now() - start);
            if (completed) window.__completedPainted += 1;
          }, 0),
        );
      },
    }));
    return new Response(timed, { status: response.status, headers: response.headers });
  };
})()`;

/** The page as TIME_SALE_EVENTS leaves it. */
interface TimedPage {
  readonly __saleEventCosts: number[];
  readonly __completedPainted: number;
}

interface Measured {
  readonly rowsShown: number;
  readonly eventCosts: readonly number[];
  readonly heapBytes: number;
}

/** Opens Today on a counter whose journal holds `daySales` sales of today, sells `sales` more, measures. */
async function measureDay(
  browser: Browser,
  sim: SimulatorReady,
  daySales: number,
  sales: number,
): Promise<Measured> {
  const dataDir = mkdtempSync(join(tmpdir(), 'esim-bench-today-'));
  growDay(dataDir, daySales);
  const host = await startProcess<HostReady>(
    'bench/counter-host.ts',
    ['--api-base-url', sim.baseUrl, '--raised-limits', String(RAISED), '--data-dir', dataDir],
    { ESIM_ACCESS_CODE: sim.accessCode, ESIM_SECRET_KEY: sim.secretKey },
  );
  const page: Page = await browser.newPage();
  try {
    await callHost(host.ready, 'syncCatalogue', {});
    const { packages } = await callHost<{ packages: { code: string; cost: { amount: number } }[] }>(
      host.ready,
      'listPackages',
      {},
    );
    const code = packages.reduce((a, b) => (b.cost.amount < a.cost.amount ? b : a)).code;
    await page.addInitScript(TIME_SALE_EVENTS);
    await page.goto(`${host.ready.origin}/#token=${host.ready.token}`);
    await page.locator('#destination-search').waitFor();
    await page.keyboard.press('F7');
    const table = page.getByRole('table', { name: "Today's sales" });
    await table.locator('tbody tr[aria-rowindex]').first().waitFor();
    const rowsShown = Number(await table.getAttribute('aria-rowcount')) - 1;
    const costs = (): Promise<number[]> => page.evaluate<number[]>('window.__saleEventCosts.slice()');
    // One untimed sale first: the renderer's first sale event loads code the later ones reuse.
    for (let i = 0; i <= sales; i++) {
      if (i === 1) await page.evaluate('window.__saleEventCosts.length = 0');
      const before = await page.evaluate<number>('window.__completedPainted');
      const sale = await callHost<{ state: string }>(host.ready, 'sell', { packageCode: code, quantity: 1 });
      if (sale.state !== 'completed') throw new Error(`a bench sale ended ${sale.state}`);
      // Its last event (completed) is painted before the next sale starts: counted by its frame, not by
      // chunks, since one read can hold several frames or part of one (TIME_SALE_EVENTS).
      await page
        .waitForFunction(
          (count) => (globalThis as unknown as TimedPage).__completedPainted >= count,
          before + 1,
        )
        .catch(async (error: unknown) => {
          const seen = await page.evaluate<[number, number]>(
            '[window.__completedPainted, window.__saleEventCosts.length]',
          );
          throw new Error(
            `sale ${i + 1} of ${sales + 1}: its completion was not painted (${seen[0]} completed, ${seen[1]} chunks timed): ${error}`,
          );
        });
      await page.waitForTimeout(50);
    }
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    return { rowsShown, eventCosts: await costs(), heapBytes: heap.usedSize };
  } finally {
    await page.close();
    await host.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: readonly number[]): number =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const mb = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1)} MB`;

export async function run(options: BenchOptions): Promise<void> {
  console.log("\n## Today's list in Chromium through the web host: a sale event's cost and the heap");
  if (!existsSync(resolve(import.meta.dirname, '../out/renderer/index.html'))) {
    console.log('not measured: the renderer is not built (run `npx electron-vite build` first)');
    return;
  }
  const size = sizes(options.quick);
  const sim = await startSimulatorProcess({ latencyMs: 0, rateLimit: RAISED_RATE_LIMIT });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    // The days compared measured one after the other in this run, each after the same sales.
    const days = [size.few, size.tenth, size.many] as const;
    const [few, tenth, many] = [
      await measureDay(browser, sim.ready, size.few, size.sales),
      await measureDay(browser, sim.ready, size.tenth, size.sales),
      await measureDay(browser, sim.ready, size.many, size.sales),
    ];
    console.log(
      `${size.sales} sales made through the host with Today open; each sale event timed from its bytes reaching the page to the frame after its paint`,
    );
    console.log('');
    console.log('| sales in the day | rows in the list | event median | event p95 | event max | JS heap |');
    console.log('|---|---|---|---|---|---|');
    for (const [day, m] of [
      [days[0], few],
      [days[1], tenth],
      [days[2], many],
    ] as const) {
      const sorted = [...m.eventCosts].sort((a, b) => a - b);
      console.log(
        `| ${day.toLocaleString('en')} | ${m.rowsShown.toLocaleString('en')} | ${ms(median(sorted))} | ${ms(percentile(sorted, 95))} | ${ms(sorted.at(-1) ?? Number.NaN)} | ${mb(m.heapBytes)} |`,
      );
    }
    recordGoal({
      name: 'today-event-cost',
      measured: median(many.eventCosts) / median(few.eventCosts),
      target: 1.3,
      basis: `median sale event, input to painted, ${many.rowsShown.toLocaleString('en')} rows in Today's list / ${few.rowsShown} rows`,
    });
    recordGoal({
      name: 'today-heap',
      measured: many.heapBytes / tenth.heapBytes,
      target: 1.2,
      basis: `JS heap after a full collection, Today on a day of ${size.many.toLocaleString('en')} sales (${many.rowsShown.toLocaleString('en')} rows) / ${size.tenth.toLocaleString('en')} sales (${tenth.rowsShown.toLocaleString('en')} rows)`,
    });
  } finally {
    await browser.close();
    await sim.stop();
  }
}
