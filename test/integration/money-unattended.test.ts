import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { accountRefOf } from '../../electron/core/journal/account-scope';
import { openJournal } from '../../electron/core/journal/database';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { type RunningSimulator, type SimulatorOptions, startSimulator } from '../../electron/simulator/index';
import { type ApiTap, startApiTap } from '../../scripts/torture/api-tap';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Sale } from '../../shared/domain/sale';
import { money } from '../../shared/money';
import { call, type Json } from '../simulator/support/signed-fetch';
import { unwrap } from '../support/core-harness';
import { startClockedSimulator } from '../support/test-clock';
import {
  type Counter,
  charges,
  cheapest,
  eventually,
  failPending,
  ledger,
  SEED,
  startCounter,
} from './money-support';

/**
 * No order is placed without the cashier: a sale is sent only by `sell` (with the client's one re-send)
 * and by the cashier's confirmed "send again". Recovery, the background and "check now" only read the
 * provider's records. Every order the counter sends passes through a tap in front of the simulator, so
 * these tests count what went over the wire, not what the counter says it sent.
 */

const HOUR_MS = 60 * 60_000;

/** Room for a test that places a hundred orders in a minute. */
const ROOMY = { perMinute: 10_000, perHour: 100_000, perDay: 1_000_000 };

let counter: Counter | null = null;
let tap: ApiTap | null = null;
let sim: RunningSimulator | null = null;

afterEach(async () => {
  await counter?.close();
  await tap?.close();
  await sim?.close();
  counter = null;
  tap = null;
  sim = null;
});

async function open(
  simOptions: SimulatorOptions = {},
): Promise<{ c: Counter; tap: ApiTap; pkg: CataloguePackage }> {
  sim = await startClockedSimulator({ port: 0, seed: SEED, balance: 500, ...simOptions });
  tap = await startApiTap(sim.baseUrl);
  counter = await startCounter({}, { sim, apiBaseUrl: tap.baseUrlFor('counter') });
  return { c: counter, tap, pkg: cheapest(counter.packages) };
}

/** Orders straight to the simulator, as a send the counter made before it crashed would have reached it. */
async function orderDirectly(
  s: RunningSimulator,
  body: { packageCode: string; quantity: number; idempotency_key: string },
  at = Date.now(),
): Promise<Json> {
  const answer = await call(s.baseUrl, s.defaultAccount, 'POST', '/esims/order', {
    body,
    timestamp: String(at),
  });
  if (answer.status !== 200) throw new Error(`the order was refused: ${answer.text}`);
  return answer.body;
}

interface Left {
  readonly id: string;
  readonly key: string;
  readonly quantity?: number;
  readonly state: 'intent' | 'sent' | 'in_doubt';
  /** When the intent was written and the sale sent (default: now, on the counter's clock). */
  readonly at?: Date;
}

/**
 * Restarts the counter on a journal holding the sales `left`, written while it is down exactly as a
 * crash at that step leaves them.
 */
async function restartWith(c: Counter, pkg: CataloguePackage, left: readonly Left[]): Promise<void> {
  await c.restart(() => {
    const db = openJournal({ file: join(c.dataDir, 'journal.sqlite') });
    const store = new SalesJournal(db);
    for (const sale of left) {
      const quantity = sale.quantity ?? 1;
      const at = sale.at ?? c.clock.now();
      store.createIntent(
        {
          id: sale.id,
          counterId: 'C1',
          cashierId: null,
          shiftId: null,
          training: true,
          accountRef: accountRefOf(c.sim.defaultAccount.accessCode),
          packageCode: pkg.code,
          packageName: pkg.name,
          quantity,
          idempotencyKey: sale.key,
          retailUnit: pkg.retail,
          retailTotal: money(pkg.retail.amount * quantity, pkg.retail.currency),
          quotedCost: money(pkg.cost!.amount * quantity, pkg.cost!.currency),
        },
        at.toISOString(),
      );
      if (sale.state === 'intent') continue;
      store.markSent(sale.id, new Date(at.getTime() + 1).toISOString());
      if (sale.state === 'in_doubt') {
        store.markInDoubt(
          sale.id,
          { code: 'TIMEOUT', message: 'no answer' },
          new Date(at.getTime() + 2_000).toISOString(),
        );
      }
    }
    db.close();
  });
}

