import { z } from 'zod';
import {
  ApiCurrencySchema,
  OrderListStatusFilterSchema,
  OrderListStatusSchema,
  PaginationSchema,
  readEnvelope,
} from './common';

/** Order quantity bounds and idempotency key length. */
export const ORDER_QUANTITY_MIN = 1;
export const ORDER_QUANTITY_MAX = 10;
export const IDEMPOTENCY_KEY_MAX = 200;

/** POST /esims/order body. Legacy fields are accepted; `price` differing from the current cost is PRICE_MISMATCH. */
export const OrderRequestSchema = z.object({
  packageCode: z.string().min(1),
  quantity: z.number().int().min(ORDER_QUANTITY_MIN).max(ORDER_QUANTITY_MAX).optional(),
  recurring: z.boolean().optional(),
  idempotency_key: z.string().min(1).max(IDEMPOTENCY_KEY_MAX).optional(),
  packageName: z.string().optional(),
  price: z.number().optional(),
  duration: z.number().optional(),
  flagUrl: z.string().optional(),
});
export type OrderRequest = z.infer<typeof OrderRequestSchema>;

/** An eSIM inside an order creation result. */
export const EsimOrderItemSchema = z.object({
  iccid: z.string().min(1),
  lpaString: z.string().min(1),
  qrCodeUrl: z.string(),
  directAppleInstallUrl: z.string(),
  directAndroidInstallUrl: z.string().optional(),
  /** `New`, or `PENDING` for placeholders. */
  status: z.string(),
  imsi: z.string().nullable(),
  msisdn: z.string().nullable(),
  sim_status: z.string().nullable(),
  esim_status: z.string().nullable(),
  profile_status: z.string().nullable(),
  unlimited: z.boolean(),
  total_volume: z.number().nullable(),
  total_duration: z.number().nullable(),
  expired_time: z.string().nullable(),
  isPending: z.boolean(),
});
export type ApiEsimOrderItem = z.infer<typeof EsimOrderItemSchema>;

/** A placeholder eSIM some servers put in a pending result instead of an empty list. */
export const PendingEsimPlaceholderSchema = z.object({
  iccid: z.string().nullable().optional(),
  status: z.string().optional(),
  isPending: z.boolean().optional(),
});

/** 200 of POST /esims/order when provisioning was immediate. */
export const OrderCompletedResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  orderReference: z.string().min(1),
  esimId: z.number().int(),
  packageName: z.string(),
  newBalance: z.number(),
  currency: ApiCurrencySchema,
  lpaString: z.string(),
  qrCodeUrl: z.string(),
  directAppleInstallUrl: z.string(),
  paymentMethod: z.literal('balance'),
  status: z.literal('completed'),
  amount: z.number(),
  profit: z.number(),
  final_price: z.number(),
  processing_time_ms: z.number().int(),
  esims: z.array(EsimOrderItemSchema).min(1),
  isPending: z.boolean().optional(),
  duplicate: z.literal(false).optional(),
  note: z.string().optional(),
});
export type OrderCompletedResult = z.infer<typeof OrderCompletedResultSchema>;

/** 200 of POST /esims/order when the package is provisioned asynchronously. */
export const OrderPendingResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  orderReference: z.string().min(1),
  packageName: z.string(),
  status: z.literal('pending_details'),
  amount: z.number(),
  isPending: z.literal(true),
  esims: z.array(PendingEsimPlaceholderSchema),
  // Not promised by the description for pending results, but a careful server sends them.
  newBalance: z.number().optional(),
  currency: ApiCurrencySchema.optional(),
  final_price: z.number().optional(),
  note: z.string().optional(),
});
export type OrderPendingResult = z.infer<typeof OrderPendingResultSchema>;

/** 200 of POST /esims/order when the idempotency key names an order already completed: no second charge. */
export const OrderReplayResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  duplicate: z.literal(true),
  orderReference: z.string().min(1),
  esimId: z.number().int(),
  packageName: z.string(),
  status: z.literal('completed'),
  esims: z.array(EsimOrderItemSchema),
});
export type OrderReplayResult = z.infer<typeof OrderReplayResultSchema>;

