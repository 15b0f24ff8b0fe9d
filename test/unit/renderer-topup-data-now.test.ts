import { describe, expect, it } from 'vitest';
import { gigabytes } from '../../renderer/src/i18n/format';
import { ar } from '../../renderer/src/i18n/messages-ar';
import { en } from '../../renderer/src/i18n/messages-en';
import { dataNowText } from '../../renderer/src/screens/topup/data-now';

describe("a top-up's data now, as far as the provider states it", () => {
  it('gives what is left of the total when both are stated', () => {
    expect(dataNowText(en, 'en', { newTotalGb: 2, newRemainingGb: 1.75 })).toBe('1.75 GB left of 2 GB');
    expect(dataNowText(ar, 'ar', { newTotalGb: 2, newRemainingGb: 1.75 })).toBe(
      `متبقٍ ${gigabytes(1.75, 'ar')} من ${gigabytes(2, 'ar')}`,
    );
  });

  it('never passes a total off as all of it left when what is left is not stated', () => {
    const english = dataNowText(en, 'en', { newTotalGb: 2, newRemainingGb: null });
    expect(english).toBe('2 GB in all; what is left not reported');
    expect(english).not.toContain('left of');
    expect(dataNowText(ar, 'ar', { newTotalGb: 2, newRemainingGb: null })).toContain('لم يُبلَّغ عنه');
  });

  it('gives what is left alone, the total not reported, and nothing when neither is stated', () => {
    expect(dataNowText(en, 'en', { newTotalGb: null, newRemainingGb: 0.5 })).toBe(
      '0.5 GB left; the total not reported',
    );
    expect(dataNowText(en, 'en', { newTotalGb: null, newRemainingGb: null })).toBeNull();
    expect(dataNowText(ar, 'ar', { newTotalGb: null, newRemainingGb: null })).toBeNull();
  });
});
