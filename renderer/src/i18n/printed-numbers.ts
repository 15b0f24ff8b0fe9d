import { useMemo } from 'react';
import { receiptNumberText, zNumberText } from '../../../shared/printed-numbers';
import { useSession } from '../stores/session-store';

/**
 * Receipt and Z numbers as this counter's paper prints them: with its code while it is in a shop
 * ledger. A record of another counter of the shop (a sale found by a search) gives that counter's code.
 */
export interface PrintedNumbers {
  readonly receipt: (receiptNumber: number, counterCode?: string | null) => string;
  readonly z: (zNumber: number) => string;
}

export function useCounterCode(): string | null {
  return useSession((state) => state.status?.shopLedger.counterCode ?? null);
}

export function usePrintedNumbers(): PrintedNumbers {
  const code = useCounterCode();
  return useMemo(
    () => ({
      receipt: (receiptNumber, counterCode) => receiptNumberText(receiptNumber, counterCode ?? code),
      z: (zNumber) => zNumberText(zNumber, code),
    }),
    [code],
  );
}
