import { z } from 'zod';
import { MoneySchema } from '../money-schema';
import { IsoTimeSchema } from './common';

export const ProviderOrderSchema = z.object({
  id: z.number().int(),
  orderReference: z.string(),
  packageName: z.string(),
  packageCode: z.string(),
  amount: MoneySchema,
  status: z.enum(['pending', 'completed', 'failed', 'cancelled']),
  createdAt: IsoTimeSchema,
  iccid: z.string().nullable(),
});
export type ProviderOrder = z.infer<typeof ProviderOrderSchema>;
