import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { onTestFinished } from 'vitest';
import { type AnswerRecord, answersOf } from '../../electron/core/journal/answers';
import type { MoneyTiming } from '../../electron/core/money-work';
import { type RunningSimulator, type SimulatorOptions, startSimulator } from '../../electron/simulator/index';
import type { BalanceView } from '../../shared/domain/balance';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Sale } from '../../shared/domain/sale';
import type { TopUpOption } from '../../shared/domain/topup';
import { copySyncedJournal } from '../support/catalogue-template';
import { type CoreHarness, type HarnessOptions, startCoreHarness, unwrap } from '../support/core-harness';
import { providerFacts } from '../support/provider-facts';
import { clockOf, startClockedSimulator, TestClock } from '../support/test-clock';
import { forwardTo, startTestServer, type TestServer } from './api-test-server';

/**
 * Helpers of the money-path tests: a real core on a real journal file, against a real simulator over
 * HTTP. Each counter starts from a copy of a journal whose catalogue was synced once per test run.
 */

export const SEED = 7;

/** Polling shortened so a test sees the poller work in seconds rather than minutes. */
export const FAST_TIMING: Partial<MoneyTiming> = {
  pending: { minIntervalMs: 150, maxIntervalMs: 300, giveUpAfterMs: 60_000, random: Math.random },
  topUpCheck: { checkEveryMs: 200, watchForMs: 1_500 },
};

export interface Counter {
  readonly h: CoreHarness;
  readonly sim: RunningSimulator;
  /** The counter's and its simulator's clock: move it instead of waiting. */
  readonly clock: TestClock;
  readonly dataDir: string;
  readonly packages: readonly CataloguePackage[];
  /**
   * Closes the core and starts a new one on the same journal and simulator: a restart of the counter.
   * `whileStopped` runs in between (and is waited for), with the journal closed.
   */
  restart(whileStopped?: () => void | Promise<void>): Promise<CoreHarness>;
  close(): Promise<void>;
}

