import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../electron/simulator';
import {
  OrderCompletedResultSchema,
  OrderReplayResultSchema,
  OrderStatusResponseSchema,
} from '../../shared/api';
import { iccidProblem, isIssuedIccid, isValidIccid } from '../../shared/iccid';
import { parseLpa } from '../../shared/lpa';
import { accountOf, balanceOf, findPackages, ledger, setBalance } from './support/fixtures';
import { call, control, type Json } from './support/signed-fetch';
import { startSimulator } from './support/tidy-simulator';

let sim: RunningSimulator;
let pkg: Json;
let other: Json;
const order = (body: unknown, account = sim.defaultAccount) =>
  call(sim.baseUrl, account, 'POST', '/esims/order', { body });

beforeAll(async () => {
  sim = await startSimulator({ seed: 21, rateLimit: { perMinute: 1000, perHour: 10_000, perDay: 100_000 } });
  const iraq = await findPackages(sim, sim.defaultAccount, '&search=iraq&type=local');
  pkg = iraq.find((p) => !p.is_unlimited && !p.is_recurring);
  other = iraq.find((p) => p.package_code !== pkg.package_code && !p.is_unlimited);
});
afterAll(() => sim.close());
beforeEach(async () => {
  sim.setFaults({ latencyMs: 0, failRate: 0, paths: [] });
  await setBalance(sim, sim.defaultAccount, 1000);
});