async function saleOf(c: Counter, id: string): Promise<Sale> {
  return unwrap(await c.h.call<Sale>('getSale', { id }));
}

/** Waits until start-up recovery has moved the sale out of `from`. */
async function recovered(c: Counter, id: string, from: Sale['state']): Promise<Sale> {
  return eventually(`recovery of ${id}`, async () => {
    const sale = await saleOf(c, id);
    return sale.state === from ? null : sale;
  });
}

describe('recovery at start-up only reads', () => {
  it('a sale left on the wire that the provider never received: in doubt, and no order placed', async () => {
    const { c, tap, pkg } = await open();
    await restartWith(c, pkg, [{ id: 'cut-off', key: 'C1-cut-off', state: 'sent' }]);
    const sale = await recovered(c, 'cut-off', 'sent');
    expect(sale.state).toBe('in_doubt');
    if (sale.state === 'in_doubt')
      expect(sale.lastError.message).toMatch(/app stopped while this sale was being sent/);
    expect(tap.orderPosts).toEqual([]);
    expect(charges((await ledger(c.sim)).entries)).toEqual([]);
  });

  it('a sale the provider charged before the crash: completed from its records, every eSIM with its LPA, no order placed', async () => {
    // Settled by reads alone, which needs a provider whose order list describes its orders (package,
    // amount, time); a lean or untidy one's may not (docs/api-client.md, "Tested in every answer style").
    const { c, tap, pkg } = await open({ faults: { answerStyle: 'tidy' } });
    const at = new Date();
    const placed = await orderDirectly(c.sim, {
      packageCode: pkg.code,
      quantity: 3,
      idempotency_key: 'C1-charged',
    });
    await restartWith(c, pkg, [{ id: 'charged', key: 'C1-charged', quantity: 3, state: 'sent', at }]);
    const sale = await recovered(c, 'charged', 'sent');
    expect(sale.state).toBe('completed');
    if (sale.state !== 'completed') return;
    expect(sale.orderReference).toBe(placed.orderReference);
    expect(sale.cost!.amount).toBe(pkg.cost!.amount * 3);
    const byIccid = new Map<string, string>(placed.esims.map((e: Json) => [e.iccid, e.lpaString]));
    // Reads carry summaries; the eSIMs are handed over, with their LPAs, on the cashier's request.
    const handedOver = unwrap(await c.h.call<Sale>('getSaleForHandOver', { id: 'charged' }));
    if (handedOver.state !== 'completed') throw new Error('not completed');
    expect(handedOver.esims).toHaveLength(3);
    for (const esim of handedOver.esims) expect(esim.lpa).toBe(byIccid.get(esim.iccid));
    expect(tap.orderPosts).toEqual([]);
    expect(charges((await ledger(c.sim)).entries)).toHaveLength(1);
  });

  it('a sale still in intent at start was never sent: failed, nothing charged, nothing sent', async () => {
    const { c, tap, pkg } = await open();
    await restartWith(c, pkg, [{ id: 'never-sent', key: 'C1-never-sent', state: 'intent' }]);
    const sale = await recovered(c, 'never-sent', 'intent');
    expect(sale.state).toBe('failed');
    if (sale.state === 'failed') expect(sale.error.message).toMatch(/never sent, nothing charged/);
    expect(tap.orderPosts).toEqual([]);
    expect(charges((await ledger(c.sim)).entries)).toEqual([]);
  });

  it('two sales alike in doubt at once are not told apart by guessing; the cashier settles them', async () => {
    const { c, tap, pkg } = await open();
    const at = new Date();
    const placed = await orderDirectly(c.sim, {
      packageCode: pkg.code,
      quantity: 1,
      idempotency_key: 'C1-twin-a',
    });
    await restartWith(c, pkg, [
      { id: 'twin-a', key: 'C1-twin-a', state: 'sent', at },
      { id: 'twin-b', key: 'C1-twin-b', state: 'sent', at },
    ]);
    expect((await recovered(c, 'twin-a', 'sent')).state).toBe('in_doubt');
    expect((await recovered(c, 'twin-b', 'sent')).state).toBe('in_doubt');
    expect(tap.orderPosts).toEqual([]);
    // Sent again with its key, the first is the provider's replay of its order: no second charge.
    const a = unwrap(await c.h.call<Sale>('resendSale', { id: 'twin-a', confirmed: true }));
    expect(a).toMatchObject({ state: 'completed', orderReference: placed.orderReference });
    // Its order is now claimed: the second's records show nothing, and sending it places its order.
    expect(unwrap(await c.h.call<Sale>('resolveSale', { id: 'twin-b' })).state).toBe('in_doubt');
    const b = unwrap(await c.h.call<Sale>('resendSale', { id: 'twin-b', confirmed: true }));
    expect(b.state).toBe('completed');
    expect(tap.orderPosts.map((p) => p.idempotencyKey)).toEqual(['C1-twin-a', 'C1-twin-b']);
    expect(charges((await ledger(c.sim)).entries).map((e) => e.idempotencyKey)).toEqual([
      'C1-twin-a',
      'C1-twin-b',
    ]);
  });
});

