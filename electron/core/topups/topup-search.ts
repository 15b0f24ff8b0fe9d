import type { ProviderOrder } from '../../../shared/domain/provider-order';
import type { TopUp, TopUpOrderRuledOut, TopUpOrderSeen, TopUpSearch } from '../../../shared/domain/topup';
import type { Money } from '../../../shared/money';
import { statedSpanMs } from '../api/provider-time';
import type { Connection } from '../connection';
import type { TopUpsJournal } from '../journal/topups-journal';
import { type OrdersRead, ordersIn, sameField, withRecords } from '../money/order-evidence';
import { CLOCK_MARGIN_MS, providerSkewMs } from '../money/send-window';

/**
 * What the provider's orders say about a top-up whose answer was lost. The API has no idempotency key
 * for top-ups and no order field the counter sends: an order another writer placed on the account
 * (another counter, the provider's dashboard, the customer's app) for the same eSIM and package looks
 * exactly like ours. So nothing here rules an order in; it only rules orders out, and a manager
 * decides among the rest (topup-decision.ts). Only reads.
 */

/**
 * Which provider orders the shop's other counters hold. The shop ledger knows (one owner per order);
 * a counter without one cannot ask.
 */
export interface ClaimsElsewhere {
  /** The references among these that another counter of the shop holds; null when that cannot be checked. */
  held(references: readonly string[]): Promise<ReadonlySet<string> | null>;
}

/** A counter with no shop ledger: its other counters cannot be checked from here. */
export const OTHER_COUNTERS_UNCHECKED: ClaimsElsewhere = { held: async () => null };

/**
 * The longest the client keeps a top-up on the wire: sent once, after at most 15 s waiting for the
 * rate limiter, with a 30 s deadline. A top-up a crash cut off had stopped being waited for by then.
 */
export const LONGEST_TOPUP_CALL_MS = 60_000;

/** Orders this long before the top-up was sent and after the counter stopped waiting are shown too, ruled out. */
const LOOK_AROUND_MS = 60_000;

/** The stretch a top-up was on the wire, on the provider's clock (ms since the epoch). */
export interface TopUpWire {
  /** When the counter sent it. */
  readonly sentAt: number;
  /** When the counter stopped waiting for its answer: its deadline, the error, or a crash's latest. */
  readonly stoppedAt: number;
}

/**
 * When the top-up was on the wire, on the provider's clock: from its send to when the counter stopped
 * waiting (the time it went in doubt, or, after a crash, the longest a call is kept), both moved by the
 * provider's clock minus ours as the client learned it.
 */
export function wireOf(sentAt: string, inDoubtSince: string, skewMs: number): TopUpWire {
  const sent = Date.parse(sentAt);
  const stopped = Math.min(Date.parse(inDoubtSince), sent + LONGEST_TOPUP_CALL_MS);
  return { sentAt: sent + skewMs, stoppedAt: stopped + skewMs };
}

const NOT_CHARGED = new Set(['failed', 'cancelled']);

/**
 * Why each order of the eSIM (or of an eSIM the list does not name) cannot be this top-up's: placed
 * after the counter stopped waiting, before it sent the top-up by more than the clocks' margin, of
 * another package, not charged, or held by another record of this journal or another counter. An order
 * the provider dates to the minute is ruled out by time only when the whole minute is. Orders of
 * another eSIM are left out. Pure.
 */
export function judgeTopUpOrders(
  topUp: { readonly iccid: string; readonly packageCode: string },
  wire: TopUpWire,
  orders: readonly ProviderOrder[],
  claimedHere: ReadonlyMap<string, number>,
  claimedElsewhere: ReadonlySet<string> | null,
): TopUpOrderSeen[] {
  return orders
    .filter((order) => sameField(order.iccid, topUp.iccid) !== false)
    .map((order) => {
      const at = order.createdAt === null ? Number.NaN : Date.parse(order.createdAt);
      const within = Number.isNaN(at) ? 0 : statedSpanMs(at);
      const ruledOut: TopUpOrderRuledOut[] = [];
      if (at > wire.stoppedAt) ruledOut.push('placed_after_wait');
      if (at + within < wire.sentAt - CLOCK_MARGIN_MS) ruledOut.push('placed_before_send');
      if (sameField(order.packageCode, topUp.packageCode) === false) ruledOut.push('other_package');
      if (NOT_CHARGED.has(order.status ?? '')) ruledOut.push('not_charged');
      const receipt = claimedHere.get(order.orderReference) ?? null;
      if (receipt !== null) ruledOut.push('claimed_here');
      if (claimedElsewhere?.has(order.orderReference)) ruledOut.push('claimed_elsewhere');
      return {
        orderReference: order.orderReference,
        placedAt: order.createdAt,
        placedWithinMs: within,
        packageCode: order.packageCode,
        iccid: order.iccid,
        amount: order.amount,
        status: order.status ?? order.statusText,
        ruledOut,
        claimedByReceipt: receipt,
      };
    })
    .sort((a, b) => (a.placedAt ?? '').localeCompare(b.placedAt ?? ''));
}

/** The orders that may be the top-up's own: nothing the provider states rules them out. */
export function candidatesOf(search: TopUpSearch): TopUpOrderSeen[] {
  return search.orders.filter((order) => order.ruledOut.length === 0);
}

export interface TopUpSearchDeps {
  readonly connection: Connection;
  readonly journal: TopUpsJournal;
  readonly claimsElsewhere: ClaimsElsewhere;
  readonly now: () => Date;
}

/**
 * Reads the provider's orders around an in-doubt top-up (a minute before its send to a minute after
 * the counter stopped waiting, on the provider's clock), completes the orders the list gives too
 * tersely from their records, and judges each. Returns the search and what was read (its pages kept
 * with a decision). Only reads; throws the read's failure.
 */
export async function searchTopUpOrders(
  deps: TopUpSearchDeps,
  topUp: Extract<TopUp, { state: 'in_doubt' }>,
): Promise<{ readonly search: TopUpSearch; readonly read: OrdersRead }> {
  const { connection, journal } = deps;
  const skewMs = Math.round(await providerSkewMs(connection));
  const sentAt = journal.sentAt(topUp.id) ?? topUp.createdAt;
  const wire = wireOf(sentAt, topUp.since, skewMs);
  const span = {
    from: new Date(wire.sentAt - CLOCK_MARGIN_MS - LOOK_AROUND_MS),
    to: new Date(wire.stoppedAt + LOOK_AROUND_MS),
  };
  const claimed = (references: readonly string[]) => journal.claimedOrderReferences(references);
  const ofThisEsim = (order: ProviderOrder) => sameField(order.iccid, topUp.iccid);
  const read = await withRecords(connection, claimed, await ordersIn(connection, span), ofThisEsim);
  const references = read.orders.map((order) => order.orderReference);
  const elsewhere = await deps.claimsElsewhere.held(references);
  const quotedCost: Money = journal.quotedCost(topUp.id);
  const search: TopUpSearch = {
    readAt: deps.now().toISOString(),
    sentAt: new Date(wire.sentAt).toISOString(),
    stoppedAt: new Date(wire.stoppedAt).toISOString(),
    skewMs,
    quotedCost,
    complete: read.complete,
    otherCountersChecked: elsewhere !== null,
    orders: judgeTopUpOrders(topUp, wire, read.orders, journal.claimingReceipts(references), elsewhere),
  };
  return { search, read };
}
