import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  ANSWER_STYLES,
  answerStyleFromEnvironment,
  isAnswerStyle,
  startSimulator,
} from '../electron/simulator/index';
import type { CataloguePackage } from '../shared/domain/catalogue';
import { SALE_SENDABLE_STATES, type Sale } from '../shared/domain/sale';
import type { Status } from '../shared/domain/status';
import { type HostProcess, type PosAnswer, startHost } from './torture/host-process';
import { checkLedger, readJournalSales, readLedger, type SimControl } from './torture/ledger-check';

// `npm run torture -- --sales N --kills K --seed S [--concurrency C] [--answer-style S] [--keep]`
//
// Runs the web host as a child process against the simulator with 5xx answers, answers dropped after
// the provider committed, and latency switched on; sells N times through PosApi; kills the host with
// SIGKILL K times at random moments and restarts it on the same data directory; waits until nothing
// is left in doubt; then checks the journal against the simulator's own ledger. Prints the counts and
// exits 1 on any breach of the money invariants. `--answer-style lean|untidy` (or ESIM_TEST_ANSWER_STYLE)
// has the simulator answer in that style (docs/simulator.md).

const OPTIONS = {
  sales: { type: 'string' },
  kills: { type: 'string', default: '0' },
  seed: { type: 'string', default: '1' },
  concurrency: { type: 'string', default: '4' },
  'answer-style': { type: 'string' },
  keep: { type: 'boolean', default: false },
} as const;

const USAGE =
  'Usage: npm run torture -- --sales N [--kills K] [--seed S] [--concurrency C] [--answer-style tidy|lean|untidy] [--keep]';

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function wholeNumber(name: string, text: string | undefined, min: number): number {
  const value = Number(text);
  if (text === undefined || !Number.isInteger(value) || value < min) {
    fail(`--${name} must be a whole number ≥ ${min}, not "${text ?? ''}"`);
  }
  return value;
}

/** A small seeded generator (mulberry32): one seed, one run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FAULTS = {
  failRate: 0.05,
  dropAfterCommitRate: 0.05,
  latencyMs: 5,
  jitterMs: 40,
  paths: ['POST /esims/order', 'GET /esims/order'],
};
const NO_FAULTS = { failRate: 0, dropAfterCommitRate: 0, latencyMs: 0, jitterMs: 0 };
/** The counter's own rate limiter keeps to the API's usual windows; the simulator's are opened wide. */
const WIDE_LIMITS = { perMinute: 1_000_000, perHour: 10_000_000, perDay: 100_000_000 };
const OPENING_BALANCE = 1_000_000;
const SETTLE_LIMIT_MS = 10 * 60_000;

