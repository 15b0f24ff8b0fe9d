import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../electron/simulator';
import { BalanceResponseSchema } from '../../shared/api';
import { call, control } from './support/signed-fetch';
import { startSimulator } from './support/tidy-simulator';

let sim: RunningSimulator;
const account = (kind: string, currency: string) => {
  const found = sim.accounts.find((a) => a.kind === kind && a.currency === currency);
  if (!found) throw new Error(`no ${kind} ${currency} account`);
  return found;
};

beforeAll(async () => {
  sim = await startSimulator({ seed: 12, balance: 123.45 });
});
afterAll(() => sim.close());

describe('GET /balance', () => {
  it('returns {success, data:{balance, currency}} for a business account, with the opening balance given', async () => {
    const res = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/balance');
    expect(res.status).toBe(200);
    expect(BalanceResponseSchema.parse(res.body)).toEqual({
      success: true,
      data: { balance: 123.45, currency: 'USD' },
    });
    expect(res.body.data.source).toBeUndefined();
  });

  it('gives IQD balances as whole numbers', async () => {
    const res = await call(sim.baseUrl, account('business', 'IQD'), 'GET', '/balance');
    expect(res.body.data.currency).toBe('IQD');
    expect(Number.isInteger(res.body.data.balance)).toBe(true);
  });

  it('marks an enterprise balance with source, account, live and as_of; a repeated read is a cached one', async () => {
    const enterprise = account('enterprise', 'EUR');
    const first = await call(sim.baseUrl, enterprise, 'GET', '/balance');
    expect(first.body.data).toMatchObject({ currency: 'EUR', source: 'enterprise', live: true });
    expect(first.body.data.account).toEqual(expect.any(String));
    expect(Date.parse(first.body.data.as_of)).not.toBeNaN();
    // Balance loaded outside the API shows once the cached reading expires, not before.
    await control(sim, 'POST', '/accounts/balance', { accessCode: enterprise.accessCode, balance: 5000 });
    const second = await call(sim.baseUrl, enterprise, 'GET', '/balance');
    expect(second.body.data).toMatchObject({
      live: false,
      as_of: first.body.data.as_of,
      balance: first.body.data.balance,
    });
  });

  it('answers 404 {success:false, error:"User not found"} with no code when the user is gone', async () => {
    const iqd = account('business', 'IQD');
    await control(sim, 'POST', '/accounts/user', { accessCode: iqd.accessCode, exists: false });
    try {
      const res = await call(sim.baseUrl, iqd, 'GET', '/balance');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'User not found' });
    } finally {
      await control(sim, 'POST', '/accounts/user', { accessCode: iqd.accessCode, exists: true });
    }
  });

  it('answers 500 "Failed to fetch balance" when the 5xx fault strikes', async () => {
    sim.setFaults({ failRate: 1, paths: ['GET /balance'] });
    try {
      const res = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/balance');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ success: false, error: 'Failed to fetch balance' });
    } finally {
      sim.setFaults({ failRate: 0, paths: [] });
    }
  });
});