export async function startCounter(
  simOptions: SimulatorOptions = {},
  options: {
    readonly timing?: Partial<MoneyTiming>;
    readonly sim?: RunningSimulator;
    /** Reach the simulator through this base URL (a tap that sees every request). */
    readonly apiBaseUrl?: string;
    readonly reconciliationRetryMs?: number;
    /** The shell's HTML-to-PDF (a real Chromium in tests). */
    readonly reportPdf?: (html: string) => Promise<Uint8Array>;
    /** The counter's clock; by default the simulator's (test-clock.ts), or a new one for the simulator it starts. */
    readonly clock?: TestClock;
    /**
     * The counter's own id (the journal template's otherwise, the same for every counter made from it):
     * counters that meet in one shop ledger each need their own.
     */
    readonly counterId?: string;
    /** The OS keychain's service name, kept across restarts (a random one for each start otherwise). */
    readonly keychainService?: string;
    readonly live?: boolean;
    readonly shopLedger?: HarnessOptions['shopLedger'];
    readonly shopLedgerTiming?: HarnessOptions['shopLedgerTiming'];
  } = {},
): Promise<Counter> {
  const clock = options.clock ?? (options.sim ? clockOf(options.sim) : new TestClock());
  const sim =
    options.sim ?? (await startClockedSimulator({ port: 0, seed: SEED, balance: 500, ...simOptions }, clock));
  const dataDir = mkdtempSync(join(tmpdir(), 'money-'));
  await copySyncedJournal(dataDir, { seed: SEED, currency: simOptions.currency ?? 'USD' });
  if (options.counterId) {
    const db = new Database(join(dataDir, 'journal.sqlite'));
    db.prepare("UPDATE settings SET value_json = ? WHERE key = 'counter.id'").run(
      JSON.stringify(options.counterId),
    );
    db.close();
  }
  const harnessOptions = {
    dataDir,
    simulator: sim,
    moneyTiming: options.timing ?? FAST_TIMING,
    ...(options.apiBaseUrl ? { apiBaseUrl: options.apiBaseUrl } : {}),
    ...(options.reportPdf ? { reportPdf: options.reportPdf } : {}),
    clock,
    ...(options.keychainService ? { keychainService: options.keychainService } : {}),
    ...(options.live ? { live: true } : {}),
    ...(options.shopLedger ? { shopLedger: options.shopLedger } : {}),
    ...(options.shopLedgerTiming ? { shopLedgerTiming: options.shopLedgerTiming } : {}),
    ...(options.reconciliationRetryMs === undefined
      ? {}
      : { reconciliationRetryMs: options.reconciliationRetryMs }),
  };
  let h = await startCoreHarness({}, harnessOptions);
  const { packages } = unwrap(await h.call<{ packages: CataloguePackage[] }>('listPackages'));
  const counter = {
    get h() {
      return h;
    },
    sim,
    clock,
    dataDir,
    packages,
    async restart(whileStopped?: () => void | Promise<void>) {
      await h.close();
      await whileStopped?.();
      h = await startCoreHarness({}, harnessOptions);
      return h;
    },
    async close() {
      await h.close();
      if (!options.sim) await sim.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return counter;
}

export async function control<T>(
  sim: RunningSimulator,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${sim.controlUrl}${path}`, {
    method,
    headers: { 'x-sim-control-token': sim.controlToken, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`control ${method} ${path}: ${response.status} ${json.error ?? ''}`);
  return json;
}

export interface LedgerEntry {
  readonly kind: 'order' | 'topup' | 'refund' | 'adjustment';
  readonly orderReference: string | null;
  readonly idempotencyKey: string | null;
  readonly amountMinor: number;
  readonly balanceAfterMinor: number;
  /** When the provider booked it, on its clock (ISO). */
  readonly time: string;
}

/** The simulator's own record of every charge and refund of the default account. */
export async function ledger(
  sim: RunningSimulator,
): Promise<{ balanceMinor: number; entries: LedgerEntry[] }> {
  const query = new URLSearchParams({ accessCode: sim.defaultAccount.accessCode });
  return control(sim, 'GET', `/ledger?${query}`);
}

export function charges(entries: readonly LedgerEntry[], kind: LedgerEntry['kind'] = 'order'): LedgerEntry[] {
  return entries.filter((e) => e.kind === kind);
}

/** Drives an eSIM on the simulator: `activate` (first network attach), `consume`, `expire`... */
export async function driveEsim(
  sim: RunningSimulator,
  step: string,
  body: Record<string, unknown>,
): Promise<void> {
  await control(sim, 'POST', `/esims/${step}`, body);
}

export async function setBalance(sim: RunningSimulator, balance: number): Promise<void> {
  await control(sim, 'POST', '/accounts/balance', { accessCode: sim.defaultAccount.accessCode, balance });
}

export async function completePending(sim: RunningSimulator, orderReference: string): Promise<void> {
  await control(sim, 'POST', '/orders/complete-pending', { orderReference });
}

export async function failPending(sim: RunningSimulator, orderReference: string): Promise<void> {
  await control(sim, 'POST', '/orders/fail-pending', { orderReference });
}

/** A column of one journal row, read from the file as the counter left it (raw answers live there only). */
export function journalColumn(
  dataDir: string,
  table: 'sales' | 'topups',
  id: string,
  column: string,
): unknown {
  const db = new Database(join(dataDir, 'journal.sqlite'), { readonly: true });
  try {
    const row = db.prepare(`SELECT ${column} AS value FROM ${table} WHERE id = ?`).get(id) as
      | { value: unknown }
      | undefined;
    return row?.value;
  } finally {
    db.close();
  }
}

/** A row of the journal's `answers` table. */
export interface KeptAnswerRow {
  readonly seq: number;
  readonly request: string | null;
  readonly send: number | null;
  readonly attempt: number | null;
  readonly status: number | null;
  readonly whole: number;
  readonly body: string;
}

/** A record's kept answers, in the order the journal took them, read from the file as the counter left it. */
export function keptAnswers(dataDir: string, kind: AnswerRecord, id: string): KeptAnswerRow[] {
  const db = new Database(join(dataDir, 'journal.sqlite'), { readonly: true });
  try {
    return answersOf(db, kind, id).map(({ seq, request, send, attempt, status, whole, body }) => ({
      seq,
      request,
      send,
      attempt,
      status,
      whole: whole ? 1 : 0,
      body,
    }));
  } finally {
    db.close();
  }
}

/** Waits (bounded) until `check` returns a value; fails with `what` if it never does. */
export async function eventually<T>(
  what: string,
  check: () => T | null | undefined | Promise<T | null | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The balance the core last announced: all the renderer knows of the balance. */
export function announcedBalance(h: CoreHarness): BalanceView | null {
  const updates = h.events.flatMap((e) => (e.type === 'balance.updated' ? [e.balance] : []));
  return updates.at(-1) ?? null;
}

/**
 * Packages by what the provider charges, cheapest first. A live counter with nobody signed in answers
 * without costs, so the provider's own figures stand in for them.
 */
function byProviderCost(packages: readonly CataloguePackage[]): CataloguePackage[] {
  const facts = providerFacts(SEED);
  const cost = (pkg: CataloguePackage): number => pkg.cost?.amount ?? facts(pkg.code)?.cost.USD ?? 0;
  return [...packages].sort((a, b) => cost(a) - cost(b));
}

export function cheapest(packages: readonly CataloguePackage[]): CataloguePackage {
  const sorted = byProviderCost(packages);
  const pkg = sorted[0];
  if (!pkg) throw new Error('the catalogue is empty');
  return pkg;
}

/** Makes the simulator refund every later cancellation by this method (see docs/simulator.md). */
export async function forceRefundMethod(sim: RunningSimulator, method: string): Promise<void> {
  const response = await fetch(`${sim.controlUrl}/cancellations/refund-method`, {
    method: 'PUT',
    headers: { 'x-sim-control-token': sim.controlToken, 'content-type': 'application/json' },
    body: JSON.stringify({ method }),
  });
  if (!response.ok) throw new Error(`refund-method: ${response.status}`);
}

/**
 * Sells eSIMs of the cheapest rechargeable packages (picked by the provider's own facts: a lean
 * catalogue does not say which are) until one, active on a network, is offered a top-up; returns that
 * eSIM and its cheapest top-up.
 */
export async function rechargeableEsim(
  c: Counter,
): Promise<{ readonly sale: Sale; readonly iccid: string; readonly option: TopUpOption }> {
  const facts = providerFacts(SEED);
  const rechargeable = byProviderCost(c.packages).filter((pkg) => facts(pkg.code)?.rechargeable);
  for (const pkg of rechargeable.slice(0, 10)) {
    const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    if (sale.state !== 'completed') throw new Error(`the sale ended ${sale.state}`);
    const iccid = sale.esims[0]?.iccid ?? '';
    await driveEsim(c.sim, 'activate', { iccid });
    const listed = await c.h.call<{ packages: TopUpOption[] }>('listTopUpPackages', { iccid });
    const option = listed.ok ? cheapestOption(listed.value.packages) : null;
    if (option) return { sale, iccid, option };
  }
  throw new Error('no rechargeable package with top-ups in the catalogue');
}

function cheapestOption(options: readonly TopUpOption[]): TopUpOption | null {
  return [...options].sort((a, b) => a.retail.amount - b.retail.amount)[0] ?? null;
}

/**
 * A simulator behind a server that passes every request on, and changes the JSON answers to requests
 * whose URL holds `path` in place: a provider that words an answer otherwise. Both stop when the
 * test finishes, after `closeFirst` (the counter that calls them).
 */
export async function rewordedSimulator(
  path: string,
  reword: (body: Record<string, unknown>) => void,
  closeFirst: () => Promise<void>,
): Promise<{ sim: RunningSimulator; provider: TestServer }> {
  const sim = await startSimulator({ port: 0, seed: SEED, balance: 500 });
  const provider = await startTestServer(async (request) => {
    const answer = await forwardTo(sim.baseUrl, request);
    if (!request.url.includes(path)) return answer;
    const body = JSON.parse(answer.text) as Record<string, unknown>;
    reword(body);
    return { ...answer, text: JSON.stringify(body) };
  });
  onTestFinished(async () => {
    await closeFirst();
    await provider.close();
    await sim.close();
  });
  return { sim, provider };
}
