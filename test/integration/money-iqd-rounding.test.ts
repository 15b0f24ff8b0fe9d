import { afterEach, describe, expect, it } from 'vitest';
import type { Sale } from '../../shared/domain/sale';
import type { Shift } from '../../shared/domain/shift';
import type { ShiftReport } from '../../shared/domain/shift-report';
import { convertAtRate } from '../../shared/exchange-rate';
import { formatMoney, type Money, minor } from '../../shared/money';
import { unwrap } from '../support/core-harness';
import {
  count,
  hireStaff,
  iqd,
  noteFor,
  openShift,
  sell,
  sellInDinars,
  setDinarRate,
  usd,
} from './end-of-day-support';
import { type Counter, cheapest, ledger, startCounter } from './money-support';

let counter: Counter | null = null;

afterEach(async () => {
  await counter?.close();
  counter = null;
});

/** The visible text of a receipt, tags dropped and bidi marks removed. */
function receiptText(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[\u200e\u200f\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ');
}

describe('a shop that sells in dinars', () => {
  it('asks a payable 250 dinars by default, prints what the rounding added, and the drawer expects exactly what was taken', async () => {
    counter = await startCounter();
    const { h, packages } = counter;
    const staff = await hireStaff(h);
    const pkg = cheapest(packages);
    await sellInDinars(h, staff.approval);
    const rate = await setDinarRate(h, staff.approval);
    // No rounding step was ever set: the dinar's default step applies.
    const exact = convertAtRate(pkg.retail.amount, pkg.retail.currency, rate.sellPer100);
    const due = iqd(Math.ceil(exact / 250) * 250);
    expect(due.amount).toBeGreaterThan(exact);
    await openShift(h, [usd(5000), iqd(250_000)]);

    const withChange = await sell(h, pkg, { method: 'cash', tendered: minor(noteFor(due)) });
    const exactCash = await sell(h, pkg, { method: 'cash', tendered: due.amount });
    const byCard = await sell(h, pkg, { method: 'card' });
    for (const sale of [withChange, exactCash, byCard]) expect(sale.tender?.due).toEqual(due);
    expect(withChange.tender?.change).toEqual(iqd(noteFor(due) - due.amount));

    // The receipt says what the rounding added to the price at the rate.
    const { html } = unwrap(
      await h.call<{ html: string }>('renderReceipt', { kind: 'sale', id: withChange.id }),
    );
    const printed = (value: Money): string => formatMoney(value, 'en').replace(/\s/g, ' ');
    expect(receiptText(html)).toContain(`Amount paid ${printed(due)}`);
    expect(receiptText(html)).toContain(`Rounded up +${printed(iqd(due.amount - exact))}`);

    // The customer paid the rounded amount twice in cash: a count of exactly that closes with no variance.
    const taken = 250_000 + 2 * due.amount;
    const counted = await count(h, [usd(5000), iqd(taken)]);
    const { report } = unwrap(
      await h.call<{ shift: Shift; report: ShiftReport }>('closeShift', { countId: counted.countId }),
    );
    const dinars = report.cash.find((line) => line.currency === 'IQD');
    expect(dinars).toMatchObject({ expected: iqd(taken), counted: iqd(taken), variance: iqd(0) });
    expect(report.tenders).toEqual(
      expect.arrayContaining([
        { method: 'cash', currency: 'IQD', count: 2, amount: iqd(2 * due.amount) },
        { method: 'card', currency: 'IQD', count: 1, amount: due },
      ]),
    );
    expect(unwrap(await h.call<{ sales: Sale[] }>('listSales', {})).sales).toHaveLength(3);
  });

  it('refuses a tender whose amount due moved with a new rate since it was quoted, charging nothing', async () => {
    counter = await startCounter();
    const { h, packages } = counter;
    const staff = await hireStaff(h);
    const pkg = cheapest(packages);
    await sellInDinars(h, staff.approval);
    const rate = await setDinarRate(h, staff.approval);
    await openShift(h, [usd(5000), iqd(250_000)]);
    const exact = convertAtRate(pkg.retail.amount, pkg.retail.currency, rate.sellPer100);
    const quoted = Math.ceil(exact / 250) * 250;
    // The manager raises the rate while the customer is being quoted at the old one.
    unwrap(
      await h.call('setExchangeRate', {
        base: 'USD',
        quote: 'IQD',
        buy: '1370',
        sell: '1380',
        per: 1,
        approval: staff.approval,
      }),
    );
    const before = (await ledger(counter.sim)).entries.length;
    for (const tender of [
      { method: 'card' as const, quotedDue: minor(quoted) },
      { method: 'cash' as const, tendered: minor(noteFor(iqd(quoted))), quotedDue: minor(quoted) },
    ]) {
      const refused = await h.call('sell', { packageCode: pkg.code, tender, quotedTotal: pkg.retail });
      expect(refused).toMatchObject({
        ok: false,
        error: { code: 'PRICE_CHANGED', details: { quoted: iqd(quoted), current: { currency: 'IQD' } } },
      });
    }
    expect(unwrap(await h.call<{ sales: Sale[] }>('listSales', {})).sales).toEqual([]);
    expect((await ledger(counter.sim)).entries).toHaveLength(before);
    // Quoted again at the new rate, the sale goes through at what was shown.
    const requoted =
      Math.ceil(convertAtRate(pkg.retail.amount, pkg.retail.currency, minor(138_000)) / 250) * 250;
    const sale = await sell(h, pkg, { method: 'card', quotedDue: minor(requoted) });
    expect(sale.tender?.due).toEqual(iqd(requoted));
  });
});
