import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { syncCatalogue } from '../electron/core/api/catalogue-sync';
import { createResellerClient } from '../electron/core/api/client';
import { CatalogueTable } from '../electron/core/journal/catalogue-table';
import { openJournal } from '../electron/core/journal/database';
import { SalesJournal } from '../electron/core/journal/sales-journal';
import { SettingsTable } from '../electron/core/journal/settings-table';
import { TopUpsJournal } from '../electron/core/journal/topups-journal';
import { UnsavedOutcomes } from '../electron/core/journal/unsaved-outcomes';
import { createLogger, Redactor } from '../electron/core/log';
import { DEFAULT_PRICING } from '../electron/core/money/pricing';
import { PROVIDER_PENDING_TIMING } from '../electron/core/sales/pending-timing';
import { SaleResolver } from '../electron/core/sales/sale-resolver';
import { ManagerPin } from '../electron/core/security/manager-pin';
import { createEndOfDay } from '../electron/core/shifts/end-of-day-module';
import { recordGoal } from './goals';
import type { BenchOptions } from './options';
import { ms, percentile } from './options';
import {
  bareSignedOrder,
  callHost,
  type HostReady,
  RAISED,
  RAISED_RATE_LIMIT,
  REAL_RATE_LIMIT,
  type SimulatorReady,
  type SimulatorSetting,
  startProcess,
  startSimulatorProcess,
} from './processes';

/**
 * A sale three or four ways against one simulator in its own process, interleaved so all see the same
 * simulator, journal size and machine load:
 * - through the web host: the counter as `npm run web` runs it in its own process (core, journal on
 *   disk, logging), called as the renderer calls it (POST /api/sell with the counter token) while an
 *   event stream is open, as the renderer keeps one;
 * - through the core in this process (journal intent → signed, rate-limited, validated order →
 *   journal completion, synchronous=FULL), without the host;
 * - a bare signed fetch of POST /esims/order: the least any client can do;
 * - with raised limits, the same sale through a host that only forwards it (`forwarding-host.ts`):
 *   the two loopback hops any web-hosted counter pays, so the counter's own share can be read apart;
 *   and through one that also commits a row with its fsync before the order leaves: the floor of any
 *   counter that cannot lose a charge.
 * At 0 and 150 ms of simulator latency, with the simulator's own limits (100/1,000/10,000) and with
 * limits raised out of the way.
 */

interface Setting extends SimulatorSetting {
  readonly label: string;
  readonly samples: number;
  /** The in-process core path syncs a catalogue of its own: too many requests for the real minute window. */
  readonly withCore: boolean;
  /**
   * The host and the forwarding host called from a page in Chromium, as the renderer calls them,
   * instead of from Node: a setting of its own, because the browser's processes share the cores with
   * everything else while it is open.
   */
  readonly fromPage: boolean;
}

function settings(quick: boolean): readonly Setting[] {
  const real = { rateLimit: REAL_RATE_LIMIT, withCore: false, fromPage: false };
  const raised = { rateLimit: RAISED_RATE_LIMIT, withCore: true, fromPage: false };
  const inPage = {
    label: PAGE_SETTING,
    latencyMs: 0,
    rateLimit: RAISED_RATE_LIMIT,
    withCore: false,
    fromPage: true,
  };
  if (quick) {
    return [
      { label: '0 ms, raised limits', latencyMs: 0, samples: 30, ...raised },
      { ...inPage, samples: 30 },
      { label: '150 ms, real limits', latencyMs: 150, samples: 15, ...real },
    ];
  }
  return [
    { label: '0 ms, raised limits', latencyMs: 0, samples: 300, ...raised },
    { ...inPage, samples: 100 },
    { label: '0 ms, real limits', latencyMs: 0, samples: 30, ...real },
    { label: '150 ms, raised limits', latencyMs: 150, samples: 60, ...raised },
    { label: '150 ms, real limits', latencyMs: 150, samples: 30, ...real },
  ];
}

const WARMUP = 3;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Reads the host's event stream to its end, as the renderer does; returns a function that closes it. */
function openEvents(host: HostReady): () => void {
  const controller = new AbortController();
  void fetch(`${host.origin}/api/events`, {
    headers: { authorization: `Bearer ${host.token}` },
    signal: controller.signal,
  })
    .then(async (response) => {
      for await (const _ of response.body ?? []) {
        // Each frame is read and dropped: the renderer's parsing is the renderer's cost.
      }
    })
    .catch(() => undefined);
  return () => controller.abort();
}

interface CorePath {
  sale(packageCode: string): Promise<void>;
  close(): void;
}

