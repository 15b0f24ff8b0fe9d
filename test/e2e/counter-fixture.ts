import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { test as base, type Page } from '@playwright/test';
import { copySyncedJournal } from '../support/catalogue-template';
import { SimControl } from './sim-control';

/**
 * Each test gets its own counter: the real web host (`npm run web`'s CLI) on a random port with a
 * fresh data directory, in training mode with its in-process simulator, whose control API the test
 * drives. The journal starts with the catalogue synced once per run (a fresh one syncs at the API's
 * bulk pace, about 20 seconds). The host is stopped and its directory removed afterwards; its
 * stderr is attached to a failing test.
 */

const root = resolve(import.meta.dirname, '../..');
const READY_TIMEOUT_MS = 45_000;
/** The web host's training simulator: the composition's defaults. */
const TRAINING = { seed: 1, currency: 'USD' } as const;

function newestChange(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const path = join(dir, entry.name);
    return Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }, 0);
}

/** The host builds the renderer only when the build is missing: rebuild a stale one, so no test runs old pages. */
function ensureRendererBuilt(): void {
  const page = join(root, 'out', 'renderer', 'index.html');
  const builtAt = existsSync(page) ? statSync(page).mtimeMs : 0;
  const sourcesAt = Math.max(newestChange(join(root, 'renderer')), newestChange(join(root, 'shared')));
  if (builtAt > sourcesAt) return;
  const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the renderer build failed');
}

export interface Counter {
  /** The counter's address, with its token in the hash as the host prints it. */
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  readonly sim: SimControl;
  readonly dataDir: string;
  /** Calls a PosApi method on the host directly, as the renderer would (for facts the page does not show). */
  api<T>(method: string, input?: unknown): Promise<T>;
  /** Opens the counter and waits until it shows its balance and has its catalogue. */
  open(page: Page): Promise<void>;
}

interface ReadyLine {
  readonly url: string;
  readonly training?: { readonly controlUrl: string; readonly controlToken: string };
}

function startHost(dataDir: string, log: string[]): { child: ChildProcess; ready: Promise<ReadyLine> } {
  // node --import tsx runs the CLI in this one process, so stopping it stops the host and simulator.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'electron/host/cli.ts', '--port', '0', '--data-dir', dataDir],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, POS_HOST_TOKEN: '' } },
  );
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => log.push(chunk));
  const ready = new Promise<ReadyLine>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error('the web host did not print its ready line in time')),
      READY_TIMEOUT_MS,
    );
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      clearTimeout(timer);
      done(JSON.parse(line) as ReadyLine);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the web host exited (${code}) before it was ready:\n${log.join('')}`));
    });
  });
  return { child, ready };
}

async function stopHost(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export const test = base.extend<{ counter: Counter }, { rendererBuilt: true }>({
  rendererBuilt: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      ensureRendererBuilt();
      await use(true);
    },
    { scope: 'worker', timeout: 180_000 },
  ],

  counter: async ({ rendererBuilt }, use, testInfo) => {
    void rendererBuilt;
    const dataDir = mkdtempSync(join(tmpdir(), 'esim-counter-e2e-'));
    await copySyncedJournal(dataDir, TRAINING);
    const log: string[] = [];
    const { child, ready } = startHost(dataDir, log);
    try {
      const line = await ready;
      if (!line.training) throw new Error('the web host did not start in training mode');
      const url = new URL(line.url);
      const token = new URLSearchParams(url.hash.slice(1)).get('token') ?? '';
      const counter: Counter = {
        url: line.url,
        origin: url.origin,
        token,
        dataDir,
        sim: new SimControl(line.training.controlUrl, line.training.controlToken),
        async api<T>(method: string, input: unknown = {}): Promise<T> {
          const response = await fetch(`${url.origin}/api/${method}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify(input),
          });
          const result = (await response.json()) as { ok: boolean; value?: T; error?: unknown };
          if (!result.ok) throw new Error(`${method} failed: ${JSON.stringify(result.error)}`);
          return result.value as T;
        },
        async open(page: Page): Promise<void> {
          await page.goto(line.url);
          await page
            .getByRole('status', { name: /^(Balance|الرصيد)$/ })
            .getByText(/\d/)
            .waitFor();
          await page.getByText(/^Catalogue synced/).waitFor();
        },
      };
      await use(counter);
    } finally {
      await stopHost(child);
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('web-host-stderr', { body: log.join(''), contentType: 'text/plain' });
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
});

export { expect } from '@playwright/test';
