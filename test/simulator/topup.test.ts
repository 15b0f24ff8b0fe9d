import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../electron/simulator';
import { TopUpPackageListResponseSchema, TopUpResultSchema } from '../../shared/api';
import { accountOf, balanceOf, buy, ledger, ownNetwork, partner, setBalance } from './support/fixtures';
import { call, control, type Json } from './support/signed-fetch';
import { startSimulator } from './support/tidy-simulator';

let sim: RunningSimulator;
const topUps = (iccid: string, account = sim.defaultAccount) =>
  call(sim.baseUrl, account, 'GET', `/topup/packages?iccid=${iccid}`);
const topUp = (body: unknown, account = sim.defaultAccount) =>
  call(sim.baseUrl, account, 'POST', '/topup/order', { body });

beforeAll(async () => {
  sim = await startSimulator({ seed: 61, rateLimit: { perMinute: 1000, perHour: 10_000, perDay: 100_000 } });
});
afterAll(() => sim.close());

describe('GET /topup/packages', () => {
  it('lists only top-ups compatible with the eSIM (same provider and location)', async () => {
    const iraq = await buy(sim, sim.defaultAccount, ownNetwork, '&search=IQ&type=local');
    const jordan = await buy(sim, sim.defaultAccount, ownNetwork, '&search=JO&type=local');
    const a = TopUpPackageListResponseSchema.parse((await topUps(iraq.esims[0].iccid)).body);
    const b = TopUpPackageListResponseSchema.parse((await topUps(jordan.esims[0].iccid)).body);
    expect(a.data.packages.length).toBeGreaterThan(0);
    expect(a.data.packages.every((p) => p.name.includes('Iraq') && p.currency === 'USD')).toBe(true);
    const codes = new Set(a.data.packages.map((p) => p.package_code));
    expect(b.data.packages.some((p) => codes.has(p.package_code))).toBe(false);
    expect(a.data.pagination.limit).toBe(50);
  });

  it('allows a NEW eSIM only when the service provides it; partner eSIMs must be ACTIVE first', async () => {
    const own = await buy(sim, sim.defaultAccount, ownNetwork);
    expect((await topUps(own.esims[0].iccid)).status).toBe(200);
    const other = await buy(sim, sim.defaultAccount, partner(true));
    const refused = await topUps(other.esims[0].iccid);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('ESIM_NOT_TOPPABLE');
    expect(refused.body.message).toContain('NEW');
    await control(sim, 'POST', '/esims/activate', { iccid: other.esims[0].iccid });
    expect((await topUps(other.esims[0].iccid)).status).toBe(200);
  });

  it.each([
    ['ACTIVE', true],
    ['DEPLETED', true],
    ['USED_EXPIRED', true],
    ['EXPIRED', false],
    ['CANCELLED', false],
    ['DELETED', false],
  ])('treats status %s as toppable: %s (the message names the status)', async (status, toppable) => {
    const order = await buy(sim, sim.defaultAccount, ownNetwork);
    await control(sim, 'POST', '/esims/status', { iccid: order.esims[0].iccid, status });
    const res = await topUps(order.esims[0].iccid);
    expect(res.status).toBe(toppable ? 200 : 400);
    if (!toppable) expect(res.body.message).toContain(status);
  });

  it('answers 400 MISSING_ICCID and 403 ESIM_ACCESS_DENIED', async () => {
    const missing = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/topup/packages');
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('MISSING_ICCID');
    const own = await buy(sim, sim.defaultAccount, ownNetwork);
    const foreign = await topUps(own.esims[0].iccid, accountOf(sim, 'business', 'IQD'));
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('ESIM_ACCESS_DENIED');
    expect((await topUps('8944476000000000000')).body.code).toBe('ESIM_ACCESS_DENIED');
  });

  it('answers 500 "Failed to fetch top-up packages" when the 5xx fault strikes', async () => {
    const own = await buy(sim, sim.defaultAccount, ownNetwork);
    sim.setFaults({ failRate: 1, paths: ['/topup/packages'] });
    try {
      const res = await topUps(own.esims[0].iccid);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ success: false, error: 'Failed to fetch top-up packages' });
    } finally {
      sim.setFaults({ failRate: 0, paths: [] });
    }
  });
});

