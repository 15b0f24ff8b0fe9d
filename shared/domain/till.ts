import { z } from 'zod';
import { TENDER_METHODS } from '../end-of-day';
import { CurrencySchema, MinorUnitsSchema, MoneySchema } from '../money-schema';
import { IsoTimeSchema } from './common';

/**
 * How a customer paid at the counter, and the day's exchange rates that turn a price into another
 * currency. Cash stays in the currency it was paid in: the drawer never converts.
 */

export const TenderMethodSchema = z.enum(TENDER_METHODS);
export type TenderMethod = z.infer<typeof TenderMethodSchema>;

/** What the cashier enters in the confirm step. */
export const TenderInputSchema = z
  .object({
    method: TenderMethodSchema,
    /** The currency the customer pays in; the shop's selling currency (or the price's own) when absent. */
    currency: CurrencySchema.optional(),
    /** Cash only: what the customer handed over, in the currency paid. */
    tendered: MinorUnitsSchema.optional(),
    /**
     * The amount due the cashier showed the customer, in the currency paid. When given, a tender
     * that would take anything else (today's rate changed meanwhile) is refused (PRICE_CHANGED)
     * before anything is journalled. The counter always gives it.
     */
    quotedDue: MinorUnitsSchema.optional(),
  })
  .strict();
export type TenderInput = z.infer<typeof TenderInputSchema>;

/** The tender as journalled with the sale or top-up. */
export const TenderSchema = z.object({
  method: TenderMethodSchema,
  /** The price in the currency paid. */
  due: MoneySchema,
  /** What the customer handed over (the amount due for card and transfer). */
  tendered: MoneySchema,
  /** Given back in cash: tendered − due. */
  change: MoneySchema,
  /** Set when the customer paid in another currency than the price's: the day's selling rate used. */
  ratePer100: MinorUnitsSchema.nullable(),
});
export type Tender = z.infer<typeof TenderSchema>;

/**
 * The day's rate between the account's currency (`base`, what prices are in) and a currency the
 * shop takes (`quote`), as minor units of `quote` per 100 units of `base`: "per 100 USD" is how
 * exchange offices post it, and it keeps two more digits than a per-unit rate in whole dinars.
 * `sell` turns a price into what the customer pays; `buy` is what the shop pays for the base
 * currency (loading the provider account), kept for the record.
 */
export const ExchangeRateSchema = z.object({
  id: z.number().int(),
  base: CurrencySchema,
  quote: CurrencySchema,
  buyPer100: MinorUnitsSchema,
  sellPer100: MinorUnitsSchema,
  businessDay: z.string(),
  setAt: IsoTimeSchema,
  setBy: z.string().nullable(),
});
export type ExchangeRate = z.infer<typeof ExchangeRateSchema>;
