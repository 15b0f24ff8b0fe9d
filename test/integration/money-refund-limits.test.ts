import { afterEach, describe, expect, it } from 'vitest';
import type { CancelCheck, Cancellation, GoodwillCheck } from '../../shared/domain/cancellation';
import type { TopUp } from '../../shared/domain/topup';
import type { Result } from '../../shared/errors';
import { type Money, minor } from '../../shared/money';
import { unwrap } from '../support/core-harness';
import {
  cancelSale,
  cashOf,
  cutOffBehind,
  hireStaff,
  iqd,
  openShift,
  type Staff,
  sell,
  setDinarRate,
  usd,
  xReport,
} from './end-of-day-support';
import { type Counter, cheapest, ledger, rechargeableEsim, startCounter } from './money-support';

let counter: Counter | null = null;

afterEach(async () => {
  await counter?.close();
  counter = null;
});

/** A refusal of an amount: its field, the problem named, and the most that could have been given. */
function refused(path: string, problem: string, limit: Money): Record<string, unknown> {
  return {
    ok: false,
    error: { code: 'INVALID_INPUT', details: { issues: [{ path, problem, limit }] } },
  };
}

/** A counter whose drawer holds dollars and dinars, with a manager and Alice signed in. */
async function twoCurrencyCounter(floats: readonly Money[]): Promise<{ c: Counter; staff: Staff }> {
  counter = await startCounter();
  const c = counter;
  const staff = await hireStaff(c.h);
  unwrap(
    await c.h.call('updateEndOfDaySettings', {
      patch: { currencies: ['USD', 'IQD'], ...cutOffBehind(c.h) },
      approval: staff.approval,
    }),
  );
  await openShift(c.h, floats);
  return { c, staff };
}

describe('cash refunds of a top-up', () => {
  it('keep a running total: never more than the customer paid, in any currency', async () => {
    const { c, staff } = await twoCurrencyCounter([usd(10_000), iqd(100_000)]);
    const { iccid, option } = await rechargeableEsim(c);
    const topUp = unwrap(
      await c.h.call<TopUp>('topUp', {
        iccid,
        packageCode: option.code,
        tender: { method: 'cash', tendered: option.retail.amount },
      }),
    );
    expect(topUp.state).toBe('completed');
    const paid = topUp.retail;
    const refund = (amount: Money): Promise<Result<Cancellation>> =>
      c.h.call<Cancellation>('goodwillRefund', {
        topUpId: topUp.id,
        amount,
        reason: 'The data ran out on the first day',
        approval: staff.approval,
      });
    // What the refund screen shows before an amount is typed.
    const refundable = async (): Promise<Money> =>
      unwrap(await c.h.call<GoodwillCheck>('checkGoodwillRefund', { topUpId: topUp.id })).refundable;

    expect(await refundable()).toEqual(paid);
    unwrap(await refund(usd(paid.amount - 100)));
    expect(await refundable()).toEqual(usd(100));
    // The first refund counts: 2.00 more is refused, naming the 1.00 left.
    expect(await refund(usd(200))).toMatchObject(refused('amount', 'more_than_paid', usd(100)));
    expect(unwrap(await refund(usd(100)))).toMatchObject({ state: 'recorded', cashRefunded: true });
    expect(await refundable()).toEqual(usd(0));
    // Paid in full: not the price again, not a cent, not in dinars.
    expect(await refund(paid)).toMatchObject(refused('amount', 'more_than_paid', usd(0)));
    expect(await refund(usd(1))).toMatchObject(refused('amount', 'more_than_paid', usd(0)));
    expect(await refund(iqd(50_000))).toMatchObject(refused('amount', 'currency_not_paid', usd(0)));

    const report = await xReport(c.h);
    expect(cashOf(report, 'USD').refunds).toEqual(paid);
    expect(cashOf(report, 'IQD').refunds).toEqual(iqd(0));
  }, 120_000);
});

