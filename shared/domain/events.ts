import { z } from 'zod';
import { PosErrorSchema } from '../errors';
import { BalanceViewSchema } from './balance';
import { IsoTimeSchema } from './common';
import { CustomerDisplaySchema } from './customer-display';
import { PricingSchema } from './pricing';
import { SaleSummarySchema } from './sale';
import { SettingsSchema } from './settings';
import { TillViewSchema } from './shift';
import { StatusSchema } from './status';
import { TopUpSchema } from './topup';

/**
 * Events the core pushes to the renderer. They go to every window and every browser of the counter,
 * so a sale travels as its summary: the window that hands a completed sale over asks for its eSIMs
 * with getSaleForHandOver.
 */
export const PosEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('sale.updated'), sale: SaleSummarySchema }),
  z.object({ type: z.literal('topup.updated'), topUp: TopUpSchema }),
  z.object({ type: z.literal('balance.updated'), balance: BalanceViewSchema }),
  z.object({ type: z.literal('balance.low'), balance: BalanceViewSchema }),
  z.object({ type: z.literal('status.changed'), status: StatusSchema }),
  /** The shop's markup rules changed: every price on screen is quoted again from the catalogue. */
  z.object({ type: z.literal('pricing.changed'), pricing: PricingSchema }),
  /** The shop's settings changed (a checklist step among them): every window shows them at once. */
  z.object({ type: z.literal('settings.changed'), settings: SettingsSchema }),
  z.object({ type: z.literal('catalogue.synced'), count: z.number().int(), syncedAt: IsoTimeSchema }),
  z.object({ type: z.literal('customer.display'), display: CustomerDisplaySchema }),
  /** The cashier signed in, the shift or the day's rates changed. */
  z.object({ type: z.literal('till.updated'), till: TillViewSchema }),
  z.object({ type: z.literal('error'), error: PosErrorSchema }),
]);
export type PosEvent = z.infer<typeof PosEventSchema>;