/** `order.esim` of GET /esims/order: most fields null while provisioning is pending. */
export const OrderStatusEsimSchema = z.object({
  iccid: z.string().nullable(),
  status: z.string().nullable(),
  imsi: z.string().nullable(),
  msisdn: z.string().nullable(),
  sim_status: z.string().nullable(),
  esim_status: z.string().nullable(),
  profile_status: z.string().nullable(),
  qrCodeUrl: z.string().nullable(),
  directAppleInstallUrl: z.string().nullable(),
  directAndroidInstallUrl: z.string().nullable().optional(),
  lpaString: z.string().nullable(),
  isPending: z.boolean(),
  unlimited: z.boolean(),
  totalVolume: z.number().nullable(),
  totalDuration: z.number().nullable(),
  expiredTime: z.string().nullable(),
});

export const OrderStatusRecordSchema = z.object({
  id: z.number().int(),
  packageName: z.string(),
  packageCode: z.string(),
  status: z.string(),
  orderReference: z.string(),
  paymentMethod: z.string(),
  paymentStatus: z.string(),
  amount: z.number(),
  finalPrice: z.number(),
  orderDate: z.string(),
  esim: OrderStatusEsimSchema,
});
export type OrderStatusRecord = z.infer<typeof OrderStatusRecordSchema>;

/** 200 of GET /esims/order?orderReference=… (an order-style envelope: `order` at top level). */
export const OrderStatusResponseSchema = z.object({
  success: z.literal(true),
  order: OrderStatusRecordSchema,
});
export type OrderStatusResponse = z.infer<typeof OrderStatusResponseSchema>;

/** POST /topup/order body. */
export const TopUpRequestSchema = z.object({
  iccid: z.string().min(1),
  packageCode: z.string().min(1),
  quantity: z.number().int().min(1).max(10).optional(),
  packageName: z.string().optional(),
  price: z.number().optional(),
});
export type TopUpRequest = z.infer<typeof TopUpRequestSchema>;

export const TopUpResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  orderReference: z.string().min(1),
  iccid: z.string(),
  packageName: z.string(),
  newBalance: z.number(),
  currency: ApiCurrencySchema,
  status: z.literal('completed'),
  amount: z.number(),
  profit: z.number(),
  processing_time_ms: z.number().int(),
  esimData: z.object({
    newTotalVolumeGB: z.number(),
    newRemainingVolumeGB: z.number(),
    expiredTime: z.string(),
  }),
});
export type TopUpResult = z.infer<typeof TopUpResultSchema>;

export const OrderListEsimSchema = z.object({
  iccid: z.string().nullable(),
  imsi: z.string().nullable(),
  msisdn: z.string().nullable(),
  sim_status: z.string().nullable(),
  esim_status: z.string().nullable(),
  profile_status: z.string().nullable(),
  unlimited: z.boolean(),
  total_volume: z.number().nullable(),
  total_duration: z.number().nullable(),
  expired_time: z.string().nullable(),
});

export const OrderListItemSchema = z.object({
  id: z.number().int(),
  order_reference: z.string(),
  package_name: z.string(),
  package_code: z.string(),
  amount: z.number(),
  currency: ApiCurrencySchema,
  status: OrderListStatusSchema,
  flag_url: z.string().nullable(),
  created_at: z.string(),
  esim: OrderListEsimSchema.nullable(),
});
export type ApiOrderListItem = z.infer<typeof OrderListItemSchema>;

export const OrderListResponseSchema = readEnvelope(
  z.object({
    orders: z.array(OrderListItemSchema),
    summary: z.object({ total_orders: z.number().int(), total_revenue: z.number() }),
    pagination: PaginationSchema,
  }),
);
export type OrderListResponse = z.infer<typeof OrderListResponseSchema>;

export const OrderListQuerySchema = z.object({
  page: z.number().int().min(1).optional(),
  limit: z.number().int().min(1).max(100).optional(),
  status: OrderListStatusFilterSchema.optional(),
  from_date: z.string().optional(),
  to_date: z.string().optional(),
  search: z.string().optional(),
  sort_by: z.enum(['created_at', 'amount', 'status']).optional(),
  sort_order: z.enum(['asc', 'desc']).optional(),
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;
