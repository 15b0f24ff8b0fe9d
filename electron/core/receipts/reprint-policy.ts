import { completedRecord, type ReceiptRecord } from './render-receipt';

export interface PrintHistory {
  /** Whether the original receipt was already issued (printed or saved as PDF). */
  readonly originalIssued: boolean;
  /** Copies issued so far. */
  readonly copies: number;
}

export type PrintDecision =
  | { readonly kind: 'original' }
  | { readonly kind: 'copy'; readonly copyNumber: number };

/**
 * Decides what printing a receipt now is on paper. There is one original; every later print, and
 * every print asked for as a reprint, is a copy, numbered and logged by the caller. Whether a sale's
 * receipt may carry its QR codes now is the install codes' rule (sales/install-codes.ts), for an
 * original as for a copy. Only a completed record has a receipt.
 */
export function decidePrint(
  record: ReceiptRecord,
  history: PrintHistory,
  requestedCopy: boolean,
): PrintDecision {
  completedRecord(record);
  if (!history.originalIssued && !requestedCopy) return { kind: 'original' };
  return { kind: 'copy', copyNumber: history.copies + 1 };
}