/** "November 23, 2026 at 6:20 PM": a time written for people, to the minute. */
const TO_THE_MINUTE = /^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/;

/**
 * Which of today's orders an untidy simulator of the money tests' seed answers as `fits` asks (1 for
 * the first order it takes), given one item of its order list and the simulator to read more of it.
 * The untidy draws depend on the seed and the order's reference, and references on the seed, the day
 * and the order of issue: a second simulator of the same seed, given orders the same way, shows it.
 */
async function nthOrderWhere(
  pkg: CataloguePackage,
  fits: (listed: Json, probe: RunningSimulator) => Promise<boolean>,
  tries = 40,
): Promise<number> {
  const probe = await startSimulator({
    port: 0,
    seed: SEED,
    balance: 5000,
    faults: { answerStyle: 'untidy' },
    rateLimit: ROOMY,
  });
  try {
    for (let n = 1; n <= tries; n++) {
      await orderDirectly(probe, { packageCode: pkg.code, quantity: 1, idempotency_key: `probe-${n}` });
    }
    const listed = await call(probe.baseUrl, probe.defaultAccount, 'GET', '/orders?limit=100&sort_order=asc');
    const orders: Json[] = listed.body.data.orders;
    for (const [index, order] of orders.entries()) if (await fits(order, probe)) return index + 1;
    throw new Error(`none of ${tries} orders is answered so`);
  } finally {
    await probe.close();
  }
}

/**
 * Places `nth - 1` orders of two eSIMs (another amount: never a sale's of one), then the sale's order;
 * `placedAt` is when that last one left.
 */
async function placeAsNth(
  c: Counter,
  pkg: CataloguePackage,
  nth: number,
  key: string,
  beforeLast: () => void = () => {},
): Promise<{ placed: Json; placedAt: number }> {
  for (let n = 1; n < nth; n++) {
    await orderDirectly(
      c.sim,
      { packageCode: pkg.code, quantity: 2, idempotency_key: `another-${n}` },
      c.clock.ms(),
    );
  }
  beforeLast();
  const placedAt = c.clock.ms();
  return {
    placed: await orderDirectly(
      c.sim,
      { packageCode: pkg.code, quantity: 1, idempotency_key: key },
      placedAt,
    ),
    placedAt,
  };
}

async function listedItem(s: RunningSimulator, orderReference: string): Promise<Json> {
  const listed = await call(s.baseUrl, s.defaultAccount, 'GET', '/orders?limit=100');
  return listed.body.data.orders.find((o: Json) => o.order_reference === orderReference);
}

async function orderRecord(s: RunningSimulator, orderReference: string): Promise<Json> {
  const answer = await call(
    s.baseUrl,
    s.defaultAccount,
    'GET',
    `/esims/order?orderReference=${orderReference}`,
  );
  return answer.body.order;
}