describe('POST /esims/order', () => {
  it('completes an order: debits the balance once and returns the eSIM with LPA, QR and volume in bytes', async () => {
    const res = await order({ packageCode: pkg.package_code, idempotency_key: 'complete-1' });
    expect(res.status).toBe(200);
    const result = OrderCompletedResultSchema.parse(res.body);
    expect(result).toMatchObject({
      status: 'completed',
      paymentMethod: 'balance',
      currency: 'USD',
      packageName: pkg.name,
      final_price: pkg.cost,
      amount: pkg.cost,
    });
    expect(result.newBalance).toBe(Math.round((1000 - pkg.cost) * 100) / 100);
    expect(await balanceOf(sim, sim.defaultAccount)).toBe(result.newBalance);
    const [esim] = result.esims;
    expect(result.esims).toHaveLength(1);
    expect(isValidIccid(esim?.iccid ?? '')).toBe(true);
    expect(esim?.status).toBe('New');
    expect(esim?.total_volume).toBe(pkg.data_amount_gb * 1073741824);
    const lpa = parseLpa(result.lpaString);
    expect(lpa.ok).toBe(true);
    expect(result.lpaString).toBe(esim?.lpaString);
    expect(result.qrCodeUrl).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(result.esimId).toEqual(expect.any(Number));
  });

  it('accepts quantity 1 to 10 and charges for each eSIM', async () => {
    const res = await order({ packageCode: pkg.package_code, quantity: 10 });
    expect(res.status).toBe(200);
    expect(res.body.esims).toHaveLength(10);
    expect(new Set(res.body.esims.map((e: { iccid: string }) => e.iccid)).size).toBe(10);
    expect(res.body.final_price).toBe(Math.round(pkg.cost * 10 * 100) / 100);
    expect(res.body.newBalance).toBe(Math.round((1000 - pkg.cost * 10) * 100) / 100);
  });

  it.each([0, 11, 1.5, '2'])(
    'rejects quantity %j with a 400 naming quantity, charging nothing',
    async (quantity) => {
      const res = await order({ packageCode: pkg.package_code, quantity });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(/quantity/);
      expect(await balanceOf(sim, sim.defaultAccount)).toBe(1000);
    },
  );

  it('issues ICCIDs whose check digit is wrong when asked to, as some issuers do, and finds them as issued', async () => {
    sim.setFaults({ wrongCheckDigitRate: 1 });
    const res = await order({ packageCode: pkg.package_code, quantity: 2, idempotency_key: 'wrong-check-1' });
    sim.setFaults({ wrongCheckDigitRate: 0 });
    const iccids = OrderCompletedResultSchema.parse(res.body).esims.map((esim) => esim.iccid);
    expect(iccids).toHaveLength(2);
    for (const iccid of iccids) {
      expect(iccidProblem(iccid)).toBe('check_digit');
      expect(isIssuedIccid(iccid)).toBe(true);
      const usage = await call(sim.baseUrl, sim.defaultAccount, 'GET', `/esims/usage/query?iccid=${iccid}`);
      expect(usage.body).toMatchObject({ success: true, data: { esim: { iccid } } });
    }
  });

  it('answers 400 MISSING_PACKAGE_CODE without packageCode', async () => {
    const res = await order({ quantity: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'MISSING_PACKAGE_CODE' });
  });

  it('answers 400 INVALID_PACKAGE for an unknown code, and never trims or reformats a code', async () => {
    const unknown = await order({ packageCode: 'NO-SUCH-PACKAGE' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('INVALID_PACKAGE');
    const padded = await order({ packageCode: ` ${pkg.package_code}` });
    expect(padded.body.code).toBe('INVALID_PACKAGE');
  });

  it('answers 404 PACKAGE_NOT_FOUND for an enterprise code not owned, or inactive', async () => {
    const enterprise = accountOf(sim, 'enterprise');
    const listed = await control(sim, 'GET', `/catalogue/enterprise?accessCode=${enterprise.accessCode}`);
    const active = listed.body.packages.find((p: { active: boolean }) => p.active);
    const inactive = listed.body.packages.find((p: { active: boolean }) => !p.active);
    const notOwned = await order({ packageCode: active.packageCode });
    expect(notOwned.status).toBe(404);
    expect(notOwned.body.code).toBe('PACKAGE_NOT_FOUND');
    const off = await order({ packageCode: inactive.packageCode }, enterprise);
    expect(off.status).toBe(404);
    expect(off.body.code).toBe('PACKAGE_NOT_FOUND');
    const mine = await order({ packageCode: active.packageCode }, enterprise);
    expect(mine.status).toBe(200);
    expect(mine.body.currency).toBe('EUR');
  });

  it('accepts the legacy fields and charges the current price; a different price is PRICE_MISMATCH', async () => {
    const legacy = { packageCode: pkg.package_code, packageName: 'whatever', duration: 1, flagUrl: 'x' };
    const same = await order({ ...legacy, price: pkg.cost });
    expect(same.status).toBe(200);
    expect(same.body.final_price).toBe(pkg.cost);
    expect(same.body.packageName).toBe(pkg.name);
    const before = await balanceOf(sim, sim.defaultAccount);
    const cheaper = await order({ ...legacy, price: pkg.cost - 0.01 });
    expect(cheaper.status).toBe(400);
    expect(cheaper.body.code).toBe('PRICE_MISMATCH');
    expect(await balanceOf(sim, sim.defaultAccount)).toBe(before);
  });

  it('accepts recurring only for recurring-capable packages (NOT_SUPPORTED otherwise)', async () => {
    const refused = await order({ packageCode: pkg.package_code, recurring: true });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('NOT_SUPPORTED');
    const capable = (await findPackages(sim, sim.defaultAccount, '&type=local')).find((p) => p.is_recurring);
    const accepted = await order({ packageCode: capable.package_code, recurring: true });
    expect(accepted.status).toBe(200);
  });

  it('answers 400 INSUFFICIENT_BALANCE with currentBalance, requiredBalance and needToLoad; nothing is charged', async () => {
    await setBalance(sim, sim.defaultAccount, 1);
    const entries = (await ledger(sim, sim.defaultAccount)).length;
    const res = await order({ packageCode: pkg.package_code, quantity: 2 });
    expect(res.status).toBe(400);
    const required = Math.round(pkg.cost * 2 * 100) / 100;
    expect(res.body).toMatchObject({
      success: false,
      code: 'INSUFFICIENT_BALANCE',
      currentBalance: 1,
      requiredBalance: required,
      needToLoad: Math.round((required - 1) * 100) / 100,
    });
    expect(await balanceOf(sim, sim.defaultAccount)).toBe(1);
    expect(await ledger(sim, sim.defaultAccount)).toHaveLength(entries);
  });

  it('charges IQD accounts whole dinars', async () => {
    const iqd = accountOf(sim, 'business', 'IQD');
    const [iqdPkg] = await findPackages(sim, iqd, '&type=regional');
    const before = await balanceOf(sim, iqd);
    const res = await order({ packageCode: iqdPkg.package_code }, iqd);
    expect(res.status).toBe(200);
    expect(res.body.currency).toBe('IQD');
    for (const field of ['newBalance', 'amount', 'final_price', 'profit']) {
      expect(Number.isInteger(res.body[field]), field).toBe(true);
    }
    expect(res.body.newBalance).toBe(before - iqdPkg.cost);
  });

  it('debits atomically: concurrent orders never overdraw the balance', async () => {
    await setBalance(sim, sim.defaultAccount, Math.round(pkg.cost * 3 * 100) / 100);
    sim.setFaults({ latencyMs: 40, jitterMs: 40, paths: ['POST /esims/order'] });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        order({ packageCode: pkg.package_code, idempotency_key: `atomic-${i}` }),
      ),
    );
    sim.setFaults({ latencyMs: 0, jitterMs: 0 });
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.body.code === 'INSUFFICIENT_BALANCE')).toHaveLength(5);
    expect(await balanceOf(sim, sim.defaultAccount)).toBe(0);
    // Each newBalance is the balance right after that order's own debit, as the ledger has it.
    const entries = await ledger(sim, sim.defaultAccount);
    for (const placed of results.filter((r) => r.status === 200)) {
      const entry = entries.find((e) => e.orderReference === placed.body.orderReference);
      expect(placed.body.newBalance).toBe(entry.balanceAfter);
    }
  });
});

