import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator } from '../../electron/simulator/index';
import { errorMessage } from '../../renderer/src/i18n/error-messages';
import { dateTime } from '../../renderer/src/i18n/format';
import type { Sale } from '../../shared/domain/sale';
import type { PosError } from '../../shared/errors';
import { unwrap } from '../support/core-harness';
import { type Counter, cheapest, control, SEED, startCounter } from './money-support';

/**
 * The provider's day of requests nearly spent: what the counter says, and what still works. The
 * simulator's windows and the requests already spent are set through its control API; every request
 * goes over real HTTP.
 */

let counter: Counter | null = null;

afterEach(async () => {
  await counter?.close();
  counter = null;
});

const HOUR_MS = 3_600_000;

/**
 * A counter that has sold an eSIM, whose account has then spent `used` of its 10,000 requests of the
 * day, the day resetting in 20 hours.
 */
async function dayNearlySpent(used: number): Promise<{ c: Counter; iccid: string; resetAt: string }> {
  const sim = await startSimulator({
    port: 0,
    seed: SEED,
    balance: 500,
    // The minute and the hour have room: the day is the window with the least, as on a busy day.
    rateLimit: { perMinute: 1000, perHour: 5000, perDay: 10_000 },
  });
  const c = await startCounter({}, { sim });
  counter = {
    ...c,
    close: async () => {
      await c.close();
      await sim.close();
    },
  };
  const iccid = (await sell(c)).esims[0]?.iccid ?? '';
  const resetAt = new Date(Date.now() + 20 * HOUR_MS).toISOString();
  await control(sim, 'POST', '/rate-limits/used', {
    accessCode: sim.defaultAccount.accessCode,
    window: 'day',
    used,
    resetAt,
  });
  return { c, iccid, resetAt };
}

async function sell(c: Counter): Promise<Extract<Sale, { state: 'completed' }>> {
  const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: cheapest(c.packages).code, quantity: 1 }));
  if (sale.state !== 'completed') throw new Error(`the sale ended ${sale.state}`);
  return sale;
}

async function refusedLookup(c: Counter, iccid: string): Promise<PosError> {
  const looked = await c.h.call('lookupEsim', { iccid });
  if (looked.ok) throw new Error('the lookup went through');
  return looked.error;
}

describe("the provider's daily request budget", () => {
  it('nearly spent: a lookup is refused until the day resets, saying the rest is kept for sales, and a sale still goes through', async () => {
    const { c, iccid, resetAt } = await dayNearlySpent(9_549);
    // The lookup's first read goes through; its answer says 450 of 10,000 are left. The lookup's next
    // read is held back by the counter itself, which keeps the last twentieth of the day for sales.
    const refused = await refusedLookup(c, iccid);
    expect(refused.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(refused.details).toMatchObject({
      retryAt: resetAt,
      budget: { limit: 10_000, left: 450, resetAt, keptForSales: true },
    });
    const english = errorMessage(refused, 'en');
    expect(english).toBe(
      `The provider's request budget is nearly spent: 450 of 10,000 requests left until ${dateTime(resetAt, 'en')}, kept for sales. Selling eSIMs still works; lookups, top-ups and checks with the provider wait until then.`,
    );
    expect(english).not.toMatch(/just now|Wait a/);
    expect(errorMessage(refused, 'ar')).toContain(`حتى ${dateTime(resetAt, 'ar')}، محجوزة للبيع`);
    // What the words say still works does.
    expect((await sell(c)).state).toBe('completed');
  });

  it('spent: every request waits for the reset, and the words say nothing can be sold until then', async () => {
    const { c, iccid, resetAt } = await dayNearlySpent(10_000);
    // The provider refuses the lookup and says the day is spent; after it nothing is sent, not even a sale.
    const refused = await refusedLookup(c, iccid);
    expect(refused.details).toMatchObject({ budget: { left: 0, resetAt, keptForSales: false } });
    expect(errorMessage(refused, 'en')).toBe(
      `The provider takes no more requests from this account until ${dateTime(resetAt, 'en')}: nothing can be sold, topped up or looked up until then. The drawer, receipts and reports still work.`,
    );
    const sale = await c.h.call<Sale>('sell', { packageCode: cheapest(c.packages).code, quantity: 1 });
    const failed = sale.ok && sale.value.state === 'failed' ? sale.value.error : null;
    expect(failed?.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(failed?.details).toMatchObject({ budget: { left: 0, keptForSales: false } });
  });
});
