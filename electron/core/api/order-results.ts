import type { Pagination } from '../../../shared/api/common';
import {
  type ApiEsimOrderItem,
  OrderCompletedResultSchema,
  OrderListResponseSchema,
  OrderPendingResultSchema,
  OrderReplayResultSchema,
  OrderStatusResponseSchema,
} from '../../../shared/api/orders';
import type { ProviderOrder } from '../../../shared/domain/provider-order';
import type { SaleEsim } from '../../../shared/domain/sale';
import type { Currency, Money } from '../../../shared/money';
import { lpaPartsOf, moneyOf, validate } from './parse';

/** What a POST /esims/order answer means for the sale. Every variant keeps the answer's text for the journal. */
export type OrderOutcome = OrderCompleted | OrderPending | OrderReplay;

interface OrderBase {
  readonly orderReference: string;
  readonly packageName: string;
  readonly message: string;
  /** The answer's body exactly as received. */
  readonly raw: string;
  /** How many times the order was sent (the API allows one re-send with the same key). */
  readonly attempts: number;
}

/** Charged and provisioned: the eSIMs can be handed over. */
export interface OrderCompleted extends OrderBase {
  readonly kind: 'completed';
  readonly esimId: number;
  /** What was charged (`final_price`). */
  readonly cost: Money;
  readonly amount: Money;
  readonly profit: Money;
  readonly newBalance: Money;
  readonly esims: readonly SaleEsim[];
}

/** Accepted; provisioning is asynchronous (poll GET /esims/order). Amounts are null when the answer has no currency. */
export interface OrderPending extends OrderBase {
  readonly kind: 'pending';
  readonly cost: Money | null;
  readonly newBalance: Money | null;
  readonly note: string | null;
  /** The answer was an idempotent replay of an order still pending. */
  readonly duplicate: boolean;
}

/** The key names an order already completed: no second charge; the original eSIMs are returned. */
export interface OrderReplay extends OrderBase {
  readonly kind: 'replay';
  readonly esimId: number;
  readonly esims: readonly SaleEsim[];
}

type Conversion<T> = Omit<T, 'raw' | 'attempts'>;

/**
 * Reads a 200 of POST /esims/order. Servers answer a pending order with `esims: []` or with
 * placeholder eSIMs marked PENDING; both are pending. `accountCurrency` is the currency the client
 * last read from the provider, used only where the answer itself names none.
 */
export function parseOrderResult(
  json: unknown,
  accountCurrency: Currency | null,
): Conversion<OrderCompleted> | Conversion<OrderPending> | Conversion<OrderReplay> {
  const shape = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  if (shape.status === 'pending_details') {
    const body = validate(OrderPendingResultSchema, json);
    const currency = body.currency ?? accountCurrency;
    const charged = body.final_price ?? body.amount;
    return {
      kind: 'pending',
      orderReference: body.orderReference,
      packageName: body.packageName,
      message: body.message,
      cost: currency
        ? moneyOf(charged, currency, body.final_price === undefined ? 'amount' : 'final_price')
        : null,
      newBalance:
        currency && body.newBalance !== undefined ? moneyOf(body.newBalance, currency, 'newBalance') : null,
      note: body.note ?? null,
      duplicate: shape.duplicate === true,
    };
  }
  if (shape.duplicate === true) {
    const body = validate(OrderReplayResultSchema, json);
    return {
      kind: 'replay',
      orderReference: body.orderReference,
      packageName: body.packageName,
      message: body.message,
      esimId: body.esimId,
      esims: body.esims.map((item, index) => saleEsimOf(item, `esims.${index}`)),
    };
  }
  const body = validate(OrderCompletedResultSchema, json);
  return {
    kind: 'completed',
    orderReference: body.orderReference,
    packageName: body.packageName,
    message: body.message,
    esimId: body.esimId,
    cost: moneyOf(body.final_price, body.currency, 'final_price'),
    amount: moneyOf(body.amount, body.currency, 'amount'),
    profit: moneyOf(body.profit, body.currency, 'profit'),
    newBalance: moneyOf(body.newBalance, body.currency, 'newBalance'),
    esims: body.esims.map((item, index) => saleEsimOf(item, `esims.${index}`)),
  };
}

