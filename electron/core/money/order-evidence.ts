import type { ProviderOrder } from '../../../shared/domain/provider-order';
import { statedSpanMs } from '../api/provider-time';
import type { Lane } from '../api/rate-limiter';
import type { Connection } from '../connection';
import type { SendWindow } from './send-window';

/**
 * What the provider's own order list says about a request whose answer was lost. Only reads: nothing
 * here sends an order or a top-up.
 * - `found`: exactly one order that matches, dated inside the send window, claimed by no journal record;
 * - `none`: the whole window was read and no such order is in it;
 * - `ambiguous`: more than one order could be it (or one whose date cannot be read): nothing is decided.
 */
export type OrderEvidence =
  | { readonly kind: 'found'; readonly order: ProviderOrder; readonly raw: string }
  | { readonly kind: 'none' }
  | { readonly kind: 'ambiguous'; readonly orders: readonly ProviderOrder[] };

const PAGE_SIZE = 100;
/** A send window holding more orders than this is not read to the end: it proves nothing either way. */
const PAGES_MAX = 20;

/**
 * Orders that were not charged or were refunded: a failed order charged nothing, a cancelled one was
 * refunded. Every other order may have charged, including one whose status the list gave as a value
 * the API does not list (null here, its text in `statusText`): it exists, so it can be the record's.
 */
const NOT_CHARGED = new Set<ProviderOrder['status']>(['failed', 'cancelled']);

/** Whether an order of the list may have charged the account (see NOT_CHARGED). */
export function mayHaveCharged(order: ProviderOrder): boolean {
  return !NOT_CHARGED.has(order.status);
}

/** The orders of the provider's list dated inside a window, and whether the list was read to its end. */
export interface OrdersRead {
  readonly orders: readonly ProviderOrder[];
  /** Every answer, verbatim. */
  readonly raw: readonly string[];
  readonly complete: boolean;
  /** The stretch of time the list was asked for. */
  readonly span: SendWindow;
}

const MINUTE_MS = 60_000;

/**
 * A send window widened to the whole minutes it touches: the stretch to read the order list over when
 * an order stated to the minute may be the request's (see judgeOrders), so that every other order the
 * same minute could stand for is read too.
 */
export function wholeMinutesOf(window: SendWindow): SendWindow {
  const from = window.from.getTime();
  const to = window.to.getTime();
  return {
    from: new Date(from - (from % MINUTE_MS)),
    to: new Date(to % MINUTE_MS === 0 ? to : to - (to % MINUTE_MS) + MINUTE_MS),
  };
}

/**
 * Every order of the provider's list dated inside `window` (GET /orders, paged). A send window is small;
 * a business day's may hold thousands of orders, so its reader raises `pagesMax` and reads in its own lane.
 */
export async function ordersIn(
  connection: Connection,
  window: SendWindow,
  options: { readonly pagesMax?: number; readonly lane?: Lane } = {},
): Promise<OrdersRead> {
  const orders: ProviderOrder[] = [];
  const raw: string[] = [];
  for (let page = 1; ; page += 1) {
    if (page > (options.pagesMax ?? PAGES_MAX)) return { orders, raw, complete: false, span: window };
    const result = await connection.client.listOrders(
      {
        page,
        limit: PAGE_SIZE,
        status: 'all',
        from_date: window.from.toISOString(),
        to_date: window.to.toISOString(),
        sort_by: 'created_at',
        sort_order: 'asc',
      },
      { lane: options.lane ?? 'interactive' },
    );
    orders.push(...result.orders);
    raw.push(result.raw);
    // An item the client could not read may be the order, or a second one: the list proves nothing.
    if (result.skipped > 0) return { orders, raw, complete: false, span: window };
    if (!result.pagination.hasMore) return { orders, raw, complete: true, span: window };
  }
}

/** At most this many terse orders are read one by one for one search; more prove nothing either way. */
const RECORDS_MAX = 10;

/**
 * The orders read, each that the list describes too tersely to judge (no date or one stated only to
 * the minute or the day, no status the API lists, or no field `matching` needs) completed from the
 * provider's record of it (GET /esims/order: package, price, date, the eSIM's ICCID, status), so a
 * terse list can still prove a match. Only what the list left out is taken from the record, and its
 * date when it is finer and inside the span the list's stands for; an order a journal record claims
 * is not read, and one its record says charged nothing is left out.
 * More than RECORDS_MAX terse orders are left as listed: the judgement then finds them ambiguous.
 * Only reads; throws the read's failure.
 */
export async function withRecords(
  connection: Connection,
  claimed: (references: readonly string[]) => Set<string>,
  read: OrdersRead,
  matching: (order: ProviderOrder) => boolean | null,
): Promise<OrdersRead> {
  const possible = read.orders.filter((order) => mayHaveCharged(order) && matching(order) !== false);
  const taken = claimed(possible.map((order) => order.orderReference));
  const terse = possible.filter(
    (order) =>
      !taken.has(order.orderReference) &&
      (matching(order) === null || !precise(timeOf(order)) || order.status === null),
  );
  if (terse.length === 0 || terse.length > RECORDS_MAX) return read;
  const completed = new Map<string, ProviderOrder | null>();
  const raw = [...read.raw];
  for (const order of terse) {
    const record = await connection.client.getOrder(order.orderReference, { lane: 'interactive' });
    raw.push(record.raw);
    completed.set(
      order.orderReference,
      record.notCharged
        ? null
        : {
            ...order,
            packageCode: order.packageCode ?? record.packageCode,
            amount: order.amount ?? record.cost,
            createdAt: finerDate(order.createdAt, record.orderDate),
            iccid: order.iccid ?? record.iccid,
          },
    );
  }
  const orders = read.orders.flatMap((order) => {
    const full = completed.get(order.orderReference);
    if (full === undefined) return [order];
    return full === null ? [] : [full];
  });
  return { ...read, orders, raw };
}

