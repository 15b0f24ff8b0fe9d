import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { test as base } from '@playwright/test';
import Database from 'better-sqlite3';
import { type AnswerStyle, type RunningSimulator, startSimulator } from '../../../electron/simulator/index';
import type { Result } from '../../../shared/errors';
import { copySyncedJournal } from '../../support/catalogue-template';
import { hostArguments } from '../../support/test-build';
import { SimControl } from '../sim-control';

/**
 * End-to-end tests drive the counter in Chromium through the real web host: `electron/host/cli.ts`,
 * built once per run as the app's build does (test-build.ts), on a random port with its own data
 * directory, its own keychain entry and its own training simulator, so tests run side by side on
 * parallel workers. The catalogue is synced once per run and copied in.
 */

const root = resolve(import.meta.dirname, '../../..');
/** The web host's training simulator: `startApp`'s defaults. */
const TRAINING = { seed: 1, currency: 'USD' } as const;

export interface CounterHost {
  /** The counter, with its token in the address. */
  readonly url: string;
  /** The customer display page, with the display's own token (it reads the display only). */
  readonly customerUrl: string;
  /** This test's data directory: the journal, and the training simulator's own SQLite file. */
  readonly dataDir: string;
  /** The control API of the simulator the counter sells from: its training one, or the live one. */
  readonly simulator: { readonly controlUrl: string; readonly controlToken: string };
  /** Calls a PosApi method as the counter does (bearer token, JSON body). */
  api<T>(method: string, input?: unknown): Promise<Result<T>>;
}

interface ReadyLine {
  readonly url: string;
  readonly customerUrl: string;
  readonly training?: CounterHost['simulator'];
}

function newestChange(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const path = join(dir, entry.name);
    const changed = entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs;
    return Math.max(newest, changed);
  }, 0);
}

/**
 * Builds the app when its build is missing or older than its sources (the renderer's pages, and the
 * main bundle's thread programs), so a test never runs stale code.
 */
export function ensureBuilt(): void {
  const built = [
    join(root, 'out', 'renderer', 'index.html'),
    join(root, 'out', 'renderer', 'customer.html'),
    join(root, 'out', 'main', 'main.js'),
  ];
  const builtAt = built.every(existsSync) ? Math.min(...built.map((file) => statSync(file).mtimeMs)) : 0;
  const sourcesAt = Math.max(
    ...['renderer', 'shared', 'electron'].map((dir) => newestChange(join(root, dir))),
  );
  if (builtAt > sourcesAt) return;
  const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the app build failed');
}

/** The host's stderr, kept to attach to a test that fails. */
interface HostLog {
  text: string;
}

