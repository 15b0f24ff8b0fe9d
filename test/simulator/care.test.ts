import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../electron/simulator';
import { CancelResponseSchema, SuspendResultSchema } from '../../shared/api';
import { accountOf, balanceOf, buy, ledger, ownNetwork, partner } from './support/fixtures';
import { call, control } from './support/signed-fetch';
import { startSimulator } from './support/tidy-simulator';

let sim: RunningSimulator;
const post = (path: string, body: unknown, account = sim.defaultAccount) =>
  call(sim.baseUrl, account, 'POST', path, { body });

beforeAll(async () => {
  sim = await startSimulator({ seed: 51, rateLimit: { perMinute: 1000, perHour: 10_000, perDay: 100_000 } });
});
afterAll(() => sim.close());

describe('POST /esims/suspend', () => {
  it('suspends an own-network eSIM (Disconnected) and activates it again (Active)', async () => {
    const order = await buy(sim, sim.defaultAccount, ownNetwork);
    const iccid = order.esims[0].iccid;
    await control(sim, 'POST', '/esims/activate', { iccid });
    const suspended = SuspendResultSchema.parse(
      (await post('/esims/suspend', { iccid, action: 'suspend' })).body,
    );
    expect(suspended.data).toEqual({ iccid, action: 'suspend', esim_status: 'Disconnected' });
    const blocked = await control(sim, 'POST', '/esims/consume', { iccid, mb: 1 });
    expect(blocked.status).toBe(409);
    const active = await post('/esims/suspend', { esimId: order.esimId, action: 'activate' });
    expect(active.body.data.esim_status).toBe('Active');
    expect((await control(sim, 'POST', '/esims/consume', { iccid, mb: 1 })).status).toBe(200);
  });

  it('answers UNSUPPORTED_PROVIDER for a partner eSIM', async () => {
    const order = await buy(sim, sim.defaultAccount, partner(true));
    const res = await post('/esims/suspend', { iccid: order.esims[0].iccid, action: 'suspend' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('UNSUPPORTED_PROVIDER');
  });

  it('answers INVALID_ACTION, MISSING_IDENTIFIER and ESIM_NOT_FOUND', async () => {
    const order = await buy(sim, sim.defaultAccount, ownNetwork);
    expect((await post('/esims/suspend', { iccid: order.esims[0].iccid, action: 'pause' })).body.code).toBe(
      'INVALID_ACTION',
    );
    expect((await post('/esims/suspend', { action: 'suspend' })).body.code).toBe('MISSING_IDENTIFIER');
    const unknown = await post('/esims/suspend', { iccid: '8944476000000000000', action: 'suspend' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('ESIM_NOT_FOUND');
    const foreign = await post(
      '/esims/suspend',
      { iccid: order.esims[0].iccid, action: 'suspend' },
      accountOf(sim, 'business', 'IQD'),
    );
    expect(foreign.body.code).toBe('ESIM_NOT_FOUND');
  });
});

describe('POST /esims/cancel', () => {
  it('cancels a whole order before activation and refunds an own-network order to the balance', async () => {
    const order = await buy(sim, sim.defaultAccount, ownNetwork, '&type=local', { quantity: 3 });
    const before = await balanceOf(sim, sim.defaultAccount);
    const res = await post('/esims/cancel', { iccid: order.esims[1].iccid });
    const { data } = CancelResponseSchema.parse(res.body);
    expect(data).toMatchObject({
      order_reference: order.orderReference,
      total_esims: 3,
      cancelled_esims: 3,
      failed_esims: 0,
      refunded_amount: order.final_price,
      currency: 'USD',
      refund_method: 'balance',
      balance_credited: true,
      partial_cancellation: false,
    });
    const parts = data.cancel_results.reduce((sum, r) => sum + Math.round(r.refundAmount * 100), 0);
    expect(parts).toBe(Math.round(order.final_price * 100));
    expect(await balanceOf(sim, sim.defaultAccount)).toBe(
      Math.round((before + order.final_price) * 100) / 100,
    );
    const refund = (await ledger(sim, sim.defaultAccount)).at(-1);
    expect(refund).toMatchObject({
      kind: 'refund',
      orderReference: order.orderReference,
      amount: order.final_price,
    });
    const status = await call(
      sim.baseUrl,
      sim.defaultAccount,
      'GET',
      `/esims/order?orderReference=${order.orderReference}`,
    );
    expect(status.body.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    const listed = await call(
      sim.baseUrl,
      sim.defaultAccount,
      'GET',
      `/esims?search=${order.esims[0].iccid}`,
    );
    expect(listed.body.data.esims[0].status).toBe('CANCELLED');
  });

  it('answers 409 ALREADY_CANCELLED for a cancelled order', async () => {
    const order = await buy(sim, sim.defaultAccount, ownNetwork);
    await post('/esims/cancel', { iccid: order.esims[0].iccid });
    const again = await post('/esims/cancel', { iccid: order.esims[0].iccid });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_CANCELLED');
  });

  it('answers NOT_ELIGIBLE with details.ineligibleEsims when an eSIM of the order was activated', async () => {
    const order = await buy(sim, sim.defaultAccount, ownNetwork, '&type=local', { quantity: 2 });
    await control(sim, 'POST', '/esims/activate', { iccid: order.esims[1].iccid });
    const before = await balanceOf(sim, sim.defaultAccount);
    const res = await post('/esims/cancel', { iccid: order.esims[0].iccid });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('NOT_ELIGIBLE');
    expect(res.body.details.ineligibleEsims).toEqual([
      expect.objectContaining({ iccid: order.esims[1].iccid, status: 'ACTIVE' }),
    ]);
    expect(await balanceOf(sim, sim.defaultAccount)).toBe(before);
  });

  it('answers NOT_ELIGIBLE for an eSIM installed on a device, though not yet activated', async () => {
    const order = await buy(sim, sim.defaultAccount, ownNetwork);
    await control(sim, 'POST', '/esims/install', { iccid: order.esims[0].iccid });
    const before = await balanceOf(sim, sim.defaultAccount);
    const res = await post('/esims/cancel', { iccid: order.esims[0].iccid });
    expect(res.body.code).toBe('NOT_ELIGIBLE');
    expect(res.body.details.ineligibleEsims).toEqual([
      expect.objectContaining({ iccid: order.esims[0].iccid, status: 'NEW', reason: 'installed' }),
    ]);
    expect(await balanceOf(sim, sim.defaultAccount)).toBe(before);
  });

  it('refunds by the method the control API forces, until it gives the choice back', async () => {
    await control(sim, 'PUT', '/cancellations/refund-method', { method: 'refund_request' });
    try {
      const own = await buy(sim, sim.defaultAccount, ownNetwork);
      const forced = await post('/esims/cancel', { iccid: own.esims[0].iccid });
      expect(forced.body.data).toMatchObject({ refund_method: 'refund_request', balance_credited: false });
    } finally {
      await control(sim, 'PUT', '/cancellations/refund-method', { method: 'provider' });
    }
    const own = await buy(sim, sim.defaultAccount, ownNetwork);
    const usual = await post('/esims/cancel', { iccid: own.esims[0].iccid });
    expect(usual.body.data).toMatchObject({ refund_method: 'balance', balance_credited: true });
    expect((await control(sim, 'PUT', '/cancellations/refund-method', { method: 'cash' })).status).toBe(400);
  });

  it('opens a refund request for a partner order; the balance is credited only when it is settled', async () => {
    const order = await buy(sim, sim.defaultAccount, partner(true));
    const before = await balanceOf(sim, sim.defaultAccount);
    const res = await post('/esims/cancel', { esimId: order.esimId });
    expect(res.body.data).toMatchObject({ refund_method: 'refund_request', balance_credited: false });
    expect(await balanceOf(sim, sim.defaultAccount)).toBe(before);
    await control(sim, 'POST', '/refunds/settle', { orderReference: order.orderReference });
    expect(await balanceOf(sim, sim.defaultAccount)).toBe(
      Math.round((before + order.final_price) * 100) / 100,
    );
  });

  it('settles enterprise refunds separately', async () => {
    const enterprise = accountOf(sim, 'enterprise');
    const order = await buy(sim, enterprise, (p) => p[0], '');
    const res = await post('/esims/cancel', { iccid: order.esims[0].iccid }, enterprise);
    expect(res.body.data).toMatchObject({
      refund_method: 'separate',
      balance_credited: false,
      currency: 'EUR',
    });
  });

  it('answers 403 FORBIDDEN for another account’s eSIM and MISSING_IDENTIFIER without one', async () => {
    const order = await buy(sim, sim.defaultAccount, ownNetwork);
    const foreign = await post(
      '/esims/cancel',
      { iccid: order.esims[0].iccid },
      accountOf(sim, 'business', 'IQD'),
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('FORBIDDEN');
    expect((await post('/esims/cancel', {})).body.code).toBe('MISSING_IDENTIFIER');
    expect((await post('/esims/cancel', { esimId: 999_999 })).body.code).toBe('ESIM_NOT_FOUND');
  });
});

describe('POST /esims/send-sms', () => {
  it('sends an SMS of up to 500 characters to an installed eSIM', async () => {
    const order = await buy(sim, sim.defaultAccount, ownNetwork);
    const iccid = order.esims[0].iccid;
    await control(sim, 'POST', '/esims/install', { iccid });
    const text = 'م'.repeat(500);
    const res = await post('/esims/send-sms', { iccid, message: text });
    expect(res.body).toEqual({ success: true, message: 'SMS sent' });
    const sent = await control(sim, 'GET', `/esims/sms?iccid=${iccid}`);
    expect(sent.body.messages.map((m: { message: string }) => m.message)).toEqual([text]);
  });

  it('answers MISSING_MESSAGE and MESSAGE_TOO_LONG', async () => {
    const order = await buy(sim, sim.defaultAccount, ownNetwork);
    const iccid = order.esims[0].iccid;
    expect((await post('/esims/send-sms', { iccid })).body.code).toBe('MISSING_MESSAGE');
    const long = await post('/esims/send-sms', { iccid, message: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('MESSAGE_TOO_LONG');
  });

  it('answers SMS_NOT_SUPPORTED where the provider has no SMS', async () => {
    const order = await buy(sim, sim.defaultAccount, partner(false), '&type=global');
    const res = await post('/esims/send-sms', { iccid: order.esims[0].iccid, message: 'hello' });
    expect(res.body.code).toBe('SMS_NOT_SUPPORTED');
  });

  it('answers SMS_FAILED when the eSIM cannot receive it (not installed)', async () => {
    const order = await buy(sim, sim.defaultAccount, ownNetwork);
    const res = await post('/esims/send-sms', { iccid: order.esims[0].iccid, message: 'hello' });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('SMS_FAILED');
  });
});
