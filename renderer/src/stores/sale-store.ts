import { create } from 'zustand';
import type { CataloguePackage } from '../../../shared/domain/catalogue';
import type { Sale, SaleSummary } from '../../../shared/domain/sale';
import { carriesInstallCodes, toSaleSummary } from '../../../shared/domain/sale-summary';
import type { PosError } from '../../../shared/errors';
import { multiplyMinor } from '../../../shared/money';
import { pos } from '../bridge/pos';
import { tenderToSend } from '../shift/tender-store';
import { useCatalogue } from './catalogue-store';
import { usePending } from './pending-store';

/**
 * The sale in front of the cashier, one step at a time: choosing → confirming → sending → result
 * (or lost, when the counter service's answer never came). Nothing is charged before "Confirm sale";
 * a sale whose answer is lost is never re-sent from here (the core resolves it with its stored
 * idempotency key), and the cashier is told not to sell it again.
 */
export type SaleFlow =
  /** Browsing the catalogue; a package may be picked, and a refused sale says why. */
  | {
      readonly step: 'choosing';
      readonly pkg: CataloguePackage | null;
      readonly quantity: number;
      readonly error: PosError | null;
    }
  | { readonly step: 'confirming'; readonly pkg: CataloguePackage; readonly quantity: number }
  /** `sell` is on the wire since `since` (ms): a second Enter must not send a second order. */
  | {
      readonly step: 'sending';
      readonly pkg: CataloguePackage;
      readonly quantity: number;
      readonly since: number;
    }
  /**
   * The sale as the core holds it, in full once completed here so its QR codes can be handed over (a
   * summary until then); `error` is a failed "check now" or hand-over.
   */
  | { readonly step: 'result'; readonly sale: Sale | SaleSummary; readonly error: PosError | null }
  /** The counter service did not answer `sell`: the outcome is unknown to this window. */
  | { readonly step: 'lost' };

export type SaleStep = SaleFlow['step'];

interface SaleState {
  readonly flow: SaleFlow;
  select(pkg: CataloguePackage): void;
  clearSelection(): void;
  setQuantity(quantity: number): void;
  askConfirm(): void;
  cancelConfirm(): void;
  confirm(): Promise<void>;
  /**
   * The provider is slow to answer: the cashier serves the next customer while the sale waits in
   * Pending. The sale stays on the wire in the core; nothing is sent again.
   */
  continueWhileSending(): void;
  resolveNow(): Promise<void>;
  newSale(): void;
  applySale(sale: SaleSummary): void;
  /**
   * Quotes the package on screen again from the catalogue just read (pricing or the catalogue
   * changed): the confirm step never shows a price the core would not charge.
   */
  reprice(find: (code: string) => CataloguePackage | undefined): void;
  /**
   * Fetches the eSIMs of the sale on screen once it completed after `sell` answered (it was pending),
   * with the manager PIN when the install codes' rule asks for it.
   */
  handOver(pin?: string): Promise<void>;
}

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 10;

export function clampQuantity(value: number): number {
  if (!Number.isFinite(value)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(value)));
}

const START: SaleFlow = { step: 'choosing', pkg: null, quantity: 1, error: null };

/** The package and quantity on screen, in whichever step shows them. */
export function chosenOf(
  flow: SaleFlow,
): { readonly pkg: CataloguePackage; readonly quantity: number } | null {
  switch (flow.step) {
    case 'choosing':
      return flow.pkg ? { pkg: flow.pkg, quantity: flow.quantity } : null;
    case 'confirming':
    case 'sending':
      return { pkg: flow.pkg, quantity: flow.quantity };
    case 'result':
    case 'lost':
      return null;
    default: {
      const unknown: never = flow;
      return unknown;
    }
  }
}

