import type { Tender, TenderMethod } from '../../../shared/domain/till';
import { type Currency, minor } from '../../../shared/money';

/** The tender columns a sale or top-up row carries (see migration 0006). */
export interface TenderColumns {
  tender_method: TenderMethod | null;
  tender_currency: Currency | null;
  tender_due_minor: number | null;
  tendered_minor: number | null;
  change_minor: number | null;
  rate_per_100_minor: number | null;
}

/** The row's tender, or null for a record journalled without one. */
export function tenderFromColumns(row: TenderColumns): Tender | null {
  if (row.tender_method === null || row.tender_currency === null || row.tender_due_minor === null)
    return null;
  const currency = row.tender_currency;
  return {
    method: row.tender_method,
    due: { amount: minor(row.tender_due_minor), currency },
    tendered: { amount: minor(row.tendered_minor ?? row.tender_due_minor), currency },
    change: { amount: minor(row.change_minor ?? 0), currency },
    ratePer100: row.rate_per_100_minor === null ? null : minor(row.rate_per_100_minor),
  };
}
