import { afterEach, describe, expect, it } from 'vitest';
import { ApiFailure } from '../../electron/core/api/api-failure';
import {
  createResellerClient,
  type ResellerClient,
  type ResellerClientOptions,
} from '../../electron/core/api/client';
import {
  type Faults,
  type RunningSimulator,
  type SimulatorOptions,
  startSimulator,
} from '../../electron/simulator/index';
import type { Money } from '../../shared/money';

// The client against the real simulator over HTTP on 127.0.0.1, with each fault the network can throw.
// Every order test ends by checking the provider's balance: charged exactly once, or not at all.
let sim: RunningSimulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

interface Setup {
  readonly sim: RunningSimulator;
  readonly client: ResellerClient;
  readonly packageCode: string;
  readonly cost: Money;
  balance(): Promise<number>;
}

async function setUp(
  options: SimulatorOptions = {},
  clientOptions: Partial<ResellerClientOptions> = {},
): Promise<Setup> {
  const running = await startSimulator({ port: 0, seed: 11, balance: 1_000, ...options });
  sim = running;
  const client = createResellerClient({
    baseUrl: running.baseUrl,
    credentials: () => running.defaultAccount,
    timeouts: { readMs: 800, writeMs: 800 },
    ...clientOptions,
  });
  const [pkg] = (await client.listPackages({ limit: 1 })).packages;
  if (!pkg) throw new Error('the simulator has no packages');
  return {
    sim: running,
    client,
    packageCode: pkg.code,
    cost: pkg.cost,
    balance: async () => (await client.getBalance()).balance.amount,
  };
}

/** Places an order with the given faults on POST /esims/order; returns the failure and the number of sends. */
async function orderUnder(
  setup: Setup,
  faults: Partial<Faults>,
  key: string,
): Promise<{ failure: ApiFailure; sends: number }> {
  setup.sim.setFaults({ ...faults, paths: ['POST /esims/order'] });
  let sends = 0;
  const error = await setup.client
    .createOrder(
      { packageCode: setup.packageCode, expectedCost: setup.cost, idempotencyKey: key },
      { onSend: () => sends++ },
    )
    .catch((caught: unknown) => caught);
  setup.sim.setFaults({
    latencyMs: 0,
    failRate: 0,
    hangRate: 0,
    hangAfterCommitRate: 0,
    dropAfterCommitRate: 0,
    rateLimitStormRate: 0,
    paths: [],
  });
  expect(error).toBeInstanceOf(ApiFailure);
  return { failure: error as ApiFailure, sends };
}

