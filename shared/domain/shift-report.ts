import { z } from 'zod';
import { CurrencySchema, MinorUnitsSchema, MoneySchema } from '../money-schema';
import { CashierRoleSchema } from './cashier';
import { IsoTimeSchema } from './common';
import { CashReasonSchema, ShiftStateSchema } from './shift';
import { TenderMethodSchema } from './till';

/**
 * The X report (the shift so far, "not a closing") and the Z report (the shift closed, numbered).
 * Both are computed by the core in SQL over the whole journal; a Z is stored when the shift closes
 * and never changes afterwards.
 */

/** Sales or top-ups of one currency. Cost is in the account's currency, which is the price's. */
export const TakingsLineSchema = z.object({
  currency: CurrencySchema,
  count: z.number().int(),
  /** eSIMs sold (a sale carries 1 to 10); equal to count for top-ups. */
  units: z.number().int(),
  retail: MoneySchema,
  /** Null in a cashier's answer: cost and margin are a manager's figures. */
  cost: MoneySchema.nullable(),
  margin: MoneySchema.nullable(),
});
export type TakingsLine = z.infer<typeof TakingsLineSchema>;

export const TenderLineSchema = z.object({
  method: TenderMethodSchema,
  currency: CurrencySchema,
  count: z.number().int(),
  amount: MoneySchema,
});

export const CashLineSchema = z.object({
  currency: CurrencySchema,
  opening: MoneySchema,
  /** Handed over by customers (cash tendered). */
  cashIn: MoneySchema,
  change: MoneySchema,
  refunds: MoneySchema,
  payIns: MoneySchema,
  payOuts: MoneySchema,
  /** Null where the reader may not see it before counting (a blind count in progress). */
  expected: MoneySchema.nullable(),
  /** Null before the close, and for a shift force-closed as not counted. */
  counted: MoneySchema.nullable(),
  variance: MoneySchema.nullable(),
});
export type CashLine = z.infer<typeof CashLineSchema>;

/** One count of the drawer at the close, per currency: what was counted, and how far from expected. */
export const DrawerCountSchema = z.object({
  at: IsoTimeSchema,
  countedBy: z.string().nullable(),
  lines: z.array(
    z.object({
      counted: MoneySchema,
      /** Null where the reader may not see the expected amount (a blind count in progress). */
      variance: MoneySchema.nullable(),
    }),
  ),
});
export type DrawerCount = z.infer<typeof DrawerCountSchema>;

export const MovementLineSchema = z.object({
  kind: z.enum(['pay_in', 'pay_out', 'refund']),
  reason: CashReasonSchema,
  currency: CurrencySchema,
  count: z.number().int(),
  amount: MoneySchema,
});

/**
 * Sales the provider cancelled on a shift, per currency of their price: a cancellation belongs to
 * the shift whose drawer gave its cash back, else to the shift it was made on.
 */
export const CancelledLineSchema = z.object({
  currency: CurrencySchema,
  count: z.number().int(),
  /** What those sales had taken: off the takings. */
  retail: MoneySchema,
  /** The shift's sales takings in this currency, less `retail`. */
  net: MoneySchema,
});
export type CancelledLine = z.infer<typeof CancelledLineSchema>;

/** A sale or top-up whose eSIM is not in the customer's hands yet: its money is held, not earned. */
export const OpenExceptionSchema = z.object({
  kind: z.enum(['sale', 'topup']),
  id: z.string(),
  receiptNumber: z.number().int(),
  state: z.string(),
  amount: MoneySchema,
  createdAt: IsoTimeSchema,
  shiftId: z.string().nullable(),
});

/** A record made after an earlier Z, pointing to it: it appears on the next report. */
export const CorrectionLineSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['late_count', 'adjustment']),
  shiftId: z.string(),
  zNumber: z.number().int().nullable(),
  currency: CurrencySchema,
  amount: MoneySchema,
  /** For a late count: what that shift should have held. */
  expected: MoneySchema.nullable(),
  reason: z.string(),
  approvedBy: z.string().nullable(),
  at: IsoTimeSchema,
});
export type CorrectionLine = z.infer<typeof CorrectionLineSchema>;

export const ShiftReportSchema = z.object({
  kind: z.enum(['x', 'z']),
  zNumber: z.number().int().nullable(),
  counterId: z.string(),
  shiftId: z.string(),
  drawer: z.string(),
  state: ShiftStateSchema,
  businessDay: z.string(),
  openedAt: IsoTimeSchema,
  closedAt: IsoTimeSchema.nullable(),
  generatedAt: IsoTimeSchema,
  openedBy: z.string(),
  closedBy: z.string().nullable(),
  /** Everyone who made a record on this shift. */
  cashiers: z.array(z.object({ id: z.string(), name: z.string(), role: CashierRoleSchema })),
  sales: z.array(TakingsLineSchema),
  topUps: z.array(TakingsLineSchema),
  /** Zs stored before cancellations were listed hold none. */
  cancelled: z.array(CancelledLineSchema).default([]),
  /**
   * The cash handed back from this drawer for those cancellations, per currency: a part of the cash
   * lines' refunds, never added to them again.
   */
  cancelledCashBack: z.array(MoneySchema).default([]),
  tenders: z.array(TenderLineSchema),
  /** Sales and top-ups journalled without a tender (before tenders were recorded, or through the API). */
  untendered: z.number().int(),
  cash: z.array(CashLineSchema),
  movements: z.array(MovementLineSchema),
  /**
   * Every closing count of the shift, oldest first: a recount never hides the count before it.
   * Zs stored before counts were listed hold none.
   */
  counts: z.array(DrawerCountSchema).default([]),
  /** Why the count differed, and who approved it (Z only). */
  varianceReason: z.string().nullable(),
  approvedBy: z.string().nullable(),
  /** False for a shift force-closed as not counted. */
  counted: z.boolean(),
  /** True when the expected amounts were left out for a cashier who counts blind. */
  expectedHidden: z.boolean(),
  /** The float this shift opened with against what the previous close counted, per currency. */
  floatDifference: z.array(MoneySchema),
  noSaleOpens: z.number().int(),
  reprints: z.number().int(),
  carriedForward: z.array(OpenExceptionSchema),
  /** Money taken for sales still pending, in doubt or with support, per currency. */
  cashHeld: z.array(MoneySchema),
  corrections: z.array(CorrectionLineSchema),
  rates: z.array(
    z.object({
      base: CurrencySchema,
      quote: CurrencySchema,
      buyPer100: MinorUnitsSchema,
      sellPer100: MinorUnitsSchema,
    }),
  ),
  /** The tamper-evident chain's last link when the report was made. */
  chainHead: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
});
export type ShiftReport = z.infer<typeof ShiftReportSchema>;
