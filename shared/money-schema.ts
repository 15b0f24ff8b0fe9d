import { z } from 'zod';
import { CURRENCIES, type MinorUnits } from './money';

/** The zod side of money.ts, for contracts; the renderer bundles money.ts without zod. */
export const CurrencySchema = z.enum(CURRENCIES);

export const MinorUnitsSchema = z
  .number()
  .int()
  .refine(Number.isSafeInteger, 'amount is outside the safe integer range')
  .brand<'MinorUnits'>();

export const MoneySchema = z.object({ amount: MinorUnitsSchema, currency: CurrencySchema });

// Parsed amounts and amounts built with minor() are one type, or this fails to compile.
type SameBrand = [z.output<typeof MinorUnitsSchema>] extends [MinorUnits]
  ? [MinorUnits] extends [z.output<typeof MinorUnitsSchema>]
    ? true
    : never
  : never;
const sameBrand: SameBrand = true;
void sameBrand;
