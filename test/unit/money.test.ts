import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  fromApiAmount,
  minor,
  parseDecimalToMinor,
  roundUpToStep,
  toApiAmount,
  toDecimalText,
} from '../../shared/money';

describe('money in minor units', () => {
  it('converts API numbers with the currency exponent, rounding half away from zero', () => {
    expect(fromApiAmount(12.5, 'USD')).toBe(1250);
    expect(fromApiAmount(1.005, 'USD')).toBe(101);
    expect(fromApiAmount(0.1 + 0.2, 'USD')).toBe(30);
    expect(fromApiAmount(-2.345, 'EUR')).toBe(-235);
    expect(fromApiAmount(5000, 'IQD')).toBe(5000);
    expect(fromApiAmount(5000.5, 'IQD')).toBe(5001);
    expect(fromApiAmount(1e-7, 'USD')).toBe(0);
    expect(fromApiAmount(1.5e3, 'USD')).toBe(150000);
  });

  it('refuses amounts that are not finite', () => {
    expect(() => fromApiAmount(Number.NaN, 'USD')).toThrow(RangeError);
    expect(() => fromApiAmount(Number.POSITIVE_INFINITY, 'USD')).toThrow(RangeError);
  });

  it('parses decimal text and rejects anything else', () => {
    expect(parseDecimalToMinor('3.5', 'USD')).toBe(350);
    expect(parseDecimalToMinor('.25', 'USD')).toBe(25);
    expect(parseDecimalToMinor('250', 'IQD')).toBe(250);
    expect(parseDecimalToMinor('3,000.25', 'USD')).toBeNull();
    expect(parseDecimalToMinor('abc', 'USD')).toBeNull();
    expect(parseDecimalToMinor('', 'USD')).toBeNull();
    expect(parseDecimalToMinor('.', 'USD')).toBeNull();
  });

  it('round-trips every amount of cents through the API number form', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.constantFrom('USD' as const, 'EUR' as const, 'IQD' as const),
        (amount, currency) => {
          const value = minor(amount);
          expect(fromApiAmount(toApiAmount(value, currency), currency)).toBe(amount);
        },
      ),
    );
  });

  it('writes decimal text with the currency exponent', () => {
    expect(toDecimalText(minor(1250), 'USD')).toBe('12.50');
    expect(toDecimalText(minor(5), 'EUR')).toBe('0.05');
    expect(toDecimalText(minor(-5), 'EUR')).toBe('-0.05');
    expect(toDecimalText(minor(5000), 'IQD')).toBe('5000');
  });

  it('rounds up to a step and never below', () => {
    expect(roundUpToStep(minor(1001), minor(250))).toBe(1250);
    expect(roundUpToStep(minor(1000), minor(250))).toBe(1000);
    expect(roundUpToStep(minor(1001), minor(0))).toBe(1001);
  });

  it('formats with the currency own decimals in English and Arabic', () => {
    expect(formatMoney({ amount: minor(1250), currency: 'USD' }, 'en')).toBe('$12.50');
    expect(formatMoney({ amount: minor(5000), currency: 'IQD' }, 'en')).toMatch(/^IQD\s?5,000$/);
    expect(formatMoney({ amount: minor(1250), currency: 'USD' }, 'ar')).toMatch(/١٢٫٥٠|12[.,]50/);
  });

  it('writes a negative amount with a minus sign in every language, never brackets or a hyphen', () => {
    expect(formatMoney({ amount: minor(-1000), currency: 'USD' }, 'en-GB')).toBe('\u2212US$10.00');
    expect(formatMoney({ amount: minor(-2500), currency: 'IQD' }, 'en')).toMatch(/^\u2212IQD\s?2,500$/);
    for (const locale of ['ar', 'ar-IQ', 'en-AU', 'fr'])
      expect(formatMoney({ amount: minor(-1000), currency: 'USD' }, locale)).toMatch(/^[^-(]*\u2212[^-)]*$/);
  });

  it('formats from the decimal text, exact where a float would round', () => {
    // 90,071,992,547,409.91 USD is the largest safe count of cents; as a float it reads back as ...409.9.
    expect(formatMoney({ amount: minor(Number.MAX_SAFE_INTEGER), currency: 'USD' }, 'en')).toBe(
      '$90,071,992,547,409.91',
    );
    expect(formatMoney({ amount: minor(-Number.MAX_SAFE_INTEGER), currency: 'EUR' }, 'en')).toBe(
      '\u2212€90,071,992,547,409.91',
    );
    expect(formatMoney({ amount: minor(Number.MAX_SAFE_INTEGER), currency: 'IQD' }, 'en')).toMatch(
      /^IQD\s?9,007,199,254,740,991$/,
    );
  });
});
