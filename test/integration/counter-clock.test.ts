import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator } from '../../electron/simulator/index';
import type { Sale } from '../../shared/domain/sale';
import type { Status } from '../../shared/domain/status';
import { unwrap } from '../support/core-harness';
import { TestClock } from '../support/test-clock';
import { type Counter, cheapest, ledger, startCounter } from './money-support';

// The counter keeps one clock: its journal, its business day and its API client all read the clock
// the core is given, so a provider whose clock agrees with the counter's agrees with all of it.
const HOUR_MS = 3_600_000;
let counter: Counter | null = null;

afterEach(async () => {
  await counter?.close();
  counter = null;
});

/** How far apart two instants are, in milliseconds. */
const apart = (a: string | number, b: string | number): number =>
  Math.abs(new Date(a).getTime() - new Date(b).getTime());

async function sellCheapest(c: Counter): Promise<Sale> {
  const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: cheapest(c.packages).code, quantity: 1 }));
  expect(sale.state).toBe('completed');
  return sale;
}

async function skewMs(c: Counter): Promise<number | null> {
  return unwrap(await c.h.call<Status>('getStatus')).clockSkewMs;
}

describe("the counter's clock", () => {
  it('is the clock its API client signs and measures the provider by', async () => {
    // The counter and its provider both run an hour ahead of the machine: they agree.
    const clock = new TestClock(Date.now() + HOUR_MS);
    counter = await startCounter({}, { clock });
    const sale = await sellCheapest(counter);
    expect(Math.abs((await skewMs(counter)) ?? Number.NaN)).toBeLessThan(2_000);
    expect(apart(sale.createdAt, clock.ms())).toBeLessThan(60_000);
    const charged = (await ledger(counter.sim)).entries.at(-1);
    expect(apart(charged?.time ?? 0, clock.ms())).toBeLessThan(60_000);
  });

  it('moves the counter and its provider together when a test moves it', async () => {
    counter = await startCounter();
    await sellCheapest(counter);
    const before = counter.clock.ms();
    counter.clock.advance(2 * HOUR_MS);
    const later = await sellCheapest(counter);
    expect(Date.parse(later.createdAt) - before).toBeGreaterThanOrEqual(2 * HOUR_MS);
    const charged = (await ledger(counter.sim)).entries.at(-1);
    expect(Date.parse(charged?.time ?? '') - before).toBeGreaterThanOrEqual(2 * HOUR_MS);
    expect(Math.abs((await skewMs(counter)) ?? Number.NaN)).toBeLessThan(2_000);
  });

  it('refuses to move while its simulator runs on the wall clock', async () => {
    const sim = await startSimulator({ port: 0, seed: 7, balance: 500 });
    try {
      counter = await startCounter({}, { sim });
      expect(() => counter?.clock.advance(1_000)).toThrow(/runs on the wall clock/);
    } finally {
      await counter?.close();
      counter = null;
      await sim.close();
    }
  });
});
