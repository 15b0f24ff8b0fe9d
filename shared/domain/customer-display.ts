import { z } from 'zod';
import { MoneySchema } from '../money-schema';
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

/** What the customer is asked to pay while the cashier confirms their sale. */
export const AmountDueSchema = z
  .object({
    packageName: z.string().min(1),
    quantity: z.number().int().min(1),
    /** What the customer hands over: in the currency they pay in, rounded as the counter asks it. */
    toPay: MoneySchema,
    /** The price in the package's own currency, shown small beneath when it differs from `toPay`. */
    price: MoneySchema,
  })
  .strict();
export type AmountDue = z.infer<typeof AmountDueSchema>;

/**
 * What the screen facing the customer shows: the customer's language, and the eSIMs of the sale just
 * completed for them, or null for the idle screen. A QR code installs an eSIM once, so it never waits
 * on that screen for the next customer: it leaves when the next sale or top-up begins, when the
 * cashier moves on, or at `showUntil`, whichever comes first. While the cashier confirms the sale it
 * shows the amount to pay (`due`), never a QR code.
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
  /** The cashier is confirming the customer's sale: the amount to pay (absent otherwise). */
  due: AmountDueSchema.optional(),
});
export type CustomerDisplay = z.infer<typeof CustomerDisplaySchema>;
