import type { ProviderOrder } from '../../../shared/domain/provider-order';
import type {
  BalanceBridge,
  BalanceSnapshot,
  BridgeCause,
  OtherCurrencyOrders,
  ProviderDeposit,
} from '../../../shared/domain/reconciliation';
import { type Currency, type Money, minor } from '../../../shared/money';
import { statedSpanMs } from '../api/provider-time';
import { settledAsCharged } from './match-orders';
import type { JournalRecord } from './reconciliation-journal';
import type { RefundFact } from './refunds';

/**
 * Leg B: the provider balance from the day's opening snapshot to its closing one. Every order the list
 * dates between the two snapshots charged the balance (a failed one charged nothing, or returned what
 * it took), every refund credited between them and every deposit the manager entered added to it:
 * opening − charges + refunds + deposits = expected closing. What the closing snapshot says beyond that
 * is the remainder, listed with the likely causes when it is not zero. In the day of a shop whose
 * account other shops share, their deposits and refunds are added as the sums the ledger gives.
 *
 * A list that names an order without its amount or date (a terse provider lists references alone) is
 * completed from the record that holds the order: the provider's own answer when it was made, and the
 * counter's time of it. An order neither the list nor a record can price and date leaves the bridge
 * incomplete, naming it: a remainder computed without it would be a false alarm, or a true one hidden.
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
  readonly otherCurrency: OtherCurrencyOrders | null;
  /** The journal's or the shop ledger's record of an order, for one the list gives without amount or date. */
  readonly recordOf: (orderReference: string) => JournalRecord | null;
}

/** `recordOf` for the bridge: a record of the period first, then one elsewhere that holds the order. */
export function recordOfIn(
  records: readonly JournalRecord[],
  elsewhere: (orderReference: string) => JournalRecord | null,
): (orderReference: string) => JournalRecord | null {
  const held = new Map(records.map((record) => [record.orderReference, record]));
  return (reference) => held.get(reference) ?? elsewhere(reference);
}

/** Whether a time of the counter's own falls between the two snapshots; null when unreadable. */
function between(at: string | null, opening: BalanceSnapshot, closing: BalanceSnapshot): boolean | null {
  const time = at === null ? Number.NaN : Date.parse(at);
  if (Number.isNaN(time)) return null;
  return time > Date.parse(opening.takenAt) && time <= Date.parse(closing.takenAt);
}

/**
 * Whether a time the provider stated falls between the snapshots. One stated to the minute or the day
 * stands for that whole span (statedSpanMs): null when the span reaches both sides of a snapshot, as
 * when the time is unreadable.
 */
function statedBetween(
  at: string | null,
  opening: BalanceSnapshot,
  closing: BalanceSnapshot,
): boolean | null {
  const from = at === null ? Number.NaN : Date.parse(at);
  if (Number.isNaN(from)) return null;
  const to = from + Math.max(statedSpanMs(from) - 1, 0);
  const after = Date.parse(opening.takenAt);
  const until = Date.parse(closing.takenAt);
  if (from > after && to <= until) return true;
  if (to <= after || from > until) return false;
  return null;
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
  const bridge = (
    charges: Money,
    refunds: Money,
    result: Pick<BalanceBridge, 'expectedClosing' | 'remainder' | 'likelyCauses'>,
  ): BalanceBridge => ({ ...others, currency, opening, closing, charges, refunds, deposits, ...result });
  /** A bridge with no remainder to give, and why. */
  const unbridged = (charges: Money, refunds: Money, likelyCauses: BridgeCause[]): BalanceBridge =>
    bridge(charges, refunds, { expectedClosing: null, remainder: null, likelyCauses });
  if (opening === null || closing === null) {
    return unbridged(empty, empty, [
      { cause: opening === null ? 'no_opening_reading' : 'no_closing_reading' },
    ]);
  }
  const causes: BridgeCause[] = [];
  // Orders the bridge cannot price or date: with any, it has no remainder to give.
  const unplaced: BridgeCause[] = [];
  const charged: Money[] = [];
  for (const order of input.orders) {
    const stated = statedBetween(order.createdAt, opening, closing);
    const record = order.amount === null || stated === null ? input.recordOf(order.orderReference) : null;
    const inside = stated ?? (record ? between(record.createdAt, opening, closing) : null);
    const { orderReference } = order;
    if (inside === null) {
      unplaced.push({ cause: 'order_undated', orderReference });
      continue;
    }
    if (!inside) continue;
    if (order.status === 'failed') {
      causes.push({ cause: 'order_failed', orderReference });
      continue;
    }
    // A record that failed says its order charged nothing; one still open has no charge stated yet.
    if (order.amount === null && record?.state === 'failed') continue;
    const amount = order.amount ?? (record && settledAsCharged(record) ? record.cost : null);
    if (amount === null) {
      unplaced.push({ cause: 'order_unpriced', orderReference });
      continue;
    }
    charged.push(amount);
    // A refund whose method was not stated may be what reached the balance: it is named as a cause too.
    const refundKnown = input.refunds.some(
      (refund) => refund.orderReference === orderReference && refund.method !== null,
    );
    if (order.status === 'cancelled' && !refundKnown) {
      causes.push({ cause: 'order_cancelled', orderReference, amount });
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
  if (unplaced.length > 0) return unbridged(charges, refunds, unplaced);
  const expected =
    opening.balance.amount -
    charges.amount +
    refunds.amount +
    deposits.amount +
    (input.otherShops?.refunds.amount ?? 0) +
    (input.otherShops?.deposits.amount ?? 0);
  const remainder = closing.balance.amount - expected;
  if (remainder !== 0) {
    if (remainder > 0) causes.push({ cause: 'deposit_not_entered' });
    if (input.otherCurrency) causes.push({ cause: 'other_currency', orders: input.otherCurrency });
    causes.push({ cause: 'clock_straddle' });
  }
  return bridge(charges, refunds, {
    expectedClosing: { amount: minor(expected), currency },
    remainder: { amount: minor(remainder), currency },
    likelyCauses: remainder === 0 ? [] : causes,
  });
}
