import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { hostArguments } from '../../test/support/test-build';
import { signInManager } from './manager-sign-in';

/**
 * The web host (`electron/host/cli.ts`) as a child process of its own, so it can be killed with
 * SIGKILL at any moment, like a power cut, and started again on the same data directory. It talks to
 * the API at `apiBaseUrl` with credentials passed in the environment, as a shop's live counter does;
 * without `apiBaseUrl` it starts as a new install does, in training mode.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const READY_TIMEOUT_MS = 60_000;

export interface HostOptions {
  readonly dataDir: string;
  readonly apiBaseUrl?: string;
  readonly accessCode?: string;
  readonly secretKey?: string;
  /** The counter's clock runs this far ahead of the machine's (see shifted-clock.ts). */
  readonly clockOffsetMs?: number;
  /** Modules Node loads before the host (`--import`), to set up a machine the test needs. */
  readonly imports?: readonly string[];
  /** The keychain service of the host's credentials (ESIM_TEST_KEYCHAIN_SERVICE); a new one when absent. */
  readonly keychainService?: string;
  /** Run from the source under tsx, as `npm run web` does, even when the test run built the host. */
  readonly fromSource?: boolean;
  /** Joins the shop ledger at this address (with its login), as this counter of this shop. */
  readonly shopLedger?: {
    readonly url: string;
    readonly shop: string;
    readonly counterCode: string;
    readonly counterName: string;
  };
}

export interface PosAnswer<T = unknown> {
  readonly ok: boolean;
  readonly value?: T;
  readonly error?: { readonly code: string; readonly message: string };
}

export interface HostProcess {
  readonly origin: string;
  readonly pid: number;
  /** The keychain service the host keeps its credentials under. */
  readonly keychainService: string;
  /** Calls a PosApi method over HTTP, as the renderer does. Rejects if the host dies mid-call. */
  call<T = unknown>(method: string, input?: unknown): Promise<PosAnswer<T>>;
  /** Every answer's text as received, for checks that look for what must never be in one. */
  readonly answers: string[];
  /** SIGKILL: no shutdown code runs. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the host closes the core and the journal. */
  stop(): Promise<void>;
}

export async function startHost(options: HostOptions): Promise<HostProcess> {
  const token = randomBytes(18).toString('base64url');
  // Never the shop's keychain entry, nor another counter's of the same run.
  const keychainService = options.keychainService ?? `esim-counter-host-${token}`;
  const child = spawn(
    process.execPath,
    [
      ...hostArguments(
        [
          ...(options.clockOffsetMs ? [resolve(ROOT, 'scripts/torture/shifted-clock.ts')] : []),
          ...(options.imports ?? []),
        ],
        options.fromSource,
      ),
      '--port',
      '0',
      '--data-dir',
      options.dataDir,
      ...(options.apiBaseUrl ? ['--api-base-url', options.apiBaseUrl] : []),
      ...(options.shopLedger
        ? [
            '--shop',
            options.shopLedger.shop,
            '--counter-code',
            options.shopLedger.counterCode,
            '--counter-name',
            options.shopLedger.counterName,
          ]
        : []),
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...(options.accessCode ? { ESIM_ACCESS_CODE: options.accessCode } : {}),
        ...(options.secretKey ? { ESIM_SECRET_KEY: options.secretKey } : {}),
        ...(options.shopLedger ? { POS_SHOP_LEDGER_URL: options.shopLedger.url } : {}),
        POS_HOST_TOKEN: token,
        ESIM_TEST_KEYCHAIN_SERVICE: keychainService,
        ...(options.clockOffsetMs ? { ESIM_TORTURE_CLOCK_OFFSET_MS: String(options.clockOffsetMs) } : {}),
      },
    },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const origin = await readyOrigin(child);
  const answers: string[] = [];
  return {
    origin,
    pid: child.pid ?? -1,
    keychainService,
    answers,
    async call<T>(method: string, input: unknown = {}): Promise<PosAnswer<T>> {
      const response = await fetch(`${origin}/api/${method}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      const text = await response.text();
      answers.push(text);
      return JSON.parse(text) as PosAnswer<T>;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The host with its manager signed in (see signInManager). */
export async function signedIn(host: HostProcess): Promise<HostProcess> {
  await signInManager((method, input) => host.call(method, input));
  return host;
}

/** Waits for the host's `{"url": …}` line; fails with its stderr if it exits or takes too long. */
function readyOrigin(child: ChildProcess): Promise<string> {
  return new Promise((done, fail) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`the host did not start within ${READY_TIMEOUT_MS} ms\n${stderr}`));
    }, READY_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the host exited (${code}) before it was ready\n${stderr}`));
    });
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      const { url } = JSON.parse(line) as { url?: string };
      if (!url) return;
      clearTimeout(timer);
      done(new URL(url).origin);
    });
  });
}
