import { z } from 'zod';
import { ErrorCodeSchema } from '../errors';
import { IsoTimeSchema } from './common';

/** An eSIM looked up by ICCID, for the top-up and eSIM-care screens. */
export const EsimDetailsSchema = z.object({
  iccid: z.string(),
  packageName: z.string(),
  packageCode: z.string().nullable(),
  status: z.string(),
  unlimited: z.boolean(),
  totalMb: z.number(),
  usedMb: z.number(),
  remainingMb: z.number(),
  usagePercent: z.number(),
  validityDays: z.number().int().nullable(),
  activatedAt: IsoTimeSchema.nullable(),
  expiresAt: IsoTimeSchema.nullable(),
  expired: z.boolean(),
  /** Whether the top-up eligibility rule lets this eSIM be topped up now, and if not why (a code). */
  toppable: z.boolean(),
  notToppableReason: ErrorCodeSchema.nullable(),
});
export type EsimDetails = z.infer<typeof EsimDetailsSchema>;
