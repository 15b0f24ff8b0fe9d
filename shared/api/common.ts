import { z } from 'zod';
import { CurrencySchema } from '../money-schema';

/**
 * Schemas of the reseller API's wire format, field for field as `reseller-api-v1.md` describes it:
 * the tidy form the simulator answers in and its conformance tests check. The core's client does not
 * require all of it: it reads answers tolerantly, requiring only what money and the hand-over need
 * (docs/api-client.md). Amounts stay API numbers here; the client converts them to minor units once.
 * Unknown extra fields pass (zod strips them from the parsed value; the raw JSON is kept by callers).
 * Date fields are plain strings: real servers send text that is not always ISO 8601; the client reads
 * each as ISO 8601 UTC where it can (electron/core/api/provider-time.ts).
 */

export const PaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

export const ApiCurrencySchema = CurrencySchema;

/** Page-size limits of paginated endpoints. */
export const PAGE_LIMIT_MAX = 100;
export const DEFAULT_PAGE_LIMITS = { packages: 50, topupPackages: 50, esims: 20, orders: 20 } as const;

/** eSIM `status` values. Comparison is case-insensitive; `USED_EXPIRED` appears only in the top-up rule. */
export const ESIM_STATUSES = [
  'NEW',
  'ACTIVE',
  'EXPIRED',
  'CANCELLED',
  'DEPLETED',
  'DELETED',
  'USED_EXPIRED',
] as const;
export const EsimStatusSchema = z.enum(ESIM_STATUSES);
export type EsimStatus = z.infer<typeof EsimStatusSchema>;

export function normalizeEsimStatus(text: string): EsimStatus | null {
  const upper = text.toUpperCase();
  return (ESIM_STATUSES as readonly string[]).includes(upper) ? (upper as EsimStatus) : null;
}

/** eSIM `esim_status` labels. */
export const ESIM_STATUS_LABELS = [
  'New',
  'Assigned (Not Installed)',
  'Installed',
  'Active',
  'Not Active',
] as const;
export const EsimStatusLabelSchema = z.enum(ESIM_STATUS_LABELS);

/** Order `status` on creation, and the order-list filter values. */
export const OrderCreateStatusSchema = z.enum(['completed', 'pending_details']);
export const OrderListStatusSchema = z.enum(['pending', 'completed', 'failed', 'cancelled']);
export const OrderListStatusFilterSchema = z.enum(['all', 'pending', 'completed', 'failed', 'cancelled']);
export const EsimListStatusFilterSchema = z.enum([
  'all',
  'NEW',
  'ACTIVE',
  'EXPIRED',
  'CANCELLED',
  'DEPLETED',
  'DELETED',
]);

export const PackageTypeSchema = z.enum(['local', 'regional', 'global', 'enterprise']);
export type PackageType = z.infer<typeof PackageTypeSchema>;

/** A read endpoint's success envelope: `{success:true, data:{...}}`. */
export function readEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/**
 * Error body: `{success:false, error and/or message, code?, details?}`. Real servers sometimes omit
 * `success`, so it is optional here; a body is an error when the HTTP status says so.
 */
export const ErrorBodySchema = z.object({
  success: z.literal(false).optional(),
  error: z.string().optional(),
  message: z.string().optional(),
  code: z.string().optional(),
  details: z.unknown().optional(),
  currentBalance: z.number().optional(),
  requiredBalance: z.number().optional(),
  needToLoad: z.number().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The HTTP status of each listed error code; where the description does not show it, our choice (docs/simulator.md). */
export const ERROR_HTTP_STATUS = {
  INVALID_API_KEY: 401,
  INVALID_SIGNATURE: 401,
  HMAC_REQUIRED: 401,
  INVALID_TIMESTAMP: 401,
  INVALID_REQUEST_ID: 400,
  /** 400 for a reused request id; an order whose idempotency key is in flight gets 409. */
  DUPLICATE_REQUEST: 400,
  INVALID_USER: 403,
  MISSING_PACKAGE_CODE: 400,
  INVALID_PACKAGE: 400,
  PACKAGE_NOT_FOUND: 404,
  PRICE_MISMATCH: 400,
  INSUFFICIENT_BALANCE: 400,
  ORDER_PROCESSING_ERROR: 500,
  MISSING_ICCID: 400,
  ESIM_NOT_TOPPABLE: 400,
  ESIM_ACCESS_DENIED: 403,
  MISSING_IDENTIFIER: 400,
  FORBIDDEN: 403,
  ESIM_NOT_FOUND: 404,
  PROVIDER_ERROR: 502,
  // Not shown in the description; chosen as a careful provider would:
  RATE_LIMIT_EXCEEDED: 429,
  ORDER_NOT_FOUND: 404,
  MISSING_FIELDS: 400,
  INVALID_TOPUP_PACKAGE: 400,
  TOPUP_NOT_SUPPORTED: 400,
  NOT_ELIGIBLE: 400,
  ALREADY_CANCELLED: 409,
  UNSUPPORTED_PROVIDER: 400,
  NOT_SUPPORTED: 400,
  SMS_NOT_SUPPORTED: 400,
  INVALID_ACTION: 400,
  MISSING_MESSAGE: 400,
  MESSAGE_TOO_LONG: 400,
  SMS_FAILED: 502,
} as const;
