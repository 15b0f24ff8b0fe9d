import { z } from 'zod';
import { EsimListStatusFilterSchema, PaginationSchema, readEnvelope } from './common';

/** Most eSIM-care endpoints name the eSIM by `iccid` or `esimId`; `iccid` takes precedence. */
export const EsimIdentifierSchema = z.object({
  iccid: z.string().min(1).optional(),
  esimId: z.number().int().optional(),
});
export type EsimIdentifier = z.infer<typeof EsimIdentifierSchema>;

export const UsageDataSchema = z.object({
  total_mb: z.number(),
  used_mb: z.number(),
  remaining_mb: z.number(),
  usage_percentage: z.number(),
  is_unlimited: z.boolean(),
});

export const ValiditySchema = z.object({
  days: z.number().int(),
  activated_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  is_expired: z.boolean(),
});

export const EsimListItemSchema = z.object({
  id: z.number().int(),
  iccid: z.string(),
  package_name: z.string(),
  package_code: z.string(),
  countries: z.array(z.string()),
  status: z.string(),
  data: UsageDataSchema,
  validity: ValiditySchema,
  qr_code: z.string(),
  manual_installation: z.object({
    smdp_address: z.string(),
    activation_code: z.string(),
    lpa_format: z.string(),
  }),
  direct_apple_installation_url: z.string(),
  direct_android_installation_url: z.string().nullable(),
  flag_url: z.string().nullable(),
  created_at: z.string(),
  is_pending: z.boolean(),
  phone_number: z.string().nullable(),
  imsi: z.string().nullable(),
  sim_status: z.string().nullable(),
  esim_status: z.string().nullable(),
  profile_status: z.string().nullable(),
});
export type ApiEsimListItem = z.infer<typeof EsimListItemSchema>;

export const EsimListResponseSchema = readEnvelope(
  z.object({ esims: z.array(EsimListItemSchema), pagination: PaginationSchema }),
);
export type EsimListResponse = z.infer<typeof EsimListResponseSchema>;

export const EsimListQuerySchema = z.object({
  page: z.number().int().min(1).optional(),
  limit: z.number().int().min(1).max(100).optional(),
  status: EsimListStatusFilterSchema.optional(),
  search: z.string().optional(),
  include_base64: z.boolean().optional(),
});
export type EsimListQuery = z.infer<typeof EsimListQuerySchema>;

export const UsageSchema = z.object({
  esim: z.object({
    iccid: z.string(),
    order_id: z.union([z.string(), z.number()]),
    package_name: z.string(),
    status: z.string(),
  }),
  data: UsageDataSchema,
  validity: ValiditySchema,
});
export type ApiUsage = z.infer<typeof UsageSchema>;
export const UsageResponseSchema = readEnvelope(UsageSchema);

/** GET /esims/usage/query: `iccid` or `order_id` (an order reference), optional YYYY-MM-DD range. */
export const UsageQuerySchema = z.object({
  iccid: z.string().optional(),
  order_id: z.string().optional(),
  from_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

export const LiveStatusSchema = z.object({
  iccid: z.string(),
  status: z.string(),
  esim_status: z.string(),
  smdp_status: z.string(),
  profile: z.string().nullable(),
  unlimited: z.boolean(),
  last_network: z.object({
    operator: z.string().nullable(),
    mcc: z.string().nullable(),
    mnc: z.string().nullable(),
    country: z.string().nullable(),
    country_iso2: z.string().nullable(),
    connection_type: z.string().nullable(),
  }),
  device: z.object({ model: z.string().nullable(), imei: z.string().nullable() }),
  activation_date: z.string().nullable(),
  last_usage_date: z.string().nullable(),
  expiry_date: z.string().nullable(),
  data_usage: z.object({ used_gb: z.number(), total_gb: z.number().nullable(), unlimited: z.boolean() }),
});
export type ApiLiveStatus = z.infer<typeof LiveStatusSchema>;
export const LiveStatusResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: LiveStatusSchema,
});

export const NETWORK_EVENT_TYPES = ['attach', 'data_session', 'location_update'] as const;
export const NetworkEventSchema = z.object({
  time: z.string(),
  event_type: z.enum(NETWORK_EVENT_TYPES),
  req_type: z.string().nullable(),
  operator: z.string().nullable(),
  mcc: z.string().nullable(),
  mnc: z.string().nullable(),
  country: z.string().nullable(),
  country_iso2: z.string().nullable(),
  msisdn: z.string().nullable(),
  apn: z.string().nullable(),
  connection_type: z.string().nullable(),
  data_response: z.string().nullable(),
  is_allowed: z.boolean(),
});
export const NetworkEventsSchema = z.object({
  iccid: z.string(),
  total_events: z.number().int(),
  wrong_network_count: z.number().int(),
  events: z.array(NetworkEventSchema),
});
export type ApiNetworkEvents = z.infer<typeof NetworkEventsSchema>;
export const NetworkEventsResponseSchema = readEnvelope(NetworkEventsSchema);

export const USAGE_REPORT_DAYS_DEFAULT = 7;
export const USAGE_REPORT_DAYS_MAX = 90;
export const UsageReportRequestSchema = EsimIdentifierSchema.extend({
  days: z.number().int().min(1).max(USAGE_REPORT_DAYS_MAX).optional(),
});
const UsageAmountSchema = z.object({ data_mb: z.number(), data_gb: z.number() });
export const UsageReportSchema = z.object({
  iccid: z.string(),
  period_days: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  summary: z.object({
    total_data_mb: z.number(),
    total_data_gb: z.number(),
    avg_daily_mb: z.number(),
    avg_daily_gb: z.number(),
  }),
  daily_usage: z.array(UsageAmountSchema.extend({ date: z.string() })),
  by_country: z.array(
    UsageAmountSchema.extend({
      country: z.string(),
      mcc: z.string(),
      operators: z.array(UsageAmountSchema.extend({ operator: z.string(), mnc: z.string() })),
    }),
  ),
});
export type ApiUsageReport = z.infer<typeof UsageReportSchema>;
export const UsageReportResponseSchema = readEnvelope(UsageReportSchema);

export const SuspendRequestSchema = EsimIdentifierSchema.extend({ action: z.enum(['suspend', 'activate']) });
export const SuspendResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ iccid: z.string(), action: z.string(), esim_status: z.enum(['Disconnected', 'Active']) }),
});
export type ApiSuspendResult = z.infer<typeof SuspendResultSchema>;

export const CancelResultSchema = z.object({
  order_reference: z.string(),
  total_esims: z.number().int(),
  cancelled_esims: z.number().int(),
  failed_esims: z.number().int(),
  refunded_amount: z.number(),
  currency: z.string(),
  refund_method: z.enum(['balance', 'refund_request', 'separate']),
  balance_credited: z.boolean(),
  partial_cancellation: z.boolean(),
  cancel_results: z.array(
    z.object({
      esimId: z.number().int(),
      iccid: z.string(),
      success: z.boolean(),
      refundAmount: z.number(),
    }),
  ),
});
export type ApiCancelResult = z.infer<typeof CancelResultSchema>;
export const CancelResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: CancelResultSchema,
});

export const SMS_MESSAGE_MAX = 500;
export const SendSmsRequestSchema = EsimIdentifierSchema.extend({ message: z.string() });
export const SendSmsResponseSchema = z.object({ success: z.literal(true), message: z.string() });