export const useSale = create<SaleState>()((set, get) => ({
  flow: START,

  select(pkg) {
    set({ flow: { step: 'choosing', pkg, quantity: 1, error: null } });
  },

  clearSelection() {
    set({ flow: START });
  },

  setQuantity(quantity) {
    const { flow } = get();
    if (flow.step === 'choosing') set({ flow: { ...flow, quantity: clampQuantity(quantity) } });
  },

  askConfirm() {
    const { flow } = get();
    if (flow.step === 'choosing' && flow.pkg)
      set({ flow: { step: 'confirming', pkg: flow.pkg, quantity: flow.quantity } });
  },

  cancelConfirm() {
    const { flow } = get();
    if (flow.step === 'confirming')
      set({ flow: { step: 'choosing', pkg: flow.pkg, quantity: flow.quantity, error: null } });
  },

  async confirm() {
    const { flow } = get();
    // A second Enter while the first sale is on the wire must not send a second order.
    if (flow.step !== 'confirming') return;
    const { pkg, quantity } = flow;
    // The payment shown in the confirm step goes with the sale; until it adds up, nothing is sent.
    const quotedTotal = { ...pkg.retail, amount: multiplyMinor(pkg.retail.amount, quantity) };
    const tender = tenderToSend(quotedTotal);
    if (!tender) return;
    const sending: SaleFlow = { step: 'sending', pkg, quantity, since: Date.now() };
    set({ flow: sending });
    // The total the cashier quoted goes with the sale: the core refuses it if the price moved since.
    const result = await pos().sell({ packageCode: pkg.code, quantity, tender, quotedTotal });
    if (get().flow !== sending) {
      // The cashier moved on while it was sent: the answer goes to Pending, never over the next sale.
      if (result.ok) usePending.getState().applySale(toSaleSummary(result.value));
      else void usePending.getState().load();
      return;
    }
    if (!result.ok) {
      if (result.error.code === 'HOST_UNREACHABLE') {
        set({ flow: { step: 'lost' } });
        void usePending.getState().load();
      } else {
        set({ flow: { step: 'choosing', pkg, quantity, error: result.error } });
        // Refused at the old price: show the price the core charges now, to quote again.
        if (result.error.code === 'PRICE_CHANGED') void refreshPrices();
      }
      return;
    }
    const sale = usePending.getState().latest(result.value);
    if (sale.state === 'failed') {
      set({ flow: { step: 'choosing', pkg, quantity, error: sale.error } });
      return;
    }
    set({ flow: { step: 'result', sale, error: null } });
    usePending.getState().applySale(toSaleSummary(sale));
    // An event may have brought the sale's completion first, as a summary: fetch its eSIMs.
    void get().handOver();
  },

  continueWhileSending() {
    if (get().flow.step !== 'sending') return;
    set({ flow: START });
    void usePending.getState().load();
  },

  async resolveNow() {
    const { flow } = get();
    if (flow.step !== 'result') return;
    const result = await pos().resolveSale({ id: flow.sale.id });
    if (result.ok) get().applySale(result.value);
    else {
      const now = get().flow;
      if (now.step === 'result' && now.sale.id === flow.sale.id)
        set({ flow: { ...now, error: result.error } });
    }
  },

  newSale() {
    set({ flow: START });
  },

  reprice(find) {
    const { flow } = get();
    if (flow.step !== 'choosing' && flow.step !== 'confirming') return;
    const fresh = flow.pkg ? find(flow.pkg.code) : undefined;
    if (!fresh || !flow.pkg) return;
    const same =
      fresh.retail.amount === flow.pkg.retail.amount && fresh.retail.currency === flow.pkg.retail.currency;
    if (!same) set({ flow: { ...flow, pkg: fresh } });
  },

  applySale(sale) {
    const { flow } = get();
    // Events and checks carry summaries: a sale already handed over here keeps its eSIMs.
    if (flow.step !== 'result' || flow.sale.id !== sale.id || carriesInstallCodes(flow.sale)) return;
    set({ flow: { ...flow, sale } });
    // The cashier is at this sale, waiting for it: its QR codes belong on screen now.
    if (sale.state === 'completed') void get().handOver();
  },

  async handOver(pin) {
    const { flow } = get();
    if (flow.step !== 'result' || flow.sale.state !== 'completed' || carriesInstallCodes(flow.sale)) return;
    const id = flow.sale.id;
    const result = await pos().getSaleForHandOver({ id, pin });
    const now = get().flow;
    if (now.step !== 'result' || now.sale.id !== id) return;
    set({ flow: result.ok ? { ...now, sale: result.value, error: null } : { ...now, error: result.error } });
  },
}));

/** Reads the catalogue's prices again and quotes the package in front of the cashier from them. */
export async function refreshPrices(): Promise<void> {
  await useCatalogue.getState().load();
  useSale.getState().reprice(useCatalogue.getState().find);
}