/** The core's sale path in this process, on a journal of its own. */
async function corePath(sim: SimulatorReady): Promise<CorePath> {
  const dir = mkdtempSync(join(tmpdir(), 'esim-bench-core-'));
  const db = openJournal({ file: join(dir, 'journal.sqlite') });
  const client = createResellerClient({
    baseUrl: sim.baseUrl,
    credentials: () => ({ accessCode: sim.accessCode, secretKey: sim.secretKey }),
    rateLimits: { windows: [{ sizeMs: 60_000, limit: RAISED }], bulkIntervalMs: 0 },
  });
  const catalogue = new CatalogueTable(db);
  await syncCatalogue(client, catalogue, { now: () => new Date() });
  const settingsTable = new SettingsTable(db);
  const { till } = createEndOfDay({
    db,
    settings: settingsTable,
    managerPin: new ManagerPin(settingsTable, () => new Date()),
    counterId: 'BENCH',
    now: () => new Date(),
    roundingStep: () => undefined,
    training: () => true,
    counterCode: () => null,
    timeZone: 'UTC',
  });
  const salesJournal = new SalesJournal(db);
  const log = createLogger(() => {}, new Redactor());
  const resolver = new SaleResolver({
    till,
    salesJournal,
    outcomes: new UnsavedOutcomes(
      join(dir, 'journal-unsaved-answers.jsonl'),
      db,
      { sales: salesJournal, topUps: new TopUpsJournal(db) },
      log,
    ),
    catalogueTable: catalogue,
    pricing: () => DEFAULT_PRICING,
    connection: () => ({
      mode: 'training',
      endpoint: { baseUrl: sim.baseUrl, accessCode: sim.accessCode, secretKey: sim.secretKey },
      client,
      source: 'training',
    }),
    counterId: () => 'BENCH',
    shopPlace: () => null,
    now: () => new Date(),
    emit: () => {},
    onOutcome: () => {},
    log,
    pendingTiming: PROVIDER_PENDING_TIMING,
  });
  return {
    async sale(packageCode) {
      const sale = await resolver.sell({ packageCode, quantity: 1 });
      if (sale.state !== 'completed') throw new Error(`the core's sale ended ${sale.state}`);
    },
    close() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Series {
  readonly label: string;
  /** One sale; a path that times itself (in the page) returns its time, the others are timed here. */
  readonly work: () => Promise<number | undefined>;
  readonly times: number[];
}

/**
 * POST /api/sell as the renderer makes it: `fetch` in a page of the host's own origin in Chromium,
 * timed in the page, so the time is Chromium's network stack and the host, not Playwright's.
 */
async function pageCaller(
  browser: Browser,
  host: HostReady,
): Promise<(packageCode: string) => Promise<number>> {
  const page = await browser.newPage();
  // Any address of the origin will do (this one is a 404): the page is only there to call from.
  await page.goto(`${host.origin}/caller`);
  return (packageCode) =>
    page.evaluate(
      async ({ token, body }) => {
        const started = performance.now();
        const response = await fetch('/api/sell', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body,
        });
        const result = (await response.json()) as { ok: boolean; value?: { state: string } };
        if (!result.ok || result.value?.state !== 'completed')
          throw new Error(`the sale ended ${JSON.stringify(result)}`);
        return performance.now() - started;
      },
      { token: host.token, body: JSON.stringify({ packageCode, quantity: 1 }) },
    );
}

interface SettingResult {
  readonly setting: Setting;
  readonly medians: ReadonlyMap<string, number>;
  /** Each round's sale through the web host less the floor's sale of the same round, sorted. */
  readonly overFloorByRound: readonly number[];
  readonly lines: readonly string[];
}

const HOST = 'sale through the web host';
const CORE = 'sale through the core';
const BARE = 'bare signed POST /esims/order';
const HOPS = 'the two hops alone (forwarding host, no journal)';
const FLOOR = 'the two hops and one fsync (forwarding host, a row committed before the order leaves)';
const HOST_IN_PAGE = 'sale through the web host, from the page';
const HOPS_IN_PAGE = 'the two hops alone, from the page';
const PAGE_SETTING = '0 ms, raised limits, called from a page in Chromium';
/** The counter's own work over the floor (two loopback hops and one fsync), median, at 0 ms. */
const OWN_WORK_TARGET_MS = 2;
/** A sale through the web host over a bare signed request with the provider answering in 150 ms. */
const AT_LATENCY_TARGET = 1.05;

async function measureSetting(setting: Setting): Promise<SettingResult> {
  const sim = await startSimulatorProcess(setting);
  const host = await startProcess<HostReady>(
    'bench/counter-host.ts',
    [
      '--api-base-url',
      sim.ready.baseUrl,
      ...(setting.rateLimit === RAISED_RATE_LIMIT ? ['--raised-limits', String(RAISED)] : []),
    ],
    { ESIM_ACCESS_CODE: sim.ready.accessCode, ESIM_SECRET_KEY: sim.ready.secretKey },
  );
  const closeEvents = openEvents(host.ready);
  const core = setting.withCore ? await corePath(sim.ready) : null;
  const forwardingHost = (args: readonly string[]) =>
    startProcess<HostReady>('bench/forwarding-host.ts', ['--api-base-url', sim.ready.baseUrl, ...args], {
      ESIM_ACCESS_CODE: sim.ready.accessCode,
      ESIM_SECRET_KEY: sim.ready.secretKey,
    });
  const forwarding = setting.withCore || setting.fromPage ? await forwardingHost([]) : null;
  // The floor's one-row journal, in a directory of its own.
  const floorDir = setting.withCore ? mkdtempSync(join(tmpdir(), 'esim-bench-floor-')) : null;
  const floor = floorDir ? await forwardingHost(['--journal', join(floorDir, 'orders.sqlite')]) : null;
  const browser = setting.fromPage ? await chromium.launch({ executablePath: CHROMIUM }) : null;
  try {
    await callHost(host.ready, 'syncCatalogue', {});
    const { packages } = await callHost<{
      packages: { code: string; cost: { amount: number } }[];
    }>(host.ready, 'listPackages', {});
    const cheapest = packages.reduce((a, b) => (b.cost.amount < a.cost.amount ? b : a));
    const code = cheapest.code;
    const timedHere =
      (work: () => Promise<unknown>): Series['work'] =>
      async () => {
        await work();
        return undefined;
      };
    // A sale through a host (the counter's or a forwarding one): from a page when the setting has a
    // browser, timed there; otherwise from Node, timed here.
    const viaHost = async (label: string, to: HostReady): Promise<Series> => {
      if (browser) {
        const sell = await pageCaller(browser, to);
        return { label, times: [], work: () => sell(code) };
      }
      return {
        label,
        times: [],
        work: timedHere(async () => {
          const sale = await callHost<{ state: string }>(to, 'sell', { packageCode: code, quantity: 1 });
          if (sale.state !== 'completed') throw new Error(`${label}: the sale ended ${sale.state}`);
        }),
      };
    };
    const series: Series[] = [
      await viaHost(browser ? HOST_IN_PAGE : HOST, host.ready),
      ...(core ? [{ label: CORE, times: [], work: timedHere(() => core.sale(code)) }] : []),
      ...(forwarding ? [await viaHost(browser ? HOPS_IN_PAGE : HOPS, forwarding.ready)] : []),
      ...(floor ? [await viaHost(FLOOR, floor.ready)] : []),
      { label: BARE, times: [], work: timedHere(() => bareSignedOrder(sim.ready, code)) },
    ];
    for (let i = 0; i < WARMUP; i++) for (const s of series) await s.work();
    for (let i = 0; i < setting.samples; i++) {
      for (const s of series) {
        const start = performance.now();
        const own = await s.work();
        s.times.push(own ?? performance.now() - start);
      }
    }
    const medians = new Map<string, number>();
    const lines = series.map((s) => {
      const sorted = [...s.times].sort((a, b) => a - b);
      medians.set(s.label, percentile(sorted, 50));
      return `| ${setting.label} | ${s.label} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 95))} | ${ms(percentile(sorted, 99))} |`;
    });
    const timesOf = (label: string): readonly number[] => series.find((s) => s.label === label)?.times ?? [];
    const floorTimes = timesOf(FLOOR);
    const overFloorByRound = timesOf(HOST)
      .flatMap((host, round) => {
        const floorTime = floorTimes[round];
        return floorTime === undefined ? [] : [host - floorTime];
      })
      .sort((a, b) => a - b);
    const bare = medians.get(BARE) ?? Number.NaN;
    for (const label of [HOST, HOST_IN_PAGE, CORE, HOPS, HOPS_IN_PAGE, FLOOR]) {
      const median = medians.get(label);
      if (median !== undefined)
        lines.push(
          `| ${setting.label} | ratio ${label} / bare (median) | ${(median / bare).toFixed(2)}× | | |`,
        );
    }
    return { setting, medians, overFloorByRound, lines };
  } finally {
    await browser?.close();
    closeEvents();
    core?.close();
    await forwarding?.stop();
    await floor?.stop();
    if (floorDir) rmSync(floorDir, { recursive: true, force: true });
    await host.stop();
    await sim.stop();
  }
}

/** Windows of `--rate-limit M/H/D`, as requests in any hour a key allows over each span. */
function hourlyCeiling(rateLimit: string): { readonly burst: number; readonly sustained: number } {
  const [perMinute = 0, perHour = 0, perDay = 0] = rateLimit.split('/').map(Number);
  return {
    burst: Math.min(perMinute * 60, perHour, perDay),
    sustained: Math.floor(Math.min(perMinute * 60, perHour, perDay / 24)),
  };
}

export async function run(options: BenchOptions): Promise<void> {
  console.log('\n## A sale: through the web host, through the core, and a bare signed request');
  const all = settings(options.quick);
  console.log(
    `simulator and counter each in their own process; interleaved after ${WARMUP} warm-up each; samples per setting: ${all.map((s) => `${s.label} ${s.samples}`).join(', ')}`,
  );
  console.log('');
  console.log('| setting | path | median | p95 | p99 |');
  console.log('|---|---|---|---|---|');
  const results: SettingResult[] = [];
  for (const setting of all) {
    if (setting.fromPage && !existsSync(CHROMIUM)) {
      console.log(`| ${setting.label} | not measured: no Chromium at ${CHROMIUM} | | | |`);
      continue;
    }
    const result = await measureSetting(setting);
    results.push(result);
    for (const line of result.lines) console.log(line);
  }
  const ceiling = hourlyCeiling(REAL_RATE_LIMIT);
  const zero = results.find(
    (r) => r.setting.latencyMs === 0 && r.setting.rateLimit === RAISED_RATE_LIMIT && !r.setting.fromPage,
  );
  const slow = results.find((r) => r.setting.latencyMs === 150);
  const slowSale = slow?.medians.get(HOST);
  console.log('');
  console.log(
    `one API key (${REAL_RATE_LIMIT} per minute/hour/day): at most ${ceiling.burst} requests in any hour, ${ceiling.sustained} an hour held over a day;`,
  );
  console.log(
    `  a sale is one request, so that is the ceiling of sales an hour for every counter sharing the key${slowSale ? ` (one counter at 150 ms could sell ${Math.floor(3_600_000 / slowSale)} an hour back to back)` : ''},`,
  );
  console.log(
    '  less what catalogue syncs (one request per 100 packages, every 6 hours) and balance reads take.',
  );
  const page = results.find((r) => r.setting.fromPage);
  const pageBare = page?.medians.get(BARE);
  const pageHost = page?.medians.get(HOST_IN_PAGE);
  const pageHops = page?.medians.get(HOPS_IN_PAGE);
  if (pageBare !== undefined && pageHost !== undefined && pageHops !== undefined) {
    console.log(
      `called from a page in Chromium, as the renderer calls it (Chromium open), the hops alone take ${ms(pageHops - pageBare)} more than the bare request (${(pageHops / pageBare).toFixed(2)}x) and the sale through the web host ${ms(pageHost - pageBare)} more (${(pageHost / pageBare).toFixed(2)}x); the goal's figure is the sale called from Node`,
    );
  }
  if (zero) {
    const host = zero.medians.get(HOST);
    const bare = zero.medians.get(BARE);
    const hops = zero.medians.get(HOPS);
    const safe = zero.medians.get(FLOOR);
    if (host !== undefined && bare !== undefined && hops !== undefined && safe !== undefined) {
      console.log(
        `at 0 ms a host that only forwards the order takes ${ms(hops - bare)} more than the bare request (${(hops / bare).toFixed(2)}x); one that first commits a row with its fsync, the floor of a counter that cannot lose a charge, ${ms(safe - bare)} more (${(safe / bare).toFixed(2)}x); the sale through the web host ${ms(host - bare)} more (${(host / bare).toFixed(2)}x)`,
      );
      // The same work read round by round: a slow moment of the machine slows both sales of a round,
      // so the spread of these says how far apart two runs' goal figures can fall for nothing.
      const byRound = zero.overFloorByRound;
      if (byRound.length > 0) {
        console.log(
          `the counter's own work round by round (each sale through the web host less the floor's sale of the same round, ${byRound.length} rounds): median ${ms(percentile(byRound, 50))}, middle half ${ms(percentile(byRound, 25))} to ${ms(percentile(byRound, 75))}`,
        );
      }
      recordGoal({
        name: 'sale-own-work',
        measured: host - safe,
        target: OWN_WORK_TARGET_MS,
        unit: 'ms',
        basis:
          "the counter's own work: median sale through the web host - median of the floor (two loopback hops and one fsync), 0 ms latency",
      });
    }
  }
  // The 150 ms setting with the most samples: raised limits in a full run, the real ones in a quick one.
  const atLatency = results
    .filter((r) => r.setting.latencyMs === 150)
    .sort((a, b) => b.setting.samples - a.setting.samples)[0];
  const slowHost = atLatency?.medians.get(HOST);
  const slowBare = atLatency?.medians.get(BARE);
  if (slowHost !== undefined && slowBare !== undefined) {
    recordGoal({
      name: 'sale-at-provider-latency',
      measured: slowHost / slowBare,
      target: AT_LATENCY_TARGET,
      basis: `median sale through the web host / bare signed request, the provider answering in 150 ms (${atLatency?.setting.label})`,
    });
  }
}
