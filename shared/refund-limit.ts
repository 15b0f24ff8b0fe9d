import { type Currency, exponentOf, type MinorUnits, type Money, minor } from './money';

/**
 * How much cash may still be handed back for one sale or top-up. The customer paid `paid`; every
 * refund of the record, in whatever currency, is valued in the currency paid, and together they
 * never come to more than that. A refund in the price's currency is valued at the rate the tender
 * recorded (the customer paid in another currency at that rate), rounded up to the paid currency's
 * minor unit: the rounding is in the shop's favour, so what is handed back never exceeds what was
 * paid. Any other currency has no recorded rate and cannot be compared: it is never refunded.
 */
export interface Payment {
  /** What the customer paid: the tender's amount due, else the price. */
  readonly paid: Money;
  /** The price's currency and the selling rate the tender recorded from it to the currency paid. */
  readonly priceRate: { readonly currency: Currency; readonly ratePer100: MinorUnits } | null;
}

/** `amount` of the price's currency in the paid currency at `ratePer100`, rounded up. */
function valuedUp(amount: MinorUnits, base: Currency, ratePer100: MinorUnits): bigint {
  const numerator = BigInt(amount) * BigInt(ratePer100);
  const denominator = 100n * 10n ** BigInt(exponentOf(base));
  return (numerator + denominator - 1n) / denominator;
}

/** A refund's value in the currency paid; null for a currency with no recorded rate. */
function inPaid(payment: Payment, refund: Money): bigint | null {
  if (refund.currency === payment.paid.currency) return BigInt(refund.amount);
  const rate = payment.priceRate;
  if (rate && refund.currency === rate.currency)
    return valuedUp(refund.amount, rate.currency, rate.ratePer100);
  return null;
}

/**
 * The most that may still be refunded in `currency`, after `refunded` (the record's refunds decided
 * before, not refused); null when a refund in `currency` cannot be compared with what was paid. A
 * refund before that cannot be compared either (one written before this rule) counts as the whole
 * payment: nothing more can be shown to be owed.
 */
export function mostRefundable(
  payment: Payment,
  refunded: readonly Money[],
  currency: Currency,
): Money | null {
  let used = 0n;
  for (const refund of refunded) {
    const value = inPaid(payment, refund);
    used += value ?? BigInt(payment.paid.amount);
  }
  const left = BigInt(payment.paid.amount) - used;
  const remaining = left > 0n ? left : 0n;
  if (currency === payment.paid.currency) return { amount: minor(Number(remaining)), currency };
  const rate = payment.priceRate;
  if (!rate || currency !== rate.currency) return null;
  // The largest x with valuedUp(x) <= remaining: ceil(x·r/D) <= R exactly when x <= R·D/r.
  const denominator = 100n * 10n ** BigInt(exponentOf(currency));
  return { amount: minor(Number((remaining * denominator) / BigInt(rate.ratePer100))), currency };
}
