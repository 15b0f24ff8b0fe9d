import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach } from 'vitest';
import type { PusherTiming } from '../../electron/core/shop/pusher';
import type { ShopDay } from '../../shared/domain/shop-day';
import type { Status } from '../../shared/domain/status';
import { copySyncedJournal } from '../support/catalogue-template';
import { unwrap } from '../support/core-harness';
import type { TestLedger } from '../support/shop-ledger';
import { startTcpGate, type TcpGate } from '../support/tcp-gate';
import {
  count,
  dayAroundNow,
  hireStaff,
  MANAGER_PIN,
  openShift,
  type Staff,
  usd,
} from './end-of-day-support';
import { type Counter, eventually, ledger, setBalance, startCounter } from './money-support';

/**
 * Counters of a shop and the ledger they publish to, for the shop ledger's tests: each counter with
 * its own id (the journal template's is the same for all its copies), the manager PIN chosen, closed
 * after each test.
 */

/** Only the journal's nudge (or a test) starts a push; a failed try is tried again soon. */
export const NUDGED_ONLY: Partial<PusherTiming> = { pollMs: 3_600_000, retryMs: [200] };

const started: Counter[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((c) => c.close()));
});

export async function shopCounter(
  options: Parameters<typeof startCounter>[1] = {},
  simOptions: Parameters<typeof startCounter>[0] = {},
): Promise<Counter> {
  const counterId = `C${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const c = await startCounter(simOptions, { shopLedgerTiming: NUDGED_ONLY, counterId, ...options });
  started.push(c);
  return c;
}

/** A counter with its staff, joined to `ledger` as `code`. */
export async function joinedShopCounter(
  ledger: TestLedger,
  code: string,
  options: Parameters<typeof startCounter>[1] = {},
  simOptions: Parameters<typeof startCounter>[0] = {},
): Promise<Counter> {
  const c = await shopCounter(options, simOptions);
  await hireStaff(c.h);
  unwrap(await c.h.call('joinShopLedger', joinInput(ledger, code)));
  return c;
}

export function joinInput(ledger: TestLedger, code = '1', name = `Counter ${code}`, shop = 'Main street') {
  return {
    pin: MANAGER_PIN,
    address: ledger.address,
    ownerName: ledger.owner.user,
    ownerPassword: ledger.owner.password,
    shop,
    counterCode: code,
    counterName: name,
  };
}

export interface Link {
  readonly seq: number;
  readonly hash: string;
}

/** The counter's chain, link by link, as its journal (in `dataDir`) holds it. */
export function localChain(c: { readonly dataDir: string }, counterId: string): Link[] {
  const db = new Database(join(c.dataDir, 'journal.sqlite'), { readonly: true });
  try {
    return db
      .prepare('SELECT seq, lower(hex(hash)) AS hash FROM chain WHERE counter_id = ? ORDER BY seq')
      .all(counterId) as Link[];
  } finally {
    db.close();
  }
}

/** The counter's chain as the ledger holds it. */
export async function ledgerChain(ledger: TestLedger, counterId: string): Promise<Link[]> {
  const rows = await ledger.query<{ seq: string; hash: string }>(
    'SELECT seq, hash FROM ledger.links WHERE counter_id = $1 ORDER BY seq',
    [counterId],
  );
  return rows.rows.map((row) => ({ seq: Number(row.seq), hash: row.hash }));
}

/** Waits until the ledger holds exactly the counter's chain: nothing missing, nothing more, nothing else. */
export async function untilPublished(
  c: { readonly dataDir: string; status(): Promise<Status> } | Counter,
  ledger: TestLedger,
  timeoutMs = 30_000,
): Promise<Link[]> {
  const counterId = ('status' in c ? await c.status() : await status(c)).counterId;
  return eventually(
    'the ledger to hold the whole chain',
    async () => {
      const local = localChain(c, counterId);
      const held = await ledgerChain(ledger, counterId).catch(() => null);
      return held && JSON.stringify(held) === JSON.stringify(local) ? held : null;
    },
    timeoutMs,
  );
}

export async function status(c: Counter): Promise<Status> {
  return unwrap(await c.h.call<Status>('getStatus'));
}

/** A counter run as the shop runs it (`npm run web`), in a process of its own. */
export interface HostCounter {
  readonly child: ChildProcess;
  readonly dataDir: string;
  /** What it printed (stdout and stderr). */
  readonly output: { text: string };
  api<T>(method: string, input?: unknown): Promise<T>;
  status(): Promise<Status>;
  exited(): Promise<number | null>;
}

const root = resolve(import.meta.dirname, '../..');
const HOST_TOKEN = 'shop-ledger-host-token-0123';
const hosts: HostCounter[] = [];
const hostDirs: string[] = [];
afterEach(() => {
  for (const host of hosts.splice(0)) host.child.kill('SIGKILL');
  for (const dir of hostDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Starts the web host on `dataDir` with these flags and environment (POS_SHOP_LEDGER_URL…). */
export function startHostCounter(
  dataDir: string,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): HostCounter {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'electron/host/cli.ts', '--port', '0', '--data-dir', dataDir, ...args],
    {
      cwd: root,
      env: { ...process.env, POS_HOST_TOKEN: HOST_TOKEN, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output = { text: '' };
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output.text += chunk.toString();
    });
  }
  const host: HostCounter = {
    child,
    dataDir,
    output,
    async api<T>(method: string, input: unknown = {}) {
      const ready = await eventually(
        'the counter to start',
        () => output.text.split('\n').find((line) => line.startsWith('{"url"')),
        60_000,
      );
      const answer = await fetch(`${new URL(JSON.parse(ready).url).origin}/api/${method}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${HOST_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      const result = (await answer.json()) as { ok: true; value: T } | { ok: false; error: { code: string } };
      if (!result.ok) throw new Error(`${method}: ${result.error.code}`);
      return result.value;
    },
    status: () => host.api<Status>('getStatus'),
    exited: () =>
      child.exitCode !== null
        ? Promise.resolve(child.exitCode)
        : new Promise((done) => child.once('exit', (code) => done(code))),
  };
  hosts.push(host);
  return host;
}

