import { useMemo } from 'react';
import { receiptNumberText, zNumberText } from '../../../shared/printed-numbers';
import { useSession } from '../stores/session-store';

/** Receipt and Z numbers as this counter's paper prints them: with its code while it is in a shop ledger. */
export interface PrintedNumbers {
  readonly receipt: (receiptNumber: number) => string;
  readonly z: (zNumber: number) => string;
}

export function useCounterCode(): string | null {
  return useSession((state) => state.status?.shopLedger.counterCode ?? null);
}

export function usePrintedNumbers(): PrintedNumbers {
  const code = useCounterCode();
  return useMemo(
    () => ({
      receipt: (receiptNumber) => receiptNumberText(receiptNumber, code),
      z: (zNumber) => zNumberText(zNumber, code),
    }),
    [code],
  );
}
