import type { PosError, Result } from '../../../shared/errors';
import { type Currency, type MinorUnits, parseTypedAmount } from '../../../shared/money';
import { invalidInput } from '../components/field-errors';
import { useTill } from './till-store';

/**
 * What the shift screen's forms share: reading the drawer's count as typed, and running a call that
 * changes the till (the core pushes the new view to every window; this one reloads at once).
 */

/** Runs a call; on success reloads the till view and returns the value, otherwise reports the error. */
export async function tillCall<T>(
  call: () => Promise<Result<T>>,
  onError: (error: PosError) => void,
): Promise<T | null> {
  const result = await call();
  if (!result.ok) {
    onError(result.error);
    return null;
  }
  await useTill.getState().load();
  return result.value;
}

/** What the cashier typed per currency in a count of the drawer. */
export type TypedCounts = Partial<Record<Currency, string>>;

/** A count with every currency of the drawer read, or null while one is missing or unreadable. */
export function countLines(
  typed: TypedCounts,
  currencies: readonly Currency[],
): { currency: Currency; amount: MinorUnits }[] | null {
  const lines = currencies.map((currency) => ({
    currency,
    amount: parseTypedAmount(typed[currency] ?? '', currency),
  }));
  return lines.every((line) => line.amount !== null)
    ? lines.map((line) => ({ currency: line.currency, amount: line.amount! }))
    : null;
}

/** The error a count with a currency left out answers with: every currency is counted, even at zero. */
export const UNCOUNTED: PosError = invalidInput(
  'counts',
  'count_missing',
  'Count every currency of the drawer.',
);
