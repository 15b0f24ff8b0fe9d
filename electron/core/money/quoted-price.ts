import type { Money } from '../../../shared/money';
import { PosFailure } from '../pos/failure';

/**
 * The price the cashier quoted is the price charged: a sale or top-up whose current price differs
 * from the total the counter showed the customer (pricing, the catalogue or the provider's top-up
 * price changed meanwhile) is refused before anything is journalled, so nothing can be sent.
 * Nothing quoted (a script, an older caller) is nothing to compare.
 */
export function requireQuotedPrice(quoted: Money | undefined, current: Money, packageCode: string): void {
  if (!quoted || (quoted.amount === current.amount && quoted.currency === current.currency)) return;
  throw new PosFailure(
    'PRICE_CHANGED',
    `The price of ${packageCode} changed since it was quoted: quote again.`,
    {
      quoted,
      current,
      packageCode,
    },
  );
}