describe('an order the list gives without its time', () => {
  it("is settled from the provider's record of it (GET /esims/order), by reads alone", async () => {
    const { c, tap, pkg } = await open({ balance: 5000, faults: { answerStyle: 'untidy' } });
    const nth = await nthOrderWhere(
      pkg,
      async (listed, probe) =>
        listed.created_at == null &&
        typeof (await orderRecord(probe, listed.order_reference)).orderDate === 'string',
    );
    const { placed, placedAt } = await placeAsNth(c, pkg, nth, 'C1-terse');
    const minute = placedAt - (placedAt % 60_000);
    expect((await listedItem(c.sim, placed.orderReference)).created_at ?? null).toBeNull();
    expect(typeof (await orderRecord(c.sim, placed.orderReference)).orderDate).toBe('string');
    // Sent at the start of the minute the order was placed in: the record's date, even written to the
    // minute, falls inside the sale's window.
    await restartWith(c, pkg, [{ id: 'terse', key: 'C1-terse', state: 'sent', at: new Date(minute) }]);
    const sale = await recovered(c, 'terse', 'sent');
    expect(sale).toMatchObject({ state: 'completed', orderReference: placed.orderReference });
    expect(tap.orderPosts).toEqual([]);
    const ours = charges((await ledger(c.sim)).entries).filter((e) => e.idempotencyKey === 'C1-terse');
    expect(ours).toHaveLength(1);
  });
});

describe('an order dated to the minute, which either of two sales alike could have placed', () => {
  it('settles neither by the list alone: both in doubt with the order among the facts, never charged twice', async () => {
    // B's order, placed 10 to 50 s into a minute (beyond the clock margins), which the list states and
    // the record gives no finer. Sale A was sent at the minute's start, so the whole minute lies in A's
    // window; sale B when its order was placed, so B's window starts inside the minute, after the
    // instant the list states. (Placed earlier in the minute, with a record that gave the exact time,
    // B would have been "sent" after its own order, and the exact time rightly pointed at A alone.)
    const { c, tap, pkg, placed, placedAt } = await orderDatedToTheMinute('C1-minute-b', 10, 50);
    const minute = placedAt - (placedAt % 60_000);
    await restartWith(c, pkg, [
      { id: 'minute-a', key: 'C1-minute-a', state: 'sent', at: new Date(minute) },
      { id: 'minute-b', key: 'C1-minute-b', state: 'sent', at: new Date(placedAt) },
    ]);
    for (const id of ['minute-a', 'minute-b']) {
      const sale = await recovered(c, id, 'sent');
      expect(sale.state, id).toBe('in_doubt');
      if (sale.state === 'in_doubt')
        expect(sale.lastError.details?.possibleOrders, id).toEqual([placed.orderReference]);
    }
    expect(tap.orderPosts).toEqual([]);
    // The cashier sends each again with its key: B's is the provider's replay of its order, A's places A's.
    const b = unwrap(await c.h.call<Sale>('resendSale', { id: 'minute-b', confirmed: true }));
    expect(b).toMatchObject({ state: 'completed', orderReference: placed.orderReference });
    const a = unwrap(await c.h.call<Sale>('resendSale', { id: 'minute-a', confirmed: true }));
    expect(a.state).toBe('completed');
    expect(tap.orderPosts.map((p) => p.idempotencyKey)).toEqual(['C1-minute-b', 'C1-minute-a']);
    const ours = charges((await ledger(c.sim)).entries).filter((e) => e.idempotencyKey?.startsWith('C1-'));
    expect(ours.map((e) => e.idempotencyKey)).toEqual(['C1-minute-b', 'C1-minute-a']);
  });
});

/** An order the list dates to the minute and whose record gives no finer time. */
async function minuteOnly(listed: Json, probe: RunningSimulator): Promise<boolean> {
  if (typeof listed.created_at !== 'string' || !TO_THE_MINUTE.test(listed.created_at)) return false;
  const { orderDate } = await orderRecord(probe, listed.order_reference);
  return typeof orderDate !== 'string' || TO_THE_MINUTE.test(orderDate);
}

/**
 * An untidy provider's order placed with `key` between `from` and `to` seconds into a minute, which its
 * list dates to that minute and its record no finer.
 */
async function orderDatedToTheMinute(key: string, from: number, to: number) {
  const opened = await open({ balance: 5000, faults: { answerStyle: 'untidy' }, rateLimit: ROOMY });
  const nth = await nthOrderWhere(opened.pkg, minuteOnly, 100);
  const { placed, placedAt } = await placeAsNth(opened.c, opened.pkg, nth, key, () =>
    opened.c.clock.intoMinute(from, to),
  );
  expect((await listedItem(opened.c.sim, placed.orderReference)).created_at).toMatch(TO_THE_MINUTE);
  return { ...opened, placed, placedAt };
}

