import { create } from 'zustand';
import type { BalanceView } from '../../../shared/domain/balance';
import type { Language } from '../../../shared/domain/common';
import { isNewerView } from '../../../shared/domain/revision';
import type { Status } from '../../../shared/domain/status';
import type { PosError } from '../../../shared/errors';
import { pos } from '../bridge/pos';
import type { BridgeLink } from '../bridge/web-bridge';

/**
 * Who and where the counter is: mode, balance, connection, language. The balance is the core's: it
 * comes with the status and with every `balance.updated` event, and is never worked out here.
 */

const LANGUAGE_KEY = 'esim-counter.language';

interface SessionState {
  readonly status: Status | null;
  readonly balance: BalanceView | null;
  readonly language: Language;
  readonly link: BridgeLink;
  readonly loadError: PosError | null;
  load(): Promise<void>;
  /** The counter's configured language, unless the cashier switched this window to the other one. */
  adoptConfiguredLanguage(language: Language): void;
  setLanguage(language: Language): void;
  toggleLanguage(): void;
  /** Shows `status` unless the one shown was read after it (an answer and an event can cross). */
  applyStatus(status: Status): void;
  applyBalance(balance: BalanceView): void;
  /** Has the core read the provider's balance now (an account loaded elsewhere shows at once). */
  readBalance(): Promise<void>;
  setLink(link: BridgeLink): void;
}

function storedLanguage(): Language | null {
  const value = window.sessionStorage.getItem(LANGUAGE_KEY);
  return value === 'en' || value === 'ar' ? value : null;
}

export const useSession = create<SessionState>()((set, get) => ({
  status: null,
  balance: null,
  language: storedLanguage() ?? 'en',
  link: 'connecting',
  loadError: null,

  async load() {
    const result = await pos().getStatus({});
    if (result.ok) {
      get().applyStatus(result.value);
      set({ loadError: null });
    } else set({ loadError: result.error });
  },

  adoptConfiguredLanguage(language) {
    if (!storedLanguage()) set({ language });
  },

  setLanguage(language) {
    window.sessionStorage.setItem(LANGUAGE_KEY, language);
    set({ language });
  },

  toggleLanguage() {
    get().setLanguage(get().language === 'en' ? 'ar' : 'en');
  },

  applyStatus(status) {
    // An answer read before the last event told a newer status comes in late: it is not shown.
    if (!isNewerView(status, get().status)) return;
    set({ status, balance: status.balance ?? get().balance });
  },

  applyBalance(balance) {
    set({ balance });
  },

  async readBalance() {
    const result = await pos().getBalance({});
    if (result.ok) set({ balance: result.value });
  },

  setLink(link) {
    set({ link });
  },
}));
