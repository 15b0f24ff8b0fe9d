import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEDGER_TIMEOUTS } from '../../electron/core/shop/ledger-address';
import type { PusherTiming } from '../../electron/core/shop/pusher';
import { unwrap } from '../support/core-harness';
import { newLedger, postgresPerFile, type TestLedger } from '../support/shop-ledger';
import { startTcpGate, type TcpGate } from '../support/tcp-gate';
import { count, hireStaff, openShift, usd } from './end-of-day-support';
import { type Counter, eventually } from './money-support';
import {
  FLOAT,
  joinedShopCounter,
  joinInput,
  type Link,
  ledgerChain,
  localChain,
  NUDGED_ONLY,
  shopCounter,
  status,
} from './shop-ledger-support';

// A counter that closes (the app quits, the web host stops) sends what it wrote just before, in a last
// push bounded in time: the shop sees its Z now, not at the counter's next start. A ledger that does
// not answer never keeps the close waiting, whatever waits for it; what it did not take goes at the
// next start.

const server = postgresPerFile();

const gates: TcpGate[] = [];
const holders: pg.Client[] = [];
afterEach(async () => {
  await Promise.all(gates.splice(0).map((gate) => gate.close()));
  await Promise.all(holders.splice(0).map((holder) => holder.end().catch(() => undefined)));
});

/**
 * A test's own timeout, when it is the clock: shorter than the ledger's query timeout, which is how
 * long a close waiting for a ledger that does not answer would take, and far longer than the last
 * push's bound.
 */
const CLOSES_IN_TIME = { timeout: LEDGER_TIMEOUTS.queryMs * 0.7 };

/**
 * The push a record starts comes an hour after it: a counter closed before then is one closed straight
 * after writing it (the pusher waits 20 ms for the rest of a sale), every time.
 */
const PUSHED_LATE: Partial<PusherTiming> = { ...NUDGED_ONLY, nudgeDelayMs: 3_600_000 };

/**
 * A counter with its staff, joined to `ledger` at `address` (its own, or a gate's), and the chain the
 * ledger holds of it once it has all of it.
 */
async function publishedCounter(ledger: TestLedger, address = ledger.address) {
  // Its own keychain entry, kept across its restarts: its ledger password with it.
  const keychainService = `esim-counter-test-closing-${process.pid}-${Math.random().toString(36).slice(2)}`;
  const c = await shopCounter({ shopLedgerTiming: PUSHED_LATE, keychainService });
  await hireStaff(c.h);
  unwrap(await c.h.call('joinShopLedger', { ...joinInput(ledger), address }));
  const { counterId } = await status(c);
  // What the counter writes as it joins (its shop's staff and settings taken in) waits an hour too.
  const published = await eventually('the ledger to hold the whole chain', async () => {
    await c.h.core.shopLedger.pushNow();
    const held = await ledgerChain(ledger, counterId);
    return JSON.stringify(held) === JSON.stringify(localChain(c, counterId)) ? held : null;
  });
  return { c, counterId, published };
}

/** Opens a shift and closes it with its Z: the records a counter writes last before it is closed. */
async function shiftClosed(c: Counter): Promise<string> {
  const shift = await openShift(c.h, [usd(FLOAT)]);
  const { countId } = await count(c.h, [usd(FLOAT)]);
  unwrap(await c.h.call('closeShift', { countId }));
  return shift.id;
}

/** What the closed counter logged of its last push given up: the records it left waiting (0: none). */
function leftWaiting(c: Counter): number {
  for (const line of c.h.logLines) {
    const { message, waiting } = JSON.parse(line) as { message: string; waiting?: number };
    if (message === 'records wait for the shop ledger until the next start') return waiting ?? 0;
  }
  return 0;
}

/**
 * Waits until the ledger holds `chain` (the chain the counter closed with), as the next start sends it.
 * What that start writes itself waits for its push, an hour on (PUSHED_LATE).
 */
async function untilSent(ledger: TestLedger, counterId: string, chain: readonly Link[]): Promise<void> {
  await eventually('the ledger to hold the chain the counter closed with', async () => {
    const held = await ledgerChain(ledger, counterId).catch(() => null);
    return JSON.stringify(held?.slice(0, chain.length)) === JSON.stringify(chain) ? true : null;
  });
}

async function shiftState(ledger: TestLedger, shiftId: string): Promise<string | null> {
  const held = await ledger.query<{ state: string }>(
    "SELECT state FROM ledger.records WHERE type = 'shift' AND subject = $1",
    [shiftId],
  );
  return held.rows[0]?.state ?? null;
}

