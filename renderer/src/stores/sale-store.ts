import { create } from 'zustand';
import type { CataloguePackage } from '../../../shared/domain/catalogue';
import type { Sale } from '../../../shared/domain/sale';
import type { PosError } from '../../../shared/errors';
import { multiplyMinor } from '../../../shared/money';
import { moneyDetail } from '../bridge/error-details';
import { pos } from '../bridge/pos';
import { tenderToSend } from '../shift/tender-store';
import { usePending } from './pending-store';
import { useSession } from './session-store';

/**
 * The sale in front of the cashier: browse → confirm → sending → result. Nothing is charged before
 * "Confirm sale"; a sale whose answer is lost is never re-sent from here (the core resolves it with
 * its stored idempotency key), and the cashier is told not to sell it again.
 */

export type SalePhase = 'browse' | 'confirm' | 'sending' | 'result';

interface SaleState {
  readonly selected: CataloguePackage | null;
  readonly quantity: number;
  readonly phase: SalePhase;
  readonly sale: Sale | null;
  readonly error: PosError | null;
  /** The counter service did not answer `sell`: the outcome is unknown to this window. */
  readonly lost: boolean;
  select(pkg: CataloguePackage): void;
  clearSelection(): void;
  setQuantity(quantity: number): void;
  askConfirm(): void;
  cancelConfirm(): void;
  confirm(): Promise<void>;
  resolveNow(): Promise<void>;
  newSale(): void;
  show(sale: Sale): void;
  applySale(sale: Sale): void;
}

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 10;

export function clampQuantity(value: number): number {
  if (!Number.isFinite(value)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(value)));
}

export const useSale = create<SaleState>()((set, get) => ({
  selected: null,
  quantity: 1,
  phase: 'browse',
  sale: null,
  error: null,
  lost: false,

  select(pkg) {
    set({ selected: pkg, quantity: 1, phase: 'browse', sale: null, error: null, lost: false });
  },

  clearSelection() {
    set({ selected: null, quantity: 1, phase: 'browse', error: null });
  },

  setQuantity(quantity) {
    set({ quantity: clampQuantity(quantity) });
  },

  askConfirm() {
    if (get().selected && get().phase === 'browse') set({ phase: 'confirm', error: null });
  },

  cancelConfirm() {
    if (get().phase === 'confirm') set({ phase: 'browse' });
  },

  async confirm() {
    const { selected, quantity, phase } = get();
    // A second Enter while the first sale is on the wire must not send a second order.
    if (!selected || phase !== 'confirm') return;
    // The payment shown in the confirm step goes with the sale; until it adds up, nothing is sent.
    const tender = tenderToSend({
      ...selected.retail,
      amount: multiplyMinor(selected.retail.amount, quantity),
    });
    if (!tender) return;
    set({ phase: 'sending', error: null, lost: false });
    const result = await pos().sell({ packageCode: selected.code, quantity, tender });
    if (!result.ok) {
      const lost = result.error.details?.source === 'host' && result.error.code === 'OFFLINE';
      set(lost ? { phase: 'result', lost: true, sale: null } : { phase: 'browse', error: result.error });
      if (lost) void usePending.getState().load();
      return;
    }
    const sale = usePending.getState().latest(result.value);
    if (sale.state === 'failed') {
      set({ phase: 'browse', error: sale.error, sale: null });
      // The refusal carries the provider's reading of the balance: show it rather than the older one.
      const current = moneyDetail(sale.error.details, 'currentBalance');
      if (sale.error.code === 'INSUFFICIENT_BALANCE' && current)
        useSession.getState().applyNewBalance(current);
      return;
    }
    set({ phase: 'result', sale });
    if (sale.state === 'completed' && sale.newBalance) useSession.getState().applyNewBalance(sale.newBalance);
    usePending.getState().applySale(sale);
  },

  async resolveNow() {
    const { sale } = get();
    if (!sale) return;
    const result = await pos().resolveSale({ id: sale.id });
    if (result.ok) get().applySale(result.value);
    else set({ error: result.error });
  },

  newSale() {
    set({ selected: null, quantity: 1, phase: 'browse', sale: null, error: null, lost: false });
  },

  show(sale) {
    set({ selected: null, phase: 'result', sale, error: null, lost: false });
  },

  applySale(sale) {
    if (get().sale?.id !== sale.id) return;
    set({ sale });
    if (sale.state === 'completed' && sale.newBalance) useSession.getState().applyNewBalance(sale.newBalance);
  },
}));
