import { type Currency, minor, toApiAmount } from '../../shared/money';
import { fail, type Reply } from './replies';

/** Minor units (kept in SQLite) to the API's number form: IQD whole, USD and EUR with 2 decimals. */
export function amountOf(minorUnits: number, currency: Currency): number {
  return toApiAmount(minor(minorUnits), currency);
}

/** 400 INSUFFICIENT_BALANCE with its three extra fields, for orders and top-ups alike. */
export function insufficientBalance(current: number, required: number, currency: Currency): Reply {
  return fail(
    'INSUFFICIENT_BALANCE',
    `The balance (${amountOf(current, currency)} ${currency}) does not cover this purchase (${amountOf(required, currency)} ${currency})`,
    {
      extra: {
        currentBalance: amountOf(current, currency),
        requiredBalance: amountOf(required, currency),
        needToLoad: amountOf(required - current, currency),
      },
    },
  );
}
