import {
  type Currency,
  exponentOf,
  type MinorUnits,
  type Money,
  minor,
  parseDecimalToMinor,
  plainDecimalText,
  roundUpToStep,
} from './money';

/**
 * Exchange-rate arithmetic on integers only. A rate is minor units of the quote currency per 100
 * units of the base currency (see ExchangeRateSchema).
 */

/**
 * Reads a rate as the manager typed it: for 1 unit of the base ("1310", "1,310", "١٣١٠") or for 100
 * ("131000").
 * Returns the per-100 figure in the quote's minor units, or null for text that is not a positive number.
 */
export function parseRatePer100(text: string, per: 1 | 100, quote: Currency): MinorUnits | null {
  const plain = plainDecimalText(text);
  if (plain === null) return null;
  // A per-unit rate is the per-100 one with the decimal point two places to the left: shift it in the
  // text itself, so no float ever holds the rate.
  const parsed = parseDecimalToMinor(per === 1 ? `${plain}e2` : plain, quote);
  return parsed !== null && parsed > 0 ? parsed : null;
}

/** A per-100 rate as the figure for 1 unit of the base, in decimal text ("1310.25" IQD for 131025). */
export function ratePerUnitText(ratePer100: MinorUnits, quote: Currency): string {
  const places = exponentOf(quote) + 2;
  const digits = String(ratePer100).padStart(places + 1, '0');
  const fraction = digits.slice(-places).replace(/0+$/, '');
  const whole = digits.slice(0, -places);
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/**
 * An amount of the base currency in the quote currency at `ratePer100`, rounded half up to the
 * quote's minor unit.
 */
export function convertAtRate(amount: MinorUnits, base: Currency, ratePer100: MinorUnits): MinorUnits {
  const numerator = BigInt(amount) * BigInt(ratePer100);
  const denominator = 100n * 10n ** BigInt(exponentOf(base));
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + denominator) / (denominator * 2n);
  return minor(Number(negative ? -rounded : rounded));
}

/**
 * A price in another currency at a selling rate, rounded up to the shop's step for that currency (a
 * price in dinars is asked in whole 250s, say): the counter shows it and the core charges it, alike.
 */
export function priceAtRate(price: Money, quote: Currency, ratePer100: MinorUnits, step = 0): Money {
  return {
    amount: roundUpToStep(convertAtRate(price.amount, price.currency, ratePer100), minor(step)),
    currency: quote,
  };
}