function readReadyLine(child: ChildProcess, log: HostLog): Promise<ReadyLine> {
  return new Promise((done, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`the web host did not start:\n${log.text}`)), 60_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      log.text += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((each) => each.startsWith('{') && each.endsWith('}'));
      if (!line) return;
      clearTimeout(timer);
      done(JSON.parse(line) as ReadyLine);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the web host exited (${code}) before it was ready:\n${log.text}`));
    });
  });
}

/**
 * The test is over: the test's provider stops holding requests unanswered and drops those it holds,
 * so the host closes at once instead of waiting out its write timeout (a sale held by a hang fault
 * keeps the host's close waiting a minute for it). What the counter then does with them is past the test.
 */
async function releaseHeld(simulator: CounterHost['simulator']): Promise<void> {
  const control = (method: string, path: string, body?: unknown) =>
    fetch(`${simulator.controlUrl}${path}`, {
      method,
      headers: { 'x-sim-control-token': simulator.controlToken, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  await control('PUT', '/faults', { hangRate: 0, hangAfterCommitRate: 0 });
  await control('POST', '/requests/drop-held');
}

export interface HostOptions {
  /**
   * Pending orders checked every N to 2N ms instead of every 15 to 30 s (the host's test-only
   * ESIM_TEST_PENDING_CHECK_MS), for a test that watches a pending sale complete: `test.use({ pendingCheckMs })`.
   */
  readonly pendingCheckMs: number | undefined;
  /**
   * A new counter as a shop first starts it: no catalogue copied in, so the host syncs its first one
   * while the test watches: `test.use({ firstSync: true })`.
   */
  readonly firstSync: boolean;
  /**
   * A live counter: the host started with `--api-base-url` towards a simulator of this test's own
   * (credentials in the environment, as a shop gives them): `test.use({ live: true })`.
   */
  readonly live: boolean;
  /**
   * A journal brought back (opened as it is after its write-ahead log was lost, ten minutes of records
   * lacking) while the provider lists this many orders of that time that no record holds, placed on
   * the provider's dashboard before the host starts: `test.use({ live: true, broughtBack: 2 })`.
   */
  readonly broughtBack: number;
  /**
   * More of the host's flags, e.g. a shop ledger's `--shop`, `--counter-code` and `--counter-name`
   * (its address comes from POS_SHOP_LEDGER_URL in the environment): `test.use({ hostFlags: [...] })`.
   */
  readonly hostFlags: readonly string[];
}

/** Orders placed on `provider`'s dashboard, and the journal in `dataDir` written down as brought back before them. */
async function broughtBackBefore(dataDir: string, provider: RunningSimulator, orders: number): Promise<void> {
  const journal = new Database(join(dataDir, 'journal.sqlite'), { readonly: true });
  const code = journal
    .prepare('SELECT code FROM catalogue ORDER BY position LIMIT 1')
    .pluck()
    .get() as string;
  journal.close();
  const sim = new SimControl(provider.controlUrl, provider.controlToken);
  for (let i = 0; i < orders; i++) await sim.placeOrder(code);
  const at = new Date();
  writeFileSync(
    join(dataDir, 'journal-restored.json'),
    JSON.stringify({
      from: null,
      at: at.toISOString(),
      replacedInto: dataDir,
      since: new Date(at.getTime() - 10 * 60_000).toISOString(),
    }),
  );
}

/**
 * The answer style of a worker's simulators, from its project (playwright.config.ts): the worker
 * sets ESIM_TEST_ANSWER_STYLE, so its hosts, its training and live simulators, its synced catalogue
 * and the specs' own checks all read one style. Absent, the environment's style stands.
 */
export interface AnswerStyleOption {
  readonly answerStyle: AnswerStyle | undefined;
}

export const test = base.extend<
  { host: CounterHost } & HostOptions,
  AnswerStyleOption & { styled: undefined }
>({
  answerStyle: [undefined, { option: true, scope: 'worker' }],
  // A worker runs the tests of one project only, so its process keeps one style.
  styled: [
    async ({ answerStyle }, use) => {
      if (answerStyle) process.env.ESIM_TEST_ANSWER_STYLE = answerStyle;
      await use(undefined);
    },
    { scope: 'worker', auto: true },
  ],
  pendingCheckMs: [undefined, { option: true }],
  firstSync: [false, { option: true }],
  live: [false, { option: true }],
  broughtBack: [0, { option: true }],
  hostFlags: [[], { option: true }],

  // The build is current and the run's scratch folder made before any test (global-setup.ts).
  host: async ({ pendingCheckMs, firstSync, live, broughtBack, hostFlags }, use, testInfo) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'e2e-counter-'));
    if (!firstSync) await copySyncedJournal(dataDir, TRAINING);
    const provider: RunningSimulator | null = live ? await startSimulator({ port: 0, ...TRAINING }) : null;
    if (broughtBack > 0) {
      if (!provider) throw new Error('broughtBack needs a live counter: test.use({ live: true })');
      await broughtBackBefore(dataDir, provider, broughtBack);
    }
    const args = [...hostArguments(), '--port', '0', '--data-dir', dataDir, ...hostFlags];
    // Its own keychain entry: counters of parallel workers never share credentials.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ESIM_TEST_KEYCHAIN_SERVICE: `esim-counter-e2e-${basename(dataDir)}`,
    };
    if (pendingCheckMs !== undefined) env.ESIM_TEST_PENDING_CHECK_MS = String(pendingCheckMs);
    if (provider) {
      args.push('--api-base-url', provider.baseUrl);
      env.ESIM_ACCESS_CODE = provider.defaultAccount.accessCode;
      env.ESIM_SECRET_KEY = provider.defaultAccount.secretKey;
    }
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env });
    const log: HostLog = { text: '' };
    let simulator: CounterHost['simulator'] | undefined;
    try {
      const ready = await readReadyLine(child, log);
      simulator = provider ?? ready.training;
      if (!simulator) throw new Error('the web host did not start in training mode');
      const origin = new URL(ready.url).origin;
      const token = new URL(ready.url).hash.replace(/^#token=/, '');
      await use({
        url: ready.url,
        customerUrl: ready.customerUrl,
        dataDir,
        simulator,
        api: async <T>(method: string, input: unknown = {}) => {
          const response = await fetch(`${origin}/api/${method}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify(input),
          });
          return (await response.json()) as Result<T>;
        },
      });
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        if (simulator) await releaseHeld(simulator);
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('web-host-stderr', { body: log.text, contentType: 'text/plain' });
      }
      await provider?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
});

export { expect } from '@playwright/test';
