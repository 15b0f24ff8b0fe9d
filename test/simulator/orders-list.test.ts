import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../electron/simulator';
import { OrderListResponseSchema } from '../../shared/api';
import { buy, ownNetwork } from './support/fixtures';
import { call, control, type Json } from './support/signed-fetch';
import { startSimulator } from './support/tidy-simulator';

let sim: RunningSimulator;
const list = async (query = ''): Promise<Json> => {
  const res = await call(sim.baseUrl, sim.defaultAccount, 'GET', `/orders${query}`);
  expect(res.status, res.text).toBe(200);
  return OrderListResponseSchema.parse(res.body).data;
};
const orders: Json[] = [];

beforeAll(async () => {
  sim = await startSimulator({ seed: 71, rateLimit: { perMinute: 1000, perHour: 10_000, perDay: 100_000 } });
  for (const query of ['&search=IQ&type=local', '&search=AE&type=local', '&type=regional']) {
    orders.push(await buy(sim, sim.defaultAccount, ownNetwork, query));
  }
  // One cancelled, one failed (ORDER_PROCESSING_ERROR), one pending.
  await call(sim.baseUrl, sim.defaultAccount, 'POST', '/esims/cancel', {
    body: { iccid: orders[2].esims[0].iccid },
  });
  sim.setFaults({ failRate: 1, paths: ['POST /esims/order'] });
  await call(sim.baseUrl, sim.defaultAccount, 'POST', '/esims/order', {
    body: { packageCode: orders[0].pkg.package_code },
  });
  sim.setFaults({ failRate: 0, pendingRate: 1, pendingDelayMs: -1, paths: [] });
  await call(sim.baseUrl, sim.defaultAccount, 'POST', '/esims/order', {
    body: { packageCode: orders[1].pkg.package_code },
  });
  sim.setFaults({ pendingRate: 0 });
});
afterAll(() => sim.close());

describe('GET /orders', () => {
  it('lists orders newest first with default limit 20, a summary and pagination', async () => {
    const data = await list();
    expect(data.pagination).toMatchObject({ page: 1, limit: 20, total: 5, total_pages: 1 });
    expect(data.orders.map((o: Json) => o.status)).toEqual([
      'pending',
      'failed',
      'cancelled',
      'completed',
      'completed',
    ]);
    expect(data.summary.total_orders).toBe(5);
    const kept = orders[0].final_price + orders[1].final_price + orders[1].pkg.cost;
    expect(data.summary.total_revenue).toBe(Math.round(kept * 100) / 100);
    const first = data.orders.at(-1);
    expect(first).toMatchObject({
      order_reference: orders[0].orderReference,
      currency: 'USD',
      amount: orders[0].final_price,
      esim: { iccid: orders[0].esims[0].iccid, total_volume: orders[0].esims[0].total_volume },
    });
    expect(data.orders[0].esim).toBeNull();
  });

  it('filters by status', async () => {
    for (const status of ['pending', 'completed', 'failed', 'cancelled']) {
      const data = await list(`?status=${status}`);
      expect(data.orders.length, status).toBeGreaterThan(0);
      expect(data.orders.every((o: Json) => o.status === status)).toBe(true);
    }
    expect((await call(sim.baseUrl, sim.defaultAccount, 'GET', '/orders?status=lost')).status).toBe(400);
  });

  it('searches reference, package name and code', async () => {
    expect((await list(`?search=${orders[1].orderReference}`)).orders).toHaveLength(1);
    expect(
      (await list(`?search=${encodeURIComponent(orders[1].pkg.package_code)}`)).orders.length,
    ).toBeGreaterThan(0);
    expect((await list('?search=Iraq')).orders.every((o: Json) => o.package_name.includes('Iraq'))).toBe(
      true,
    );
  });

  it('sorts by amount or status, ascending or descending, and pages', async () => {
    const asc = (await list('?sort_by=amount&sort_order=asc')).orders.map((o: Json) => o.amount);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const byStatus = (await list('?sort_by=status&sort_order=asc')).orders.map((o: Json) => o.status);
    expect(byStatus).toEqual([...byStatus].sort());
    const page = await list('?limit=2&page=2');
    expect(page.orders).toHaveLength(2);
    expect(page.pagination).toMatchObject({ page: 2, limit: 2, total: 5, total_pages: 3 });
    expect((await call(sim.baseUrl, sim.defaultAccount, 'GET', '/orders?sort_by=price')).status).toBe(400);
  });

  it('filters by date range (ISO 8601; a date alone covers the whole day)', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from_date=${today}&to_date=${today}`)).orders).toHaveLength(5);
    expect((await list('?to_date=2020-01-01')).orders).toHaveLength(0);
    expect((await list(`?from_date=${new Date(Date.now() + 60_000).toISOString()}`)).orders).toHaveLength(0);
    expect((await call(sim.baseUrl, sim.defaultAccount, 'GET', '/orders?from_date=yesterday')).status).toBe(
      400,
    );
  });

  it('lists only orders in the account’s currency', async () => {
    await control(sim, 'POST', '/accounts/balance', {
      accessCode: sim.defaultAccount.accessCode,
      balance: 100_000,
      currency: 'IQD',
    });
    try {
      const data = await list();
      expect(data.orders).toEqual([]);
      expect(data.summary).toEqual({ total_orders: 0, total_revenue: 0 });
    } finally {
      await control(sim, 'POST', '/accounts/balance', {
        accessCode: sim.defaultAccount.accessCode,
        balance: 500,
        currency: 'USD',
      });
    }
    expect((await list()).orders).toHaveLength(5);
  });
});
