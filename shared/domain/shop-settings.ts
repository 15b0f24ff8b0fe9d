import { z } from 'zod';
import { IsoTimeSchema } from './common';

/**
 * Which version of the shop's prices, rate and end-of-day rules a counter in a shop ledger sells
 * from, and whether it knows the shop has none newer.
 */
export const ShopSettingsStateSchema = z.enum([
  /** The ledger answered lately, and holds no newer version than this counter's. */
  'current',
  /** The ledger holds a newer version this counter cannot use (made by a newer version of the app). */
  'shop_newer',
  /** The ledger has not answered lately: the shop's may be newer. */
  'unknown',
]);
export type ShopSettingsState = z.infer<typeof ShopSettingsStateSchema>;

export const ShopSettingsViewSchema = z.object({
  /** The version this counter sells from; 0 while the shop has none (the counter's own settings). */
  version: z.number().int().nonnegative(),
  state: ShopSettingsStateSchema,
  /** The shop's newest version when it is newer than this counter's; null otherwise. */
  shopVersion: z.number().int().nullable(),
  /** When the ledger last answered; null when it has not since this counter started. */
  checkedAt: IsoTimeSchema.nullable(),
});
export type ShopSettingsView = z.infer<typeof ShopSettingsViewSchema>;
