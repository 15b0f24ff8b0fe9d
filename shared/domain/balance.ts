import { z } from 'zod';
import { MoneySchema } from '../money-schema';
import { IsoTimeSchema } from './common';

export const BalanceViewSchema = z.object({
  balance: MoneySchema,
  /** Present for enterprise accounts only. */
  enterprise: z.object({ account: z.string(), live: z.boolean(), asOf: IsoTimeSchema }).nullable(),
  updatedAt: IsoTimeSchema,
  low: z.boolean(),
});
export type BalanceView = z.infer<typeof BalanceViewSchema>;
