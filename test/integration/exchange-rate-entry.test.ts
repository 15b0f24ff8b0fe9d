import { afterEach, describe, expect, it } from 'vitest';
import type { ExchangeRate } from '../../shared/domain/till';
import type { Result } from '../../shared/errors';
import { unwrap } from '../support/core-harness';
import { dayAroundNow, hireStaff } from './end-of-day-support';
import { type Counter, startCounter } from './money-support';

// The day's rate as a manager types it, through the PosApi of a real core on a real journal: the
// way people write a number is read, and a rate that moves far from the pair's last one is set only
// once the manager has confirmed it, the last rate named in the refusal.
let counter: Counter | null = null;

afterEach(async () => {
  await counter?.close();
  counter = null;
});

describe("the day's exchange rate", () => {
  it('reads separators and Arabic digits, and asks again before a rate moves more than 10 %', async () => {
    counter = await startCounter();
    const { h } = counter;
    const staff = await hireStaff(h);
    const { approval } = staff;
    // The rates read back are the business day's: one that began hours ago holds all test long.
    await dayAroundNow(h, staff);
    const setRate = (buy: string, sell: string, confirmMove?: boolean): Promise<Result<ExchangeRate>> =>
      h.call<ExchangeRate>('setExchangeRate', {
        base: 'USD',
        quote: 'IQD',
        buy,
        sell,
        per: 1,
        ...(confirmMove === undefined ? {} : { confirmMove }),
        approval,
      });

    // The first rate of the pair has nothing to move from.
    expect(unwrap(await setRate('1,460', '١٬٤٧٠'))).toMatchObject({
      buyPer100: 146_000,
      sellPer100: 147_000,
    });

    // Within 10 %: set at once.
    expect(unwrap(await setRate('1 500', '1,510.5'))).toMatchObject({
      buyPer100: 150_000,
      sellPer100: 151_050,
    });

    // A per-100 figure typed as per-1: refused, naming the last rate, nothing set.
    const far = await setRate('150,000', '151,050');
    expect(far).toMatchObject({
      ok: false,
      error: { code: 'CONFIRMATION_REQUIRED', details: { field: 'rate', previous: { sellPer100: 151_050 } } },
    });
    expect(unwrap(await h.call<{ rates: ExchangeRate[] }>('getTill')).rates[0]?.sellPer100).toBe(151_050);

    // One side moving far is enough to ask.
    expect(await setRate('1,500', '1,700')).toMatchObject({
      ok: false,
      error: { code: 'CONFIRMATION_REQUIRED' },
    });

    // Confirmed, it applies.
    expect(unwrap(await setRate('150,000', '151,050', true))).toMatchObject({ sellPer100: 15_105_000 });

    // What cannot be read for certain is refused by name.
    for (const unreadable of ['1,46', '1.460.5', '14,60,000']) {
      expect(await setRate(unreadable, '1,510')).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT', details: { issues: [{ path: 'buy', problem: 'not_a_number' }] } },
      });
    }
  });
});
