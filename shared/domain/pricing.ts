import { z } from 'zod';
import { PackageTypeSchema } from '../api/common';
import { MinorUnitsSchema, MoneySchema } from '../money-schema';

/** Markup rules: the most specific matching scope wins (package, then region, then type, then all). */
export const MarkupScopeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('type'), type: PackageTypeSchema }),
  z.object({ kind: z.literal('region'), region: z.string().min(1) }),
  z.object({ kind: z.literal('package'), packageCode: z.string().min(1) }),
]);
export const MarkupSchema = z.discriminatedUnion('kind', [
  /** Percent in basis points (2500 = 25 %), so no float ever touches a price. */
  z.object({ kind: z.literal('percent'), basisPoints: z.number().int().min(0).max(1_000_000) }),
  /** An amount added to the cost, in the cost's currency; never negative, so retail is never below cost. */
  z.object({
    kind: z.literal('fixed'),
    amount: MoneySchema.refine((money) => money.amount >= 0, {
      message: 'A fixed markup cannot be negative: retail is never below cost.',
      path: ['amount'],
    }),
  }),
]);
/** A step of 0 means no rounding. */
const RoundingStepSchema = MinorUnitsSchema.refine(
  (step) => step >= 0,
  'A rounding step cannot be negative.',
);

export const MarkupRuleSchema = z.object({ scope: MarkupScopeSchema, markup: MarkupSchema });
export type MarkupRule = z.infer<typeof MarkupRuleSchema>;
export const PricingSchema = z.object({
  rules: z.array(MarkupRuleSchema),
  /** Retail prices round up to a multiple of this many minor units, per currency (e.g. IQD 250, USD 50). */
  roundingSteps: z.object({
    USD: RoundingStepSchema.optional(),
    EUR: RoundingStepSchema.optional(),
    IQD: RoundingStepSchema.optional(),
  }),
});
export type Pricing = z.infer<typeof PricingSchema>;