describe('cash back with a cancelled sale', () => {
  it('is refused in a currency the customer did not pay in, before anything is sent', async () => {
    const { c, staff } = await twoCurrencyCounter([usd(10_000), iqd(10_000_000)]);
    const pkg = cheapest(c.packages);
    const sale = await sell(c.h, pkg, { method: 'cash', tendered: pkg.retail.amount });
    if (sale.state !== 'completed') throw new Error(`the sale ended ${sale.state}`);
    const before = await ledger(c.sim);
    const cancel = (cashRefund: Money): Promise<Result<Cancellation>> =>
      cancelSale(c.h, sale.id, cashRefund, staff.approval);

    expect(await cancel(iqd(10_000_000))).toMatchObject(
      refused('cashRefund', 'currency_not_paid', sale.retailTotal),
    );
    expect(await ledger(c.sim)).toEqual(before);
    const check = unwrap(await c.h.call<CancelCheck>('checkCancelSale', { saleId: sale.id }));
    expect(check).toMatchObject({ cancellation: null, refundable: sale.retailTotal });
    // In the currency paid it goes through.
    expect(unwrap(await cancel(sale.retailTotal))).toMatchObject({ state: 'cancelled', cashRefunded: true });
    expect(cashOf(await xReport(c.h), 'IQD').refunds).toEqual(iqd(0));
  });

  it('is valued at the rate the tender recorded, rounded in the shop’s favour, and a mistyped amount names the most', async () => {
    const { c, staff } = await twoCurrencyCounter([usd(10_000), iqd(100_000)]);
    await setDinarRate(c.h, staff.approval);
    const pkg = cheapest(c.packages);
    const sale = await sell(c.h, pkg, { method: 'cash', currency: 'IQD', tendered: minor(1_000_000) });
    if (sale.state !== 'completed' || !sale.tender) throw new Error(`the sale ended ${sale.state}`);
    const paid = sale.tender.due;
    expect(sale.tender.ratePer100).toBe(132_000);
    const cancel = (cashRefund: Money): Promise<Result<Cancellation>> =>
      cancelSale(c.h, sale.id, cashRefund, staff.approval);

    // A zero typed too many: refused, naming what was paid.
    expect(await cancel(iqd(paid.amount * 10))).toMatchObject(refused('cashRefund', 'more_than_paid', paid));
    // In dollars, at 1,320 dinars a dollar: x cents are worth ceil(x × 13.2) dinars, which may not
    // pass what was paid.
    const mostCents = Math.floor((paid.amount * 100) / 1320);
    expect(Math.ceil(((mostCents + 1) * 1320) / 100)).toBeGreaterThan(paid.amount);
    expect(await cancel(usd(mostCents + 1))).toMatchObject(
      refused('cashRefund', 'more_than_paid', usd(mostCents)),
    );
    const cancelled = unwrap(await cancel(usd(mostCents)));
    expect(cancelled).toMatchObject({ state: 'cancelled', cashRefund: usd(mostCents), cashRefunded: true });
    expect(cashOf(await xReport(c.h), 'USD').refunds).toEqual(usd(mostCents));
  });
});

describe('a refund from the drawer', () => {
  it('is never more than the drawer should hold, and its words wait for the manager', async () => {
    const { c, staff } = await twoCurrencyCounter([usd(100), iqd(5000)]);
    const pkg = cheapest(c.packages);
    expect(pkg.retail.amount).toBeGreaterThan(100);
    const byCard = await sell(c.h, pkg, { method: 'card' });
    if (byCard.state !== 'completed') throw new Error(`the sale ended ${byCard.state}`);
    const before = await ledger(c.sim);

    // Paid by card, cash back from a drawer holding 1.00 USD: refused before anything is sent.
    const cashBack = await cancelSale(c.h, byCard.id, byCard.retailTotal, staff.approval);
    expect(cashBack).toMatchObject(refused('cashRefund', 'more_than_drawer', usd(100)));
    expect(await ledger(c.sim)).toEqual(before);

    // A refund by hand of a trillion dollars; without a manager it is refused before its amount is judged.
    const trillion = {
      kind: 'refund',
      reason: 'customer_refund',
      amount: usd(100_000_000_000_000),
      note: '',
    };
    expect(await c.h.call('moveCash', trillion)).toMatchObject({
      ok: false,
      error: { code: 'PIN_REQUIRED' },
    });
    expect(await c.h.call('moveCash', { ...trillion, approval: staff.approval })).toMatchObject(
      refused('amount', 'more_than_drawer', usd(100)),
    );
    expect(
      await c.h.call('moveCash', {
        ...trillion,
        amount: { amount: 100, currency: 'EUR' },
        approval: staff.approval,
      }),
    ).toMatchObject({
      ok: false,
      error: { details: { issues: [{ problem: 'currency_not_in_drawer' }] } },
    });
    unwrap(await c.h.call('moveCash', { ...trillion, amount: iqd(5000), approval: staff.approval }));
    expect(
      await c.h.call('moveCash', { ...trillion, amount: iqd(1), approval: staff.approval }),
    ).toMatchObject(refused('amount', 'more_than_drawer', iqd(0)));
    const report = await xReport(c.h);
    expect(cashOf(report, 'USD').refunds).toEqual(usd(0));
    expect(cashOf(report, 'IQD').refunds).toEqual(iqd(5000));
  });
});
