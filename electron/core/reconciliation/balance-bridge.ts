import type { ProviderOrder } from '../../../shared/domain/provider-order';
import type { BalanceBridge, BalanceSnapshot, ProviderDeposit } from '../../../shared/domain/reconciliation';
import { type Currency, formatMoney, type Money, minor } from '../../../shared/money';
import type { RefundFact } from './refunds';

/**
 * Leg B: the provider balance from the day's opening snapshot to its closing one. Every order the list
 * dates between the two snapshots charged the balance (a failed one charged nothing, or returned what
 * it took), every refund credited between them and every deposit the manager entered added to it:
 * opening − charges + refunds + deposits = expected closing. What the closing snapshot says beyond that
 * is the remainder, listed with the likely causes when it is not zero. In the day of a shop whose
 * account other shops share, their deposits and refunds are added as the sums the ledger gives.
 */
export interface BridgeInput {
  readonly currency: Currency;
  readonly opening: BalanceSnapshot | null;
  readonly closing: BalanceSnapshot | null;
  readonly orders: readonly ProviderOrder[];
  readonly refunds: readonly RefundFact[];
  readonly deposits: readonly ProviderDeposit[];
  /** The other shops' deposits and refunds credited between the snapshots, in `currency`. */
  readonly otherShops?: { readonly deposits: Money; readonly refunds: Money };
  /** Set when the list hides orders of the period in another currency. */
  readonly currencyNote: string | null;
}

function between(at: string | null, opening: BalanceSnapshot, closing: BalanceSnapshot): boolean | null {
  const time = at === null ? Number.NaN : Date.parse(at);
  if (Number.isNaN(time)) return null;
  return time > Date.parse(opening.takenAt) && time <= Date.parse(closing.takenAt);
}

function sum(values: readonly Money[], currency: Currency): Money {
  return {
    amount: minor(values.filter((m) => m.currency === currency).reduce((total, m) => total + m.amount, 0)),
    currency,
  };
}

export function balanceBridge(input: BridgeInput): BalanceBridge {
  const { currency, opening, closing } = input;
  const deposits = sum(
    input.deposits.map((deposit) => deposit.amount),
    currency,
  );
  const empty = { amount: minor(0), currency };
  const others = input.otherShops ? { otherShops: input.otherShops } : {};
  if (opening === null || closing === null) {
    return {
      ...others,
      currency,
      opening,
      closing,
      charges: empty,
      refunds: empty,
      deposits,
      expectedClosing: null,
      remainder: null,
      likelyCauses: [
        opening === null
          ? 'No balance was read when the day opened (nor at an earlier close).'
          : 'No balance was read at the close yet.',
      ],
    };
  }
  const causes: string[] = [];
  const charged: Money[] = [];
  for (const order of input.orders) {
    const inside = between(order.createdAt, opening, closing);
    if (inside === null) {
      causes.push(`Order ${order.orderReference} has no readable date: it may be in this bridge or not.`);
      continue;
    }
    if (!inside) continue;
    if (order.status === 'failed') {
      causes.push(
        `Order ${order.orderReference} failed: if its charge was returned after the close, the bridge counts it twice.`,
      );
      continue;
    }
    if (order.amount === null) {
      causes.push(`Order ${order.orderReference} lists no amount.`);
      continue;
    }
    charged.push(order.amount);
    if (
      order.status === 'cancelled' &&
      !input.refunds.some((r) => r.orderReference === order.orderReference)
    ) {
      causes.push(
        `Order ${order.orderReference} was cancelled: a refund of ${formatMoney(order.amount)} may have reached the balance unrecorded.`,
      );
    }
  }
  const refunded = input.refunds.filter(
    (refund) =>
      refund.method === 'balance' &&
      refund.creditedAt !== null &&
      between(refund.creditedAt, opening, closing),
  );
  const charges = sum(charged, currency);
  const refunds = sum(
    refunded.map((refund) => refund.amount),
    currency,
  );
  const expected =
    opening.balance.amount -
    charges.amount +
    refunds.amount +
    deposits.amount +
    (input.otherShops?.refunds.amount ?? 0) +
    (input.otherShops?.deposits.amount ?? 0);
  const remainder = closing.balance.amount - expected;
  if (remainder !== 0) {
    if (remainder > 0) causes.push('A deposit to the provider account that was not entered.');
    if (input.currencyNote) causes.push(input.currencyNote);
    causes.push("An order dated by the provider's clock on the other side of a snapshot's time.");
  }
  return {
    ...others,
    currency,
    opening,
    closing,
    charges,
    refunds,
    deposits,
    expectedClosing: { amount: minor(expected), currency },
    remainder: { amount: minor(remainder), currency },
    likelyCauses: remainder === 0 ? [] : causes,
  };
}
