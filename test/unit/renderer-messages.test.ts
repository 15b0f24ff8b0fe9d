import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../renderer/src/i18n/error-messages';
import { moneyText as formatted } from '../../renderer/src/i18n/format';
import { ar } from '../../renderer/src/i18n/messages-ar';
import { en } from '../../renderer/src/i18n/messages-en';
import { ERROR_CODES, type InputProblem, type PosError } from '../../shared/errors';
import { formatMoney, money } from '../../shared/money';

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
    for (const code of ERROR_CODES) {
      const english = errorMessage({ code, message: 'core message' } as PosError, 'en');
      const arabic = errorMessage({ code, message: 'core message' } as PosError, 'ar');
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

  it('promises nothing was charged only when the request never reached the provider', () => {
    const lost = { code: 'OFFLINE', message: 'x', details: { outcome: 'unknown' } } as PosError;
    expect(errorMessage(lost, 'en')).not.toContain('Nothing was charged');
    expect(errorMessage(lost, 'en')).toContain('Check now');
    expect(errorMessage(lost, 'ar')).not.toContain('لم يُخصم');
  });

  it('still explains a short balance when the provider gave no amount', () => {
    for (const details of [undefined, {}, { currentBalance: money(250, 'USD') }]) {
      const text = errorMessage({ code: 'INSUFFICIENT_BALANCE', message: 'x', details }, 'en');
      expect(text).toMatch(/^Not enough balance in the account/);
    }
  });

  it('words the data a code carries: the field, the printer, the time to retry, the PIN lock', () => {
    const bad = {
      code: 'BAD_RESPONSE',
      message: 'x',
      details: { field: 'esims.0.iccid', problem: 'missing' },
    };
    expect(errorMessage(bad as PosError, 'en')).toContain('(esims.0.iccid)');
    expect(
      errorMessage({ code: 'PRINT_FAILED', message: 'x', details: { printer: 'TM-T20' } }, 'ar'),
    ).toContain('TM-T20');
    expect(errorMessage({ code: 'PRINT_FAILED', message: 'x', details: { printer: null } }, 'en')).toMatch(
      /^The receipt did not print\. /,
    );
    const retryAt = '2031-03-04T10:00:30.000Z';
    const shown = new Intl.DateTimeFormat('en', { timeStyle: 'medium' }).format(new Date(retryAt));
    expect(errorMessage({ code: 'RATE_LIMIT_EXCEEDED', message: 'x', details: { retryAt } }, 'en')).toContain(
      shown,
    );
    expect(errorMessage({ code: 'RATE_LIMIT_EXCEEDED', message: 'x' }, 'en')).toContain('Wait a minute');
    // A day's budget that holds reads until its reset, with no limit stated: the count of what is left.
    const kept = { limit: null, left: 1, resetAt: retryAt, keptForSales: true };
    const held = { code: 'RATE_LIMIT_EXCEEDED', message: 'x', details: { retryAt, budget: kept } } as const;
    expect(errorMessage(held, 'en')).toContain('1 request left until');
    expect(errorMessage(held, 'ar')).toContain('بقي طلب واحد حتى');
    expect(
      errorMessage({ code: 'PIN_INVALID', message: 'x', details: { retryAfterSeconds: 30 } }, 'en'),
    ).toBe('Too many wrong PINs. Try again in 30 seconds.');
    expect(errorMessage({ code: 'PIN_INVALID', message: 'x' }, 'en')).toBe('Wrong manager PIN.');
    expect(errorMessage({ code: 'PIN_INVALID', message: 'x', details: { cashier: 'Bob' } }, 'en')).toBe(
      "That is not Bob's PIN.",
    );
    expect(errorMessage({ code: 'PIN_INVALID', message: 'x', details: { cashier: 'Bob' } }, 'ar')).toBe(
      'هذا ليس رمز Bob.',
    );
  });

  it("says what was wrong with a refused field in the screen's language, by the problem the core named", () => {
    const refused = (path: string, problem: InputProblem): PosError => ({
      code: 'INVALID_INPUT',
      message: 'core words',
      details: { issues: [{ path, message: 'core words', problem }] },
    });
    expect(errorMessage(refused('IQD', 'count_missing'), 'en')).toBe(
      'Count the IQD too: every currency in the drawer is counted.',
    );
    expect(errorMessage(refused('IQD', 'count_missing'), 'ar')).toBe('اعدد IQD أيضًا: تُعدّ كل عملات الدرج.');
    expect(errorMessage(refused('note', 'reason_needed'), 'ar')).toBe('اكتب السبب في الحقل المحدد.');
    // A refund above what it may be names the most, in the screen's language.
    const above: PosError = {
      code: 'INVALID_INPUT',
      message: 'core words',
      details: {
        issues: [
          { path: 'cashRefund', message: 'core words', problem: 'more_than_paid', limit: money(6000, 'IQD') },
        ],
      },
    };
    expect(errorMessage(above, 'en')).toBe(
      `At most ${formatMoney(money(6000, 'IQD'), 'en')} can be refunded: what the customer paid, less what was refunded before.`,
    );
    expect(errorMessage(above, 'ar')).toBe(
      `أقصى ما يمكن ردّه ${formatMoney(money(6000, 'IQD'), 'ar')}: ما دفعه الزبون مطروحًا منه ما رُدّ إليه من قبل.`,
    );
    // Without a named problem (the contract's own validation), the generic words stand.
    expect(
      errorMessage(
        { code: 'INVALID_INPUT', message: 'x', details: { issues: [{ path: 'q', message: 'x' }] } },
        'en',
      ),
    ).toBe('Something entered is not valid. Check the highlighted field.');
  });

  it('tells the counter service apart from the provider', () => {
    expect(errorMessage({ code: 'HOST_UNREACHABLE', message: 'x' }, 'en')).toContain('counter service');
    expect(errorMessage({ code: 'OFFLINE', message: 'x' }, 'en')).toContain('provider');
    expect(errorMessage({ code: 'HOST_UNAUTHORIZED', message: 'x' }, 'en')).toContain('window');
    expect(errorMessage({ code: 'UNAUTHENTICATED', message: 'x' }, 'en')).toContain('provider');
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
