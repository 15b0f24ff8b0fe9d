import { z } from 'zod';
import { CurrencySchema, MoneySchema } from '../money-schema';
import { IsoTimeSchema } from './common';
import {
  BalanceBridgeSchema,
  BusinessDaySchema,
  ProviderDepositSchema,
  ReconcileRowSchema,
  ResolutionSchema,
} from './reconciliation';

/**
 * The shop day: the reconciliation of a business day (or a period of days) for a whole shop, from
 * the shop ledger. Every counter's records are matched at once against the provider's orders, read
 * once for the account; the balance is bridged once with every counter's refunds and every deposit;
 * the cash is summed per drawer from each counter's Zs.
 */

/**
 * - `reconciled`: every counter closed and synced, and nothing open;
 * - `not_reconciled`: exceptions not resolved;
 * - `unconfirmed`: the provider could not be asked;
 * - `incomplete`: a counter's day is not all in the ledger yet (a shift still open, or records waiting).
 */
export const ShopDayResultSchema = z.enum(['reconciled', 'not_reconciled', 'unconfirmed', 'incomplete']);
export type ShopDayResult = z.infer<typeof ShopDayResultSchema>;

export const ShopCounterRefSchema = z.object({ id: z.string(), code: z.string(), name: z.string() });
export type ShopCounterRef = z.infer<typeof ShopCounterRefSchema>;

/** One shift of a counter in the period, as the ledger holds it, with its Z's chain head. */
export const ShopShiftSchema = z.object({
  id: z.string(),
  drawer: z.string(),
  state: z.string(),
  openedAt: IsoTimeSchema,
  closedAt: IsoTimeSchema.nullable(),
  zNumber: z.number().int().nullable(),
  /** The chain head the Z printed; null before its Z. */
  zHead: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
  /** Whether the ledger holds that very link: false is a chain the ledger received otherwise. */
  zHeadReceived: z.boolean().nullable(),
});
export type ShopShift = z.infer<typeof ShopShiftSchema>;

/**
 * - `closed`: every shift of the period closed, and the ledger holds each Z;
 * - `open`: a shift of the period is open in the ledger, and the counter is in touch with it: the
 *   shift is open at the counter too;
 * - `out_of_contact`: a shift of the period is open in the ledger, but the counter has not been in
 *   touch for a while: it may have closed the shift since, its close waiting there to be sent;
 * - `not_synced`: the ledger lacks part of this counter's day: records wait to be sent (known at the
 *   counter that runs the day), a closed shift's Z or the link it printed as its head is not in the
 *   ledger, or the ledger refused the counter's chain as forked.
 */
export const ShopCounterStateSchema = z.enum(['closed', 'open', 'out_of_contact', 'not_synced']);
export type ShopCounterState = z.infer<typeof ShopCounterStateSchema>;

export const ShopCounterDaySchema = ShopCounterRefSchema.extend({
  state: ShopCounterStateSchema,
  /** When the ledger last received a record of this counter; null before its first. */
  syncedAt: IsoTimeSchema.nullable(),
  /** The counter's last contact with the ledger (by the server's clock); null before any, or in a run kept before it was told. */
  contactAt: IsoTimeSchema.nullable().default(null),
  head: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
  shifts: z.array(ShopShiftSchema),
  /** Provider orders of the period this counter's records hold. */
  orders: z.number().int(),
});
export type ShopCounterDay = z.infer<typeof ShopCounterDaySchema>;

/** A drawer's cash by its Zs, per currency: what it should have held, what was counted, the difference. */
export const ShopCashLineSchema = z.object({
  currency: CurrencySchema,
  expected: MoneySchema,
  counted: MoneySchema,
  variance: MoneySchema,
});
export type ShopCashLine = z.infer<typeof ShopCashLineSchema>;

export const ShopDrawerCashSchema = z.object({
  counter: ShopCounterRefSchema,
  drawer: z.string(),
  lines: z.array(ShopCashLineSchema),
});
export type ShopDrawerCash = z.infer<typeof ShopDrawerCashSchema>;

/** A row of the shop day: the counter's reconciliation row, with whose it is. */
export const ShopDayRowSchema = ReconcileRowSchema.extend({
  counter: ShopCounterRefSchema.nullable(),
  /** The cashier who made the record, by name. */
  cashier: z.string().nullable(),
  /** The amount the row is about: what the provider charged, else what was recorded, else the remainder. */
  amount: MoneySchema.nullable(),
  packageCode: z.string().nullable(),
});
export type ShopDayRow = z.infer<typeof ShopDayRowSchema>;

/** A resolution of the shop, kept in the ledger for the amount it was given for. */
export const ShopResolutionSchema = ResolutionSchema.extend({
  amount: MoneySchema.nullable(),
  counter: z.string(),
});
export type ShopResolution = z.infer<typeof ShopResolutionSchema>;

export const ShopDayExceptionSchema = ShopDayRowSchema.extend({
  resolution: ShopResolutionSchema.nullable(),
});
export type ShopDayException = z.infer<typeof ShopDayExceptionSchema>;

export const ShopDaySchema = z.object({
  /** The shop day's own number, given by the ledger: one per shop and period. */
  number: z.number().int(),
  shop: z.string(),
  firstDay: BusinessDaySchema,
  lastDay: BusinessDaySchema,
  window: z.object({ from: IsoTimeSchema, to: IsoTimeSchema }),
  runAt: IsoTimeSchema,
  /** The counter whose manager ran it. */
  runBy: ShopCounterRefSchema,
  result: ShopDayResultSchema,
  unconfirmedReason: z.string().nullable(),
  counters: z.array(ShopCounterDaySchema),
  rows: z.array(ShopDayRowSchema),
  exceptions: z.array(ShopDayExceptionSchema),
  openExceptions: z.number().int(),
  bridge: BalanceBridgeSchema.nullable(),
  deposits: z.array(ProviderDepositSchema),
  cash: z.array(ShopDrawerCashSchema),
  cashTotal: z.array(ShopCashLineSchema),
  ordersRead: z.number().int(),
  /** Provider orders of the period a counter's record holds. */
  ordersAttributed: z.number().int(),
  /** Provider orders of the period each other shop of the account holds, by its name. */
  otherShops: z.array(z.object({ shop: z.string(), orders: z.number().int() })).default([]),
});
export type ShopDay = z.infer<typeof ShopDaySchema>;
