import { byLanguage } from '../../../shared/by-language';
import type { Language } from '../../../shared/domain/common';
import { type PluralForms, pluralForm } from '../../../shared/plural-forms';
import { integer } from './format';

export type { PluralForms };

/** The phrase for `count` in `language`: the form its plural rules choose, with the count written in. */
export function counted(language: Language, count: number, forms: PluralForms): string {
  return pluralForm(language, count, forms, integer(count, language));
}

/**
 * A number of seconds, as a wait or a time left reads it. Arabic's two is "ثانيتين" here, after a
 * word such as "بعد" or "نحو"; a sentence that states the count as its subject says "ثانيتان".
 */
export const SECONDS = byLanguage<PluralForms>({
  en: { one: '# second', other: '# seconds' },
  ar: { one: 'ثانية واحدة', two: 'ثانيتين', few: '# ثوانٍ', other: '# ثانية' },
});
