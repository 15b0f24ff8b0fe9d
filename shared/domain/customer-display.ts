import { z } from 'zod';
import { IsoTimeSchema, LanguageSchema } from './common';
import { SaleEsimSchema } from './sale';

/** An eSIM as the screen facing the customer shows it: what installs it, nothing of the shop's money. */
export const CustomerEsimSchema = SaleEsimSchema.pick({
  iccid: true,
  lpa: true,
  smdpAddress: true,
  activationCode: true,
});
export type CustomerEsim = z.infer<typeof CustomerEsimSchema>;

/**
 * What the screen facing the customer shows: the customer's language, and the eSIMs of the sale just
 * completed for them, or null for the idle screen. A QR code installs an eSIM once, so it never waits
 * on that screen for the next customer: it leaves when the next sale or top-up begins, when the
 * cashier moves on, or at `showUntil`, whichever comes first.
 */
export const CustomerDisplaySchema = z.object({
  language: LanguageSchema,
  /** The shop's name for the idle screen: the display reads nothing else of the shop's settings. */
  shopName: z.string(),
  sale: z
    .object({
      id: z.string(),
      receiptNumber: z.number().int(),
      packageName: z.string(),
      training: z.boolean(),
      esims: z.array(CustomerEsimSchema).min(1),
      showUntil: IsoTimeSchema,
    })
    .nullable(),
  /** The customer's sale is paid and the provider is still preparing it (absent otherwise). */
  preparing: z.object({ receiptNumber: z.number().int(), packageName: z.string() }).optional(),
});
export type CustomerDisplay = z.infer<typeof CustomerDisplaySchema>;
