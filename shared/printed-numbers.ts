/**
 * How receipt and Z numbers are printed and shown. Each counter numbers its own receipts and Zs (no
 * coordination, so numbering works offline). A counter in a shop ledger prints its code before them
 * (`2-000123`, `Z2-000017`), which makes them unique in the shop. The screens show exactly what the
 * paper prints: Latin digits, zero-padded, with the code. Plain data: the renderer bundles it.
 */

const DIGITS = 6;

/** A receipt number as the paper prints it: `000123`, or `2-000123` at the counter with code 2. */
export function receiptNumberText(receiptNumber: number, counterCode: string | null): string {
  const digits = String(receiptNumber).padStart(DIGITS, '0');
  return counterCode ? `${counterCode}-${digits}` : digits;
}

/** A Z number as the paper prints it: `Z-000012`, or `Z2-000017` at the counter with code 2. */
export function zNumberText(zNumber: number, counterCode: string | null): string {
  return `Z${counterCode ?? ''}-${String(zNumber).padStart(DIGITS, '0')}`;
}

/** What a search typed as a receipt number names. */
export interface TypedReceiptNumber {
  readonly receiptNumber: number;
}

const TYPED = /^(?:([A-Za-z0-9]{1,6})-)?(\d{1,9})$/;

/**
 * The receipt of this counter that `search` names: `2-000123`, `000123` or `123` (null when it names
 * none, or names another counter's code). The lists put it first, before the records whose ICCID or
 * reference merely hold its digits.
 */
export function typedReceiptNumber(search: string, counterCode: string | null): TypedReceiptNumber | null {
  const typed = typedReceipt(search);
  if (!typed) return null;
  if (typed.counterCode !== null && typed.counterCode.toUpperCase() !== counterCode?.toUpperCase())
    return null;
  return { receiptNumber: typed.receiptNumber };
}

/**
 * The receipt of a counter of the shop that `search` names as printed, with its code (`1-000002`); null
 * when it names no code. Another counter's receipt is found by its code: digits alone name this
 * counter's.
 */
export function typedCounterReceipt(
  search: string,
): (TypedReceiptNumber & { readonly counterCode: string }) | null {
  const typed = typedReceipt(search);
  return typed?.counterCode ? { counterCode: typed.counterCode, receiptNumber: typed.receiptNumber } : null;
}

function typedReceipt(search: string): (TypedReceiptNumber & { readonly counterCode: string | null }) | null {
  const match = TYPED.exec(search.trim());
  if (!match) return null;
  const [, code, digits = ''] = match;
  const receiptNumber = Number(digits);
  if (receiptNumber < 1) return null;
  return { counterCode: code ?? null, receiptNumber };
}
