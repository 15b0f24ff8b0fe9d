import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../renderer/src/i18n/error-messages';
import { moneyText as formatted } from '../../renderer/src/i18n/format';
import { ar } from '../../renderer/src/i18n/messages-ar';
import { en } from '../../renderer/src/i18n/messages-en';
import { API_ERROR_CODES, APP_ERROR_CODES, type ErrorCode } from '../../shared/errors';
import { money } from '../../shared/money';

const ALL_CODES: readonly ErrorCode[] = [...API_ERROR_CODES, ...APP_ERROR_CODES];
const ARABIC_LETTER = /[\u0621-\u064a]/;

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
}

describe('cashier messages', () => {
  it('has the same keys in English and Arabic', () => {
    expect(keysOf(ar).sort()).toEqual(keysOf(en).sort());
  });

  it('gives every error code its own sentence in English and in Arabic', () => {
    for (const code of ALL_CODES) {
      const english = errorMessage({ code, message: 'core message' }, 'en');
      const arabic = errorMessage({ code, message: 'core message' }, 'ar');
      expect(english, code).toMatch(/\w{3}/);
      expect(english, code).not.toContain('core message');
      expect(arabic, code).toMatch(ARABIC_LETTER);
    }
  });

  it('says how much must be loaded when the balance is short', () => {
    const details = { needToLoad: money(1250, 'USD'), currentBalance: money(250, 'USD') };
    expect(errorMessage({ code: 'INSUFFICIENT_BALANCE', message: 'x', details }, 'en')).toContain('$12.50');
    expect(errorMessage({ code: 'INSUFFICIENT_BALANCE', message: 'x', details }, 'ar')).toContain('12.50');
    const dinars = { needToLoad: money(25_000, 'IQD') };
    expect(errorMessage({ code: 'INSUFFICIENT_BALANCE', message: 'x', details: dinars }, 'en')).toMatch(
      /IQD\s25,000/,
    );
  });

  it('still explains a short balance when the amount is missing or malformed', () => {
    for (const details of [
      undefined,
      { needToLoad: 12.5 },
      { needToLoad: { amount: 1.5, currency: 'USD' } },
    ]) {
      const text = errorMessage({ code: 'INSUFFICIENT_BALANCE', message: 'x', details }, 'en');
      expect(text).toMatch(/^Not enough balance/);
      expect(text).not.toContain('NaN');
    }
  });

  it('tells a lost host apart from a lost provider', () => {
    const host = errorMessage({ code: 'OFFLINE', message: 'x', details: { source: 'host' } }, 'en');
    const provider = errorMessage({ code: 'OFFLINE', message: 'x' }, 'en');
    expect(host).toContain('counter service');
    expect(provider).toContain('provider');
  });
});

describe('amounts in Arabic text', () => {
  it('keeps a Latin currency sign whole by isolating the amount left to right', () => {
    const dollars = money(149, 'USD');
    expect(formatted(dollars, 'ar')).toMatch(/^\u2066.*1\.49.*US\$.*\u2069$/);
    expect(formatted(dollars, 'en')).toBe('$1.49');
    expect(formatted(money(25_000, 'IQD'), 'ar')).not.toMatch(/[\u2066\u2069]/);
  });
});