interface Tally {
  requested: number;
  answered: Record<string, number>;
  interrupted: number;
  refused: Record<string, number>;
  kills: number;
  crashLeft: { intent: number; sentUncharged: number; sentCharged: number; inDoubt: number };
  resolvedByHand: number;
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; strict: true }>>['values'];
  try {
    args = parseArgs({ options: OPTIONS, strict: true }).values;
  } catch (error) {
    return fail((error as Error).message);
  }
  const sales = wholeNumber('sales', args.sales, 1);
  const kills = wholeNumber('kills', args.kills, 0);
  const seed = wholeNumber('seed', args.seed, 0);
  const concurrency = wholeNumber('concurrency', args.concurrency, 1);
  if (kills > sales) fail('--kills cannot exceed --sales');
  const answerStyle = args['answer-style'] ?? answerStyleFromEnvironment() ?? 'tidy';
  if (!isAnswerStyle(answerStyle))
    fail(`--answer-style must be ${ANSWER_STYLES.join(', ')}, not "${answerStyle}"`);
  const random = seededRandom(seed);
  const started = Date.now();

  const sim = await startSimulator({
    port: 0,
    seed,
    balance: OPENING_BALANCE,
    rateLimit: WIDE_LIMITS,
    faults: { ...FAULTS, answerStyle },
  });
  const control: SimControl = {
    controlUrl: sim.controlUrl,
    controlToken: sim.controlToken,
    accessCode: sim.defaultAccount.accessCode,
  };
  const opening = (await readLedger(control)).balanceMinor;
  const dataDir = mkdtempSync(join(tmpdir(), 'torture-'));
  const journalFile = join(dataDir, 'journal.sqlite');
  const hostOptions = {
    dataDir,
    apiBaseUrl: sim.baseUrl,
    accessCode: sim.defaultAccount.accessCode,
    secretKey: sim.defaultAccount.secretKey,
  };
  const tally: Tally = {
    requested: 0,
    answered: {},
    interrupted: 0,
    refused: {},
    kills: 0,
    crashLeft: { intent: 0, sentUncharged: 0, sentCharged: 0, inDoubt: 0 },
    resolvedByHand: 0,
  };
  const log = (line: string): void => {
    process.stdout.write(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${line}\n`);
  };

  let host = await startHost(hostOptions);
  try {
    const packages = await cataloguePackages(host);
    // Distinct kill points, each at the end of a run of sales, so the kill lands while those are in flight.
    const killAfter = new Set<number>();
    while (killAfter.size < kills) killAfter.add(1 + Math.floor(random() * sales));
    const bounds = [...killAfter].sort((a, b) => a - b);
    let from = 0;
    for (const until of [...bounds, sales]) {
      if (until > from)
        await sellRange(host, from, until, packages, random, concurrency, tally, killAfter.has(until));
      from = until;
      if (killAfter.has(until)) {
        tally.kills += 1;
        await classifyCrash(journalFile, control, tally);
        host = await startHost(hostOptions);
        if (tally.kills % 10 === 0 || tally.kills === kills) log(`${tally.kills} kills, ${until} sales sent`);
      }
    }
    log(`all ${sales} sales sent; faults off, settling what is left in doubt`);
    sim.setFaults(NO_FAULTS);
    await settle(host, tally);
    await host.stop();
  } catch (error) {
    await host.kill().catch(() => undefined);
    throw error;
  }

  const verdict = await checkLedger(control, journalFile, opening);
  await sim.close();
  const seconds = (Date.now() - started) / 1000;
  const report = {
    seed,
    answerStyle,
    salesRequested: tally.requested,
    answered: tally.answered,
    interruptedByKills: tally.interrupted,
    refused: tally.refused,
    kills: tally.kills,
    crashLeft: tally.crashLeft,
    resolvedByHand: tally.resolvedByHand,
    journalSales: verdict.journalSales,
    journalByState: verdict.byState,
    failedBy: verdict.failedBy,
    salesSentAgainWithTheirKey: verdict.resent,
    apiCharges: verdict.charges,
    apiRefunds: verdict.refunds,
    chargedMinor: verdict.chargedMinor,
    openingBalanceMinor: verdict.openingMinor,
    closingBalanceMinor: verdict.closingMinor,
    breaches: verdict.breaches.length,
    seconds: Number(seconds.toFixed(1)),
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  for (const breach of verdict.breaches.slice(0, 50)) process.stdout.write(`BREACH: ${breach}\n`);
  if (args.keep) process.stdout.write(`data directory kept: ${dataDir}\n`);
  else rmSync(dataDir, { recursive: true, force: true });
  process.stdout.write(
    verdict.breaches.length === 0
      ? `OK: ${verdict.charges} charges, each with exactly one journal sale; the balance moved by exactly the charges\n`
      : `FAILED: ${verdict.breaches.length} breaches of the money invariants\n`,
  );
  return verdict.breaches.length === 0 ? 0 : 1;
}

/** The host syncs the catalogue on its first start; sales wait for it. Cheap packages keep the balance ample. */
async function cataloguePackages(host: HostProcess): Promise<CataloguePackage[]> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const status = await host.call<Status>('getStatus');
    if (status.value && status.value.catalogue.count > 0 && !status.value.catalogue.syncing) break;
    if (Date.now() > deadline) throw new Error('the host never finished syncing the catalogue');
    await new Promise((r) => setTimeout(r, 500));
  }
  const listed = await host.call<{ packages: CataloguePackage[] }>('listPackages');
  const packages = [...(listed.value?.packages ?? [])].sort((a, b) => a.cost.amount - b.cost.amount);
  if (packages.length === 0) throw new Error('the catalogue is empty');
  return packages.slice(0, 20);
}

/** Sells sales [from, until) with `concurrency` cashiers; with `killAtEnd`, SIGKILLs the host mid-flight. */
async function sellRange(
  host: HostProcess,
  from: number,
  until: number,
  packages: readonly CataloguePackage[],
  random: () => number,
  concurrency: number,
  tally: Tally,
  killAtEnd: boolean,
): Promise<void> {
  let next = from;
  let killed: Promise<void> | null = null;
  const cashier = async (): Promise<void> => {
    while (next < until && !killed) {
      next += 1;
      const pkg = packages[Math.floor(random() * packages.length)]!;
      const quantity = 1 + Math.floor(random() * 3);
      tally.requested += 1;
      const answer = host.call<Sale>('sell', { packageCode: pkg.code, quantity });
      if (killAtEnd && next === until) {
        // A random moment while the last sales of this run are on their way: before, during or after
        // the provider's commit, before or after the journal's.
        const delay = Math.floor(random() * 60);
        killed = new Promise((r) => setTimeout(r, delay)).then(() => host.kill());
      }
      await record(answer, tally);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, cashier));
  await killed;
}

async function record(answer: Promise<PosAnswer<Sale>>, tally: Tally): Promise<void> {
  try {
    const result = await answer;
    if (result.ok && result.value)
      tally.answered[result.value.state] = (tally.answered[result.value.state] ?? 0) + 1;
    else {
      const code = result.error?.code ?? 'unknown';
      tally.refused[code] = (tally.refused[code] ?? 0) + 1;
    }
  } catch {
    tally.interrupted += 1;
  }
}

/** What the kill left behind, read from the journal while the host is down. */
async function classifyCrash(journalFile: string, control: SimControl, tally: Tally): Promise<void> {
  const open = readJournalSales(journalFile).filter((s) => SALE_SENDABLE_STATES.includes(s.state));
  if (open.length === 0) return;
  const chargedKeys = new Set((await readLedger(control)).entries.map((e) => e.idempotencyKey));
  for (const sale of open) {
    if (sale.state === 'intent') tally.crashLeft.intent += 1;
    else if (sale.state === 'in_doubt') tally.crashLeft.inDoubt += 1;
    else if (chargedKeys.has(sale.idempotency_key)) tally.crashLeft.sentCharged += 1;
    else tally.crashLeft.sentUncharged += 1;
  }
}

/**
 * Waits for start-up recovery, then does what a cashier does with a sale still in doubt: asks the
 * counter to check it again, until none is left. The counter's own rate limiter may hold checks back
 * for up to a minute after a burst, so this is patient, but bounded.
 */
async function settle(host: HostProcess, tally: Tally): Promise<void> {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  for (;;) {
    const listed = await host.call<{ sales: Sale[] }>('listSales', {
      states: SALE_SENDABLE_STATES,
      limit: 1000,
    });
    const open = listed.value?.sales ?? [];
    if (open.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(`${open.length} sales were still unresolved after ${SETTLE_LIMIT_MS} ms`);
    // Recovery may still be working through the list; give it a moment before checking by hand.
    await new Promise((r) => setTimeout(r, 2_000));
    for (const sale of open) {
      const resolved = await host.call<Sale>('resolveSale', { id: sale.id });
      if (resolved.ok && resolved.value && !SALE_SENDABLE_STATES.includes(resolved.value.state)) {
        tally.resolvedByHand += 1;
      }
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`torture failed to run: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(2);
  },
);