describe('a counter closed straight after it wrote', { timeout: 120_000 }, () => {
  it('has sent it once the close returns: the ledger holds its whole chain, its shift closed, before any new start', async () => {
    const ledger = await newLedger(server());
    const { c, counterId } = await publishedCounter(ledger);
    const shiftId = await shiftClosed(c);
    expect(await shiftState(ledger, shiftId)).toBeNull();

    await c.restart(async () => {
      expect(await ledgerChain(ledger, counterId)).toEqual(localChain(c, counterId));
      expect(await shiftState(ledger, shiftId)).toBe('closed');
    });
  });
});

describe('a counter closed while its ledger never answers', () => {
  let setUp: { c: Counter; counterId: string; gate: TcpGate; ledger: TestLedger; published: Link[] };
  let shiftId: string;

  beforeEach(async () => {
    const ledger = await newLedger(server());
    const gate = await startTcpGate(ledger.server.port);
    gates.push(gate);
    const { c, counterId, published } = await publishedCounter(
      ledger,
      `postgres://127.0.0.1:${gate.port}/${ledger.database}`,
    );
    setUp = { c, counterId, gate, ledger, published };
    // The ledger takes connections and never answers on them, nor on those the counter had.
    gate.hang();
    shiftId = await shiftClosed(c);
  }, 120_000);

  it('returns within its bound, and its next start sends what waited', CLOSES_IN_TIME, async () => {
    const { c, counterId, gate, ledger, published } = setUp;
    let closedWith: Link[] = [];
    await c.restart(async () => {
      closedWith = localChain(c, counterId);
      // The last push was tried and given up, its records left in the chain: the close did not wait
      // for a ledger that took what it was sent and never answered.
      expect(leftWaiting(c)).toBeGreaterThan(0);
      expect(gate.held).toBeGreaterThan(0);
      expect(await ledgerChain(ledger, counterId)).toEqual(published);
      gate.flow();
    });
    expect(closedWith.length).toBeGreaterThan(published.length);
    await untilSent(ledger, counterId, closedWith);
    expect(await shiftState(ledger, shiftId)).toBe('closed');
  });
});

describe('a counter closed while its ledger is stopped', { timeout: 120_000 }, () => {
  it('leaves what it wrote in its chain, and its next start sends it', async () => {
    const ledger = await newLedger(server());
    const { c, counterId, published } = await publishedCounter(ledger);
    await server().stop();
    try {
      const shiftId = await shiftClosed(c);
      let closedWith: Link[] = [];
      await c.restart(async () => {
        closedWith = localChain(c, counterId);
        expect(leftWaiting(c)).toBeGreaterThan(0);
        await server().start();
        const held = await eventually('the ledger to answer again', () =>
          ledgerChain(ledger, counterId).catch(() => null),
        );
        expect(held).toEqual(published);
      });
      expect(closedWith.length).toBeGreaterThan(published.length);
      await untilSent(ledger, counterId, closedWith);
      expect(await shiftState(ledger, shiftId)).toBe('closed');
    } finally {
      if (!server().running) await server().start();
    }
  });
});

describe("a counter closed while it reads its shop's settings", () => {
  let setUp: { c: Counter; holder: pg.Client };

  beforeEach(async () => {
    const ledger = await newLedger(server());
    const c = await joinedShopCounter(ledger, '1');
    await eventually('the counter to hear its shop', () => (c.h.core.shopLedger.hearing() ? true : null));
    // The ledger answers no read of the shop's settings: they are locked until the test ends.
    const holder = new pg.Client(ledger.server.superuser(ledger.database));
    holders.push(holder);
    holder.on('error', () => undefined);
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE ledger.shop_settings IN ACCESS EXCLUSIVE MODE');
    // Another counter changed them: the ledger tells this one, which reads them.
    await ledger.query("SELECT pg_notify(channel, 'settings') FROM ledger.shops");
    await eventually('the read to wait inside the ledger', async () => {
      const waiting = await ledger.server.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = $1 AND wait_event_type = 'Lock' AND query LIKE '%ledger.shop_settings%'`,
        [ledger.database],
      );
      return (waiting.rows[0]?.n ?? 0) > 0 ? true : null;
    });
    setUp = { c, holder };
  }, 120_000);

  it('returns without waiting for the answer', CLOSES_IN_TIME, async () => {
    const { c, holder } = setUp;
    await c.restart(async () => {
      // Closed, the lock still held: the read was given up, not answered.
      await holder.query('ROLLBACK');
    });
  });
});
