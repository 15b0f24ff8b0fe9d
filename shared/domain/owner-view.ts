import { z } from 'zod';
import { CurrencySchema, MoneySchema } from '../money-schema';
import { CashierRoleSchema } from './cashier';
import { IsoTimeSchema } from './common';
import { BusinessDaySchema } from './reconciliation';
import { ShopDayExceptionSchema, ShopDayResultSchema } from './shop-day';

/**
 * The owner's view across shops: the business's day in every shop of the ledger, read as the
 * ledger's owner. Its figures are sums of the counters' own records of the day's shifts, as their Zs
 * sum them; the shop day's result and open exceptions are those of the shop's latest stored run.
 */

/** Records of one currency: how many, and their price. */
export const OwnerLineSchema = z.object({
  currency: CurrencySchema,
  count: z.number().int(),
  amount: MoneySchema,
});
export type OwnerLine = z.infer<typeof OwnerLineSchema>;

/**
 * What was taken: completed sales and top-ups per currency of their price, and the sales the
 * provider cancelled (their price, given back) on the shift that gave the money back.
 */
export const OwnerFiguresSchema = z.object({
  sales: z.array(OwnerLineSchema),
  topUps: z.array(OwnerLineSchema),
  cancelled: z.array(OwnerLineSchema),
});
export type OwnerFigures = z.infer<typeof OwnerFiguresSchema>;

export const OwnerCashierSchema = z.object({
  id: z.string(),
  name: z.string(),
  figures: OwnerFiguresSchema,
});
export type OwnerCashier = z.infer<typeof OwnerCashierSchema>;

export const OwnerCounterSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  figures: OwnerFiguresSchema,
  cashiers: z.array(OwnerCashierSchema),
});
export type OwnerCounter = z.infer<typeof OwnerCounterSchema>;

/** The shop's latest shop day covering the day, as stored; null when nobody has run it yet. */
export const OwnerShopDaySchema = z.object({
  number: z.number().int(),
  firstDay: BusinessDaySchema,
  lastDay: BusinessDaySchema,
  runAt: IsoTimeSchema,
  result: ShopDayResultSchema,
  /** Its exceptions that no resolution the shop holds now closes. */
  open: z.array(ShopDayExceptionSchema),
});
export type OwnerShopDay = z.infer<typeof OwnerShopDaySchema>;

export const OwnerShopSchema = z.object({
  id: z.string(),
  name: z.string(),
  figures: OwnerFiguresSchema,
  counters: z.array(OwnerCounterSchema),
  shopDay: OwnerShopDaySchema.nullable(),
});
export type OwnerShop = z.infer<typeof OwnerShopSchema>;

/** An active member of a shop's staff: their home shop, and the other shops they were given access to. */
export const OwnerStaffSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: CashierRoleSchema,
  shopId: z.string(),
  access: z.array(z.string()),
});
export type OwnerStaff = z.infer<typeof OwnerStaffSchema>;

export const OwnerViewSchema = z.object({
  day: BusinessDaySchema,
  shops: z.array(OwnerShopSchema),
  staff: z.array(OwnerStaffSchema),
});
export type OwnerView = z.infer<typeof OwnerViewSchema>;
