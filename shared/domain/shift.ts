import { z } from 'zod';
import { CASH_REASONS } from '../end-of-day';
import { CurrencySchema, MinorUnitsSchema, MoneySchema } from '../money-schema';
import { CashierSchema } from './cashier';
import { IsoTimeSchema, RevisionSchema } from './common';
import { BusinessDaySchema } from './reconciliation';
import { SHIFT_STATES } from './shift-states';
import { ExchangeRateSchema } from './till';

/**
 * Shifts and the cash drawer. A shift opens with a counted float per currency, holds the drawer's
 * cash movements, and closes with a blind count and a Z report. One shift is open per drawer at a
 * time; a closed shift is never edited (a later count or a correction is a new record pointing to it).
 */

export const CutOffSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day as HH:MM');

/** Amounts per currency, for limits and tolerances. */
export const PerCurrencySchema = z.partialRecord(CurrencySchema, MinorUnitsSchema);

export const EndOfDaySettingsSchema = z.object({
  /** The currencies the drawer holds: each is counted on its own and never converted. */
  currencies: z.array(CurrencySchema).min(1).max(3),
  /** The currency customers are asked to pay in; null for the price's own (the account's). */
  sellingCurrency: CurrencySchema.nullable(),
  /** The local time at which one business day ends and the next begins. */
  dayCutOff: CutOffSchema,
  /** The IANA time zone the business day is read in; null for the counter's own clock. */
  timeZone: z.string().max(64).nullable(),
  /** A variance within this closes without a manager; above it needs a reason and a manager. */
  varianceTolerance: PerCurrencySchema,
  /** A pay-out above this needs a manager. */
  payOutLimit: PerCurrencySchema,
  /** Whether a cashier may see the expected cash before counting (managers always may). */
  showExpectedToCashiers: z.boolean(),
  /** Refuse sales and top-ups while no shift is open on this counter. */
  requireOpenShift: z.boolean(),
});
export type EndOfDaySettings = z.infer<typeof EndOfDaySettingsSchema>;

export const ShiftStateSchema = z.enum(SHIFT_STATES);

export const ShiftSchema = z.object({
  id: z.string(),
  counterId: z.string(),
  drawer: z.string(),
  /** open; closed (counted); not_counted (force-closed: its count, if any, came later as a new record). */
  state: ShiftStateSchema,
  businessDay: z.string(),
  openedAt: IsoTimeSchema,
  openedBy: z.string(),
  closedAt: IsoTimeSchema.nullable(),
  closedBy: z.string().nullable(),
  zNumber: z.number().int().nullable(),
  opening: z.array(MoneySchema),
  /** The shift closed before this one on the same drawer, whose count was offered as this float. */
  previousShiftId: z.string().nullable(),
  /** A not-counted shift whose cash has since been counted (a later record). */
  countedLater: z.boolean(),
});
export type Shift = z.infer<typeof ShiftSchema>;

export const CASH_MOVEMENT_KINDS = ['pay_in', 'pay_out', 'refund'] as const;
export const CashMovementKindSchema = z.enum(CASH_MOVEMENT_KINDS);
export type CashMovementKind = z.infer<typeof CashMovementKindSchema>;

export const CashReasonSchema = z.enum(CASH_REASONS);
export type CashReason = z.infer<typeof CashReasonSchema>;

export const CashMovementSchema = z.object({
  id: z.string(),
  shiftId: z.string(),
  /** pay_in, pay_out, refund, or no_sale (the drawer opened without money moving). */
  kind: z.enum([...CASH_MOVEMENT_KINDS, 'no_sale']),
  reason: CashReasonSchema.nullable(),
  amount: MoneySchema.nullable(),
  note: z.string(),
  cashierId: z.string().nullable(),
  approvedBy: z.string().nullable(),
  at: IsoTimeSchema,
});
export type CashMovement = z.infer<typeof CashMovementSchema>;

/** One counted currency; its denominations, when given, add up to the amount. */
export const CountLineSchema = z
  .object({
    currency: CurrencySchema,
    amount: MinorUnitsSchema,
    denominations: z
      .array(z.object({ unit: MinorUnitsSchema, count: z.number().int().min(0).max(100_000) }))
      .max(30)
      .optional(),
  })
  .strict();
export type CountLine = z.infer<typeof CountLineSchema>;

/** A count of the drawer: what was counted per currency, then (never before) what was expected. */
export const CountResultSchema = z.object({
  countId: z.string(),
  lines: z.array(
    z.object({
      currency: CurrencySchema,
      counted: MoneySchema,
      /** Null for a cashier who counts blind: what was expected shows on the Z, once the count is final. */
      expected: MoneySchema.nullable(),
      variance: MoneySchema.nullable(),
      withinTolerance: z.boolean(),
    }),
  ),
  /** A variance above the tolerance, now or in a count before this one: closing needs a reason and a manager. */
  approvalNeeded: z.boolean(),
});
export type CountResult = z.infer<typeof CountResultSchema>;

/** What the counter shows about who works it and its drawer, in one answer. */
export const TillViewSchema = z.object({
  counterId: z.string(),
  cashier: CashierSchema.nullable(),
  cashiers: z.array(CashierSchema),
  shift: ShiftSchema.nullable(),
  settings: EndOfDaySettingsSchema,
  businessDay: z.string(),
  /** Today's rates, newest per currency pair. */
  rates: z.array(ExchangeRateSchema),
  /** What the last close on this drawer counted: offered as the next float. */
  lastCount: z.array(MoneySchema),
  /** When the core read this view, to tell the newer of two (revision.ts). */
  revision: RevisionSchema,
});
export type TillView = z.infer<typeof TillViewSchema>;

/**
 * A business day and the instants it covers (`to` excluded), on the shop's clock and cut-off: what the
 * day's lists are read by, so a sale after midnight and before the cut-off stays in the evening's day.
 */
export const BusinessDayPeriodSchema = z.object({
  day: BusinessDaySchema,
  from: IsoTimeSchema,
  to: IsoTimeSchema,
  /** The business day now: the latest a day can be picked. */
  today: BusinessDaySchema,
  /** The time on the shop's clock at which its days end and begin, as `from` and `to` read there. */
  dayCutOff: CutOffSchema,
});
export type BusinessDayPeriod = z.infer<typeof BusinessDayPeriodSchema>;
