import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

/** A process the bench started and the first JSON line it printed when ready. */
export interface Started<T> {
  readonly ready: T;
  stop(): Promise<void>;
}

const root = resolve(import.meta.dirname, '..');

/** Starts `tsx <script> …args` in the project root and waits for its one ready line on stdout. */
export async function startProcess<T>(
  script: string,
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): Promise<Started<T>> {
  const child: ChildProcess = spawn(join(root, 'node_modules/.bin/tsx'), [script, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const first = await new Promise<string>((done, fail) => {
    lines.once('line', done);
    child.once('exit', (code) => fail(new Error(`${script} exited (${code}) before it was ready`)));
  });
  return {
    ready: JSON.parse(first) as T,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

export interface SimulatorReady {
  readonly baseUrl: string;
  readonly accessCode: string;
  readonly secretKey: string;
}

/**
 * The simulator a bench child process (`counter-host.ts`, `forwarding-host.ts`) was started against:
 * `--api-base-url`, with the key in ESIM_ACCESS_CODE and ESIM_SECRET_KEY (never on a command line).
 * Exits with a line naming what is missing.
 */
export function endpointOfChild(script: string, baseUrl: string | undefined): SimulatorReady {
  const accessCode = process.env.ESIM_ACCESS_CODE;
  const secretKey = process.env.ESIM_SECRET_KEY;
  if (!baseUrl || !accessCode || !secretKey) {
    process.stderr.write(`${script} needs --api-base-url, ESIM_ACCESS_CODE and ESIM_SECRET_KEY\n`);
    process.exit(2);
  }
  return { baseUrl, accessCode, secretKey };
}

/** The simulator's own limits per key (minute/hour/day), as it starts by default. */
export const REAL_RATE_LIMIT = '100/1000/10000';
/** Limits far above anything a bench run sends, so only the path itself is measured. */
export const RAISED = 1_000_000;
export const RAISED_RATE_LIMIT = `${RAISED}/${RAISED}/${RAISED}`;

export interface SimulatorSetting {
  readonly latencyMs: number;
  /** `--rate-limit` as the simulator takes it. */
  readonly rateLimit: string;
}

/** The simulator in its own process, as the provider is to a counter. */
export function startSimulatorProcess(setting: SimulatorSetting): Promise<Started<SimulatorReady>> {
  return startProcess<SimulatorReady>('electron/simulator/cli.ts', [
    '--port',
    '0',
    '--seed',
    '3',
    '--balance',
    '10000000',
    '--rate-limit',
    setting.rateLimit,
    '--latency-ms',
    String(setting.latencyMs),
  ]);
}

/** The least a client can do: sign one request, send it, read and parse the JSON answer. */
export async function bareSignedRequest(
  sim: SimulatorReady,
  method: 'GET' | 'POST',
  pathAndQuery: string,
  body = '',
): Promise<unknown> {
  const timestamp = String(Date.now());
  const requestId = randomUUID();
  const signature = createHmac('sha256', sim.secretKey)
    .update(`${timestamp}${requestId}${sim.accessCode}${body}`)
    .digest('hex')
    .toUpperCase();
  const response = await fetch(`${sim.baseUrl}${pathAndQuery}`, {
    method,
    headers: {
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      'rt-accesscode': sim.accessCode,
      'rt-requestid': requestId,
      'rt-timestamp': timestamp,
      'rt-signature': signature,
    },
    ...(method === 'POST' ? { body } : {}),
  });
  const answer = (await response.json()) as { success?: boolean };
  if (answer.success !== true)
    throw new Error(`${method} ${pathAndQuery} failed with HTTP ${response.status}`);
  return answer;
}

/** The floor of a sale: one signed POST /esims/order. */
export async function bareSignedOrder(sim: SimulatorReady, packageCode: string): Promise<void> {
  const body = JSON.stringify({ packageCode, quantity: 1, idempotency_key: randomUUID() });
  await bareSignedRequest(sim, 'POST', '/esims/order', body);
}

/** The counter's web host as `bench/counter-host.ts` announces it. */
export interface HostReady {
  readonly origin: string;
  readonly token: string;
}

/** The renderer's call: POST /api/<method> with the counter token, answered `{ok, value|error}`. */
export async function callHost<T>(host: HostReady, method: string, input: unknown): Promise<T> {
  const response = await fetch(`${host.origin}/api/${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  const result = (await response.json()) as
    | { ok: true; value: T }
    | { ok: false; error: { code: string; message: string } };
  if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
  return result.value;
}