describe('an order dated to the minute, and sales whose send windows lie inside that minute', () => {
  it('settles the only sale that could have placed it, when no other order of that minute could be it', async () => {
    // Placed well inside a minute, so the sale's window (its send, the answer lost 2 s later, and the
    // clock margins) starts after the minute's first instant and ends before its last.
    const { c, tap, pkg, placed, placedAt } = await orderDatedToTheMinute('C1-alone', 10, 40);
    await restartWith(c, pkg, [
      { id: 'alone', key: 'C1-alone', state: 'in_doubt', at: new Date(placedAt - 1_000) },
    ]);
    const checked = unwrap(await c.h.call<Sale>('resolveSale', { id: 'alone' }));
    expect(checked).toMatchObject({ state: 'completed', orderReference: placed.orderReference });
    expect(tap.orderPosts).toEqual([]);
    const ours = charges((await ledger(c.sim)).entries).filter((e) => e.idempotencyKey === 'C1-alone');
    expect(ours).toHaveLength(1);
  });

  it('settles neither of two sales alike whose windows lie in that minute, even when only one window holds the order', async () => {
    const { c, tap, pkg, placedAt } = await orderDatedToTheMinute('C1-early', 10, 30);
    // The early sale was on the wire when the order was placed; the late one 10 s later, in the same
    // minute, its window apart from the early one's. The minute the list states may be either's.
    const lateAt = placedAt + 10_000;
    c.clock.moveTo(lateAt + 2_500);
    await restartWith(c, pkg, [
      { id: 'early', key: 'C1-early', state: 'in_doubt', at: new Date(placedAt - 1_000) },
      { id: 'late', key: 'C1-late', state: 'in_doubt', at: new Date(lateAt) },
    ]);
    for (const id of ['early', 'late']) {
      expect(unwrap(await c.h.call<Sale>('resolveSale', { id })).state, id).toBe('in_doubt');
    }
    expect(tap.orderPosts).toEqual([]);
    const ours = charges((await ledger(c.sim)).entries).filter((e) => e.idempotencyKey?.startsWith('C1-'));
    expect(ours.map((e) => e.idempotencyKey)).toEqual(['C1-early']);
  });
});

describe('the cashier: "check now" reads, "send again" sends once confirmed', () => {
  it("sends again when the order the lagging list shows is one the provider's record says failed", async () => {
    // Settled by comparing the list with the sale: a list that describes its orders.
    const { c, tap, pkg } = await open({ faults: { answerStyle: 'tidy' } });
    // The provider's order list lags behind its records: it answers as it first did.
    tap.freezeReads(['/orders']);
    // The order is taken and held pending; its answer is lost, and so is the read of its record.
    c.sim.setFaults({
      pendingRate: 1,
      pendingDelayMs: -1,
      dropAfterCommitRate: 1,
      paths: ['POST /esims/order', 'GET /esims/order'],
    });
    const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    expect(sale.state).toBe('in_doubt');
    c.sim.setFaults({ pendingRate: 0, dropAfterCommitRate: 0, paths: [] });
    // The provider then fails the order (nothing charged); the list still shows it pending.
    const [held] = charges((await ledger(c.sim)).entries);
    await failPending(c.sim, held?.orderReference ?? '');
    const sent = unwrap(await c.h.call<Sale>('resendSale', { id: sale.id, confirmed: true }));
    expect(sent.state).toBe('completed');
    const keys = tap.orderPosts.map((p) => p.idempotencyKey);
    expect(keys.length).toBeGreaterThan(1);
    expect(new Set(keys)).toEqual(new Set([sale.idempotencyKey]));
    const paid = charges((await ledger(c.sim)).entries);
    const refunded = (await ledger(c.sim)).entries.filter((e) => e.kind === 'refund');
    expect(paid.length - refunded.length).toBe(1);
  });

  it('checks without sending, and sends again with the stored key only when confirmed', async () => {
    const { c, tap, pkg } = await open();
    await restartWith(c, pkg, [{ id: 'lost', key: 'C1-lost', state: 'in_doubt' }]);
    const checked = unwrap(await c.h.call<Sale>('resolveSale', { id: 'lost' }));
    expect(checked.state).toBe('in_doubt');
    expect(tap.orderPosts).toEqual([]);
    const unconfirmed = await c.h.call('resendSale', { id: 'lost' });
    expect(unconfirmed.ok ? null : unconfirmed.error.code).toBe('INVALID_INPUT');
    expect(tap.orderPosts).toEqual([]);
    const sent = unwrap(await c.h.call<Sale>('resendSale', { id: 'lost', confirmed: true }));
    expect(sent.state).toBe('completed');
    expect(tap.orderPosts.map((p) => p.idempotencyKey)).toEqual(['C1-lost']);
    expect(charges((await ledger(c.sim)).entries).map((e) => e.idempotencyKey)).toEqual(['C1-lost']);
    const again = await c.h.call('resendSale', { id: 'lost', confirmed: true });
    expect(again.ok ? null : again.error.code).toBe('INVALID_STATE');
  });
});

