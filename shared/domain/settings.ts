import { z } from 'zod';
import { MAX_LOCK_AFTER_MINUTES } from '../idle-lock';
import { MoneySchema } from '../money-schema';
import { SAVED_SETUP_STEPS } from '../setup-steps';
import { LanguageSchema } from './common';

export const PaperWidthSchema = z.union([z.literal(58), z.literal(80)]);
export const SettingsSchema = z.object({
  shopName: z.string().max(80),
  shopAddress: z.string().max(200),
  shopPhone: z.string().max(40),
  receiptFooter: z.string().max(300),
  language: LanguageSchema,
  paperWidthMm: PaperWidthSchema,
  printerName: z.string().nullable(),
  autoPrint: z.boolean(),
  /** Low-balance warning threshold, in the account currency's minor units; null for none. */
  lowBalanceThreshold: MoneySchema.nullable(),
  /** The live API's base URL (ends in /api/v1/business); null uses the default. */
  apiBaseUrl: z.string().url().nullable(),
  pinnedPackageCodes: z.array(z.string()).max(12),
  /** Minutes idle before the counter locks itself (shared/idle-lock.ts); 0 never locks. */
  lockAfterMinutes: z.number().int().min(0).max(MAX_LOCK_AFTER_MINUTES),
  /** The first-start checklist's steps the manager saved (shared/setup-steps.ts). */
  setupDone: z.array(z.enum(SAVED_SETUP_STEPS)).max(SAVED_SETUP_STEPS.length),
});
export type Settings = z.infer<typeof SettingsSchema>;
