import { CURRENCY_EXPONENTS, type Currency, type Money, minor } from '../../../shared/money';

/** Reading the loosely typed `details` of an error that crossed the bridge, without trusting their shape. */

export type ErrorDetails = Readonly<Record<string, unknown>>;

export function moneyDetail(details: ErrorDetails | undefined, key: string): Money | null {
  const value = details?.[key];
  if (typeof value !== 'object' || value === null) return null;
  const { amount, currency } = value as { amount?: unknown; currency?: unknown };
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) return null;
  if (typeof currency !== 'string' || !Object.hasOwn(CURRENCY_EXPONENTS, currency)) return null;
  return { amount: minor(amount), currency: currency as Currency };
}

export function textDetail(details: ErrorDetails | undefined, key: string): string | null {
  const value = details?.[key];
  return typeof value === 'string' && value.length > 0 ? value : null;
}
