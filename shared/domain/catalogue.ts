import { z } from 'zod';
import { PackageTypeSchema } from '../api/common';
import { MoneySchema } from '../money-schema';

/**
 * A catalogue package as the counter shows it: the provider's cost and the shop's retail price. A
 * cashier's answer leaves the cost out (null); whether the package earns the shop nothing is said for
 * everyone, so the confirm step can warn without naming the figure.
 */
export const CataloguePackageSchema = z.object({
  code: z.string(),
  name: z.string(),
  region: z.string(),
  /** Null when the provider names no type it lists and no coverage to read one from. */
  type: PackageTypeSchema.nullable(),
  /** Null for unlimited plans, and when the provider does not say (then `isUnlimited` is false). */
  dataGb: z.number().nullable(),
  isUnlimited: z.boolean(),
  /** Null when the provider does not say. */
  validityDays: z.number().int().nullable(),
  /** Null in a cashier's answer: what the provider charges is a manager's figure. */
  cost: MoneySchema.nullable(),
  retail: MoneySchema,
  /** No markup applies: the retail price is not above the cost, so the sale earns the shop nothing. */
  atCost: z.boolean(),
  /** ISO 3166-1 alpha-2 codes, upper case. */
  countries: z.array(z.string()),
  /** Null when the provider does not say (the counter then claims neither voice nor "data only"). */
  hasVoice: z.boolean().nullable(),
  hasSms: z.boolean().nullable(),
  voiceMinutes: z.number().nullable(),
  smsCount: z.number().nullable(),
  has5g: z.boolean().nullable(),
  hasHotspot: z.boolean().nullable(),
  isRechargeable: z.boolean(),
  isRecurring: z.boolean(),
  activationPolicy: z.enum(['immediate', 'first_use']).nullable(),
  networks: z.array(z.object({ country: z.string(), operator: z.string(), networkType: z.string() })),
});
export type CataloguePackage = z.infer<typeof CataloguePackageSchema>;
