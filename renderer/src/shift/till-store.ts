import { create } from 'zustand';
import type { Cashier } from '../../../shared/domain/cashier';
import { isNewerView } from '../../../shared/domain/revision';
import type { TillView } from '../../../shared/domain/shift';
import type { PosError } from '../../../shared/errors';
import type { Currency } from '../../../shared/money';
import { signInNeeded } from '../../../shared/pos-access';
import type { PosMethodName } from '../../../shared/pos-api';
import { pos } from '../bridge/pos';
import { useSession } from '../stores/session-store';

/**
 * Who works the counter and its drawer, as the core says: the cashier signed in, the open shift, the
 * day's rates and the end-of-day settings. Every window follows the core's `till.updated` events, and
 * shows the newest view whether it came as an answer or an event.
 */
interface TillState {
  readonly till: TillView | null;
  readonly error: PosError | null;
  load(): Promise<void>;
  apply(till: TillView): void;
}

export const useTill = create<TillState>()((set, get) => ({
  till: null,
  error: null,
  async load() {
    const result = await pos().getTill({});
    if (result.ok) get().apply(result.value);
    else set({ error: result.error });
  },
  apply(till) {
    // An answer read before the last event may arrive after it: the newer view stays (revision.ts).
    if (!isNewerView(till, get().till)) return;
    set({ till, error: null });
  },
}));

const NO_CURRENCIES: readonly Currency[] = [];
const NO_CASHIERS: readonly Cashier[] = [];

/** The drawer's currencies; a stable empty list until the till is known (selectors must not make new arrays). */
export function useDrawerCurrencies(): readonly Currency[] {
  return useTill((state) => state.till?.settings.currencies ?? NO_CURRENCIES);
}

/** The shop's active cashiers, for the quick switch and approvals. */
export function useActiveCashiers(): readonly Cashier[] {
  return useTill((state) => state.till?.cashiers ?? NO_CASHIERS);
}

/**
 * Whether the core would refuse `method` until someone signs in (shared/pos-access.ts), so the screen
 * asks for the sign-in first. Unknown until the till and the status are read: nothing is asked then.
 */
export function useSignInNeeded(method: PosMethodName): boolean {
  const signedIn = useTill((state) => (state.till ? state.till.cashier !== null : null));
  const mode = useSession((state) => state.status?.mode ?? null);
  if (signedIn === null || mode === null) return false;
  return signInNeeded(method, { signedIn, training: mode === 'training' });
}
