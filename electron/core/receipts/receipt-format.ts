import type { Language } from '../../../shared/domain/common';
import { formatMoney, type Money } from '../../../shared/money';
import type { ReceiptText } from './receipt-text';

/**
 * Numbers, dates, data sizes and places, formatted with `Intl` in the receipt's locale and an
 * explicit time zone (the counter's, which is the shop's): never an implicit default, so a record
 * renders the same receipt wherever it is rendered.
 */
export interface ReceiptFormat {
  readonly locale: string;
  readonly number: (value: number) => string;
  readonly dateTime: (iso: string) => string;
  readonly date: (iso: string) => string;
  readonly days: (days: number) => string;
  readonly gigabytes: (gb: number) => string;
  readonly money: (value: Money) => string;
  readonly countryList: (codes: readonly string[]) => string;
}

/** The locale a receipt uses when the shop has not chosen one: day-month-year English, and Arabic. */
export function defaultReceiptLocale(language: Language): string {
  return language === 'ar' ? 'ar' : 'en-GB';
}

function validDate(iso: string): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not an ISO 8601 time: ${iso}`);
  return date;
}

// Isolates: a Latin name such as "Europe" inside an Arabic line keeps its place, and what follows it
// (a count, a separator) is ordered by the line, not glued to the name.
const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';
const LEFT_TO_RIGHT_MARK = '\u200e';

export function isolate(text: string): string {
  return `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;
}

export function receiptFormat(locale: string, timeZone: string, rtl: boolean): ReceiptFormat {
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const dateTimes = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  const days = new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long' });
  const gigabytes = new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'gigabyte',
    // "GB" is what every phone shows; Arabic's abbreviation (غ.ب) is not, so Arabic spells it out.
    unitDisplay: rtl ? 'long' : 'short',
    maximumFractionDigits: 2,
  });
  const regions = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const lists = new Intl.ListFormat(locale, { type: 'conjunction', style: 'short' });
  return {
    locale,
    number: (value) => numbers.format(value),
    dateTime: (iso) => dateTimes.format(validDate(iso)),
    date: (iso) => dates.format(validDate(iso)),
    days: (value) => days.format(value),
    gigabytes: (value) => gigabytes.format(value),
    // Arabic money reads "12.50 US$"; in a right-to-left line the bidi algorithm moves a trailing "$"
    // to the far side of "US" unless a strong left-to-right mark follows it.
    money: (value) =>
      rtl ? `${formatMoney(value, locale)}${LEFT_TO_RIGHT_MARK}` : formatMoney(value, locale),
    countryList: (codes) => lists.format(codes.map((code) => regions.of(code) ?? code)),
  };
}

/** Up to this many countries are named on the receipt; more are counted beside the region's name. */
const MAX_NAMED_COUNTRIES = 4;

export function formatCoverage(
  region: string | null | undefined,
  countries: readonly string[],
  format: ReceiptFormat,
  text: ReceiptText,
): string | null {
  if (countries.length > 0 && countries.length <= MAX_NAMED_COUNTRIES) return format.countryList(countries);
  const counted =
    countries.length > 0 ? text.countries(countries.length, format.number(countries.length)) : null;
  const parts = [region ? isolate(region) : null, counted].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
}