describe('a key older than 24 hours is sent again only after a read', () => {
  it('the provider charged it and has forgotten the key: settled from its records, never charged twice', async () => {
    // Settled by reads alone, which needs a provider whose order list describes its orders (package,
    // amount, time); a lean or untidy one's may not (docs/api-client.md, "Tested in every answer style").
    const { c, tap, pkg } = await open({ keyRetentionMs: 24 * HOUR_MS, faults: { answerStyle: 'tidy' } });
    const at = new Date(Date.now() - 25 * HOUR_MS);
    // The sale was sent 25 hours ago and the provider performed it then (its clock said so too).
    c.sim.setFaults({ clockOffsetMs: -25 * HOUR_MS });
    const placed = await orderDirectly(
      c.sim,
      { packageCode: pkg.code, quantity: 1, idempotency_key: 'C1-old' },
      at.getTime() + 500,
    );
    c.sim.setFaults({ clockOffsetMs: 0, failRate: 1, paths: ['GET /orders'] });
    await restartWith(c, pkg, [{ id: 'old', key: 'C1-old', state: 'in_doubt', at }]);
    // The order list cannot be read: the old key is not sent.
    const refused = await c.h.call('resendSale', { id: 'old', confirmed: true });
    expect(refused.ok ? null : refused.error.code).toBe('INVALID_STATE');
    expect(refused.ok ? '' : refused.error.message).toMatch(/more than 24 hours ago/);
    expect(tap.orderPosts).toEqual([]);
    c.sim.setFaults({ failRate: 0 });
    const settled = unwrap(await c.h.call<Sale>('resendSale', { id: 'old', confirmed: true }));
    expect(settled).toMatchObject({ state: 'completed', orderReference: placed.orderReference });
    expect(tap.orderPosts).toEqual([]);
    expect(charges((await ledger(c.sim)).entries)).toHaveLength(1);
  });

  it('the provider never got it: the read shows no order, and the confirmed re-send places it once', async () => {
    const { c, tap, pkg } = await open({ keyRetentionMs: 24 * HOUR_MS });
    await restartWith(c, pkg, [
      { id: 'old-never', key: 'C1-old-never', state: 'in_doubt', at: new Date(Date.now() - 25 * HOUR_MS) },
    ]);
    const sent = unwrap(await c.h.call<Sale>('resendSale', { id: 'old-never', confirmed: true }));
    expect(sent.state).toBe('completed');
    expect(tap.orderPosts.map((p) => p.idempotencyKey)).toEqual(['C1-old-never']);
    expect(charges((await ledger(c.sim)).entries)).toHaveLength(1);
  });
});

describe('a sale is failed when every send of it was refused for certain', () => {
  it("the provider's ORDER_PROCESSING_ERROR on the send and on the client's re-send: failed, nothing charged", async () => {
    const { c, tap, pkg } = await open({ faults: { failRate: 1, paths: ['POST /esims/order'] } });
    const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    expect(sale.state).toBe('failed');
    if (sale.state === 'failed') expect(sale.error.code).toBe('ORDER_PROCESSING_ERROR');
    expect(tap.orderPosts).toHaveLength(2);
    expect(charges((await ledger(c.sim)).entries)).toEqual([]);
  });

  it('refused 429 and then held back by the rate limiter: failed, nothing charged', async () => {
    const { c, tap, pkg } = await open({ faults: { rateLimitStormRate: 1, paths: ['POST /esims/order'] } });
    const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    expect(sale.state).toBe('failed');
    if (sale.state === 'failed') expect(sale.error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(tap.orderPosts).toHaveLength(1);
    expect(charges((await ledger(c.sim)).entries)).toEqual([]);
  });
});