/** A new counter's data directory (the synced catalogue, an id of its own), removed after the test. */
export async function hostDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ledger-host-'));
  hostDirs.push(dataDir);
  await copySyncedJournal(dataDir, { seed: 1, currency: 'USD' });
  const db = new Database(join(dataDir, 'journal.sqlite'));
  db.prepare("UPDATE settings SET value_json = ? WHERE key = 'counter.id'").run(
    JSON.stringify(`H${Math.random().toString(36).slice(2, 8).toUpperCase()}`),
  );
  db.close();
  return dataDir;
}

const gates: TcpGate[] = [];
afterEach(async () => {
  await Promise.all(gates.splice(0).map((gate) => gate.close()));
});

/** A counter of the shop on a shared simulator, with its staff, its code, and its gate to the ledger (if any). */
export interface ShopCounter {
  readonly c: Counter;
  readonly staff: Staff;
  readonly code: string;
  readonly gate: TcpGate | null;
}

/** The float each shop counter's shift opens with, in USD minor units. */
export const FLOAT = 10_000;

/** The day's opening balance the counter read, from its journal. */
function openingRead(c: Counter, day: string): boolean {
  const db = new Database(join(c.dataDir, 'journal.sqlite'), { readonly: true });
  try {
    return (
      db
        .prepare("SELECT 1 FROM balance_snapshots WHERE business_day = ? AND purpose = 'opening'")
        .get(day) !== undefined
    );
  } finally {
    db.close();
  }
}

/**
 * A counter of the shop (Main street unless named) on the shared simulator, its staff hired, joined
 * (through a gate if asked), its shift open. In training unless told: a live counter's orders claim
 * in the ledger.
 */
export async function shopCounterOpen(
  testLedger: TestLedger,
  sim: Counter['sim'] | null,
  code: string,
  gated = false,
  shop = 'Main street',
  live = false,
): Promise<ShopCounter & { day: string }> {
  const c = await shopCounter(sim ? { sim, live } : { live });
  const staff = await hireStaff(c.h);
  const day = await dayAroundNow(c.h, staff);
  const gate = gated ? await startTcpGate(testLedger.server.port) : null;
  if (gate) gates.push(gate);
  const address = gate ? `postgres://127.0.0.1:${gate.port}/${testLedger.database}` : testLedger.address;
  unwrap(
    await c.h.call('joinShopLedger', { ...joinInput(testLedger, code, `Counter ${code}`, shop), address }),
  );
  await openShift(c.h, [usd(FLOAT)]);
  await eventually('the opening balance', () => (openingRead(c, day) ? true : null));
  return { c, staff, code, gate, day };
}

/** Counts the drawer at what it should hold (the float and the cash taken) and closes the shift. */
export async function closeShift(counter: ShopCounter, cashIn = 0): Promise<void> {
  const { countId } = await count(counter.c.h, [usd(FLOAT + cashIn)]);
  unwrap(await counter.c.h.call('closeShift', { countId }));
}

/** The shop day of `day`, reconciled at `counter` with its manager's approval. */
export async function reconcileShop(counter: ShopCounter, day: string): Promise<ShopDay> {
  return unwrap(
    await counter.c.h.call<ShopDay>('reconcileShop', { firstDay: day, approval: counter.staff.approval }),
  );
}

/** A deposit to the account: the provider's balance grows, and a manager enters it once, at one counter. */
export async function deposit(counter: ShopCounter, day: string, amountMinor: number): Promise<void> {
  const { balanceMinor } = await ledger(counter.c.sim);
  await setBalance(counter.c.sim, (balanceMinor + amountMinor) / 100);
  unwrap(
    await counter.c.h.call('addProviderDeposit', {
      businessDay: day,
      amount: usd(amountMinor),
      note: 'bank transfer',
      approval: counter.staff.approval,
    }),
  );
}
