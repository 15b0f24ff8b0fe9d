import { afterEach, describe, expect, it } from 'vitest';
import { daySpelled, monthSpelled } from '../../renderer/src/i18n/format';

/**
 * A date field shows the browser's own format whatever the screen's language, so the counter spells
 * the day or month it holds beside it: in the screen's language, and the day picked whatever the
 * machine's time zone.
 */
describe('a picked day or month, spelled', () => {
  const zoneBefore = process.env.TZ;
  afterEach(() => {
    // Assigning undefined would set the text "undefined": an unset zone is deleted.
    if (zoneBefore === undefined) delete process.env.TZ;
    else process.env.TZ = zoneBefore;
  });

  it('spells a day in English and in Arabic', () => {
    expect(daySpelled('2026-11-30', 'en')).toBe('Monday, November 30, 2026');
    expect(daySpelled('2026-11-30', 'ar')).toMatch(/^الاثنين، .*نوفمبر/);
    expect(daySpelled('2028-02-29', 'en')).toBe('Tuesday, February 29, 2028');
  });

  it('spells a month in English and in Arabic', () => {
    expect(monthSpelled('2026-11', 'en')).toBe('November 2026');
    expect(monthSpelled('2026-12', 'ar')).toMatch(/^ديسمبر /);
    expect(monthSpelled('2027-01', 'en')).toBe('January 2027');
  });

  it('keeps the day picked in a time zone west or east of UTC', () => {
    for (const zone of ['Pacific/Honolulu', 'Asia/Baghdad', 'Pacific/Kiritimati']) {
      process.env.TZ = zone;
      expect(daySpelled('2026-12-01', 'en')).toBe('Tuesday, December 1, 2026');
      expect(monthSpelled('2026-12', 'en')).toBe('December 2026');
    }
  });

  it('says nothing for text that is not a day or a month', () => {
    for (const text of ['', '2026-02-30', '2026-13-01', '30/11/2026', '2026-11-30T00:00']) {
      expect(daySpelled(text, 'en')).toBe('');
    }
    for (const text of ['', '2026-00', '2026-13', '2026-1', '2026-11-30']) {
      expect(monthSpelled(text, 'en')).toBe('');
    }
  });
});
