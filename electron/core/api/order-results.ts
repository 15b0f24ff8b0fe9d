import type { ProviderOrder } from '../../../shared/domain/provider-order';
import type { SaleEsim } from '../../../shared/domain/sale';
import type { Money } from '../../../shared/money';
import { Fields, readItems } from './fields';
import { type PageInfo, type PageQuery, type PageRead, pageCounts } from './pages';
import { type AccountCurrency, iccidOrNull, installOf, issuedIccidOf, moneyReader } from './parse';
import type { ProviderAnswer } from './provider-answer';

/** What a POST /esims/order answer means for the sale. Every variant keeps the answer's text for the journal. */
export type OrderOutcome = OrderCompleted | OrderPending | OrderReplay;

interface OrderBase {
  readonly orderReference: string;
  readonly packageName: string | null;
  readonly message: string | null;
  /**
   * What was charged (`final_price`, else `amount`), or null when the answer does not say (an
   * idempotent replay, a terse provider): read it afterwards with GET /esims/order.
   */
  readonly cost: Money | null;
  /** The balance after this order, when the answer says. */
  readonly newBalance: Money | null;
  /** The answer's body exactly as received. */
  readonly raw: string;
  /** How many times the order was sent (the API allows one re-send with the same key). */
  readonly attempts: number;
  /** Every answer the sends received, this one last: a re-sent order may have had two. */
  readonly answers: readonly ProviderAnswer[];
}

/** Charged and provisioned: the eSIMs can be handed over, whether or not the answer says what was charged. */
export interface OrderCompleted extends OrderBase {
  readonly kind: 'completed';
  readonly esimId: number | null;
  readonly profit: Money | null;
  readonly esims: readonly SaleEsim[];
}

/** Accepted; provisioning is asynchronous (poll GET /esims/order). */
export interface OrderPending extends OrderBase {
  readonly kind: 'pending';
  readonly note: string | null;
  /** The answer was an idempotent replay of an order still pending. */
  readonly duplicate: boolean;
}

/** The key names an order already completed: no second charge; the original eSIMs are returned. */
export interface OrderReplay extends OrderBase {
  readonly kind: 'replay';
  readonly esimId: number | null;
  readonly esims: readonly SaleEsim[];
}

type Conversion<T> = Omit<T, 'raw' | 'attempts' | 'answers'>;

/** Order `status` texts that mean provisioning has not finished (`pending` is the order list's word for it). */
const PENDING_STATUSES = new Set(['pending_details', 'pending']);

/**
 * Reads a 200 of POST /esims/order. Required: the order reference, and for a completed order or a
 * replay each eSIM's ICCID and what installs it. Everything else is read tolerantly. Servers answer a
 * pending order with `esims: []`, with placeholder eSIMs marked PENDING, or with no list at all, and a
 * terse provider sends no status either: an accepted order without eSIMs is one whose eSIMs follow,
 * so it is pending (polled with GET /esims/order), unless it says it completed: a completed order
 * without its eSIMs is an answer that cannot be read.
 */
export async function parseOrderResult(
  json: unknown,
  accountCurrency: AccountCurrency,
): Promise<Conversion<OrderCompleted> | Conversion<OrderPending> | Conversion<OrderReplay>> {
  const body = Fields.of(json);
  const orderReference = body.requiredText('orderReference');
  const money = await moneyReader(body, ['final_price', 'amount', 'newBalance', 'profit'], accountCurrency);
  const base = {
    orderReference,
    packageName: body.text('packageName'),
    message: body.text('message'),
    cost: money('final_price') ?? money('amount'),
    newBalance: money('newBalance'),
  };
  const duplicate = body.flag('duplicate') === true;
  const status = body.text('status')?.toLowerCase() ?? '';
  const noEsims = (body.list('esims') ?? []).length === 0;
  if (
    PENDING_STATUSES.has(status) ||
    body.flag('isPending') === true ||
    (noEsims && status !== 'completed')
  ) {
    return { kind: 'pending', ...base, note: body.text('note'), duplicate };
  }
  const esims = orderEsimsOf(body);
  const esimId = body.integer('esimId');
  if (duplicate) return { kind: 'replay', ...base, esimId, esims };
  return { kind: 'completed', ...base, esimId, profit: money('profit'), esims };
}

/** Every eSIM of a completed order; the order's top-level `lpaString` is its first eSIM's. */
function orderEsimsOf(body: Fields): SaleEsim[] {
  const list = body.list('esims') ?? [];
  if (list.length === 0) throw body.problem('esims', 'no eSIM in a completed order');
  const topLevelLpa = body.text('lpaString');
  return list.map((item, index) =>
    saleEsimOf(Fields.of(item, body.pathOf(`esims.${index}`)), index === 0 ? topLevelLpa : null),
  );
}

/**
 * An eSIM ready to hand over: its ICCID and install details are required. The order result and the
 * order status record spell the other fields differently (`total_volume`, `totalVolume`); both are read.
 */
function saleEsimOf(item: Fields, fallbackLpa: string | null): SaleEsim {
  const iccid = issuedIccidOf(item, 'iccid');
  return {
    iccid,
    ...installOf(item, fallbackLpa),
    appleInstallUrl: item.text('directAppleInstallUrl'),
    androidInstallUrl: item.text('directAndroidInstallUrl'),
    status: item.text('status'),
    totalVolumeBytes: item.number('total_volume') ?? item.number('totalVolume'),
    validityDays: item.number('total_duration') ?? item.number('totalDuration'),
    expiresAt: item.time('expired_time') ?? item.time('expiredTime'),
  };
}

