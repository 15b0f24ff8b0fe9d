import { describe, expect, it } from 'vitest';
import { lockoutAfter } from '../../electron/core/cashiers/pin-backoff';
import { canonicalJson } from '../../electron/core/journal/chain';
import { PosFailure } from '../../electron/core/pos/failure';
import { DEFAULT_END_OF_DAY } from '../../electron/core/shifts/end-of-day-settings';
import { tenderFor } from '../../electron/core/shifts/tender';
import { businessDayOf } from '../../shared/business-day';
import type { ExchangeRate } from '../../shared/domain/till';
import { convertAtRate, parseRatePer100, priceAtRate, ratePerUnitText } from '../../shared/exchange-rate';
import { minor, money } from '../../shared/money';

describe('the business day', () => {
  it('belongs to the evening before until the cut-off, on the shop clock', () => {
    // 01:30 in Baghdad (UTC+3) is 22:30 UTC the day before.
    expect(businessDayOf(new Date('2026-11-20T22:30:00Z'), 'Asia/Baghdad', '04:00')).toBe('2026-11-20');
    expect(businessDayOf(new Date('2026-11-21T00:59:00Z'), 'Asia/Baghdad', '04:00')).toBe('2026-11-20');
    expect(businessDayOf(new Date('2026-11-21T01:00:00Z'), 'Asia/Baghdad', '04:00')).toBe('2026-11-21');
    expect(businessDayOf(new Date('2026-11-21T00:30:00Z'), 'UTC', '00:00')).toBe('2026-11-21');
    // Across a month's end.
    expect(businessDayOf(new Date('2026-12-01T00:30:00Z'), 'Asia/Baghdad', '04:00')).toBe('2026-11-30');
  });
});

describe('exchange rates', () => {
  it('reads a rate per unit or per 100 into the same integer, without a float', () => {
    expect(parseRatePer100('1310', 1, 'IQD')).toBe(131_000);
    expect(parseRatePer100('131000', 100, 'IQD')).toBe(131_000);
    expect(parseRatePer100('1310.25', 1, 'IQD')).toBe(131_025);
    expect(parseRatePer100('0.92', 1, 'EUR')).toBe(9200);
    for (const bad of ['', 'abc', '-5', '0', '1,31', '1.310.5'])
      expect(parseRatePer100(bad, 1, 'IQD')).toBeNull();
  });

  it('reads a rate as people write it: separators between thousands, Arabic digits and decimal sign', () => {
    expect(parseRatePer100('1,310', 1, 'IQD')).toBe(131_000);
    expect(parseRatePer100('146 000', 100, 'IQD')).toBe(146_000);
    expect(parseRatePer100('١٬٣١٠', 1, 'IQD')).toBe(131_000);
    expect(parseRatePer100('۱۳۱۰٫۲۵', 1, 'IQD')).toBe(131_025);
    expect(ratePerUnitText(minor(131_025), 'IQD')).toBe('1310.25');
    expect(ratePerUnitText(minor(146_000), 'IQD')).toBe('1460');
    expect(ratePerUnitText(minor(9200), 'EUR')).toBe('0.92');
  });

  it('converts a price half up at the quote minor unit, and rounds it up to the shop step', () => {
    expect(convertAtRate(minor(299), 'USD', minor(132_000))).toBe(3947); // 3946.8
    expect(convertAtRate(minor(1), 'USD', minor(132_050))).toBe(13); // 13.205
    expect(convertAtRate(minor(10), 'USD', minor(125))).toBe(0); // 0.0125 EUR cents, nothing
    expect(priceAtRate(money(299, 'USD'), 'IQD', minor(132_000), 250)).toEqual(money(4000, 'IQD'));
  });
});

describe('the tender', () => {
  const rate: ExchangeRate = {
    id: 1,
    base: 'USD',
    quote: 'IQD',
    buyPer100: minor(131_000),
    sellPer100: minor(132_000),
    businessDay: '2026-11-20',
    setAt: '2026-11-20T08:00:00Z',
    setBy: null,
  };
  const rules = {
    settings: { ...DEFAULT_END_OF_DAY, currencies: ['USD' as const, 'IQD' as const] },
    rate: (base: string, quote: string) => (base === 'USD' && quote === 'IQD' ? rate : null),
    roundingStep: (currency: string) => (currency === 'IQD' ? 250 : undefined),
  };

  it('gives change for cash and refuses less than the amount due', () => {
    expect(tenderFor({ method: 'cash', tendered: minor(2000) }, money(1250, 'USD'), rules)).toEqual({
      method: 'cash',
      due: money(1250, 'USD'),
      tendered: money(2000, 'USD'),
      change: money(750, 'USD'),
      ratePer100: null,
    });
    expect(() => tenderFor({ method: 'cash', tendered: minor(1000) }, money(1250, 'USD'), rules)).toThrow(
      PosFailure,
    );
    expect(() => tenderFor({ method: 'cash' }, money(1250, 'USD'), rules)).toThrow(
      /less than the amount due/,
    );
  });

  it('takes a card or a transfer for the amount due exactly', () => {
    expect(tenderFor({ method: 'card' }, money(1250, 'USD'), rules)).toMatchObject({
      change: money(0, 'USD'),
    });
    expect(() => tenderFor({ method: 'transfer', tendered: minor(1300) }, money(1250, 'USD'), rules)).toThrow(
      /exactly/,
    );
  });

  it('asks dinars at the day rate, rounded up to the step, and keeps the rate it used', () => {
    expect(
      tenderFor({ method: 'cash', currency: 'IQD', tendered: minor(20_000) }, money(1250, 'USD'), rules),
    ).toEqual({
      method: 'cash',
      due: money(16_500, 'IQD'),
      tendered: money(20_000, 'IQD'),
      change: money(3500, 'IQD'),
      ratePer100: 132_000,
    });
    expect(() => tenderFor({ method: 'card', currency: 'EUR' }, money(1250, 'USD'), rules)).toThrow(
      /rate for today/,
    );
  });
});

describe('the PIN back-off', () => {
  it('lets three slips pass, then doubles the wait from 30 seconds up to 15 minutes', () => {
    expect([0, 1, 2].map(lockoutAfter)).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6].map(lockoutAfter)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(lockoutAfter(30)).toBe(15 * 60_000);
  });
});

describe('canonical JSON', () => {
  it('gives one text per record whatever the key order, and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }], e: undefined })).toBe(
      '{"a":[{"c":"x","d":null}],"b":1}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });
});
