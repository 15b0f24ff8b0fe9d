import { z } from 'zod';

/** One network event as the counter shows it: when, what, where. */
export const CareEventSchema = z.object({
  time: z.string(),
  type: z.string(),
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
  /** The profile left the SM-DP+ for a device. */
  installed: z.boolean(),
  deviceModel: z.string().nullable(),
  activatedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  usedMb: z.number().nullable(),
  totalMb: z.number().nullable(),
  remainingMb: z.number().nullable(),
  unlimited: z.boolean().nullable(),
  totalEvents: z.number().int(),
  wrongNetworkCount: z.number().int(),
  /** The latest events first, at most ten. */
  events: z.array(CareEventSchema),
});
export type EsimCare = z.infer<typeof EsimCareSchema>;
