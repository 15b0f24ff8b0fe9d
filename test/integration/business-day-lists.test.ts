import { afterEach, describe, expect, it } from 'vitest';
import type { SaleSummary } from '../../shared/domain/sale';
import type { BusinessDayPeriod } from '../../shared/domain/shift';
import type { TopUp } from '../../shared/domain/topup';
import { unwrap } from '../support/core-harness';
import { TestClock } from '../support/test-clock';
import { dayInBaghdad, hireStaff, sell } from './end-of-day-support';
import { type Counter, cheapest, rechargeableEsim, startCounter } from './money-support';

let counter: Counter | null = null;

afterEach(async () => {
  await counter?.close();
  counter = null;
});

describe("a day's lists read the shop's business day", () => {
  it('keeps a sale after midnight and before the cut-off in the evening’s day, in the shop’s zone', async () => {
    // 23:00 in Baghdad (UTC+3) on 14 March; the shop's day ends at 04:00 there.
    const clock = new TestClock(Date.parse('2027-03-14T20:00:00Z'));
    counter = await startCounter({}, { clock });
    const { h, packages } = counter;
    const staff = await hireStaff(h);
    await dayInBaghdad(h, staff);
    const pkg = cheapest(packages);
    const day = (asked: { day?: string } = {}) =>
      h.call<BusinessDayPeriod>('getBusinessDay', asked).then(unwrap);
    /** The sales listed in `period`, or every sale of the journal. */
    const listed = async (period?: BusinessDayPeriod): Promise<readonly string[]> => {
      const { sales } = unwrap(
        await h.call<{ sales: SaleSummary[] }>(
          'listSales',
          period ? { from: period.from, to: period.to } : {},
        ),
      );
      return sales.map((sale) => sale.id).sort();
    };

    const evening = await sell(h, pkg, { method: 'card' });
    expect(await day()).toEqual({
      day: '2027-03-14',
      from: '2027-03-14T01:00:00.000Z',
      to: '2027-03-15T01:00:00.000Z',
      today: '2027-03-14',
      dayCutOff: '04:00',
    });
    // 02:30 on the 15th in Baghdad: after midnight, before the cut-off, still the 14th's business day.
    clock.moveTo(Date.parse('2027-03-14T23:30:00Z'));
    const { iccid, option } = await rechargeableEsim(counter);
    const afterMidnight = await sell(h, pkg, { method: 'card' });
    const lateTopUp = unwrap(
      await h.call<TopUp>('topUp', { iccid, packageCode: option.code, tender: { method: 'card' } }),
    );
    const stillThe14th = await day();
    expect(stillThe14th.today).toBe('2027-03-14');
    // Every sale so far, the one after midnight and those made on the way to a rechargeable eSIM too.
    const soldOnThe14th = await listed();
    expect(soldOnThe14th).toEqual(expect.arrayContaining([evening.id, afterMidnight.id]));
    expect(await listed(stillThe14th)).toEqual(soldOnThe14th);

    // 04:30 in Baghdad: the 15th's business day has begun, and its list starts empty of the night's sales.
    clock.moveTo(Date.parse('2027-03-15T01:30:00Z'));
    const morning = await sell(h, pkg, { method: 'card' });
    const the15th = await day();
    expect(the15th).toEqual({
      day: '2027-03-15',
      from: '2027-03-15T01:00:00.000Z',
      to: '2027-03-16T01:00:00.000Z',
      today: '2027-03-15',
      dayCutOff: '04:00',
    });
    expect(await listed(the15th)).toEqual([morning.id]);
    // The day before, picked: the same window as it had while it was today, with today's day beside it.
    const picked = await day({ day: '2027-03-14' });
    expect(picked).toEqual({ ...stillThe14th, today: '2027-03-15' });
    expect(await listed(picked)).toEqual(await listed(stillThe14th));
    const { topUps } = unwrap(
      await h.call<{ topUps: TopUp[] }>('listTopUps', { from: picked.from, to: picked.to }),
    );
    expect(topUps.map((topUp) => topUp.id)).toContain(lateTopUp.id);
    const { topUps: morningTopUps } = unwrap(
      await h.call<{ topUps: TopUp[] }>('listTopUps', { from: the15th.from, to: the15th.to }),
    );
    expect(morningTopUps).toEqual([]);
  });

  it('refuses a day after today, naming it and today', async () => {
    const clock = new TestClock(Date.parse('2027-03-15T01:30:00Z'));
    counter = await startCounter({}, { clock });
    const { h } = counter;
    const staff = await hireStaff(h);
    await dayInBaghdad(h, staff);
    const refused = await h.call('getBusinessDay', { day: '2027-03-16' });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: "The day 2027-03-16 is after today's business day, 2027-03-15.",
      },
    });
    const malformed = await h.call('getBusinessDay', { day: '15/03/2027' });
    expect(malformed).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(JSON.stringify(malformed)).toContain('a business day is YYYY-MM-DD');
  });
});
