import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startApp } from '../compose';
import { apiBaseUrlProblem } from '../core/credentials/api-base-url';
import { THREAD_PROGRAMS } from '../core/journal/program-thread';
import { type PendingTiming, PROVIDER_PENDING_TIMING } from '../core/sales/pending-timing';
import { type ForcedShopLedger, shopLedgerProblem } from '../core/shop/shop-ledger';
import { StartRefused } from '../core/start-refused';
import { defaultDataDir } from './data-dir';
import { startWebHost } from './server';

// `npm run web -- --port N [--data-dir DIR] [--api-base-url URL]`: the counter in a browser. Live
// credentials come from ESIM_ACCESS_CODE and ESIM_SECRET_KEY in the environment, never from argv
// (argv is visible to every user of the machine).
//
// A shop ledger: POS_SHOP_LEDGER_URL in the environment (postgres://name:password@host:port/database,
// the ledger owner's login or this counter's own role) with `--shop NAME --counter-code CODE
// --counter-name NAME`. The counter joins at each start and keeps that login in memory only.
//
// For end-to-end tests only: ESIM_TEST_PENDING_CHECK_MS=N checks pending orders every N to 2N ms
// instead of the provider's 15 to 30 s, so a test watches a pending training sale complete without
// waiting half a minute. The core applies it only while the connection is training: a live provider,
// from --api-base-url or from the keychain, is always polled at its own pace.
//
// For tests only: ESIM_TEST_KEYCHAIN_SERVICE=NAME keeps the credentials under that keychain service
// instead of the shop's, so counters started side by side never share a keychain entry.

// From the source tree (electron/host) or from a build two levels down, beside its thread programs.
const root = resolve(import.meta.dirname, '../..');
const builtPrograms = THREAD_PROGRAMS.every((program) =>
  existsSync(join(import.meta.dirname, `${program}.js`)),
)
  ? { programsDir: import.meta.dirname }
  : {};

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const OPTIONS = {
  port: { type: 'string', default: '4310' },
  'data-dir': { type: 'string' },
  'api-base-url': { type: 'string' },
  seed: { type: 'string' },
  shop: { type: 'string' },
  'counter-code': { type: 'string' },
  'counter-name': { type: 'string' },
} as const;

function readArgs(): ReturnType<typeof parseArgs<{ options: typeof OPTIONS; strict: true }>>['values'] {
  try {
    return parseArgs({ options: OPTIONS, strict: true }).values;
  } catch (error) {
    return fail(
      `${(error as Error).message}\nUsage: npm run web -- --port N [--data-dir DIR] [--api-base-url URL] [--shop NAME --counter-code CODE --counter-name NAME]`,
    );
  }
}
const args = readArgs();

const port = Number(args.port);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  fail(`--port must be a port number (0 to 65535), not "${args.port}"`);
const seed = args.seed === undefined ? undefined : Number(args.seed);
if (seed !== undefined && !Number.isInteger(seed)) fail(`--seed must be a whole number, not "${args.seed}"`);

let liveEndpoint: { baseUrl: string; accessCode: string; secretKey: string } | undefined;
if (args['api-base-url']) {
  const accessCode = process.env.ESIM_ACCESS_CODE;
  const secretKey = process.env.ESIM_SECRET_KEY;
  if (!accessCode || !secretKey) {
    fail('--api-base-url needs ESIM_ACCESS_CODE and ESIM_SECRET_KEY in the environment.');
  }
  const problem = apiBaseUrlProblem(args['api-base-url']);
  if (problem !== null) fail(`--api-base-url "${args['api-base-url']}": ${problem}`);
  liveEndpoint = { baseUrl: args['api-base-url'], accessCode, secretKey };
}

