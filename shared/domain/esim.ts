import { z } from 'zod';
import { ErrorCodeSchema } from '../errors';
import { IsoTimeSchema } from './common';

/**
 * An eSIM looked up by ICCID, for the top-up and eSIM-care screens. What the provider left out of its
 * answer is null, and the screens say "not reported": never nothing used, no data, or not expired.
 */
export const EsimDetailsSchema = z.object({
  iccid: z.string(),
  packageName: z.string().nullable(),
  packageCode: z.string().nullable(),
  status: z.string().nullable(),
  unlimited: z.boolean().nullable(),
  totalMb: z.number().nullable(),
  usedMb: z.number().nullable(),
  remainingMb: z.number().nullable(),
  usagePercent: z.number().nullable(),
  validityDays: z.number().int().nullable(),
  activatedAt: IsoTimeSchema.nullable(),
  expiresAt: IsoTimeSchema.nullable(),
  expired: z.boolean().nullable(),
  /** Whether the top-up eligibility rule lets this eSIM be topped up now, and if not why (a code). */
  toppable: z.boolean(),
  notToppableReason: ErrorCodeSchema.nullable(),
});
export type EsimDetails = z.infer<typeof EsimDetailsSchema>;
