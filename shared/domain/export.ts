import { z } from 'zod';

/** A business day as the shop names it: YYYY-MM-DD. */
export const BusinessDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD');

/** What an export covers: one shift (its Z, or the open shift so far) or a range of business days. */
export const ExportScopeSchema = z.union([
  z.object({ shiftId: z.string().min(1).max(100) }).strict(),
  z.object({ from: BusinessDaySchema, to: BusinessDaySchema }).strict(),
]);
export type ExportScope = z.infer<typeof ExportScopeSchema>;

/** A file of an export: its name and its whole text. */
export const ExportFileSchema = z.object({ name: z.string(), content: z.string() });
export type ExportFile = z.infer<typeof ExportFileSchema>;

/**
 * What a shop's accountant pack holds of its counters (a counter in a shop ledger): whether every
 * counter's month is in it, and the codes of those whose rows stop at what the ledger received.
 */
export const ShopPackSchema = z.object({
  shop: z.string(),
  complete: z.boolean(),
  /** The ledger lacks what these counters printed (a Z, its head) or wrote last. */
  notSynced: z.array(z.string()),
  /** The ledger holds a shift of theirs still open. */
  open: z.array(z.string()),
});
export type ShopPack = z.infer<typeof ShopPackSchema>;