function saleEsimOf(item: ApiEsimOrderItem, field: string): SaleEsim {
  return saleEsim(
    {
      iccid: item.iccid,
      lpa: item.lpaString,
      appleInstallUrl: item.directAppleInstallUrl,
      androidInstallUrl: item.directAndroidInstallUrl,
      status: item.status,
      totalVolumeBytes: item.total_volume,
      validityDays: item.total_duration,
      expiresAt: item.expired_time,
    },
    `${field}.lpaString`,
  );
}

interface EsimFields {
  readonly iccid: string;
  readonly lpa: string;
  readonly appleInstallUrl: string | null | undefined;
  readonly androidInstallUrl: string | null | undefined;
  readonly status: string | null;
  readonly totalVolumeBytes: number | null;
  readonly validityDays: number | null;
  readonly expiresAt: string | null;
}

/** An eSIM ready to hand over; the two order answers spell its fields differently, the sale does not. */
function saleEsim(fields: EsimFields, lpaField: string): SaleEsim {
  return {
    ...fields,
    ...lpaPartsOf(fields.lpa, lpaField),
    appleInstallUrl: fields.appleInstallUrl || null,
    androidInstallUrl: fields.androidInstallUrl || null,
  };
}

/** GET /esims/order: the order as the provider holds it now. */
export interface OrderStatus {
  readonly id: number;
  readonly orderReference: string;
  readonly packageName: string;
  readonly packageCode: string;
  readonly status: string;
  readonly paymentStatus: string;
  /** `finalPrice` in the account currency; null if the client has not learned the currency yet. */
  readonly cost: Money | null;
  /** As sent; not always ISO 8601. */
  readonly orderDate: string;
  /** Still provisioning: no ICCID or LPA yet. */
  readonly pending: boolean;
  readonly esim: SaleEsim | null;
  readonly raw: string;
}

export function parseOrderStatus(json: unknown, accountCurrency: Currency | null): Omit<OrderStatus, 'raw'> {
  const { order } = validate(OrderStatusResponseSchema, json);
  const { esim } = order;
  const iccid = esim.isPending ? null : esim.iccid;
  const lpa = esim.lpaString;
  return {
    id: order.id,
    orderReference: order.orderReference,
    packageName: order.packageName,
    packageCode: order.packageCode,
    status: order.status,
    paymentStatus: order.paymentStatus,
    cost: accountCurrency ? moneyOf(order.finalPrice, accountCurrency, 'order.finalPrice') : null,
    orderDate: order.orderDate,
    pending: iccid === null || !lpa,
    esim:
      iccid !== null && lpa
        ? saleEsim(
            {
              iccid,
              lpa,
              appleInstallUrl: esim.directAppleInstallUrl,
              androidInstallUrl: esim.directAndroidInstallUrl,
              status: esim.status,
              totalVolumeBytes: esim.totalVolume,
              validityDays: esim.totalDuration,
              expiresAt: esim.expiredTime,
            },
            'order.esim.lpaString',
          )
        : null,
  };
}

/** GET /orders: the provider's own order list (filtered by the API to the account's currency). */
export interface ProviderOrderPage {
  readonly orders: readonly ProviderOrder[];
  readonly totalOrders: number;
  /** Null when the page has no order and the account currency is not known yet. */
  readonly totalRevenue: Money | null;
  readonly pagination: Pagination;
  readonly raw: string;
}

export function parseOrderPage(
  json: unknown,
  accountCurrency: Currency | null,
): Omit<ProviderOrderPage, 'raw'> {
  const { data } = validate(OrderListResponseSchema, json);
  const currency = data.orders[0]?.currency ?? accountCurrency;
  return {
    orders: data.orders.map((order, index) => ({
      id: order.id,
      orderReference: order.order_reference,
      packageName: order.package_name,
      packageCode: order.package_code,
      amount: moneyOf(order.amount, order.currency, `data.orders.${index}.amount`),
      status: order.status,
      createdAt: order.created_at,
      iccid: order.esim?.iccid ?? null,
    })),
    totalOrders: data.summary.total_orders,
    totalRevenue: currency
      ? moneyOf(data.summary.total_revenue, currency, 'data.summary.total_revenue')
      : null,
    pagination: data.pagination,
  };
}
