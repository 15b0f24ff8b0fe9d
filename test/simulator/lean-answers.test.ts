import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../electron/simulator';
import { isValidIccid } from '../../shared/iccid';
import { parseLpa } from '../../shared/lpa';
import { fromApiAmount } from '../../shared/money';
import { type Answers, collectAnswers } from './support/answers';
import { ledger } from './support/fixtures';
import { type Receiver, startReceiver } from './support/receiver';
import { call, control, type Json } from './support/signed-fetch';
import { startSimulator } from './support/tidy-simulator';

// The lean style keeps only what money and the hand-over need (docs/simulator.md, "Answer styles").
// These lists are written from the API description, not from the simulator's own table.

/** Every key path of a JSON value: `a.b`, and `a[].b` for the items of a list. */
function keyPaths(value: Json, prefix = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((item) => keyPaths(item, `${prefix}[]`)))];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    return [path, ...keyPaths(inner, path)];
  });
}

/** The tidy answer cut down to the keys of the lean one. */
function projectOnto(tidy: Json, lean: Json): Json {
  if (Array.isArray(lean)) return lean.map((item, i) => projectOnto(tidy?.[i], item));
  if (typeof lean !== 'object' || lean === null) return tidy;
  return Object.fromEntries(Object.keys(lean).map((key) => [key, projectOnto(tidy?.[key], lean[key])]));
}

const ESIMS = ['esims', 'esims[].iccid', 'esims[].lpaString'];
const COMPLETED = ['success', 'orderReference', 'final_price', 'currency', ...ESIMS];
const PENDING = ['success', 'orderReference'];
const ORDER_STATUS = [
  'success',
  'order',
  'order.orderReference',
  'order.status',
  'order.finalPrice',
  'order.esim',
  'order.esim.iccid',
  'order.esim.lpaString',
];
const BALANCE = ['success', 'data', 'data.balance', 'data.currency'];
const PACKAGES = [
  'success',
  'data',
  'data.packages',
  'data.packages[].package_code',
  'data.packages[].cost',
  'data.packages[].currency',
];
const ABOUT_ESIM = ['success', 'data', 'data.iccid'];

const LEAN: Readonly<Record<string, readonly string[]>> = {
  'PUT /webhooks': ['success', 'webhook', 'webhook.secret'],
  'GET /balance': BALANCE,
  'GET /balance (enterprise)': BALANCE,
  'GET /esims/packages': PACKAGES,
  'POST /esims/order (completed)': COMPLETED,
  'POST /esims/order (replay)': ['success', 'orderReference', ...ESIMS],
  'GET /esims/order': ORDER_STATUS,
  'GET /topup/packages': PACKAGES,
  'POST /topup/order': ['success', 'orderReference', 'iccid', 'amount', 'currency'],
  'GET /esims': ['success', 'data', 'data.esims', 'data.esims[].iccid'],
  'GET /esims/usage/query': ['success', 'data', 'data.esim', 'data.esim.iccid'],
  'POST /esims/status': ABOUT_ESIM,
  'POST /esims/network-events': ABOUT_ESIM,
  'POST /esims/usage-report': ABOUT_ESIM,
  'POST /esims/send-sms': ['success'],
  'POST /esims/suspend': ABOUT_ESIM,
  'POST /esims/order (to cancel)': COMPLETED,
  'POST /esims/cancel': [
    'success',
    'data',
    'data.order_reference',
    'data.refunded_amount',
    'data.currency',
    'data.refund_method',
  ],
  'POST /esims/order (pending)': PENDING,
  'POST /esims/order (pending replay)': PENDING,
  'GET /esims/order (pending)': ORDER_STATUS,
  'GET /webhooks': ['success', 'webhook', 'webhook.url'],
  'GET /orders': ['success', 'data', 'data.orders', 'data.orders[].order_reference'],
};

let sim: RunningSimulator;
let receiver: Receiver;
let answers: Answers;

beforeAll(async () => {
  receiver = await startReceiver();
  sim = await startSimulator({
    seed: 61,
    allowLoopbackHttpWebhooks: true,
    rateLimit: { perMinute: 1000, perHour: 10_000, perDay: 100_000 },
  });
  answers = await collectAnswers(sim, 'lean', receiver);
});
afterAll(async () => {
  await sim.close();
  await receiver.close();
});