describe('idempotency', () => {
  it('rule 1: the same key after completion replays the original order with duplicate:true and no second charge', async () => {
    const first = await order({ packageCode: pkg.package_code, idempotency_key: 'replay-1' });
    const again = await order({ packageCode: pkg.package_code, idempotency_key: 'replay-1' });
    expect(again.status).toBe(200);
    const replay = OrderReplayResultSchema.parse(again.body);
    expect(replay).toMatchObject({
      duplicate: true,
      orderReference: first.body.orderReference,
      status: 'completed',
    });
    expect(replay.esims.map((e) => e.iccid)).toEqual(first.body.esims.map((e: { iccid: string }) => e.iccid));
    expect(await balanceOf(sim, sim.defaultAccount)).toBe(first.body.newBalance);
    const charges = (await ledger(sim, sim.defaultAccount)).filter((e) => e.idempotencyKey === 'replay-1');
    expect(charges).toHaveLength(1);
  });

  it('rule 2: the same key while the first is in flight gets 409 DUPLICATE_REQUEST', async () => {
    sim.setFaults({ latencyMs: 300, paths: ['POST /esims/order'] });
    const [a, b] = await Promise.all([
      order({ packageCode: pkg.package_code, idempotency_key: 'inflight-1' }),
      new Promise((r) => setTimeout(r, 60)).then(() =>
        order({ packageCode: pkg.package_code, idempotency_key: 'inflight-1' }),
      ),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(409);
    expect(b.body).toMatchObject({ success: false, code: 'DUPLICATE_REQUEST' });
    expect(await balanceOf(sim, sim.defaultAccount)).toBe(a.body.newBalance);
  });

  it('rule 3: after a failed attempt the same key can be reused for a corrected retry', async () => {
    await setBalance(sim, sim.defaultAccount, 0);
    const failed = await order({ packageCode: pkg.package_code, idempotency_key: 'retry-1' });
    expect(failed.body.code).toBe('INSUFFICIENT_BALANCE');
    await setBalance(sim, sim.defaultAccount, 100);
    const retried = await order({ packageCode: pkg.package_code, idempotency_key: 'retry-1' });
    expect(retried.status).toBe(200);
    expect(retried.body.duplicate).toBeUndefined();
  });

  it('rule 3: a processing failure (500 ORDER_PROCESSING_ERROR) charges nothing and frees the key', async () => {
    sim.setFaults({ failRate: 1, paths: ['POST /esims/order'] });
    const failed = await order({ packageCode: pkg.package_code, idempotency_key: 'retry-2' });
    sim.setFaults({ failRate: 0 });
    expect(failed.status).toBe(500);
    expect(failed.body.code).toBe('ORDER_PROCESSING_ERROR');
    expect(await balanceOf(sim, sim.defaultAccount)).toBe(1000);
    const retried = await order({ packageCode: pkg.package_code, idempotency_key: 'retry-2' });
    expect(retried.status).toBe(200);
    expect(retried.body.orderReference).not.toBe(failed.body.details.orderReference);
  });

  it('rule 4: without a key, concurrent orders for one package are blocked (409), for two packages not', async () => {
    sim.setFaults({ latencyMs: 300, paths: ['POST /esims/order'] });
    const late = (body: unknown) => new Promise((r) => setTimeout(r, 60)).then(() => order(body));
    const [a, b, c] = await Promise.all([
      order({ packageCode: pkg.package_code }),
      late({ packageCode: pkg.package_code }),
      late({ packageCode: other.package_code }),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(409);
    expect(b.body.code).toBe('DUPLICATE_REQUEST');
    expect(c.status).toBe(200);
  });

  it('rule 4: sequential keyless orders for the same package are all accepted', async () => {
    const a = await order({ packageCode: pkg.package_code });
    const b = await order({ packageCode: pkg.package_code });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.orderReference).not.toBe(b.body.orderReference);
  });

  it('refuses an idempotency_key longer than 200 characters', async () => {
    const res = await order({ packageCode: pkg.package_code, idempotency_key: 'k'.repeat(201) });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/idempotency_key/);
    const ok = await order({ packageCode: pkg.package_code, idempotency_key: 'k'.repeat(200) });
    expect(ok.status).toBe(200);
  });
});

describe('GET /esims/order', () => {
  it('returns the order status record of a completed order', async () => {
    const placed = await order({ packageCode: pkg.package_code, idempotency_key: 'status-1' });
    const res = await call(
      sim.baseUrl,
      sim.defaultAccount,
      'GET',
      `/esims/order?orderReference=${placed.body.orderReference}`,
    );
    expect(res.status).toBe(200);
    const { order: record } = OrderStatusResponseSchema.parse(res.body);
    expect(record).toMatchObject({
      orderReference: placed.body.orderReference,
      packageCode: pkg.package_code,
      status: 'completed',
      paymentMethod: 'balance',
      amount: pkg.cost,
      finalPrice: pkg.cost,
    });
    expect(record.esim).toMatchObject({
      iccid: placed.body.esims[0].iccid,
      isPending: false,
      lpaString: placed.body.lpaString,
      totalVolume: pkg.data_amount_gb * 1073741824,
    });
  });

  it('answers 404 ORDER_NOT_FOUND for an unknown reference and for another account’s order', async () => {
    const unknown = await call(
      sim.baseUrl,
      sim.defaultAccount,
      'GET',
      '/esims/order?orderReference=ORD-NOPE',
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 'ORDER_NOT_FOUND' });
    const placed = await order({ packageCode: pkg.package_code });
    const iqd = accountOf(sim, 'business', 'IQD');
    const foreign = await call(
      sim.baseUrl,
      iqd,
      'GET',
      `/esims/order?orderReference=${placed.body.orderReference}`,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('ORDER_NOT_FOUND');
  });
});

describe('the ledger (control API)', () => {
  it('records every charge with its order reference, key, amount and balance after', async () => {
    const placed = await order({ packageCode: pkg.package_code, idempotency_key: 'ledger-1', quantity: 2 });
    const entries = await ledger(sim, sim.defaultAccount);
    const last = entries.at(-1);
    expect(last).toMatchObject({
      kind: 'order',
      orderReference: placed.body.orderReference,
      idempotencyKey: 'ledger-1',
      amount: placed.body.final_price,
      currency: 'USD',
      balanceAfter: placed.body.newBalance,
    });
    expect(Date.parse(last.time)).not.toBeNaN();
    // Every entry explains the balance: the running sum of changes is the balance after.
    let running = 0;
    for (const e of entries) {
      running +=
        e.kind === 'adjustment' ? e.amountMinor : e.kind === 'refund' ? e.amountMinor : -e.amountMinor;
      expect(running).toBe(e.balanceAfterMinor);
    }
  });
});

describe('idempotency keys kept for a limited time (keyRetentionMs)', () => {
  it('replays a key within the retention, and places a new order for a key older than it', async () => {
    const forgetful = await startSimulator({ seed: 21, keyRetentionMs: 60 * 60_000 });
    try {
      const body = { packageCode: pkg.package_code, idempotency_key: 'kept-for-an-hour' };
      const first = await call(forgetful.baseUrl, forgetful.defaultAccount, 'POST', '/esims/order', { body });
      expect(first.status).toBe(200);
      const again = await call(forgetful.baseUrl, forgetful.defaultAccount, 'POST', '/esims/order', { body });
      expect(again.body).toMatchObject({ duplicate: true, orderReference: first.body.orderReference });
      // Two hours later (the server's clock moved on), the key is forgotten: a new order, a new charge.
      const later = Date.now() + 2 * 60 * 60_000;
      forgetful.setFaults({ clockOffsetMs: 2 * 60 * 60_000 });
      const forgotten = await call(forgetful.baseUrl, forgetful.defaultAccount, 'POST', '/esims/order', {
        body,
        timestamp: String(later),
      });
      expect(forgotten.status).toBe(200);
      expect(forgotten.body.duplicate).toBeUndefined();
      expect(forgotten.body.orderReference).not.toBe(first.body.orderReference);
      const charges = (await ledger(forgetful, forgetful.defaultAccount)).filter(
        (e: Json) => e.kind === 'order',
      );
      expect(charges).toHaveLength(2);
    } finally {
      await forgetful.close();
    }
  });
});
