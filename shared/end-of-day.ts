/**
 * The end of day's plain values, without zod (the renderer bundles this file; the schemas in
 * shared/domain import these lists from here).
 */

export const TENDER_METHODS = ['cash', 'card', 'transfer'] as const;

export const CASH_REASONS = [
  'expense',
  'owner_drop',
  'bank_deposit',
  'provider_deposit',
  'change_float',
  'customer_refund',
  'other',
] as const;
