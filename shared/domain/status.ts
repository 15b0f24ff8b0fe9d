import { z } from 'zod';
import { CurrencySchema } from '../money-schema';
import { BalanceViewSchema } from './balance';
import { IsoTimeSchema } from './common';

export const StatusSchema = z.object({
  mode: z.enum(['training', 'live']),
  counterId: z.string(),
  credentials: z.object({ stored: z.boolean(), maskedAccessCode: z.string().nullable() }),
  keychain: z.enum(['available', 'unavailable']),
  apiBaseUrl: z.string(),
  connection: z.enum(['unknown', 'online', 'offline']),
  /** Server clock minus ours, from the API's Date headers; null until first seen. */
  clockSkewMs: z.number().nullable(),
  balance: BalanceViewSchema.nullable(),
  currency: CurrencySchema.nullable(),
  catalogue: z.object({ count: z.number().int(), syncedAt: IsoTimeSchema.nullable(), syncing: z.boolean() }),
  openSales: z.object({ pending: z.number().int(), inDoubt: z.number().int(), support: z.number().int() }),
  managerPinSet: z.boolean(),
});
export type Status = z.infer<typeof StatusSchema>;
