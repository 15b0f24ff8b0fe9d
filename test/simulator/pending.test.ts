import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../electron/simulator';
import { OrderPendingResultSchema, OrderStatusResponseSchema } from '../../shared/api';
import { balanceOf, findPackages, ledger } from './support/fixtures';
import { call, control, type Json } from './support/signed-fetch';
import { startSimulator } from './support/tidy-simulator';

let sim: RunningSimulator;
let pkg: Json;
const order = (body: unknown) => call(sim.baseUrl, sim.defaultAccount, 'POST', '/esims/order', { body });
const status = (reference: string) =>
  call(sim.baseUrl, sim.defaultAccount, 'GET', `/esims/order?orderReference=${reference}`);

beforeAll(async () => {
  // Time scale 1000: a provisioning delay of 60 simulated seconds takes 60 ms.
  sim = await startSimulator({ seed: 101, timeScale: 1000, faults: { pendingRate: 1, pendingDelayMs: -1 } });
  [pkg] = await findPackages(sim, sim.defaultAccount, '&type=local');
});
afterAll(() => sim.close());

describe('asynchronous provisioning (pendingRate)', () => {
  it('answers pending_details with no eSIMs, charges at once, and GET /esims/order shows it pending', async () => {
    const before = await balanceOf(sim, sim.defaultAccount);
    const res = await order({ packageCode: pkg.package_code, idempotency_key: 'pending-1' });
    const pending = OrderPendingResultSchema.parse(res.body);
    expect(pending).toMatchObject({
      status: 'pending_details',
      isPending: true,
      esims: [],
      amount: pkg.cost,
    });
    expect(pending.note).toEqual(expect.any(String));
    expect(await balanceOf(sim, sim.defaultAccount)).toBe(Math.round((before - pkg.cost) * 100) / 100);
    const { order: record } = OrderStatusResponseSchema.parse((await status(pending.orderReference)).body);
    expect(record.status).toBe('pending_details');
    expect(record.esim).toMatchObject({ iccid: null, isPending: true, lpaString: null });
  });

  it('replays a pending order for its key without charging again', async () => {
    const first = await order({ packageCode: pkg.package_code, idempotency_key: 'pending-2' });
    const again = await order({ packageCode: pkg.package_code, idempotency_key: 'pending-2' });
    expect(again.body).toMatchObject({
      duplicate: true,
      status: 'pending_details',
      orderReference: first.body.orderReference,
    });
    expect(
      (await ledger(sim, sim.defaultAccount)).filter((e) => e.idempotencyKey === 'pending-2'),
    ).toHaveLength(1);
  });

  it('completes when the control API says so: iccid set, isPending false', async () => {
    const res = await order({ packageCode: pkg.package_code, quantity: 2 });
    const done = await control(sim, 'POST', '/orders/complete-pending', {
      orderReference: res.body.orderReference,
    });
    expect(done.body).toEqual({ completed: 1 });
    const { order: record } = OrderStatusResponseSchema.parse((await status(res.body.orderReference)).body);
    expect(record.status).toBe('completed');
    expect(record.esim.isPending).toBe(false);
    expect(record.esim.iccid).toMatch(/^\d{19,20}$/);
    const listed = await control(sim, 'GET', `/orders?accessCode=${sim.defaultAccount.accessCode}`);
    const placed = listed.body.orders.find((o: Json) => o.reference === res.body.orderReference);
    expect(placed.esims).toHaveLength(2);
  });

  it('completes by itself after pendingDelayMs of simulated time', async () => {
    sim.setFaults({ pendingDelayMs: 60_000 });
    const res = await order({ packageCode: pkg.package_code });
    sim.setFaults({ pendingDelayMs: -1 });
    let record: Json;
    for (let i = 0; i < 100; i++) {
      record = (await status(res.body.orderReference)).body.order;
      if (record.status === 'completed') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(record.status).toBe('completed');
  });

  it('refunds an order whose provisioning fails, and frees its key', async () => {
    const before = await balanceOf(sim, sim.defaultAccount);
    const res = await order({ packageCode: pkg.package_code, idempotency_key: 'pending-3' });
    await control(sim, 'POST', '/orders/fail-pending', { orderReference: res.body.orderReference });
    expect(await balanceOf(sim, sim.defaultAccount)).toBe(before);
    expect((await status(res.body.orderReference)).body.order).toMatchObject({
      status: 'failed',
      paymentStatus: 'refunded',
    });
    const entries = (await ledger(sim, sim.defaultAccount)).filter(
      (e) => e.orderReference === res.body.orderReference,
    );
    expect(entries.map((e) => e.kind)).toEqual(['order', 'refund']);
    sim.setFaults({ pendingRate: 0 });
    const retry = await order({ packageCode: pkg.package_code, idempotency_key: 'pending-3' });
    sim.setFaults({ pendingRate: 1 });
    expect(retry.body.status).toBe('completed');
    expect(retry.body.orderReference).not.toBe(res.body.orderReference);
  });
});
