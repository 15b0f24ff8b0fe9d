import { create } from 'zustand';
import type { Sale, SaleSummary } from '../../../shared/domain/sale';
import { carriesInstallCodes } from '../../../shared/domain/sale-summary';
import type { ShopTopUp, TopUp } from '../../../shared/domain/topup';
import type { PosError } from '../../../shared/errors';
import { addMinor, type Money, minor, subtractMinor } from '../../../shared/money';
import type { PosInput, PosOutput } from '../../../shared/pos-api';
import { typedReceiptNumber } from '../../../shared/printed-numbers';
import { pos } from '../bridge/pos';

/**
 * A business day's journal (today's unless a previous day is picked): this counter's sales and top-ups,
 * searchable. The day is the shop's, on its clock and cut-off as the core reads them: a sale at 01:30
 * before a 04:00 cut-off is in the evening's list, as in the shift's Z and the day's reconciliation.
 * Sales come a page at a time, newest first, each page asked for from the last sale loaded (keyset):
 * the first page opens the day, the next ones as the cashier scrolls to the end of those loaded, so a
 * day of ten thousand sales costs the screen what a day of a few hundred does, and none is out of reach.
 * At a counter in a shop, a search also finds the other counters' sales and top-ups in the shop ledger.
 */

/** Sales asked for at a time. */
export const SALES_PAGE = 200;

export type SaleTotals = PosOutput<'listSales'>['totals'];