/** A time stated to the millisecond or the second, not a whole minute or day written for people. */
function precise(at: number): boolean {
  return !Number.isNaN(at) && statedSpanMs(at) === 0;
}

/** The record's date where the list gave none, or where it is finer and inside the list's stated span. */
function finerDate(listed: string | null, recorded: string | null): string | null {
  if (listed === null || recorded === null) return listed ?? recorded;
  const at = Date.parse(listed);
  const exact = Date.parse(recorded);
  return !precise(at) && precise(exact) && exact >= at && exact < at + statedSpanMs(at) ? recorded : listed;
}

/** The stretch of time an order's stated time stands for (see statedSpanMs). */
function statedSpanOf(at: number): SendWindow {
  return { from: new Date(at), to: new Date(at + statedSpanMs(at)) };
}

/**
 * Judges the orders read for one request: those `matching` it (package, eSIM, amount…), charged, not
 * claimed by any sale or top-up of the journal, and dated inside the window. An order whose date cannot
 * be read could be anywhere, and one the list describes too tersely to compare (`matching` answers
 * null: no package code, no amount) could be anyone's: either makes the answer ambiguous, never found.
 *
 * An order stated only to the minute, whose minute reaches outside the window, is found only when the
 * list was read over that whole minute (see wholeMinutesOf) and holds no other such order that minute
 * could stand for: then it is the only order anyone could have placed then. The caller still weighs
 * its own records whose windows that minute reaches (a sale's lookalikes). A day is never read whole
 * for that: an order stated to the day alone stays ambiguous.
 */
export function judgeOrders(
  claimed: (references: readonly string[]) => Set<string>,
  read: OrdersRead,
  window: SendWindow,
  matching: (order: ProviderOrder) => boolean | null,
): OrderEvidence {
  const candidates = read.orders.filter((order) => mayHaveCharged(order) && matching(order) !== false);
  const taken = claimed(candidates.map((order) => order.orderReference));
  const open = candidates.filter((order) => !taken.has(order.orderReference));
  const inWindow = open.filter((order) => mayBeDatedIn(order, window));
  const [only] = inWindow;
  // A list not read to its end proves nothing: what was not read may hold the order, or a second one.
  if (!read.complete) return { kind: 'ambiguous', orders: inWindow };
  if (!only) return { kind: 'none' };
  const at = timeOf(only);
  if (inWindow.length > 1 || matching(only) === null || Number.isNaN(at))
    return { kind: 'ambiguous', orders: inWindow };
  const stated = statedSpanOf(at);
  // Dated to a minute or a day that reaches outside the window: it may be another request's order,
  // unless the whole of that span was read and holds no other order that could be it.
  const reachesOut = stated.from < window.from || stated.to > window.to;
  if (
    reachesOut &&
    (stated.from < read.span.from ||
      stated.to > read.span.to ||
      open.some((order) => order !== only && mayBeDatedIn(order, stated)))
  ) {
    return { kind: 'ambiguous', orders: inWindow };
  }
  const page = read.raw.find((text) => text.includes(only.orderReference)) ?? read.raw.join('\n');
  return { kind: 'found', order: only, raw: page };
}

/**
 * One request's search of the provider's orders: the list read over `span` (the send window, or wider:
 * see wholeMinutesOf), terse orders completed from their records (withRecords), then judged against
 * the window (judgeOrders). Only reads; throws the read's failure.
 */
export async function findOrder(
  connection: Connection,
  claimed: (references: readonly string[]) => Set<string>,
  window: SendWindow,
  matching: (order: ProviderOrder) => boolean | null,
  span: SendWindow = window,
): Promise<OrderEvidence> {
  const read = await withRecords(connection, claimed, await ordersIn(connection, span), matching);
  return judgeOrders(claimed, read, window, matching);
}

/**
 * Whether the order may have been placed inside `window`: some instant of the span its stated time
 * stands for (a whole minute or day when written for people, see statedSpanMs) falls in it. An order
 * whose date cannot be read may have been placed anywhere.
 */
export function mayBeDatedIn(order: ProviderOrder, window: SendWindow): boolean {
  const at = timeOf(order);
  return Number.isNaN(at) || (at + statedSpanMs(at) >= window.from.getTime() && at <= window.to.getTime());
}

function timeOf(order: ProviderOrder): number {
  return order.createdAt === null ? Number.NaN : Date.parse(order.createdAt);
}

/**
 * Whether a listed order's field is the one expected: null when the list left it out, so the order can
 * be neither claimed nor ruled out by it.
 */
export function sameField<T>(listed: T | null, expected: T, equal = (a: T, b: T) => a === b): boolean | null {
  return listed === null ? null : equal(listed, expected);
}

/** All of several field comparisons: false if any differs, null if none differs but one is unknown. */
export function allMatch(...checks: readonly (boolean | null)[]): boolean | null {
  if (checks.includes(false)) return false;
  return checks.includes(null) ? null : true;
}

/** Facts for a record's last error: what was searched and what was found. */
export function evidenceFacts(window: SendWindow, evidence: OrderEvidence): Record<string, unknown> {
  return {
    searchedFrom: window.from.toISOString(),
    searchedTo: window.to.toISOString(),
    ...(evidence.kind === 'ambiguous'
      ? { possibleOrders: evidence.orders.map((order) => order.orderReference) }
      : {}),
  };
}
