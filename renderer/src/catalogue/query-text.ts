import { foldedWords, foldText } from './normalize';

/**
 * What a cashier types besides a destination: "spain 10gb", "turkey 30 days", "العراق ١٠ جيجا
 * ٣٠ يوم", "europe unlimited". Quantities are read only with a unit next to the number, so "GB"
 * alone still means Great Britain and a bare number stays a word.
 */

export interface QueryText {
  /** The folded words left to search destinations and names with. */
  readonly words: readonly string[];
  /** At least this much data, from "10gb", "10 GB", "500 MB", "١٠ جيجا"; null when none was typed. */
  readonly minDataGb: number | null;
  /** At least this many days, from "30 days", "2 weeks", "٣٠ يوم"; null when none was typed. */
  readonly minValidityDays: number | null;
  /** "unlimited" or "غير محدود(ة)" was typed (matched folded: its taa marbuta reads "ه"). */
  readonly unlimited: boolean;
}

/** Units as they read after folding (lower case, hamza and taa marbuta folded), with their size. */
const DATA_UNITS: Readonly<Record<string, number>> = {
  g: 1,
  gb: 1,
  gig: 1,
  gigs: 1,
  giga: 1,
  gigabyte: 1,
  gigabytes: 1,
  جيجا: 1,
  جيجابايت: 1,
  جيغا: 1,
  غيغا: 1,
  غيغابايت: 1,
  جيجابايتس: 1,
  mb: 1 / 1024,
  megabyte: 1 / 1024,
  megabytes: 1 / 1024,
  ميجا: 1 / 1024,
  ميغا: 1 / 1024,
  ميجابايت: 1 / 1024,
  ميغابايت: 1 / 1024,
};

const DAY_UNITS: Readonly<Record<string, number>> = {
  d: 1,
  day: 1,
  days: 1,
  يوم: 1,
  ايام: 1,
  يوما: 1,
  w: 7,
  wk: 7,
  week: 7,
  weeks: 7,
  اسبوع: 7,
  اسابيع: 7,
  month: 30,
  months: 30,
  شهر: 30,
  اشهر: 30,
  شهور: 30,
};

const UNLIMITED = /(?:^|[^\p{L}\p{N}])(unlimited|غير محدوده?|لا محدوده?)(?![\p{L}\p{N}])/gu;

/** A number (decimal point or comma) and the word right after it, attached or not. */
const QUANTITY = /(\d+(?:[.,]\d+)?)\s*(\p{L}+)/gu;

function maxOf(a: number | null, b: number): number {
  return a === null ? b : Math.max(a, b);
}

export function readQueryText(text: string): QueryText {
  let rest = foldText(text);
  let unlimited = false;
  rest = rest.replace(UNLIMITED, (match, word: string) => {
    unlimited = true;
    return match.slice(0, match.length - word.length);
  });
  let minDataGb: number | null = null;
  let minValidityDays: number | null = null;
  rest = rest.replace(QUANTITY, (match, number: string, unit: string) => {
    const value = Number(number.replace(',', '.'));
    const gb = DATA_UNITS[unit];
    if (gb !== undefined) {
      minDataGb = maxOf(minDataGb, value * gb);
      return ' ';
    }
    const days = DAY_UNITS[unit];
    if (days !== undefined) {
      minValidityDays = maxOf(minValidityDays, value * days);
      return ' ';
    }
    return match;
  });
  return { words: foldedWords(rest), minDataGb, minValidityDays, unlimited };
}