describe('POST /topup/order', () => {
  async function toppable(): Promise<{ order: Json; pkg: Json }> {
    const order = await buy(sim, sim.defaultAccount, ownNetwork, '&search=IQ&type=local');
    const iccid = order.esims[0].iccid;
    await control(sim, 'POST', '/esims/activate', { iccid });
    const [pkg] = (await topUps(iccid)).body.data.packages;
    return { order, pkg };
  }

  it('adds volume and validity, charges the balance and returns esimData', async () => {
    const { order, pkg } = await toppable();
    const iccid = order.esims[0].iccid;
    await control(sim, 'POST', '/esims/consume', { iccid, mb: 100 });
    const before = await balanceOf(sim, sim.defaultAccount);
    const expiryBefore = Date.parse(
      (await call(sim.baseUrl, sim.defaultAccount, 'GET', `/esims?search=${iccid}`)).body.data.esims[0]
        .validity.expires_at,
    );
    const res = await topUp({ iccid, packageCode: pkg.package_code });
    const result = TopUpResultSchema.parse(res.body);
    const totalGb = order.pkg.data_amount_gb + pkg.data_amount_gb;
    expect(result).toMatchObject({ iccid, status: 'completed', amount: pkg.cost, currency: 'USD' });
    expect(result.newBalance).toBe(Math.round((before - pkg.cost) * 100) / 100);
    expect(result.esimData.newTotalVolumeGB).toBe(totalGb);
    expect(result.esimData.newRemainingVolumeGB).toBe(
      Math.round(((totalGb * 1024 - 100) / 1024) * 1000) / 1000,
    );
    expect(Date.parse(result.esimData.expiredTime) - expiryBefore).toBe(pkg.validity_days * 86_400_000);
    expect((await ledger(sim, sim.defaultAccount)).at(-1)).toMatchObject({
      kind: 'topup',
      orderReference: result.orderReference,
      amount: pkg.cost,
      idempotencyKey: null,
    });
  });

  it('makes a DEPLETED eSIM ACTIVE again', async () => {
    const { order, pkg } = await toppable();
    const iccid = order.esims[0].iccid;
    await control(sim, 'POST', '/esims/consume', { iccid, mb: order.pkg.data_amount_gb * 1024 });
    const res = await topUp({ iccid, packageCode: pkg.package_code, quantity: 2 });
    expect(res.body.esimData.newRemainingVolumeGB).toBe(pkg.data_amount_gb * 2);
    expect(res.body.amount).toBe(Math.round(pkg.cost * 2 * 100) / 100);
    const listed = await call(sim.baseUrl, sim.defaultAccount, 'GET', `/esims?search=${iccid}`);
    expect(listed.body.data.esims[0].status).toBe('ACTIVE');
  });

  it('answers MISSING_FIELDS, ESIM_NOT_FOUND, INVALID_TOPUP_PACKAGE and ESIM_NOT_TOPPABLE', async () => {
    const { order, pkg } = await toppable();
    const iccid = order.esims[0].iccid;
    const missing = await topUp({ iccid });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('MISSING_FIELDS');
    expect(missing.body.message).toContain('packageCode');
    const unknown = await topUp({ iccid: '8944476000000000000', packageCode: pkg.package_code });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('ESIM_NOT_FOUND');
    const wrong = await topUp({ iccid, packageCode: order.pkg.package_code });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVALID_TOPUP_PACKAGE');
    await control(sim, 'POST', '/esims/expire', { iccid });
    const expired = await topUp({ iccid, packageCode: pkg.package_code });
    expect(expired.body.code).toBe('ESIM_NOT_TOPPABLE');
    expect(expired.body.message).toContain('EXPIRED');
  });

  it('answers TOPUP_NOT_SUPPORTED for a package that cannot be recharged', async () => {
    const order = await buy(sim, sim.defaultAccount, partner(false), '&type=global');
    await control(sim, 'POST', '/esims/activate', { iccid: order.esims[0].iccid });
    const res = await topUp({ iccid: order.esims[0].iccid, packageCode: 'TOPUP-ANY' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('TOPUP_NOT_SUPPORTED');
  });

  it('answers INSUFFICIENT_BALANCE with the three amounts and changes nothing', async () => {
    const { order, pkg } = await toppable();
    await setBalance(sim, sim.defaultAccount, 0.5);
    try {
      const res = await topUp({ iccid: order.esims[0].iccid, packageCode: pkg.package_code });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'INSUFFICIENT_BALANCE',
        currentBalance: 0.5,
        requiredBalance: pkg.cost,
        needToLoad: Math.round((pkg.cost - 0.5) * 100) / 100,
      });
      expect(await balanceOf(sim, sim.defaultAccount)).toBe(0.5);
    } finally {
      await setBalance(sim, sim.defaultAccount, 500);
    }
  });

  it("a top-up placed on the provider's side only (control API) is listed as a top-up order, dated as asked", async () => {
    const { order, pkg } = await toppable();
    const iccid = order.esims[0].iccid;
    const at = new Date(Date.now() - 2_000).toISOString();
    const placed = await control(sim, 'POST', '/topups/place', {
      accessCode: sim.defaultAccount.accessCode,
      iccid,
      packageCode: pkg.package_code,
      at,
    });
    expect(placed.status).toBe(200);
    expect(placed.body.createdAt).toBe(at);
    const listed = await call(
      sim.baseUrl,
      sim.defaultAccount,
      'GET',
      `/orders?search=${placed.body.orderReference}`,
    );
    expect(listed.body.data.orders).toMatchObject([
      {
        order_reference: placed.body.orderReference,
        package_code: pkg.package_code,
        created_at: at,
        esim: { iccid },
      },
    ]);
    const charged = (await ledger(sim, sim.defaultAccount)).filter(
      (e) => e.orderReference === placed.body.orderReference,
    );
    expect(charged).toMatchObject([{ kind: 'topup' }]);
    const refused = await control(sim, 'POST', '/topups/place', {
      accessCode: sim.defaultAccount.accessCode,
      iccid,
      packageCode: 'NOT-A-TOPUP',
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { error: expect.stringContaining('INVALID_TOPUP_PACKAGE') },
    });
  });
});