/** GET /esims/order: the order as the provider holds it now. Only the `order` object is required. */
export interface OrderStatus {
  readonly id: number | null;
  readonly orderReference: string;
  readonly packageName: string | null;
  readonly packageCode: string | null;
  /** As sent (`pending_details`, `completed`, `failed`, `cancelled`, or another word of the provider's). */
  readonly status: string | null;
  readonly paymentStatus: string | null;
  /**
   * What was charged (`finalPrice`, else `amount`), in the account currency. A zero price of an order
   * still pending is no word on the charge (null): a pending sale's cost is only what the provider
   * said it charged, and a provider that failed the order says so in its status or payment status.
   */
  readonly cost: Money | null;
  /**
   * The provider's own word that the order charged nothing or gave the money back: its status is
   * `failed` or `cancelled`, or its payment status says not charged or refunded, whatever word the
   * status uses. Nothing else (a zero price, an unknown word) counts: a wrong "not charged" loses money.
   */
  readonly notCharged: boolean;
  /** ISO 8601 UTC, however the provider wrote it; null when unreadable. */
  readonly orderDate: string | null;
  /** Still provisioning: the eSIM says so, or it has no ICCID yet and the order does not say it completed. */
  readonly pending: boolean;
  /**
   * The ICCID of the order's eSIM, whatever else of it could be read: for a top-up order the eSIM it
   * topped up, the one fact that ties a top-up order to a top-up of ours when the list leaves it out.
   */
  readonly iccid: string | null;
  /** The eSIM, when its ICCID and install details could be read. */
  readonly esim: SaleEsim | null;
  readonly raw: string;
}

/** Order statuses that say the order will never be provisioned: failed (nothing charged) or cancelled (refunded). */
const GIVEN_UP_STATUSES = new Set(['failed', 'cancelled']);

/** Payment statuses that say no money stayed with the provider for the order. */
const NOT_CHARGED_PAYMENTS = new Set(['not_charged', 'refunded', 'refund_requested', 'refunded_separately']);

export async function parseOrderStatus(
  json: unknown,
  askedReference: string,
  accountCurrency: AccountCurrency,
): Promise<Omit<OrderStatus, 'raw'>> {
  const order = Fields.of(json).requiredObject('order');
  const esim = order.object('esim');
  const status = order.text('status');
  const word = status?.toLowerCase() ?? '';
  const notCharged =
    GIVEN_UP_STATUSES.has(word) || NOT_CHARGED_PAYMENTS.has(order.text('paymentStatus')?.toLowerCase() ?? '');
  const money = await moneyReader(order, ['finalPrice', 'final_price', 'amount'], accountCurrency);
  // Done when the eSIM has its ICCID and is not pending (the description's rule), or when the order
  // says it completed although the record left the eSIM's details out: a replay then fetches them.
  // An order that charged nothing is not waiting for anything.
  const pending =
    !notCharged &&
    (esim?.flag('isPending') === true || (esim?.text('iccid') == null && word !== 'completed'));
  const stated = money('finalPrice') ?? money('final_price') ?? money('amount');
  const cost = pending && stated?.amount === 0 ? null : stated;
  return {
    id: order.integer('id'),
    orderReference: order.text('orderReference') ?? askedReference,
    packageName: order.text('packageName'),
    packageCode: order.text('packageCode'),
    status,
    paymentStatus: order.text('paymentStatus'),
    cost,
    notCharged,
    orderDate: order.time('orderDate'),
    pending,
    iccid: esim ? iccidOrNull(esim, 'iccid') : null,
    esim: pending || esim === null ? null : handOverOrNull(esim),
  };
}

/** The order status record is read for its state: an eSIM whose details cannot be read is left out, not fatal. */
function handOverOrNull(esim: Fields): SaleEsim | null {
  try {
    return saleEsimOf(esim, null);
  } catch {
    return null;
  }
}

const ORDER_LIST_STATUSES = ['pending', 'completed', 'failed', 'cancelled'] as const;

/** GET /orders: the provider's own order list (filtered by the API to the account's currency). */
export interface ProviderOrderPage {
  readonly orders: readonly ProviderOrder[];
  /** Orders in the list that could not be read (no order reference): left out and counted. */
  readonly skipped: number;
  readonly totalOrders: number | null;
  readonly totalRevenue: Money | null;
  readonly pagination: PageInfo;
  readonly raw: string;
}

export async function parseOrderPage(
  json: unknown,
  asked: PageQuery,
  accountCurrency: AccountCurrency,
): Promise<PageRead<Omit<ProviderOrderPage, 'raw'>>> {
  const data = Fields.of(json).requiredObject('data');
  const read = await readItems(data.requiredList('orders'), 'data.orders', async (item) => {
    const money = await moneyReader(item, ['amount'], accountCurrency);
    const esim = item.object('esim');
    return {
      id: item.integer('id'),
      orderReference: item.requiredText('order_reference'),
      packageName: item.text('package_name'),
      packageCode: item.text('package_code'),
      amount: money('amount'),
      status: item.oneOf('status', ORDER_LIST_STATUSES),
      statusText: item.text('status'),
      createdAt: item.time('created_at'),
      iccid: esim ? iccidOrNull(esim, 'iccid') : null,
    } satisfies ProviderOrder;
  });
  // The summary names no currency: the orders' own is the account's (the list is filtered to it).
  const listed = read.items.find((order) => order.amount !== null)?.amount?.currency ?? null;
  const summary = data.object('summary');
  const revenue = summary
    ? await moneyReader(summary, ['total_revenue'], async () => listed ?? (await accountCurrency()))
    : null;
  const page = {
    orders: read.items,
    totalOrders: summary?.integer('total_orders') ?? null,
    totalRevenue: revenue?.('total_revenue') ?? null,
    ...pageCounts(data, read, asked),
  };
  return { page, problems: read.skipped };
}
