import type { Language } from './domain/common';

/**
 * A counted phrase in each plural form a language has: English has two ("1 package", "2 packages"),
 * Arabic six (zero, one, two, few 3–10, many 11–99, other 100–102…), chosen by `Intl.PluralRules`.
 * `#` stands for the count as the language writes numbers. `other` is required: it is the form every
 * language falls back to.
 */
export type PluralForms = Readonly<Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>;

const rules = new Map<Language, Intl.PluralRules>();

function rulesFor(language: Language): Intl.PluralRules {
  let found = rules.get(language);
  if (!found) {
    found = new Intl.PluralRules(language);
    rules.set(language, found);
  }
  return found;
}

/** The form `language` uses for `count`, with `written` (the count as the caller formats it) in place of `#`. */
export function pluralForm(language: Language, count: number, forms: PluralForms, written: string): string {
  const form = forms[rulesFor(language).select(count)] ?? forms.other;
  return form.replaceAll('#', written);
}
