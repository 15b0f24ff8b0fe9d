import { create } from 'zustand';
import type { Sale, SaleSummary } from '../../../shared/domain/sale';
import { SALE_OPEN_STATES, SALE_SENT_OPEN_STATES, type SaleState } from '../../../shared/domain/sale-states';
import { toSaleSummary } from '../../../shared/domain/sale-summary';
import type { TopUp } from '../../../shared/domain/topup';
import { TOPUP_OPEN_STATES } from '../../../shared/domain/topup-states';
import type { PosError } from '../../../shared/errors';
import { pos } from '../bridge/pos';
import { useNotices } from './notice-store';

/** Sales and top-ups whose outcome is not final yet, kept live by the core's events. */

/**
 * States a cashier may have walked away from (open after an answer, or after none came); a sale
 * leaving them deserves a notice.
 */
const WAITING_STATES: readonly SaleState[] = SALE_SENT_OPEN_STATES.filter((state) => state !== 'sent');

interface PendingState {
  readonly sales: readonly SaleSummary[];
  readonly topUps: readonly TopUp[];
  readonly error: PosError | null;
  load(): Promise<void>;
  /** `shownNow`: the cashier is looking at this sale, so its outcome needs no notice. */
  applySale(sale: SaleSummary, shownNow?: boolean): void;
  /** The newest version of a sale known here (an event may overtake the answer that created it). */
  latest(sale: Sale): Sale | SaleSummary;
  applyTopUp(topUp: TopUp): void;
  /** "Check now": the provider's records are read; nothing is sent. */
  /** Reads the provider's records for a sale (Check now); resolves to the sale as it stands, or null on an error. */
  resolve(id: string): Promise<SaleSummary | null>;
  /** "Send again", once the cashier confirmed it: sent with the sale's key if the records do not settle it. */
  resend(id: string): Promise<void>;
}

function isOpen(sale: SaleSummary): boolean {
  return SALE_OPEN_STATES.includes(sale.state);
}

function upsert<T extends { readonly id: string; readonly createdAt: string }>(
  list: readonly T[],
  item: T,
  keep: boolean,
): T[] {
  const rest = list.filter((each) => each.id !== item.id);
  return keep ? [...rest, item].sort((a, b) => a.createdAt.localeCompare(b.createdAt)) : rest;
}

export const usePending = create<PendingState>()((set, get) => ({
  sales: [],
  topUps: [],
  error: null,

  async load() {
    const [sales, topUps] = await Promise.all([
      pos().listSales({ states: [...SALE_OPEN_STATES], limit: 200 }),
      pos().listTopUps({ states: [...TOPUP_OPEN_STATES], limit: 200 }),
    ]);
    set({
      sales: sales.ok
        ? [...sales.value.sales].sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        : get().sales,
      topUps: topUps.ok ? topUps.value.topUps : get().topUps,
      // Top-ups that cannot be listed leave the open sales shown; the Today screen reports why.
      error: sales.ok ? null : sales.error,
    });
  },

  applySale(sale, shownNow = false) {
    const before = get().sales.find((each) => each.id === sale.id);
    set({ sales: upsert(get().sales, sale, isOpen(sale)) });
    // A sale the cashier left waiting has finished: say so wherever they are now, unless it is in front of them.
    if (before && WAITING_STATES.includes(before.state) && !shownNow) {
      if (sale.state === 'completed') {
        useNotices
          .getState()
          .push({ kind: 'sale-ready', saleId: sale.id, receipt: sale.receiptNumber, name: sale.packageName });
      } else if (sale.state === 'failed') {
        useNotices.getState().push({ kind: 'sale-failed', saleId: sale.id, receipt: sale.receiptNumber });
      }
    }
  },

  latest(sale) {
    const known = get().sales.find((each) => each.id === sale.id);
    return known && known.updatedAt > sale.updatedAt ? known : sale;
  },

  applyTopUp(topUp) {
    const open = TOPUP_OPEN_STATES.includes(topUp.state);
    set({ topUps: upsert(get().topUps, topUp, open) });
  },

  async resolve(id) {
    const result = await pos().resolveSale({ id });
    if (!result.ok) {
      set({ error: result.error });
      return null;
    }
    get().applySale(result.value);
    return result.value;
  },

  async resend(id) {
    const result = await pos().resendSale({ id, confirmed: true });
    if (result.ok) get().applySale(toSaleSummary(result.value));
    else set({ error: result.error });
  },
}));