describe('orders under faults', () => {
  it('complete through added latency, sent once, charged once', async () => {
    // The latency stays far under the client's deadline, however loaded the machine: what is tested
    // is an answer that comes late, not one that comes too late (a re-send, tested below).
    const setup = await setUp({}, { timeouts: { readMs: 5_000, writeMs: 5_000 } });
    const before = await setup.balance();
    setup.sim.setFaults({ latencyMs: 250, jitterMs: 150, paths: ['POST /esims/order'] });
    const result = await setup.client.createOrder({
      packageCode: setup.packageCode,
      expectedCost: setup.cost,
      idempotencyKey: 'lat-1',
    });
    expect(result).toMatchObject({ kind: 'completed', attempts: 1 });
    expect(before - (await setup.balance())).toBe(setup.cost.amount);
  });

  it("the provider's ORDER_PROCESSING_ERROR: re-sent once, refused for certain (failed orders deduct nothing), nothing charged; the same key later completes once", async () => {
    const setup = await setUp();
    const before = await setup.balance();
    const { failure, sends } = await orderUnder(setup, { failRate: 1 }, 'fail-1');
    expect(failure).toMatchObject({ code: 'ORDER_PROCESSING_ERROR', kind: 'server', outcome: 'rejected' });
    expect(failure.status).toBeGreaterThanOrEqual(500);
    expect(sends).toBe(2);
    expect(await setup.balance()).toBe(before);
    const resolved = await setup.client.createOrder({
      packageCode: setup.packageCode,
      expectedCost: setup.cost,
      idempotencyKey: 'fail-1',
    });
    expect(resolved.kind).toBe('completed');
    expect(before - (await setup.balance())).toBe(setup.cost.amount);
  });

  it('answer dropped after the provider committed: re-sent once, outcome unknown; the same key replays, charged once', async () => {
    const setup = await setUp();
    const before = await setup.balance();
    const { failure, sends } = await orderUnder(setup, { dropAfterCommitRate: 1 }, 'drop-1');
    expect(failure).toMatchObject({ code: 'OFFLINE', kind: 'dropped', outcome: 'unknown' });
    expect(sends).toBe(2);
    const resolved = await setup.client.createOrder({
      packageCode: setup.packageCode,
      expectedCost: setup.cost,
      idempotencyKey: 'drop-1',
    });
    expect(resolved.kind).toBe('replay');
    expect(before - (await setup.balance())).toBe(setup.cost.amount);
  });

  it('a hang past the timeout before processing: TIMEOUT, unknown, nothing charged; the same key then completes', async () => {
    const setup = await setUp();
    const before = await setup.balance();
    const { failure, sends } = await orderUnder(setup, { hangRate: 1 }, 'hang-1');
    expect(failure).toMatchObject({ code: 'TIMEOUT', outcome: 'unknown' });
    expect(sends).toBe(2);
    expect(await setup.balance()).toBe(before);
    const resolved = await setup.client.createOrder({
      packageCode: setup.packageCode,
      expectedCost: setup.cost,
      idempotencyKey: 'hang-1',
    });
    expect(resolved.kind).toBe('completed');
    expect(before - (await setup.balance())).toBe(setup.cost.amount);
  });

  it('a hang past the timeout after the provider committed: TIMEOUT, unknown; the same key replays, charged once', async () => {
    const setup = await setUp();
    const before = await setup.balance();
    const { failure, sends } = await orderUnder(setup, { hangAfterCommitRate: 1 }, 'hang-2');
    expect(failure).toMatchObject({ code: 'TIMEOUT', outcome: 'unknown' });
    expect(sends).toBe(2);
    const resolved = await setup.client.createOrder({
      packageCode: setup.packageCode,
      expectedCost: setup.cost,
      idempotencyKey: 'hang-2',
    });
    expect(resolved.kind).toBe('replay');
    expect(before - (await setup.balance())).toBe(setup.cost.amount);
  });
});