/** The shop ledger the environment and flags name, or none (a counter on its own). */
function shopLedger(): ForcedShopLedger | undefined {
  const url = process.env.POS_SHOP_LEDGER_URL;
  const named = { shop: args.shop, counterCode: args['counter-code'], counterName: args['counter-name'] };
  if (!url) {
    if (Object.values(named).some((value) => value !== undefined))
      fail('--shop, --counter-code and --counter-name need POS_SHOP_LEDGER_URL in the environment.');
    return undefined;
  }
  const problem = shopLedgerProblem(url, named);
  if (problem !== null) fail(`POS_SHOP_LEDGER_URL and its flags: ${problem}`);
  return {
    url,
    shop: (named.shop ?? '').trim(),
    counterCode: (named.counterCode ?? '').toUpperCase(),
    counterName: (named.counterName ?? '').trim(),
  };
}
const forcedShopLedger = shopLedger();

function testPendingTiming(): PendingTiming | undefined {
  const text = process.env.ESIM_TEST_PENDING_CHECK_MS;
  if (text === undefined || text === '') return undefined;
  if (liveEndpoint)
    fail('ESIM_TEST_PENDING_CHECK_MS is for tests in training mode; unset it with --api-base-url.');
  const every = Number(text);
  if (!Number.isInteger(every) || every < 100)
    fail(`ESIM_TEST_PENDING_CHECK_MS must be a whole number of milliseconds, 100 or more, not "${text}"`);
  return { ...PROVIDER_PENDING_TIMING, minIntervalMs: every, maxIntervalMs: 2 * every };
}
const pendingTiming = testPendingTiming();

const staticDir = join(root, 'out', 'renderer');
if (!['index.html', 'customer.html'].every((page) => existsSync(join(staticDir, page)))) {
  process.stderr.write('Building the counter (first run)…\n');
  const build = spawnSync('npx', ['electron-vite', 'build'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (build.status !== 0) fail('The build failed; see above.');
}

const token = process.env.POS_HOST_TOKEN || randomBytes(24).toString('base64url');
const app = startApp({
  dataDir: resolve(args['data-dir'] ?? defaultDataDir()),
  ...builtPrograms,
  ...(liveEndpoint ? { liveEndpoint } : {}),
  ...(process.env.ESIM_TEST_KEYCHAIN_SERVICE
    ? { keychainService: process.env.ESIM_TEST_KEYCHAIN_SERVICE }
    : {}),
  ...(forcedShopLedger ? { shopLedger: forcedShopLedger } : {}),
  training: { ...(seed !== undefined ? { seed } : {}), ...(pendingTiming ? { pendingTiming } : {}) },
});
/** A start refused for the shop's own safety (another counter open, a damaged journal): said plainly, exit 1. */
const refusal = app.started.then(
  () => null,
  (error: unknown) => {
    if (error instanceof StartRefused) return error;
    throw error;
  },
);
function refuse(error: StartRefused): never {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
// The checks that refuse a start run before the journal is updated, at once: a refused start is said
// before the host takes the port (another counter may be on it).
const refusedAtOnce = await Promise.race([refusal, new Promise<null>((done) => setImmediate(done, null))]);
if (refusedAtOnce) refuse(refusedAtOnce);

// The page is served from the first moment: a long start (an update of a large journal) shows its
// progress there, and the address to open is said as soon as there is progress to show.
const host = await startWebHost({ core: app.core, port, token, staticDir });
let announced = false;
app.core.onProgress(() => {
  if (announced) return;
  announced = true;
  process.stderr.write(`The counter is updating its journal; follow it at ${host.counterUrl}\n`);
});
const refusedLater = await refusal;
if (refusedLater) {
  await host.close();
  refuse(refusedLater);
}

const simulator = app.simulator();
const ready: Record<string, unknown> = {
  url: host.counterUrl,
  // The screen facing the customer: open it in a second browser window on that screen. Its address
  // carries a token of its own, which reads the display and nothing else.
  customerUrl: host.customerUrl,
};
if (simulator) ready.training = { controlUrl: simulator.controlUrl, controlToken: simulator.controlToken };
process.stdout.write(`${JSON.stringify(ready)}\n`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await host.close();
  await app.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
