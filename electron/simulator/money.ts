import { type Currency, minor, toApiAmount } from '../../shared/money';

/** Minor units (kept in SQLite) to the API's number form: IQD whole, USD and EUR with 2 decimals. */
export function amountOf(minorUnits: number, currency: Currency): number {
  return toApiAmount(minor(minorUnits), currency);
}
