import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Core, type CoreOptions, createCore, type Endpoint } from './core/core';
import type { ShellPrinting } from './core/devices/device-handlers';
import { createLogger, Redactor, rotatingFile } from './core/log';
import { StartingCore } from './core/starting-core';
import { type RunningSimulator, startSimulator } from './simulator/index';

/**
 * The composition shared by the two roots (Electron's main and the web host): the core, and in
 * training mode the simulator, started in-process on a random loopback port and handed to the core
 * as an ordinary endpoint. The core never knows who serves it.
 */
export interface AppOptions {
  readonly dataDir: string;
  /** A live API forced from outside (the web host's --api-base-url with credentials from the environment). */
  readonly liveEndpoint?: Endpoint;
  /** A shop ledger forced from outside (the web host's POS_SHOP_LEDGER_URL and flags). */
  readonly shopLedger?: CoreOptions['shopLedger'];
  /** better-sqlite3 binary built for the running runtime (Electron), when not the default. */
  readonly nativeBinding?: string;
  /** Where the app's build put the thread programs (electron.vite.config.ts); from the source tree when absent. */
  readonly programsDir?: string;
  /** The desktop shell's printing straight to a printer; without it the counter prints with the browser. */
  readonly shellPrinting?: ShellPrinting;
  /** The desktop shell's HTML-to-PDF for A4 reports (the accountant pack's Z and reconciliations). */
  readonly reportPdf?: CoreOptions['reportPdf'];
  /** The keychain service the credentials are kept under, when not the shop's own (tests). */
  readonly keychainService?: string;
  /** Training mode's simulator settings, and (end-to-end tests only) its shorter pending polling. */
  readonly training?: {
    readonly seed?: number;
    readonly balance?: number;
    readonly pendingTiming?: CoreOptions['trainingPendingTiming'];
  };
}

export interface App {
  /**
   * The core as the hosts serve it from the first moment: until `started`, every call is answered
   * COUNTER_STARTING with how far the start is (starting-core.ts).
   */
  readonly core: StartingCore;
  /** The core once it has started; rejects with StartRefused when its start is refused. */
  readonly started: Promise<Core>;
  /** The training simulator, once training mode has started it. */
  simulator(): RunningSimulator | null;
  close(): Promise<void>;
}

export function startApp(options: AppOptions): App {
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const redactor = new Redactor();
  const logFile = rotatingFile(join(options.dataDir, 'counter.log'));
  const log = createLogger(logFile.write, redactor);

  let simulator: RunningSimulator | null = null;
  let simulatorStarting: Promise<RunningSimulator> | null = null;
  const trainingEndpoint = async (): Promise<Endpoint> => {
    // The training shop keeps its history across restarts in its own file beside the journal.
    simulatorStarting ??= startSimulator({
      port: 0,
      dataFile: join(options.dataDir, 'training-api.sqlite'),
      seed: options.training?.seed ?? 1,
      ...(options.training?.balance !== undefined ? { balance: options.training.balance } : {}),
    });
    simulator = await simulatorStarting;
    const account = simulator.defaultAccount;
    return { baseUrl: simulator.baseUrl, accessCode: account.accessCode, secretKey: account.secretKey };
  };

  const starting = new StartingCore(log);
  const started = starting.follow(
    createCore({
      dataDir: options.dataDir,
      starting: starting.starting,
      trainingEndpoint,
      log,
      redactor,
      ...(options.liveEndpoint ? { liveEndpoint: options.liveEndpoint } : {}),
      ...(options.shopLedger ? { shopLedger: options.shopLedger } : {}),
      ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
      ...(options.programsDir ? { programsDir: options.programsDir } : {}),
      ...(options.shellPrinting ? { shellPrinting: options.shellPrinting } : {}),
      ...(options.reportPdf ? { reportPdf: options.reportPdf } : {}),
      ...(options.keychainService ? { keychainService: options.keychainService } : {}),
      ...(options.training?.pendingTiming ? { trainingPendingTiming: options.training.pendingTiming } : {}),
    }),
  );

  return {
    core: starting,
    started,
    simulator: () => simulator,
    close: async () => {
      await (await started.catch(() => null))?.close();
      await simulator?.close();
      logFile.close();
    },
  };
}
