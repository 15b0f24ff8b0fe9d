import { z } from 'zod';
import { MoneySchema } from '../money-schema';
import { IsoTimeSchema } from './common';

/** An order in the provider's own list: only the reference is certain, the rest is null where the provider left it out. */
export const ProviderOrderSchema = z.object({
  id: z.number().int().nullable(),
  orderReference: z.string(),
  packageName: z.string().nullable(),
  packageCode: z.string().nullable(),
  amount: MoneySchema.nullable(),
  /** One of the API's list statuses; null for any other, whose text is in `statusText`. */
  status: z.enum(['pending', 'completed', 'failed', 'cancelled']).nullable(),
  statusText: z.string().nullable(),
  /** ISO 8601 UTC, however the provider wrote it; null when unreadable. */
  createdAt: IsoTimeSchema.nullable(),
  iccid: z.string().nullable(),
});
export type ProviderOrder = z.infer<typeof ProviderOrderSchema>;
