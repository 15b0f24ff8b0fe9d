import { type Currency, type Money, minor } from '../../../shared/money';

/**
 * A refund the provider owes or has made for an order: what a cancellation record says. The
 * reconciliation takes these as one of its inputs (Leg A: refunded or in transit; Leg B: refunds
 * credited to the balance between the two snapshots). The cancellation journal feeds them
 * (`CancellationJournal.refundsIn`).
 */
export interface RefundFact {
  readonly orderReference: string;
  readonly amount: Money;
  /**
   * As the provider's cancel result said (`refund_method`); null when it worded the method as the API
   * does not list, or left it out: the order was still cancelled, and its refund is not known to have
   * reached the balance.
   */
  readonly method: 'balance' | 'refund_request' | 'separate' | null;
  /** When the refund reached the balance; null while it is in transit (a refund request not yet settled). */
  readonly creditedAt: string | null;
}

/** Where the reconciliation reads refunds from: every refund of an order dated in the window. */
export type RefundSource = (window: { readonly from: Date; readonly to: Date }) => readonly RefundFact[];

export const NO_REFUNDS: RefundSource = () => [];

/** A settled cancellation as its row (in the journal, or in a chain record) holds it. */
interface RefundRow {
  readonly order_reference: string;
  readonly refund_method: RefundFact['method'];
  readonly provider_refund_minor: number;
  readonly provider_refund_currency: Currency;
  readonly settled_at: string;
}

/**
 * The provider's refund a cancellations row holds, when a reconciliation of `window` counts it: an
 * order the provider cancelled, with the amount it gives back, settled in the window. Null for any
 * other row (a goodwill refund, a cancellation refused or still open). The journal's rows and the shop
 * ledger's copies of them are read by this one rule.
 */
export function refundIn(
  row: Readonly<Record<string, unknown>>,
  window: { readonly from: Date; readonly to: Date },
): RefundFact | null {
  const settledAt = typeof row.settled_at === 'string' ? Date.parse(row.settled_at) : Number.NaN;
  if (
    row.kind !== 'cancellation' ||
    row.state !== 'cancelled' ||
    row.order_reference === null ||
    row.provider_refund_minor === null ||
    !(settledAt >= window.from.getTime() && settledAt < window.to.getTime())
  ) {
    return null;
  }
  return refundOf(row as unknown as RefundRow);
}

/**
 * A settled cancellation's refund: credited when it settled if it went to the balance, else in transit
 * (a refund request, one settled separately, or one whose method was not stated).
 */
function refundOf(row: RefundRow): RefundFact {
  return {
    orderReference: row.order_reference,
    amount: { amount: minor(row.provider_refund_minor), currency: row.provider_refund_currency },
    method: row.refund_method,
    creditedAt: row.refund_method === 'balance' ? row.settled_at : null,
  };
}
