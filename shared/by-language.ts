import type { Language } from './domain/common';

/**
 * The one way a home of words hands out a language's table: `export const careText =
 * byLanguage<CareText>({ en: EN, ar: AR })`. The table type makes every language give every word.
 */
export function byLanguage<Words>(tables: Readonly<Record<Language, Words>>): (language: Language) => Words {
  return (language) => tables[language];
}
