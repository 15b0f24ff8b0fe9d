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

const COLUMNS = [
  'tender_method',
  'tender_currency',
  'tender_due_minor',
  'tendered_minor',
  'change_minor',
  'rate_per_100_minor',
] as const;

/** For an INSERT: the tender columns, and their named parameters in the same order (see tenderColumns). */
export const TENDER_COLUMNS = COLUMNS.join(', ');
export const TENDER_PARAMS = COLUMNS.map((column) => `@${column}`).join(', ');

/** A tender as the parameters of TENDER_PARAMS: every one null for a record journalled without one. */
export function tenderColumns(tender: Tender | null | undefined): TenderColumns {
  return {
    tender_method: tender?.method ?? null,
    tender_currency: tender?.due.currency ?? null,
    tender_due_minor: tender?.due.amount ?? null,
    tendered_minor: tender?.tendered.amount ?? null,
    change_minor: tender?.change.amount ?? null,
    rate_per_100_minor: tender?.ratePer100 ?? null,
  };
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
