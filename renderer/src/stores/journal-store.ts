import { create } from 'zustand';
import type { Sale, SaleSummary } from '../../../shared/domain/sale';
import { carriesInstallCodes } from '../../../shared/domain/sale-summary';
import type { TopUp } from '../../../shared/domain/topup';
import type { PosError } from '../../../shared/errors';
import { pos } from '../bridge/pos';

/** A day's journal (today unless a previous day is picked): this counter's sales and top-ups, searchable. */

interface JournalState {
  readonly sales: readonly SaleSummary[];
  readonly topUps: readonly TopUp[];
  readonly search: string;
  /** The day shown, YYYY-MM-DD on this computer's calendar; '' for today. */
  readonly day: string;
  readonly loading: boolean;
  readonly error: PosError | null;
  readonly topUpsError: PosError | null;
  /** The sale opened in the details dialog (from Today, Pending or a notice); in full once handed over. */
  readonly viewing: Sale | SaleSummary | null;
  /** Why the dialog's sale could not be handed over. */
  readonly viewError: PosError | null;
  load(): Promise<void>;
  /** Opens a sale's details; `handOver` also shows a completed sale's eSIMs (a ready pending sale). */
  view(id: string, handOver?: boolean): Promise<void>;
  /** Shows the eSIMs of the completed sale in the dialog: the core logs every hand-over. */
  handOver(): Promise<void>;
  closeView(): void;
  setSearch(search: string): void;
  setDay(day: string): void;
  applySale(sale: SaleSummary): void;
  applyTopUp(topUp: TopUp): void;
}

export function startOfToday(now = new Date()): string {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
}

/** The local midnights that start and end a picked day (YYYY-MM-DD), as ISO times. */
export function dayBounds(day: string): { from: string; to: string } {
  const [year, month, date] = day.split('-').map(Number);
  const start = new Date(year ?? 0, (month ?? 1) - 1, date ?? 1);
  const end = new Date(year ?? 0, (month ?? 1) - 1, (date ?? 1) + 1);
  return { from: start.toISOString(), to: end.toISOString() };
}

/**
 * Updates a record in place; a new one joins the top of the list unless a search is narrowing it. Every
 * other record keeps its identity, so the list re-renders only the row that changed.
 */
function upsertIn<T extends { readonly id: string }>(
  list: readonly T[],
  item: T,
  searching: boolean,
): readonly T[] {
  const at = list.findIndex((each) => each.id === item.id);
  if (at < 0) return searching ? list : [item, ...list];
  const updated = list.slice();
  updated[at] = item;
  return updated;
}

/** Today's top-ups the search names, by ICCID, package or receipt number. */
export function matchingTopUps(topUps: readonly TopUp[], search: string): readonly TopUp[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return topUps;
  return topUps.filter(
    (topUp) =>
      topUp.iccid.includes(needle) ||
      topUp.packageName.toLowerCase().includes(needle) ||
      String(topUp.receiptNumber) === needle,
  );
}

let generation = 0;

export const useJournal = create<JournalState>()((set, get) => ({
  sales: [],
  topUps: [],
  search: '',
  day: '',
  loading: false,
  error: null,
  topUpsError: null,
  viewing: null,
  viewError: null,

  async load() {
    // Answers may come back out of order while the cashier types: only the newest counts.
    const mine = ++generation;
    const { day } = get();
    const search = get().search.trim();
    // A receipt number or a scanned ICCID finds its sale on any day: the customer came back later.
    const period = /^\d+$/.test(search) ? {} : day ? dayBounds(day) : { from: startOfToday() };
    set({ loading: true });
    const [sales, topUps] = await Promise.all([
      pos().listSales({ ...period, search: search || undefined, limit: 1000 }),
      pos().listTopUps({ ...period, limit: 1000 }),
    ]);
    if (mine !== generation) return;
    set({
      loading: false,
      sales: sales.ok ? [...sales.value.sales].sort((a, b) => b.createdAt.localeCompare(a.createdAt)) : [],
      topUps: topUps.ok
        ? [...topUps.value.topUps].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        : [],
      error: sales.ok ? null : sales.error,
      topUpsError: topUps.ok ? null : topUps.error,
    });
  },

  setSearch(search) {
    set({ search });
    void get().load();
  },

  setDay(day) {
    set({ day });
    void get().load();
  },

  async view(id, handOver = false) {
    const known = get().sales.find((sale) => sale.id === id);
    set({ viewing: known ?? null, viewError: null });
    const result = await pos().getSale({ id });
    if (result.ok) set({ viewing: result.value });
    else if (!known) set({ error: result.error });
    if (handOver) await get().handOver();
  },

  async handOver() {
    const { viewing } = get();
    if (viewing?.state !== 'completed' || carriesInstallCodes(viewing)) return;
    const result = await pos().getSaleForHandOver({ id: viewing.id });
    if (get().viewing?.id !== viewing.id) return;
    set(result.ok ? { viewing: result.value, viewError: null } : { viewError: result.error });
  },

  closeView() {
    set({ viewing: null, viewError: null });
  },

  applySale(sale) {
    const { viewing } = get();
    // Events carry summaries: a sale handed over in the dialog keeps its eSIMs.
    const keep = viewing?.id !== sale.id || carriesInstallCodes(viewing);
    set({
      sales: upsertIn(get().sales, sale, get().search.trim() !== '' || get().day !== ''),
      viewing: keep ? viewing : sale,
    });
  },

  applyTopUp(topUp) {
    set({ topUps: upsertIn(get().topUps, topUp, get().day !== '') });
  },
}));
