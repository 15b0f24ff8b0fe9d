import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Currency, type Money, money } from '../../shared/money';
import { mostRefundable, type Payment } from '../../shared/refund-limit';

/** A 2.49 USD price paid in dinars at 1,320 a dollar, rounded up to 3,500 IQD by the shop's step. */
const inDinars: Payment = {
  paid: money(3500, 'IQD'),
  priceRate: { currency: 'USD', ratePer100: money(132_000, 'IQD').amount },
};
const inDollars: Payment = { paid: money(249, 'USD'), priceRate: null };

describe('the most cash a record may still give back', () => {
  it('is what was paid, less every refund before, in the currency paid', () => {
    expect(mostRefundable(inDollars, [], 'USD')).toEqual(money(249, 'USD'));
    expect(mostRefundable(inDollars, [money(249, 'USD')], 'USD')).toEqual(money(0, 'USD'));
    expect(mostRefundable(inDollars, [money(100, 'USD'), money(100, 'USD')], 'USD')).toEqual(
      money(49, 'USD'),
    );
    // More refunded than paid (written before the rule) leaves nothing, never a negative.
    expect(mostRefundable(inDollars, [money(500, 'USD')], 'USD')).toEqual(money(0, 'USD'));
  });

  it('has no answer in a currency the tender recorded no rate for', () => {
    expect(mostRefundable(inDollars, [], 'IQD')).toBeNull();
    expect(mostRefundable(inDinars, [], 'EUR')).toBeNull();
    // A refund before in such a currency cannot be valued: it counts as the whole payment.
    expect(mostRefundable(inDollars, [money(10_000_000, 'IQD')], 'USD')).toEqual(money(0, 'USD'));
  });

  it('values the price currency at the recorded rate, rounded up in the shop’s favour', () => {
    // 265 cents are worth ceil(3,498.0) = 3,498 dinars; 266 are worth ceil(3,511.2) = 3,512.
    expect(mostRefundable(inDinars, [], 'USD')).toEqual(money(265, 'USD'));
    // A cent that is worth 13.2 dinars uses up 14 of them.
    expect(mostRefundable(inDinars, [money(1, 'USD')], 'IQD')).toEqual(money(3486, 'IQD'));
    expect(mostRefundable(inDinars, [money(3000, 'IQD')], 'USD')).toEqual(money(37, 'USD'));
  });

  it('never lets refunds, each up to the most at its time, add up to more than was paid', () => {
    const currency = fc.constantFrom<Currency>('IQD', 'USD');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 500_000 }),
        fc.array(fc.tuple(currency, fc.double({ min: 0, max: 1, noNaN: true })), { maxLength: 8 }),
        (paidDinars, ratePer100, asks) => {
          const payment: Payment = {
            paid: money(paidDinars, 'IQD'),
            priceRate: { currency: 'USD', ratePer100: money(ratePer100, 'IQD').amount },
          };
          const given: Money[] = [];
          for (const [asked, share] of asks) {
            const most = mostRefundable(payment, given, asked);
            if (!most) throw new Error('both currencies have a rate');
            given.push(money(Math.floor(most.amount * share), asked));
          }
          // Dollars valued as the rule says, in whole numbers: ceil(cents × rate / 10,000).
          const worth = given.reduce(
            (sum, each) =>
              sum +
              (each.currency === 'IQD'
                ? BigInt(each.amount)
                : (BigInt(each.amount) * BigInt(ratePer100) + 9_999n) / 10_000n),
            0n,
          );
          expect(worth <= BigInt(paidDinars)).toBe(true);
        },
      ),
    );
  });
});
