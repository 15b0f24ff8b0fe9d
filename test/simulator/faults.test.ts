import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../electron/simulator';
import { DEFAULT_FAULTS } from '../../electron/simulator/options';
import { balanceOf, findPackages, ledger } from './support/fixtures';
import { call, control, type Json } from './support/signed-fetch';
import { startSimulator } from './support/tidy-simulator';

let sim: RunningSimulator;
let pkg: Json;
const order = (body: unknown, signal?: AbortSignal) =>
  call(sim.baseUrl, sim.defaultAccount, 'POST', '/esims/order', signal ? { body, signal } : { body });
const orders = async (): Promise<Json[]> =>
  (await control(sim, 'GET', `/orders?accessCode=${sim.defaultAccount.accessCode}`)).body.orders;

beforeAll(async () => {
  sim = await startSimulator({ seed: 91, rateLimit: { perMinute: 1000, perHour: 10_000, perDay: 100_000 } });
  [pkg] = await findPackages(sim, sim.defaultAccount, '&type=local');
});
afterAll(() => sim.close());
afterEach(async () => {
  await control(sim, 'PUT', '/faults', DEFAULT_FAULTS);
});

describe('faults', () => {
  it('latencyMs: a client whose deadline is shorter than the latency gets no answer in time', async () => {
    sim.setFaults({ latencyMs: 2000, paths: ['GET /balance'] });
    await expect(
      call(sim.baseUrl, sim.defaultAccount, 'GET', '/balance', { signal: AbortSignal.timeout(100) }),
    ).rejects.toThrow(/abort|timeout/i);
    // Paths outside the list are not delayed.
    const other = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/esims/packages?limit=1', {
      signal: AbortSignal.timeout(1500),
    });
    expect(other.status).toBe(200);
  });

  it('jitterMs: some answers come late, drawn per request', async () => {
    sim.setFaults({ jitterMs: 3000, paths: ['GET /balance'] });
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(sim.baseUrl, sim.defaultAccount, 'GET', '/balance', { signal: AbortSignal.timeout(150) }).then(
          () => 'answered',
          () => 'late',
        ),
      ),
    );
    expect(outcomes).toContain('late');
  });

  it('failRate: answers 500 on the affected paths only', async () => {
    sim.setFaults({ failRate: 1, paths: ['GET /esims'] });
    const failed = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/esims');
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ success: false, error: 'Internal server error' });
    expect((await call(sim.baseUrl, sim.defaultAccount, 'GET', '/balance')).status).toBe(200);
  });

  it('dropAfterCommitRate: the order is committed, the connection dies; a retry with the key replays it', async () => {
    const before = await balanceOf(sim, sim.defaultAccount);
    sim.setFaults({ dropAfterCommitRate: 1, paths: ['POST /esims/order'] });
    await expect(order({ packageCode: pkg.package_code, idempotency_key: 'drop-1' })).rejects.toThrow();
    sim.setFaults({ dropAfterCommitRate: 0 });
    const committed = (await orders()).filter((o) => o.idempotencyKey === 'drop-1');
    expect(committed).toHaveLength(1);
    expect(committed[0].status).toBe('completed');
    const retry = await order({ packageCode: pkg.package_code, idempotency_key: 'drop-1' });
    expect(retry.body).toMatchObject({ duplicate: true, orderReference: committed[0].reference });
    expect(await balanceOf(sim, sim.defaultAccount)).toBe(Math.round((before - pkg.cost) * 100) / 100);
    expect((await ledger(sim, sim.defaultAccount)).filter((e) => e.idempotencyKey === 'drop-1')).toHaveLength(
      1,
    );
  });

  it('hangRate: the request is never answered and nothing is done', async () => {
    const count = (await orders()).length;
    sim.setFaults({ hangRate: 1, paths: ['POST /esims/order'] });
    await expect(
      order({ packageCode: pkg.package_code, idempotency_key: 'hang-1' }, AbortSignal.timeout(300)),
    ).rejects.toThrow(/abort|timeout/i);
    expect(await orders()).toHaveLength(count);
  });

  it('hangNext: that many of the next affected requests hang, unprocessed; the ones after go through', async () => {
    const count = (await orders()).length;
    sim.setFaults({ hangNext: 1, paths: ['POST /esims/order'] });
    const held = order(
      { packageCode: pkg.package_code, idempotency_key: 'next-1' },
      AbortSignal.timeout(1500),
    );
    // Counted off as the request arrives: the control API shows none left to come.
    for (let left = 1; left > 0; ) {
      left = (await control(sim, 'GET', '/faults')).body.hangNext;
    }
    const after = await order({ packageCode: pkg.package_code, idempotency_key: 'next-2' });
    expect(after.status).toBe(200);
    await expect(held).rejects.toThrow(/abort|timeout/i);
    expect((await orders()).map((o) => o.idempotencyKey).slice(count)).toEqual(['next-2']);
    expect((await control(sim, 'PUT', '/faults', { hangNext: 0.5 })).status).toBe(400);
  });

  it('hangAfterCommitRate: the order is committed and never answered; a retry replays it', async () => {
    sim.setFaults({ hangAfterCommitRate: 1, paths: ['POST /esims/order'] });
    await expect(
      order({ packageCode: pkg.package_code, idempotency_key: 'hang-2' }, AbortSignal.timeout(300)),
    ).rejects.toThrow(/abort|timeout/i);
    sim.setFaults({ hangAfterCommitRate: 0 });
    const retry = await order({ packageCode: pkg.package_code, idempotency_key: 'hang-2' });
    expect(retry.body.duplicate).toBe(true);
    expect((await orders()).filter((o) => o.idempotencyKey === 'hang-2')).toHaveLength(1);
  });

  it('drops the requests a hang holds when told to, and only those: the client sees its connection end', async () => {
    // A request an earlier test gave up on may still be held until its closed socket is noticed.
    await control(sim, 'POST', '/requests/drop-held');
    sim.setFaults({ hangAfterCommitRate: 1, paths: ['POST /esims/order'] });
    const held = order({ packageCode: pkg.package_code, idempotency_key: 'hang-3' }).then(
      () => 'answered',
      (error: Error) => `ended: ${error.message}`,
    );
    await expect
      .poll(async () => (await orders()).filter((o) => o.idempotencyKey === 'hang-3').length)
      .toBe(1);
    // A request answered meanwhile is not held.
    expect((await call(sim.baseUrl, sim.defaultAccount, 'GET', '/balance')).status).toBe(200);
    expect((await control(sim, 'POST', '/requests/drop-held')).body).toEqual({ dropped: 1 });
    // The hang is decided once the order is committed: lifted only now, it cannot answer this one.
    sim.setFaults({ hangAfterCommitRate: 0 });
    expect(await held).toMatch(/^ended: /);
    expect((await control(sim, 'POST', '/requests/drop-held')).body).toEqual({ dropped: 0 });
    const retry = await order({ packageCode: pkg.package_code, idempotency_key: 'hang-3' });
    expect(retry.body.duplicate).toBe(true);
  });

  it('gives the same faults for the same seed and the same requests', async () => {
    const run = async (): Promise<number[]> => {
      const s = await startSimulator({ seed: 92, faults: { failRate: 0.5, paths: ['GET /balance'] } });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 12; i++)
          statuses.push((await call(s.baseUrl, s.defaultAccount, 'GET', '/balance')).status);
        return statuses;
      } finally {
        await s.close();
      }
    };
    const first = await run();
    expect(first).toContain(500);
    expect(first).toContain(200);
    expect(await run()).toEqual(first);
  });
});

