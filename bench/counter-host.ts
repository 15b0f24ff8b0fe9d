import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createCore } from '../electron/core/core';
import { createLogger, Redactor, rotatingFile } from '../electron/core/log';
import { startWebHost } from '../electron/host/server';
import type { PosAnswer } from '../scripts/torture/host-process';
import { signInManager } from '../scripts/torture/manager-sign-in';
import { endpointOfChild } from './processes';

/**
 * The counter as `npm run web` runs it (core and web host in one Node process, the journal on disk,
 * logging to its rotating file), pointed at a simulator the bench started, in a fresh data directory.
 * Prints one JSON line when it listens: `{origin, token}`. The endpoint's credentials come from
 * ESIM_ACCESS_CODE and ESIM_SECRET_KEY, as the web host's own; `--raised-limits N` gives the client a
 * key of N requests per window, matching a simulator started with raised limits; `--data-dir DIR` starts
 on a journal the bench grew there (left in place for the bench to remove) instead of a fresh one.
 */
const { values } = parseArgs({
  options: {
    'api-base-url': { type: 'string' },
    'raised-limits': { type: 'string' },
    'data-dir': { type: 'string' },
  },
  strict: true,
});
const endpoint = endpointOfChild('counter-host', values['api-base-url']);
const raised = values['raised-limits'] === undefined ? null : Number(values['raised-limits']);

const givenDir = values['data-dir'];
const dataDir = givenDir ?? mkdtempSync(join(tmpdir(), 'esim-bench-counter-'));
const redactor = new Redactor();
const logFile = rotatingFile(join(dataDir, 'counter.log'));
const core = await createCore({
  dataDir,
  trainingEndpoint: async () => endpoint,
  liveEndpoint: endpoint,
  keychainService: 'esim-counter-bench',
  log: createLogger(logFile.write, redactor),
  redactor,
  ...(raised === null
    ? {}
    : { apiRateLimits: { windows: [{ sizeMs: 60_000, limit: raised }], bulkIntervalMs: 0 } }),
});
// A live counter sells only with someone signed in, as on a shop's first morning.
await signInManager(
  <T>(method: string, input: unknown = {}) => core.call(method, input) as Promise<PosAnswer<T>>,
);
const token = randomBytes(24).toString('base64url');
const host = await startWebHost({
  core,
  port: 0,
  token,
  staticDir: resolve(import.meta.dirname, '../out/renderer'),
});
process.stdout.write(`${JSON.stringify({ origin: host.origin, token })}\n`);

async function stop(): Promise<void> {
  await host.close();
  await core.close();
  logFile.close();
  if (givenDir === undefined) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
