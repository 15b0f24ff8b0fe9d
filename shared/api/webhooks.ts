import { z } from 'zod';

export const WEBHOOK_EVENTS = [
  'esim.installed',
  'esim.profile.updated',
  'esim.usage.threshold',
  'esim.status.changed',
  'esim.provisioned',
] as const;
export const WebhookEventNameSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEventName = z.infer<typeof WebhookEventNameSchema>;

/** Delivery retry schedule after a failed attempt, in seconds; then the delivery is marked failed. */
export const WEBHOOK_RETRY_DELAYS_S = [10, 30, 120, 600] as const;
export const WEBHOOK_RESPONSE_DEADLINE_MS = 10_000;
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_HEADERS = {
  event: 'x-webhook-event',
  signature: 'x-webhook-signature',
  timestamp: 'x-webhook-timestamp',
  id: 'x-webhook-id',
} as const;

export const WebhookPutRequestSchema = z.object({
  webhook_url: z
    .string()
    .url()
    .refine((u) => u.startsWith('https://'), 'webhook_url must be an https URL'),
  events: z.array(WebhookEventNameSchema).min(1),
});
export type WebhookPutRequest = z.infer<typeof WebhookPutRequestSchema>;

export const WebhookPutResponseSchema = z.object({
  success: z.literal(true),
  webhook: z.object({
    url: z.string(),
    secret: z.string().startsWith(WEBHOOK_SECRET_PREFIX),
    events: z.array(z.string()),
  }),
});

export const WebhookGetResponseSchema = z.object({
  success: z.literal(true),
  webhook: z.object({ url: z.string(), events: z.array(z.string()), api_key_name: z.string() }).nullable(),
  available_events: z.array(z.string()),
  // The fields of a delivery entry are not shown in the description; see docs/simulator.md for ours.
  recent_deliveries: z.array(z.record(z.string(), z.unknown())),
});

const EventBaseDataSchema = z.object({
  iccid: z.string().nullable(),
  esim_id: z.number().int().nullable(),
  package_code: z.string().nullable(),
  order_reference: z.string().nullable(),
  source: z.string().nullable(),
});

export const WebhookPayloadSchema = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('esim.installed'),
    timestamp: z.string(),
    data: EventBaseDataSchema.extend({
      eid: z.string().nullable(),
      imsi: z.string().nullable(),
      installed_at: z.string(),
    }),
  }),
  z.object({
    event: z.literal('esim.profile.updated'),
    timestamp: z.string(),
    data: EventBaseDataSchema.extend({
      profile_status: z.string().nullable(),
      profile: z.string().nullable(),
      previous_profile_status: z.string().nullable(),
      eid: z.string().nullable(),
      imsi: z.string().nullable(),
      changed_at: z.string(),
    }),
  }),
  z.object({
    event: z.literal('esim.usage.threshold'),
    timestamp: z.string(),
    data: EventBaseDataSchema.extend({
      threshold_remaining_mb: z.number(),
      used_percent: z.number(),
      used_gb: z.number(),
      total_gb: z.number(),
      remaining_gb: z.number(),
      package_id: z.union([z.string(), z.number()]).nullable(),
      reported_at: z.string(),
    }),
  }),
  z.object({
    event: z.literal('esim.status.changed'),
    timestamp: z.string(),
    data: EventBaseDataSchema.extend({
      old_status: z.string(),
      new_status: z.string(),
      changed_at: z.string(),
      expiry_date: z.string().nullable(),
    }),
  }),
  z.object({
    event: z.literal('esim.provisioned'),
    timestamp: z.string(),
    data: EventBaseDataSchema.extend({
      qr_code_url: z.string(),
      lpa_string: z.string(),
      direct_apple_install_url: z.string(),
      direct_android_install_url: z.string().nullable(),
      package_name: z.string(),
    }),
  }),
]);
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;

/** Usage thresholds (MB remaining) at which `esim.usage.threshold` fires. */
export const USAGE_THRESHOLDS_MB = [500, 200, 100, 50] as const;
