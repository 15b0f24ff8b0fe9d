import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { type Core, type CoreOptions, createCore } from '../../electron/core/core';
import { createLogger, Redactor } from '../../electron/core/log';
import type { RunningSimulator, SimulatorOptions } from '../../electron/simulator/index';
import { type PosEvent, PosEventSchema } from '../../shared/domain/events';
import type { Result } from '../../shared/errors';
import { isPosMethodName, posApiContract } from '../../shared/pos-api';
import { copySyncedJournal } from './catalogue-template';
import { testThreadPrograms } from './test-build';
import { clockOf, startClockedSimulator, TestClock } from './test-clock';

/**
 * A real core on a temporary data directory, talking over HTTP on 127.0.0.1 to a real simulator.
 * Everything the core logs is kept in `logLines`, so tests can also check what never reaches the log.
 */
export interface CoreHarness {
  readonly core: Core;
  readonly simulator: RunningSimulator;
  /** The counter's and its simulator's clock (test-clock.ts): move it instead of waiting. */
  readonly clock: TestClock;
  readonly dataDir: string;
  readonly logLines: string[];
  readonly events: PosEvent[];
  call<T = unknown>(method: string, input?: unknown): Promise<Result<T>>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Reuse a data directory (a restart of the counter). */
  readonly dataDir?: string;
  /** Reuse a running simulator (a restart of the counter, not of the provider). */
  readonly simulator?: RunningSimulator;
  /** The keychain service name: tests use their own, never the shop's. */
  readonly keychainService?: string;
  /** Start with the catalogue already synced (default), or with an empty cache that syncs itself. */
  readonly catalogue?: 'synced' | 'empty';
  /** Shorter polling and checking intervals for the money paths. */
  readonly moneyTiming?: CoreOptions['moneyTiming'];
  readonly reconciliationRetryMs?: number;
  /** Pending polling the core may use only while training. */
  readonly trainingPendingTiming?: CoreOptions['trainingPendingTiming'];
  /** Reach the simulator through this base URL instead (a tap or proxy that sees every request). */
  readonly apiBaseUrl?: string;
  /** A live counter: the simulator's account given as the live endpoint (as `--api-base-url` does), not as training. */
  readonly live?: boolean;
  /** The desktop shell's printing, for a core that prints straight to a printer. */
  readonly shellPrinting?: CoreOptions['shellPrinting'];
  readonly reportPdf?: CoreOptions['reportPdf'];
  /** The counter's clock; by default the simulator's (test-clock.ts), or a new one for the simulator it starts. */
  readonly clock?: TestClock;
  /** A shop ledger forced as the web host's environment forces it. */
  readonly shopLedger?: CoreOptions['shopLedger'];
  readonly shopLedgerTiming?: CoreOptions['shopLedgerTiming'];
}

export async function startCoreHarness(
  simulatorOptions: SimulatorOptions = {},
  harness: HarnessOptions = {},
): Promise<CoreHarness> {
  const dataDir = harness.dataDir ?? mkdtempSync(join(tmpdir(), 'core-'));
  const clock = harness.clock ?? (harness.simulator ? clockOf(harness.simulator) : new TestClock());
  const simulator =
    harness.simulator ?? (await startClockedSimulator({ port: 0, seed: 7, ...simulatorOptions }, clock));
  if ((harness.catalogue ?? 'synced') === 'synced' && !harness.dataDir && !harness.simulator) {
    await copySyncedJournal(dataDir, {
      seed: simulatorOptions.seed ?? 7,
      currency: simulatorOptions.currency ?? 'USD',
    });
  }
  const logLines: string[] = [];
  const redactor = new Redactor();
  const account = simulator.defaultAccount;
  const endpoint = {
    baseUrl: harness.apiBaseUrl ?? simulator.baseUrl,
    accessCode: account.accessCode,
    secretKey: account.secretKey,
  };
  const core = await createCore({
    dataDir,
    trainingEndpoint: async () => endpoint,
    ...(harness.live ? { liveEndpoint: endpoint } : {}),
    log: createLogger((line) => logLines.push(line), redactor),
    redactor,
    keychainService:
      harness.keychainService ?? `esim-counter-test-${process.pid}-${Math.random().toString(36).slice(2)}`,
    ...(harness.moneyTiming ? { moneyTiming: harness.moneyTiming } : {}),
    ...(harness.trainingPendingTiming ? { trainingPendingTiming: harness.trainingPendingTiming } : {}),
    ...(harness.shellPrinting ? { shellPrinting: harness.shellPrinting } : {}),
    ...(harness.reportPdf ? { reportPdf: harness.reportPdf } : {}),
    now: clock.now,
    ...testThreadPrograms(),
    ...(harness.shopLedger ? { shopLedger: harness.shopLedger } : {}),
    ...(harness.shopLedgerTiming ? { shopLedgerTiming: harness.shopLedgerTiming } : {}),
    ...(harness.reconciliationRetryMs === undefined
      ? {}
      : { reconciliationRetryMs: harness.reconciliationRetryMs }),
  });
  const events: PosEvent[] = [];
  // Everything the core sends the renderer must keep the contract (ISO times, money, states…).
  const breaches: string[] = [];
  core.onEvent((event) => {
    const checked = PosEventSchema.safeParse(event);
    if (!checked.success) breaches.push(`${event.type} event: ${z.prettifyError(checked.error)}`);
    events.push(event);
  });
  return {
    core,
    simulator,
    clock,
    dataDir,
    logLines,
    events,
    async call<T>(method: string, input: unknown = {}): Promise<Result<T>> {
      const result = await core.call(method, input);
      if (result.ok && isPosMethodName(method)) {
        const checked = posApiContract[method].output.safeParse(result.value);
        if (!checked.success)
          throw new Error(`${method} answered outside its contract: ${z.prettifyError(checked.error)}`);
      }
      return result as Result<T>;
    },
    async close() {
      await core.close();
      if (!harness.simulator) await simulator.close();
      if (!harness.dataDir) rmSync(dataDir, { recursive: true, force: true });
      if (breaches.length > 0) throw new Error(`events outside the contract:\n${breaches.join('\n')}`);
    },
  };
}

export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.value;
}
