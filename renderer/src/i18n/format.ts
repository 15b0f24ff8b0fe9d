import type { Language } from '../../../shared/domain/common';
import { formatMoney, type Money } from '../../../shared/money';

/** Numbers, money, data sizes and times for people, through Intl, in the counter's language. */

const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let found = formats.get(key);
  if (!found) {
    found = make();
    formats.set(key, found);
  }
  return found as T;
}

export function moneyText(value: Money, language: Language): string {
  const text = formatMoney(value, language);
  // Arabic "‏1.49 US$" mixes Latin letters with a neutral sign, which right-to-left text tears apart
  // ("$US 1.49"): such an amount is isolated left to right. Arabic signs (د.ع.) need nothing.
  return language === 'ar' && /[A-Za-z]/.test(text) ? `\u2066${text}\u2069` : text;
}

export function integer(value: number, language: Language): string {
  return cached(`int:${language}`, () => new Intl.NumberFormat(language)).format(value);
}

/** Decimal text ("1310.25") as the language writes a number, every digit kept. */
export function decimalText(text: `${number}`, language: Language): string {
  return cached(
    `dec:${language}`,
    () => new Intl.NumberFormat(language, { maximumFractionDigits: 20 }),
  ).format(text);
}

export function gigabytes(value: number, language: Language): string {
  return cached(
    `gb:${language}`,
    () => new Intl.NumberFormat(language, { style: 'unit', unit: 'gigabyte', maximumFractionDigits: 2 }),
  ).format(value);
}

export function megabytes(value: number, language: Language): string {
  // Above a gigabyte a cashier reads GB; below it, MB.
  if (Math.abs(value) >= 1024) return gigabytes(value / 1024, language);
  return cached(
    `mb:${language}`,
    () => new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 0 }),
  ).format(value);
}

export function days(value: number, language: Language): string {
  return cached(
    `days:${language}`,
    () => new Intl.NumberFormat(language, { style: 'unit', unit: 'day', unitDisplay: 'long' }),
  ).format(value);
}

export function percent(value: number, language: Language): string {
  return cached(
    `pct:${language}`,
    () => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }),
  ).format(value / 100);
}

function parsed(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function dateTime(iso: string, language: Language): string {
  const date = parsed(iso);
  if (!date) return iso;
  return cached(
    `dt:${language}`,
    () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(date);
}

export function date(iso: string, language: Language): string {
  const value = parsed(iso);
  if (!value) return iso;
  return cached(`d:${language}`, () => new Intl.DateTimeFormat(language, { dateStyle: 'medium' })).format(
    value,
  );
}

/**
 * A day picked in a date field (YYYY-MM-DD), spelled in the counter's language ("Monday, November 30,
 * 2026"; "الاثنين، 30 نوفمبر 2026"). The field itself shows the browser's own format, in the
 * browser's language whatever the counter's (11/30/2026 on an Arabic screen), so each date field says
 * its day again beside it. The day is a calendar day, not a moment: it is read and spelled in UTC, so
 * no time zone moves it. Empty for text that is not a day.
 */
export function daySpelled(day: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return '';
  const [, year, month, dayOfMonth] = match.map(Number) as [number, number, number, number];
  const value = new Date(Date.UTC(year, month - 1, dayOfMonth));
  if (value.getUTCMonth() !== month - 1) return '';
  return cached(
    `day:${language}`,
    () => new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' }),
  ).format(value);
}

/** A month picked in a month field (YYYY-MM), spelled in the counter's language, as `daySpelled` does a day. */
export function monthSpelled(month: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return '';
  const [, year, number] = match.map(Number) as [number, number, number];
  if (number < 1 || number > 12) return '';
  return cached(
    `month:${language}`,
    () => new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  ).format(new Date(Date.UTC(year, number - 1, 1)));
}

/** A time of day as HH:MM (a cut-off), spelled in the counter's language: "4:00 AM", "٤:٠٠ ص". */
export function clockTime(hhmm: string, language: Language): string {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) return hhmm;
  return cached(
    `clock:${language}`,
    () => new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone: 'UTC' }),
  ).format(new Date(Date.UTC(1970, 0, 1, Number(match[1]), Number(match[2]))));
}

export function time(iso: string | Date, language: Language): string {
  const value = typeof iso === 'string' ? parsed(iso) : iso;
  if (!value) return String(iso);
  return cached(`t:${language}`, () => new Intl.DateTimeFormat(language, { timeStyle: 'medium' })).format(
    value,
  );
}

/** A moment of the past as "since" says it: earlier today, the time alone; an older one, its day too. */
export function sinceText(iso: string, now: Date, language: Language): string {
  return new Date(iso).toDateString() === now.toDateString() ? time(iso, language) : dateTime(iso, language);
}

/** A waiting time as "4 min 05 s" (or "1 h 02 min"), from milliseconds. */
export function duration(ms: number, language: Language): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const unit = (unitName: string, value: number): string =>
    cached(
      `u:${unitName}:${language}`,
      () => new Intl.NumberFormat(language, { style: 'unit', unit: unitName, unitDisplay: 'narrow' }),
    ).format(value);
  if (hours > 0) return `${unit('hour', hours)} ${unit('minute', minutes)}`;
  if (minutes > 0) return `${unit('minute', minutes)} ${unit('second', seconds)}`;
  return unit('second', seconds);
}

/** Whether a formatted amount already names its currency by code ("IQD 25,000"), or only by sign ("$"). */
export function currencyShownIn(formatted: string, currency: string): boolean {
  return formatted.includes(currency);
}
