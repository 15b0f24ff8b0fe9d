import { z } from 'zod';

/** One network event as the counter shows it: when, what, where. */
export const CareEventSchema = z.object({
  time: z.string(),
  /** As the provider named it; null when it did not. */
  type: z.string().nullable(),
  operator: z.string().nullable(),
  country: z.string().nullable(),
});

/**
 * A sold eSIM as the provider reports it right now, for a customer who comes back: its status,
 * whether it is installed and on what, its data and validity, and where it has been on a network.
 */
export const EsimCareSchema = z.object({
  iccid: z.string(),
  status: z.string().nullable(),
  /** The profile left the SM-DP+ for a device; null when the provider's answer does not say. */
  installed: z.boolean().nullable(),
  deviceModel: z.string().nullable(),
  activatedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  usedMb: z.number().nullable(),
  totalMb: z.number().nullable(),
  remainingMb: z.number().nullable(),
  unlimited: z.boolean().nullable(),
  /** As the provider counted them; null when its answer does not say. */
  totalEvents: z.number().int().nullable(),
  wrongNetworkCount: z.number().int().nullable(),
  /** The latest events first, at most ten. */
  events: z.array(CareEventSchema),
});
export type EsimCare = z.infer<typeof EsimCareSchema>;
