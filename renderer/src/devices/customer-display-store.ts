import { create } from 'zustand';
import type { Language } from '../../../shared/domain/common';
import type { AmountDue, CustomerDisplay } from '../../../shared/domain/customer-display';
import type { PosError, Result } from '../../../shared/errors';
import { pos } from '../bridge/pos';

/**
 * The core's customer-display state, held by both windows: the counter reads and chooses the
 * customer's language from it; the customer display shows it. Events keep it current; `load` reads
 * it whole (at start, and after the event stream comes back, since events sent meanwhile are lost).
 */
interface CustomerDisplayStore {
  readonly display: CustomerDisplay | null;
  readonly error: PosError | null;
  /** Reads the state whole, through the counter's bridge or the one `read` names (the customer window's). */
  load(read?: () => Promise<Result<CustomerDisplay>>): Promise<void>;
  apply(display: CustomerDisplay): void;
  chooseLanguage(language: Language): Promise<void>;
  /** The cashier moved on from a completed sale: its QR codes leave the customer's screen. */
  clear(): Promise<void>;
  /** The cashier confirms a sale: the customer sees the amount to pay, and nothing shown before. */
  showDue(due: AmountDue): Promise<void>;
}

// Counts the states taken in, so a read that an event overtook on its way back is not applied.
let taken = 0;

export const useCustomerDisplay = create<CustomerDisplayStore>()((set) => ({
  display: null,
  error: null,

  async load(read = () => pos().getCustomerDisplay({})) {
    const before = taken;
    const result = await read();
    if (taken !== before) return;
    taken++;
    set(result.ok ? { display: result.value, error: null } : { error: result.error });
  },

  apply(display) {
    taken++;
    set({ display, error: null });
  },

  async chooseLanguage(language) {
    const result = await pos().setCustomerLanguage({ language });
    set(result.ok ? { display: result.value, error: null } : { error: result.error });
  },

  async clear() {
    const result = await pos().clearCustomerDisplay({});
    set(result.ok ? { display: result.value, error: null } : { error: result.error });
  },

  async showDue(due) {
    const result = await pos().showAmountDueOnCustomerDisplay(due);
    set(result.ok ? { display: result.value, error: null } : { error: result.error });
  },
}));

/** The customer's language, which receipts are printed in; the shop's until the core has said. */
export function customerLanguage(fallback: Language): Language {
  return useCustomerDisplay.getState().display?.language ?? fallback;
}
