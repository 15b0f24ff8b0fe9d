import { useEffect, useState } from 'react';
import type { Money } from '../../../../shared/money';
import { useSession } from '../../stores/session-store';

/**
 * The account balance to warn about, when it is below `cost` (null: no warning). The balance the
 * counter knows may be stale (the account can be loaded on the provider's dashboard), so a short one
 * is read from the provider again before it is named; the warning waits for that read.
 */
export function useBalanceShort(cost: Money | null): Money | null {
  const balance = useSession((state) => state.balance?.balance ?? null);
  const short =
    cost !== null && balance !== null && balance.currency === cost.currency && balance.amount < cost.amount;
  const asked = cost === null ? null : `${cost.amount} ${cost.currency}`;
  const [readFor, setReadFor] = useState<string | null>(null);
  useEffect(() => {
    if (asked === null) return setReadFor(null);
    if (!short) return;
    let current = true;
    void useSession
      .getState()
      .readBalance()
      .finally(() => {
        if (current) setReadFor(asked);
      });
    return () => {
      current = false;
    };
  }, [short, asked]);
  return short && readFor === asked ? balance : null;
}
