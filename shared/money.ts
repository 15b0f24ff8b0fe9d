import type { core } from 'zod';

/**
 * Money is an integer count of a currency's minor units (cents for USD and EUR, whole dinars for
 * IQD), branded so a float amount cannot be passed where minor units are expected. API numbers are
 * converted once, at the edge, through their decimal text: never by multiplying floats.
 * This file is plain code (the renderer bundles it); the zod schemas are in money-schema.ts.
 */

export const CURRENCY_EXPONENTS = { USD: 2, EUR: 2, IQD: 0 } as const;
export const CURRENCIES = ['USD', 'IQD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The same brand MinorUnitsSchema gives, so parsed and constructed amounts are one type. */
export type MinorUnits = number & core.$brand<'MinorUnits'>;

export interface Money {
  readonly amount: MinorUnits;
  readonly currency: Currency;
}

export function exponentOf(currency: Currency): number {
  return CURRENCY_EXPONENTS[currency];
}

export function minor(amount: number): MinorUnits {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`not a whole number of minor units: ${amount}`);
  return amount as MinorUnits;
}

export function money(amount: number, currency: Currency): Money {
  return { amount: minor(amount), currency };
}

/**
 * Parses decimal text ("12.5", "-0.005", "1e-7", "3,000.25" is rejected) into minor units of the
 * currency, rounding half away from zero at the currency's exponent. Returns null for text that is
 * not a plain decimal number.
 */
export function parseDecimalToMinor(text: string, currency: Currency): MinorUnits | null {
  const match = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = '', exp = '0'] = match;
  if (whole === '' && fraction === '') return null;
  // Shift the decimal point by the scientific exponent plus the currency exponent, on the digits.
  const digits = `${whole}${fraction}`;
  const point = whole.length + Number(exp) + exponentOf(currency);
  let intPart: string;
  let roundDigit: number;
  if (point <= 0) {
    intPart = '0';
    roundDigit = point === 0 ? Number(digits[0] ?? '0') : 0;
  } else if (point >= digits.length) {
    intPart = digits.padEnd(point, '0');
    roundDigit = 0;
  } else {
    intPart = digits.slice(0, point);
    roundDigit = Number(digits[point]);
  }
  let value = Number(intPart || '0');
  if (roundDigit >= 5) value += 1;
  if (!Number.isSafeInteger(value)) return null;
  return minor(sign === '-' && value !== 0 ? -value : value);
}

/** Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹) digits, each with the Latin digit it stands for. */
const DIGIT_BLOCKS = [0x0660, 0x06f0] as const;
/** What people put between groups of three digits: commas (Latin and Arabic), spaces, apostrophes. */
const GROUP_SEPARATORS = /[,\u066c\s\u00a0\u202f']/;

/**
 * An amount as a person types it ("1,460", "146 000", "١٬٤٦٠", "2.49", "٢٫٤٩") as plain decimal text
 * ("1460", "2.49"), or null when it cannot be read for certain. A separator between digit groups is
 * taken only between groups of three ("1,46" is refused: a decimal comma or a slip, nobody can tell).
 */
export function plainDecimalText(typed: string): string | null {
  let text = '';
  for (const char of typed.trim()) {
    const code = char.codePointAt(0) ?? 0;
    const block = DIGIT_BLOCKS.find((start) => code >= start && code <= start + 9);
    text += block === undefined ? (char === '\u066b' ? '.' : char) : String(code - block);
  }
  if (text === '') return null;
  const [whole = '', ...rest] = text.split('.');
  if (rest.length > 1) return null;
  const groups = whole.split(GROUP_SEPARATORS);
  if (groups.length > 1 && !groups.slice(1).every((group) => /^\d{3}$/.test(group))) return null;
  if (groups.length > 1 && !/^[+-]?\d{1,3}$/.test(groups[0] ?? '')) return null;
  return rest.length === 0 ? groups.join('') : `${groups.join('')}.${rest[0]}`;
}

/** Minor units of `currency` from an amount as a person types it (see plainDecimalText), or null. */
export function parseTypedAmount(typed: string, currency: Currency): MinorUnits | null {
  const text = plainDecimalText(typed);
  return text === null ? null : parseDecimalToMinor(text, currency);
}

/** Converts a number as the API sends it (12.5 USD) into minor units (1250). */
export function fromApiAmount(value: number, currency: Currency): MinorUnits {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite amount: ${value}`);
  // String(value) is the shortest text that round-trips the double: 0.1 + 0.2 gives "0.30000000000000004",
  // which rounds to 30 cents; 1.005 gives "1.005", which rounds to 101, as a person would expect.
  const parsed = parseDecimalToMinor(String(value), currency);
  if (parsed === null) throw new RangeError(`not a representable amount: ${value}`);
  return parsed;
}

/** Converts minor units back into the API's number form (1250 → 12.5), for legacy request fields. */
export function toApiAmount(amount: MinorUnits, currency: Currency): number {
  return Number(toDecimalText(amount, currency));
}

/** Plain decimal text with the currency's exponent, e.g. 1250 USD → "12.50", 5000 IQD → "5000". */
export function toDecimalText(amount: MinorUnits, currency: Currency): string {
  const exp = exponentOf(currency);
  const negative = amount < 0;
  const digits = String(Math.abs(amount)).padStart(exp + 1, '0');
  const text = exp === 0 ? digits : `${digits.slice(0, -exp)}.${digits.slice(-exp)}`;
  return negative ? `-${text}` : text;
}

export function addMinor(a: MinorUnits, b: MinorUnits): MinorUnits {
  return minor(a + b);
}

export function subtractMinor(a: MinorUnits, b: MinorUnits): MinorUnits {
  return minor(a - b);
}

/** The same amount taken away: what a total is reduced by reads "−US$2.39". */
export function negated(value: Money): Money {
  return { amount: minor(-value.amount), currency: value.currency };
}

export function multiplyMinor(a: MinorUnits, times: number): MinorUnits {
  if (!Number.isInteger(times)) throw new RangeError(`quantity must be whole: ${times}`);
  return minor(a * times);
}

/** Rounds up to the next multiple of `step` minor units (a retail price never rounds below cost). */
export function roundUpToStep(amount: MinorUnits, step: MinorUnits): MinorUnits {
  if (step <= 0) return amount;
  return minor(Math.ceil(amount / step) * step);
}

/** The minus sign a person reads (U+2212): never a hyphen, never an accountant's parentheses. */
export const MINUS_SIGN = '\u2212';

/**
 * Formats money for people, in their locale, always with the currency's own number of decimals. The
 * amount goes to Intl as decimal text, which it formats exactly (ES2023), never through a float.
 * A negative amount reads the same on every screen and paper, in every language: "−US$10.00",
 * "‎−10.00 US$", with the locale's placement of the sign and a true minus sign, never "(US$10.00)".
 */
export function formatMoney(value: Money, locale = 'en'): string {
  const exp = exponentOf(value.currency);
  const decimal = toDecimalText(value.amount, value.currency) as `${number}`;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: value.currency,
    currencySign: 'standard',
    minimumFractionDigits: exp,
    maximumFractionDigits: exp,
  })
    .formatToParts(decimal)
    .map((part) => (part.type === 'minusSign' ? MINUS_SIGN : part.value))
    .join('');
}
