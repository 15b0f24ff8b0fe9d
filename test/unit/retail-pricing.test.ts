import { describe, expect, it } from 'vitest';
import { type PricedPackage, retailPrice } from '../../electron/core/money/pricing';
import { type MarkupRule, type Pricing, PricingSchema } from '../../shared/domain/pricing';
import { type Currency, money } from '../../shared/money';

/** The shop's selling price: cost plus the most specific markup, rounded up per currency. */

const percent = (basisPoints: number): MarkupRule['markup'] => ({ kind: 'percent', basisPoints });
const fixed = (amount: number, currency: Currency): MarkupRule['markup'] => ({
  kind: 'fixed',
  amount: money(amount, currency),
});

/** One rule at each scope, each with its own markup, so the price says which one applied. */
const LAYERED: Pricing = {
  rules: [
    { scope: { kind: 'all' }, markup: percent(1000) },
    { scope: { kind: 'type', type: 'regional' }, markup: percent(2000) },
    { scope: { kind: 'region', region: 'Europe' }, markup: percent(3000) },
    { scope: { kind: 'package', packageCode: 'EU-5GB' }, markup: percent(4000) },
  ],
  roundingSteps: {},
};

const EU_5GB: PricedPackage = { code: 'EU-5GB', type: 'regional', region: 'Europe' };

describe('retailPrice', () => {
  it.each<[string, PricedPackage, number]>([
    ['the package rule over every other', EU_5GB, 1400],
    ['the region rule when no package rule matches', { ...EU_5GB, code: 'EU-10GB' }, 1300],
    ['the region rule whatever the case of its name', { ...EU_5GB, code: 'EU-10GB', region: 'europe' }, 1300],
    [
      'the type rule when no region rule matches',
      { code: 'ASIA-5GB', type: 'regional', region: 'Asia' },
      1200,
    ],
    ['the catch-all rule when nothing else matches', { code: 'IQ-5GB', type: 'local', region: 'Iraq' }, 1100],
    ['only package and catch-all rules for a top-up, which has no type or region', { code: 'TOP-1GB' }, 1100],
  ])('applies %s', (_, pkg, expected) => {
    expect(retailPrice(money(1000, 'USD'), pkg, LAYERED)).toEqual(money(expected, 'USD'));
  });

  it.each<[string, MarkupRule['markup'], number, Currency, number]>([
    ['a percent markup, rounded up to a whole minor unit', percent(2500), 999, 'USD', 1249],
    ['a fixed markup', fixed(200, 'USD'), 999, 'USD', 1199],
    ['a fixed markup in dinars', fixed(1500, 'IQD'), 9000, 'IQD', 10_500],
    ['a zero percent markup: the cost', percent(0), 999, 'USD', 999],
    ['a zero fixed markup: the cost', fixed(0, 'USD'), 999, 'USD', 999],
  ])('adds %s', (_, markup, cost, currency, expected) => {
    const pricing: Pricing = { rules: [{ scope: { kind: 'all' }, markup }], roundingSteps: {} };
    expect(retailPrice(money(cost, currency), { code: 'ANY' }, pricing)).toEqual(money(expected, currency));
  });

  it.each<[Currency, number, number, number]>([
    ['IQD', 250, 10_100, 10_250],
    ['IQD', 250, 10_250, 10_250],
    ['IQD', 1000, 1, 1000],
    ['USD', 50, 1001, 1050],
    ['USD', 50, 1000, 1000],
    ['EUR', 100, 1001, 1100],
  ])('rounds %s up to its step of %i minor units: %i becomes %i', (currency, step, cost, expected) => {
    const pricing: Pricing = { rules: [], roundingSteps: { [currency]: step } as Pricing['roundingSteps'] };
    expect(retailPrice(money(cost, currency), { code: 'ANY' }, pricing)).toEqual(money(expected, currency));
  });

  it('rounds by the step of the cost currency only, after the markup', () => {
    const pricing: Pricing = {
      rules: [{ scope: { kind: 'all' }, markup: percent(1000) }],
      roundingSteps: { IQD: money(250, 'IQD').amount },
    };
    expect(retailPrice(money(10_000, 'IQD'), { code: 'ANY' }, pricing)).toEqual(money(11_000, 'IQD'));
    expect(retailPrice(money(10_100, 'IQD'), { code: 'ANY' }, pricing)).toEqual(money(11_250, 'IQD'));
    expect(retailPrice(money(1001, 'USD'), { code: 'ANY' }, pricing)).toEqual(money(1102, 'USD'));
  });

  it('skips a fixed markup in another currency than the cost, for the next most specific rule', () => {
    const pricing: Pricing = {
      rules: [
        { scope: { kind: 'package', packageCode: 'EU-5GB' }, markup: fixed(500, 'EUR') },
        { scope: { kind: 'region', region: 'Europe' }, markup: fixed(300, 'USD') },
      ],
      roundingSteps: {},
    };
    expect(retailPrice(money(1000, 'USD'), EU_5GB, pricing)).toEqual(money(1300, 'USD'));
    expect(retailPrice(money(1000, 'EUR'), EU_5GB, pricing)).toEqual(money(1500, 'EUR'));
  });

  it('never prices below cost, even by a negative markup stored before the contract refused one', () => {
    const pricing: Pricing = {
      rules: [{ scope: { kind: 'all' }, markup: fixed(-300, 'USD') }],
      roundingSteps: {},
    };
    expect(retailPrice(money(1000, 'USD'), { code: 'ANY' }, pricing)).toEqual(money(1000, 'USD'));
  });
});

describe('the pricing contract', () => {
  it('refuses a negative fixed markup: retail is never below cost', () => {
    const withFixed = (amount: number): unknown => ({
      rules: [{ scope: { kind: 'all' }, markup: { kind: 'fixed', amount: { amount, currency: 'USD' } } }],
      roundingSteps: {},
    });
    expect(PricingSchema.safeParse(withFixed(-1)).success).toBe(false);
    expect(PricingSchema.safeParse(withFixed(0)).success).toBe(true);
    expect(PricingSchema.safeParse(withFixed(250)).success).toBe(true);
  });

  it('refuses a negative percent markup and a negative rounding step', () => {
    const rule = { scope: { kind: 'all' }, markup: { kind: 'percent', basisPoints: -1 } };
    expect(PricingSchema.safeParse({ rules: [rule], roundingSteps: {} }).success).toBe(false);
    expect(PricingSchema.safeParse({ rules: [], roundingSteps: { IQD: -250 } }).success).toBe(false);
  });
});