interface JournalState {
  readonly sales: readonly SaleSummary[];
  /** Of the whole day (or search), loaded or not. */
  readonly salesTotals: SaleTotals | null;
  /** Whether a search also read the shop's other counters, or could not (null: no search, no shop). */
  readonly otherCounters: PosOutput<'listSales'>['otherCounters'] | null;
  /** Sales of the day (or search) wait past the last one loaded. */
  readonly moreSales: boolean;
  readonly topUps: readonly TopUp[];
  /** The other counters' top-ups a search found in the shop ledger, newest first (read-only here). */
  readonly otherTopUps: readonly ShopTopUp[];
  readonly search: string;
  /** The business day picked, YYYY-MM-DD; '' for today's. */
  readonly day: string;
  /** Today's business day as the core last read it ('' before the first read): the latest one to pick. */
  readonly today: string;
  /** When the shop's days end and begin (HH:MM on its clock), as the core last read it; '' before. */
  readonly dayCutOff: string;
  readonly loading: boolean;
  readonly error: PosError | null;
  readonly topUpsError: PosError | null;
  /** The sale opened in the details dialog (from Today, Pending or a notice); in full once handed over. */
  readonly viewing: Sale | SaleSummary | null;
  /** Why the dialog's sale could not be handed over. */
  readonly viewError: PosError | null;
  load(): Promise<void>;
  /** The next page of sales after the last one loaded; nothing while one is on its way. */
  loadMoreSales(): Promise<void>;
  /** Opens a sale's details; `handOver` also shows a completed sale's eSIMs (a ready pending sale). */
  view(id: string, handOver?: boolean): Promise<void>;
  /**
   * Shows the eSIMs of the completed sale in the dialog, with the manager PIN when the install codes'
   * rule asks for it: the core logs every hand-over.
   */
  handOver(pin?: string): Promise<void>;
  closeView(): void;
  setSearch(search: string): void;
  setDay(day: string): void;
  applySale(sale: SaleSummary): void;
  applyTopUp(topUp: TopUp): void;
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

/**
 * Today's top-ups the search names, by ICCID, package or receipt number. A search that reads as a
 * receipt number (`7`, `000007`, `2-000007`) puts that receipt first, as the sales' search does.
 */
export function matchingTopUps(
  topUps: readonly TopUp[],
  search: string,
  counterCode: string | null,
): readonly TopUp[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return topUps;
  const receipt = typedReceiptNumber(needle, counterCode)?.receiptNumber;
  const named = topUps.filter((topUp) => topUp.receiptNumber === receipt);
  return [
    ...named,
    ...topUps.filter(
      (topUp) =>
        topUp.receiptNumber !== receipt &&
        (topUp.iccid.includes(needle) || topUp.packageName.toLowerCase().includes(needle)),
    ),
  ];
}

/**
 * The totals once `before` (undefined: a sale not in the list) became `after`: a completed sale's
 * retail total counts in the takings of its currency.
 */
function totalsWith(totals: SaleTotals, before: SaleSummary | undefined, after: SaleSummary): SaleTotals {
  const takings = new Map(totals.takings.map((money) => [money.currency, money.amount]));
  const count = (sale: SaleSummary | undefined, sign: 1 | -1): number => {
    if (sale?.state !== 'completed') return 0;
    const { currency, amount } = sale.retailTotal;
    const was = takings.get(currency) ?? minor(0);
    takings.set(currency, sign > 0 ? addMinor(was, amount) : subtractMinor(was, amount));
    return sign;
  };
  const completed = totals.completed + count(before, -1) + count(after, 1);
  return {
    ...totals,
    count: totals.count + (before ? 0 : 1),
    completed,
    takings: [...takings].map(([currency, amount]): Money => ({ currency, amount })),
  };
}

let generation = 0;
/** What the sales of the day shown are listed by (period and search), for the pages after the first. */
let salesQuery: PosInput<'listSales'> = { limit: SALES_PAGE };
let loadingMore = false;
let dayTurn: ReturnType<typeof setInterval> | undefined;

/** How often Today looks whether its business day has ended. */
const DAY_END_CHECK_MS = 60_000;

/**
 * Today turns with the shop's business day: once the day shown has ended (`to`, null while another day
 * is shown), the list is read again and the core names the new day. The wall clock is looked at each
 * minute rather than one timer set to the end, as a timer's delay leaves out the time a computer
 * slept; a renderer clock a moment ahead of the core's reads the old day once more and looks again.
 */
function turnAtEndOf(to: string | null, reload: () => void): void {
  clearInterval(dayTurn);
  if (to === null) return;
  const ends = Date.parse(to);
  dayTurn = setInterval(() => {
    if (Date.now() >= ends) reload();
  }, DAY_END_CHECK_MS);
}

export const useJournal = create<JournalState>()((set, get) => ({
  sales: [],
  salesTotals: null,
  otherCounters: null,
  moreSales: false,
  topUps: [],
  otherTopUps: [],
  search: '',
  day: '',
  today: '',
  dayCutOff: '',
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
    set({ loading: true });
    // A receipt number (`000002`, or another counter's `1-000002`) or a scanned ICCID finds its sale on
    // any day: the customer came back later.
    const everyDay = /^(?:[A-Za-z0-9]{1,6}-)?\d+$/.test(search);
    const asked = everyDay ? null : await pos().getBusinessDay(day ? { day } : {});
    if (mine !== generation) return;
    if (asked && !asked.ok) return set({ loading: false, error: asked.error });
    const shown = asked?.value ?? null;
    const period = shown ? { from: shown.from, to: shown.to } : {};
    const query = { ...period, search: search || undefined, limit: SALES_PAGE };
    const [sales, topUps] = await Promise.all([
      pos().listSales(query),
      pos().listTopUps({ ...period, limit: 1000 }),
    ]);
    if (mine !== generation) return;
    salesQuery = query;
    turnAtEndOf(day === '' && shown ? shown.to : null, () => void get().load());
    set({
      ...(shown ? { today: shown.today, dayCutOff: shown.dayCutOff } : {}),
      loading: false,
      sales: sales.ok ? sales.value.sales : [],
      salesTotals: sales.ok ? sales.value.totals : null,
      otherCounters: sales.ok ? (sales.value.otherCounters ?? null) : null,
      otherTopUps: sales.ok ? (sales.value.otherTopUps ?? []) : [],
      moreSales: sales.ok && sales.value.sales.length === SALES_PAGE,
      topUps: topUps.ok
        ? [...topUps.value.topUps].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        : [],
      error: sales.ok ? null : sales.error,
      topUpsError: topUps.ok ? null : topUps.error,
    });
  },

  async loadMoreSales() {
    const last = get().sales.at(-1);
    if (!get().moreSales || !last || loadingMore) return;
    const mine = generation;
    loadingMore = true;
    const page = await pos()
      .listSales({ ...salesQuery, before: { createdAt: last.createdAt, receiptNumber: last.receiptNumber } })
      .finally(() => {
        loadingMore = false;
      });
    if (mine !== generation) return;
    if (!page.ok) return set({ error: page.error });
    // A sale that joined by an event may be on the page too: it is shown once.
    const shown = new Set(get().sales.map((sale) => sale.id));
    set({
      sales: [...get().sales, ...page.value.sales.filter((sale) => !shown.has(sale.id))],
      salesTotals: page.value.totals,
      moreSales: page.value.sales.length === SALES_PAGE,
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

  async handOver(pin) {
    const { viewing } = get();
    if (viewing?.state !== 'completed' || carriesInstallCodes(viewing)) return;
    const result = await pos().getSaleForHandOver({ id: viewing.id, pin });
    if (get().viewing?.id !== viewing.id) return;
    set(result.ok ? { viewing: result.value, viewError: null } : { viewError: result.error });
  },

  closeView() {
    set({ viewing: null, viewError: null });
  },

  applySale(event) {
    const { viewing, sales, salesTotals } = get();
    // An event leaves the sale's cancellation out: the one already read stays.
    const known = sales.find((each) => each.id === event.id) ?? (viewing?.id === event.id ? viewing : null);
    const sale = event.cancellation === undefined ? { ...event, cancellation: known?.cancellation } : event;
    // Events carry summaries: a sale handed over in the dialog keeps its eSIMs.
    const keep = viewing?.id !== sale.id || carriesInstallCodes(viewing);
    const narrowed = get().search.trim() !== '' || get().day !== '';
    const before = sales.find((each) => each.id === sale.id);
    // A sale of a page not loaded yet (an older pending sale completing) is read with that page.
    const older = !before && sales.length > 0 && sale.createdAt < (sales[0]?.createdAt ?? '');
    const counted = before !== undefined || (!narrowed && !older);
    set({
      sales: older ? sales : upsertIn(sales, sale, narrowed),
      salesTotals: salesTotals && counted ? totalsWith(salesTotals, before, sale) : salesTotals,
      viewing: keep ? viewing : sale,
    });
  },

  applyTopUp(topUp) {
    set({ topUps: upsertIn(get().topUps, topUp, get().day !== '') });
  },
}));