describe('the control API', () => {
  it('reads and sets faults at run time, refusing nonsense', async () => {
    const set = await control(sim, 'PUT', '/faults', { latencyMs: 5, failRate: 0.25, paths: ['/balance'] });
    expect(set.status).toBe(200);
    expect((await control(sim, 'GET', '/faults')).body).toMatchObject({
      latencyMs: 5,
      failRate: 0.25,
      paths: ['/balance'],
    });
    const bad = await control(sim, 'PUT', '/faults', { failRate: 2 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/failRate/);
    expect((await control(sim, 'GET', '/faults')).body.failRate).toBe(0.25);
  });

  it('refuses requests without the control token', async () => {
    const res = await fetch(`${sim.controlUrl}/faults`);
    expect(res.status).toBe(401);
    const wrong = await fetch(`${sim.controlUrl}/faults`, { headers: { 'x-sim-control-token': 'nope' } });
    expect(wrong.status).toBe(401);
  });

  it('lists accounts with balances but never their secret keys', async () => {
    const res = await fetch(`${sim.controlUrl}/accounts`, {
      headers: { 'x-sim-control-token': sim.controlToken },
    });
    const text = await res.text();
    expect(JSON.parse(text).accounts).toHaveLength(4);
    for (const account of sim.accounts) expect(text).not.toContain(account.secretKey);
  });
});