const controlOrder = async (reference: string): Promise<Json> => {
  const { body } = await control(sim, 'GET', `/orders?accessCode=${sim.defaultAccount.accessCode}`);
  return body.orders.find((o: Json) => o.reference === reference);
};

describe('the lean answer style', () => {
  it('is asked of every answer a client reads', () => {
    expect([...answers.all.keys()].sort()).toEqual(Object.keys(LEAN).sort());
  });

  it.each(Object.entries(LEAN))('%s keeps exactly the essential keys', (name, keys) => {
    expect(keyPaths(answers.get(name).body).sort()).toEqual([...keys].sort());
  });

  it('keeps the tidy values of what it keeps (every request asked again)', () => {
    const asked = [...answers.all.values()].filter((a) => a.tidy !== undefined);
    expect(asked.length).toBeGreaterThan(15);
    for (const { name, body, tidy } of asked) expect(projectOnto(tidy, body), name).toEqual(body);
  });

  it('charges a sale exactly as the ledger did and hands over each eSIM ICCID and LPA', async () => {
    const sale = answers.get('POST /esims/order (completed)').body;
    const charge = (await ledger(sim, sim.defaultAccount)).find(
      (e: Json) => e.kind === 'order' && e.orderReference === sale.orderReference,
    );
    expect(fromApiAmount(sale.final_price, sale.currency)).toBe(charge.amountMinor);
    expect(sale.currency).toBe('USD');
    const order = await controlOrder(sale.orderReference);
    expect(sale.esims.map((e: Json) => e.iccid)).toEqual(order.esims.map((e: Json) => e.iccid));
    for (const esim of sale.esims) {
      expect(isValidIccid(esim.iccid)).toBe(true);
      expect(parseLpa(esim.lpaString).ok).toBe(true);
    }
    expect(sale.esims).toEqual(answers.get('POST /esims/order (replay)').body.esims);
  });

  it('gives a top-up its charge and the eSIM it went to', async () => {
    const topUp = answers.get('POST /topup/order').body;
    const charge = (await ledger(sim, sim.defaultAccount)).find(
      (e: Json) => e.kind === 'topup' && e.orderReference === topUp.orderReference,
    );
    expect(fromApiAmount(topUp.amount, topUp.currency)).toBe(charge.amountMinor);
    expect(topUp.iccid).toBe(answers.iccid);
  });

  it('gives a cancellation the amount refunded and how', async () => {
    const { data } = answers.get('POST /esims/cancel').body;
    const refund = (await ledger(sim, sim.defaultAccount)).find(
      (e: Json) => e.kind === 'refund' && e.orderReference === data.order_reference,
    );
    expect(data.refund_method).toBe('balance');
    expect(fromApiAmount(data.refunded_amount, data.currency)).toBe(refund.amountMinor);
  });

  it('gives a pending order its reference, and its eSIM once provisioned', async () => {
    const pending = answers.get('POST /esims/order (pending)').body;
    expect((await controlOrder(pending.orderReference)).status).toBe('completed');
    expect(answers.get('GET /esims/order (pending)').body.order.esim).toEqual({
      iccid: null,
      lpaString: null,
    });
    sim.setFaults({ answerStyle: 'lean' });
    try {
      const res = await call(
        sim.baseUrl,
        sim.defaultAccount,
        'GET',
        `/esims/order?orderReference=${pending.orderReference}`,
      );
      expect(res.body.order.status).toBe('completed');
      expect(isValidIccid(res.body.order.esim.iccid)).toBe(true);
      expect(parseLpa(res.body.order.esim.lpaString).ok).toBe(true);
    } finally {
      sim.setFaults({ answerStyle: 'tidy' });
    }
  });

  it('keeps the webhook secret that signs the deliveries', () => {
    const { secret } = answers.get('PUT /webhooks').body.webhook;
    const delivery = receiver.received[0];
    expect(delivery).toBeDefined();
    const expected = `sha256=${createHmac('sha256', secret)
      .update(delivery?.raw ?? '')
      .digest('hex')}`;
    expect(delivery?.headers['x-webhook-signature']).toBe(expected);
  });

  it('leaves error bodies as they are', async () => {
    sim.setFaults({ answerStyle: 'lean' });
    try {
      const res = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/esims/order?orderReference=ORD-NONE');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        success: false,
        error: expect.any(String),
        message: expect.any(String),
        code: 'ORDER_NOT_FOUND',
      });
    } finally {
      sim.setFaults({ answerStyle: 'tidy' });
    }
  });
});
