import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
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
import type { SellContext } from '../electron/core/sales/sale-context';
import { SaleResolver } from '../electron/core/sales/sale-resolver';
import { ManagerPin } from '../electron/core/security/manager-pin';
import { createEndOfDay } from '../electron/core/shifts/end-of-day-module';

/**
 * A sale through the core's sale path (electron/core/sales `SaleResolver.sell`: journal intent → the client's
 * signed, rate-limited, validated POST /esims/order → journal completion, on a real SQLite file with
 * synchronous=FULL) beside the client's createOrder alone and the least a client can do: one bare
 * signed fetch of the same endpoint. Both run interleaved against the simulator in its own process, with no added latency
 * and rate limits raised out of the way, so the ratio is the core's own overhead.
 */
const WARMUP = 20;
const SAMPLES = 300;
const UNLIMITED = 1_000_000;

interface SimulatorProcess {
  readonly baseUrl: string;
  readonly accessCode: string;
  readonly secretKey: string;
  readonly child: ChildProcess;
}

async function startSimulatorProcess(): Promise<SimulatorProcess> {
  const root = resolve(import.meta.dirname, '..');
  const child = spawn(
    join(root, 'node_modules/.bin/tsx'),
    [
      'electron/simulator/cli.ts',
      '--port',
      '0',
      '--seed',
      '3',
      '--balance',
      '10000000',
      '--rate-limit',
      `${UNLIMITED}/${UNLIMITED}/${UNLIMITED}`,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const first = await new Promise<string>((done, fail) => {
    lines.once('line', done);
    child.once('exit', (code) => fail(new Error(`the simulator exited (${code}) before it was ready`)));
  });
  const ready = JSON.parse(first) as { baseUrl: string; accessCode: string; secretKey: string };
  return { ...ready, child };
}

/** The floor: sign and POST one order, read and parse the answer, nothing else. */
async function bareSignedOrder(sim: SimulatorProcess, packageCode: string): Promise<void> {
  const body = JSON.stringify({ packageCode, quantity: 1, idempotency_key: randomUUID() });
  const timestamp = String(Date.now());
  const requestId = randomUUID();
  const signature = createHmac('sha256', sim.secretKey)
    .update(`${timestamp}${requestId}${sim.accessCode}${body}`)
    .digest('hex')
    .toUpperCase();
  const response = await fetch(`${sim.baseUrl}/esims/order`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'rt-accesscode': sim.accessCode,
      'rt-requestid': requestId,
      'rt-timestamp': timestamp,
      'rt-signature': signature,
    },
    body,
  });
  const answer = (await response.json()) as { success?: boolean };
  if (answer.success !== true) throw new Error(`bare order failed with HTTP ${response.status}`);
}

function percentile(sorted: readonly number[], p: number): number {
  // Nearest rank.
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}

const ms = (value: number): string => `${value.toFixed(2)} ms`;

export async function run(): Promise<void> {
  console.log('\n## A sale through the core vs a bare signed fetch of POST /esims/order');
  for (const line of await measure()) console.log(line);
}

async function measure(): Promise<readonly string[]> {
  const sim = await startSimulatorProcess();
  const dir = mkdtempSync(join(tmpdir(), 'esim-bench-'));
  const db = openJournal({ file: join(dir, 'journal.sqlite') });
  try {
    const client = createResellerClient({
      baseUrl: sim.baseUrl,
      credentials: () => ({ accessCode: sim.accessCode, secretKey: sim.secretKey }),
      rateLimits: {
        windows: [{ sizeMs: 60_000, limit: UNLIMITED }],
        bulkIntervalMs: 0,
      },
    });
    const catalogue = new CatalogueTable(db);
    await syncCatalogue(client, catalogue, { now: () => new Date() });
    const pkg = catalogue
      .list()
      .packages.reduce((cheapest, candidate) =>
        candidate.cost.amount < cheapest.cost.amount ? candidate : cheapest,
      );
    const settings = new SettingsTable(db);
    const { till } = createEndOfDay({
      db,
      settings,
      managerPin: new ManagerPin(settings, () => new Date()),
      counterId: 'BENCH',
      now: () => new Date(),
      roundingStep: () => undefined,
      training: () => true,
      timeZone: 'UTC',
    });
    const salesJournal = new SalesJournal(db);
    const log = createLogger(() => {}, new Redactor());
    const ctx: SellContext = {
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
      now: () => new Date(),
      emit: () => {},
      onOutcome: () => {},
      log,
      pendingTiming: PROVIDER_PENDING_TIMING,
    };
    const sales = new SaleResolver(ctx);
    const coreSale = async (): Promise<void> => {
      const sale = await sales.sell({ packageCode: pkg.code, quantity: 1 });
      if (sale.state !== 'completed') throw new Error(`the sale ended ${sale.state}`);
    };
    const timed = async (work: () => Promise<void>): Promise<number> => {
      const start = performance.now();
      await work();
      return performance.now() - start;
    };
    const clientOrder = async (): Promise<void> => {
      await client.createOrder({
        packageCode: pkg.code,
        expectedCost: pkg.cost,
        idempotencyKey: randomUUID(),
      });
    };
    for (let i = 0; i < WARMUP; i++) {
      await coreSale();
      await clientOrder();
      await bareSignedOrder(sim, pkg.code);
    }
    const core: number[] = [];
    const clientOnly: number[] = [];
    const bare: number[] = [];
    // Interleaved, so all three see the same simulator, journal size and machine load.
    for (let i = 0; i < SAMPLES; i++) {
      core.push(await timed(coreSale));
      clientOnly.push(await timed(clientOrder));
      bare.push(await timed(() => bareSignedOrder(sim, pkg.code)));
    }
    for (const series of [core, clientOnly, bare]) series.sort((a, b) => a - b);
    const [coreMedian, coreP99, clientMedian, clientP99, bareMedian, bareP99] = [
      percentile(core, 50),
      percentile(core, 99),
      percentile(clientOnly, 50),
      percentile(clientOnly, 99),
      percentile(bare, 50),
      percentile(bare, 99),
    ];
    return [
      `simulator in its own process, no added latency; ${SAMPLES} of each, interleaved, after ${WARMUP} warm-up`,
      `package ${pkg.code} (${pkg.cost.amount} minor units ${pkg.cost.currency})`,
      '',
      '| | median | p99 |',
      '|---|---|---|',
      `| sale through the core (journal + client) | ${ms(coreMedian)} | ${ms(coreP99)} |`,
      `| the client's createOrder alone (no journal) | ${ms(clientMedian)} | ${ms(clientP99)} |`,
      `| bare signed fetch of POST /esims/order | ${ms(bareMedian)} | ${ms(bareP99)} |`,
      `| ratio core / bare | ${(coreMedian / bareMedian).toFixed(2)}× | ${(coreP99 / bareP99).toFixed(2)}× |`,
    ];
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
    sim.child.kill('SIGTERM');
  }
}
