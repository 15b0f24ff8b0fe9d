import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../renderer/src/i18n/error-messages';
import { ar } from '../../renderer/src/i18n/messages-ar';
import { en } from '../../renderer/src/i18n/messages-en';
import { counted } from '../../renderer/src/i18n/plural';

const PACKAGES_AR = {
  zero: 'لا باقات',
  one: 'باقة واحدة',
  two: 'باقتان',
  few: '# باقات',
  many: '# باقة',
  other: '# باقة',
} as const;

describe('counted phrases', () => {
  it('chooses each of the six Arabic forms by Intl.PluralRules', () => {
    const forms = [0, 1, 2, 3, 10, 11, 99, 100, 102, 103].map((n) => counted('ar', n, PACKAGES_AR));
    expect(forms).toEqual([
      'لا باقات',
      'باقة واحدة',
      'باقتان',
      '3 باقات',
      '10 باقات',
      '11 باقة',
      '99 باقة',
      '100 باقة',
      '102 باقة',
      '103 باقات',
    ]);
  });

  it('has one and other in English, and falls back to other for a form not given', () => {
    expect(counted('en', 1, { one: '# package', other: '# packages' })).toBe('1 package');
    expect(counted('en', 0, { one: '# package', other: '# packages' })).toBe('0 packages');
    expect(counted('en', 1234, { one: '# package', other: '# packages' })).toBe('1,234 packages');
    expect(counted('ar', 2, { other: '# SMS' })).toBe('2 SMS');
  });

  it('reads "3 باقات", never "3 باقة", where the counter counts packages', () => {
    expect(ar.sell.resultCount(3)).toBe('3 باقات');
    expect(ar.sell.resultCount(11)).toBe('11 باقة');
    expect(ar.sell.resultCount(2)).toBe('باقتان');
    expect(en.sell.resultCount(1)).toBe('1 package');
    expect(en.sell.resultCount(3)).toBe('3 packages');
  });

  it('counts in every message that carries a number, in both languages', () => {
    expect(ar.sell.countries(3)).toBe('3 دول');
    expect(ar.sell.countries(12)).toBe('12 دولة');
    expect(en.sell.countries(1)).toBe('1 country');
    expect(ar.sell.showEsims(3)).toContain('3 شرائح');
    expect(en.sell.showEsims(1)).toBe('Show the QR code (1 eSIM)');
    expect(ar.topUp.digits(19)).toBe('19 رقمًا');
    expect(ar.topUp.digits(3)).toBe('3 أرقام');
    expect(en.storageUnsaved(1)).toBe('1 answer waits to be recorded.');
    expect(ar.storageUnsaved(2)).toBe('ردّان ينتظران التسجيل.');
    expect(en.today.totals(1, '$5.00')).toBe('1 sale completed, $5.00');
    expect(ar.today.totals(4, '5.00')).toContain('4 عمليات بيع مكتملة');
    const locked = { code: 'PIN_INVALID', message: 'x', details: { retryAfterSeconds: 3 } } as const;
    expect(errorMessage(locked, 'ar')).toContain('3 ثوانٍ');
    expect(errorMessage({ ...locked, details: { retryAfterSeconds: 1 } }, 'en')).toContain('1 second.');
  });
});