describe('rate limits', () => {
  it('a storm: the client stops at the first refusal and sends nothing until the reset', async () => {
    const setup = await setUp();
    const before = await setup.balance();
    setup.sim.setFaults({ rateLimitStormRate: 1 });
    await expect(setup.client.getBalance()).rejects.toMatchObject({
      code: 'RATE_LIMIT_EXCEEDED',
      outcome: 'rejected',
    });
    expect(setup.client.status().heldUntil).not.toBeNull();
    let sends = 0;
    const sale = await setup.client
      .createOrder(
        { packageCode: setup.packageCode, expectedCost: setup.cost, idempotencyKey: 'storm-1' },
        { onSend: () => sends++ },
      )
      .catch((caught: unknown) => caught);
    // The hold outlasts what a cashier may wait: refused at the counter, never sent.
    expect(sale).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', kind: 'throttled', outcome: 'rejected' });
    expect(sends).toBe(0);
    setup.sim.setFaults({ rateLimitStormRate: 0 });
    const fresh = createResellerClient({
      baseUrl: setup.sim.baseUrl,
      credentials: () => setup.sim.defaultAccount,
    });
    expect((await fresh.getBalance()).balance.amount).toBe(before);
  });

  it('holds every request once X-RateLimit-Remaining reaches 0, until X-RateLimit-Reset', async () => {
    const setup = await setUp({ rateLimit: { perMinute: 3, perHour: 1_000, perDay: 10_000 } });
    await setup.client.getBalance();
    await setup.client.getBalance();
    // The server said 0 remain: the next call is held for the reset, longer than a cashier may wait.
    const held = await setup.client.getBalance().catch((caught: unknown) => caught);
    expect(held).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', kind: 'throttled', outcome: 'rejected' });
    expect(setup.client.status().rateLimit).toMatchObject({ limit: 3, remaining: 0 });
    const resetAt = Date.parse(setup.client.status().rateLimit?.resetAt ?? '');
    expect(Date.parse(String((held as ApiFailure).details?.retryAt))).toBe(resetAt);
  });

  it('after RATE_LIMIT_EXCEEDED waits for X-RateLimit-Reset (on the server’s clock), then continues', async () => {
    const refusals: unknown[] = [];
    const log = {
      info: () => {},
      warn: (_message: string, fields?: Readonly<Record<string, unknown>>) => {
        if (fields?.code === 'RATE_LIMIT_EXCEEDED') refusals.push(fields);
      },
    };
    const setup = await setUp({ rateLimit: { perMinute: 3, perHour: 1_000, perDay: 10_000 } }, { log });
    // Another counter on the same key spends the rest of the minute window, unseen by this one.
    const other = createResellerClient({
      baseUrl: setup.sim.baseUrl,
      credentials: () => setup.sim.defaultAccount,
    });
    await other.getBalance();
    await other.getBalance();
    // The server's clock jumps 57 s: its minute window now resets in about 3 s of real time.
    setup.sim.setFaults({ clockOffsetMs: 57_000 });
    const result = await setup.client.getBalance();
    expect(result.balance.currency).toBe(setup.cost.currency);
    expect(refusals.length).toBeGreaterThanOrEqual(1);
    expect(refusals.length).toBeLessThanOrEqual(3);
    expect(Math.abs((setup.client.status().clockSkewMs ?? 0) - 57_000)).toBeLessThan(2_000);
  });

  it('keeps under the key’s window on its own, so the provider never has to refuse', async () => {
    const setup = await setUp(
      { rateLimit: { perMinute: 5, perHour: 1_000, perDay: 10_000 } },
      { rateLimits: { windows: [{ sizeMs: 60_000, limit: 5 }], maxWaitMs: { interactive: 300 } } },
    );
    await setup.client.getBalance();
    await setup.client.getBalance();
    await setup.client.getBalance();
    // Catalogue and three balances: four of five. Interactive reads keep the last one for a sale.
    await expect(setup.client.getBalance()).rejects.toMatchObject({
      code: 'RATE_LIMIT_EXCEEDED',
      kind: 'throttled',
    });
    const sale = await setup.client.createOrder({
      packageCode: setup.packageCode,
      expectedCost: setup.cost,
      idempotencyKey: 'last-slot',
    });
    expect(sale.kind).toBe('completed');
  });
});

describe('clock skew', () => {
  for (const [label, offset] of [
    ['an hour ahead', 3_600_000],
    ['an hour behind', -3_600_000],
  ] as const) {
    it(`works with a server clock ${label}: learns the skew, retries once, then signs in server time`, async () => {
      const setup = await setUp();
      const before = await setup.balance();
      setup.sim.setFaults({ clockOffsetMs: offset });
      let sends = 0;
      const result = await setup.client.createOrder(
        { packageCode: setup.packageCode, expectedCost: setup.cost, idempotencyKey: `skew-${offset}` },
        { onSend: () => sends++ },
      );
      expect(result.kind).toBe('completed');
      expect(sends).toBe(2);
      expect(Math.abs((setup.client.status().clockSkewMs ?? 0) - offset)).toBeLessThan(2_000);
      expect(before - (await setup.balance())).toBe(setup.cost.amount);
    });
  }
});
