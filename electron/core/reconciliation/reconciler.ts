import { randomUUID } from 'node:crypto';
import { businessDayWindow } from '../../../shared/business-day';
import type { Approval } from '../../../shared/domain/cashier';
import type { ProviderOrder } from '../../../shared/domain/provider-order';
import type {
  BalanceBridge,
  BalanceSnapshot,
  CashLegLine,
  ProviderDeposit,
  ReconcileException,
  ReconcileKind,
  ReconcileRow,
  ReconcileSeverity,
  Reconciliation,
  ResolutionClass,
} from '../../../shared/domain/reconciliation';
import { SALE_SENT_OPEN_STATES } from '../../../shared/domain/sale-states';
import { formatMoney, type Money } from '../../../shared/money';
import { reportText } from '../../../shared/report-text';
import { ApiFailure } from '../api';
import type { Lane } from '../api/rate-limiter';
import type { CashierTable } from '../cashiers/cashier-table';
import type { Connection } from '../connection';
import type { Db } from '../journal/database';
import type { Logger } from '../log';
import { ordersIn } from '../money/order-evidence';
import { scopeOf } from '../money/scope';
import { failureSummary, PosFailure } from '../pos/failure';
import type { EndOfDaySettingsStore } from '../shifts/end-of-day-settings';
import { ALONE, type Attribution, type AttributionSource } from './attribution';
import { balanceBridge, recordOfIn } from './balance-bridge';
import {
  listStatus,
  type MatchInput,
  matchOrders,
  mayHaveCompleted,
  rowKey,
  type StatusRead,
  waitsForProvider,
} from './match-orders';
import { type JournalRecord, type Period, ReconciliationJournal } from './reconciliation-journal';
import { NO_REFUNDS, type RefundSource } from './refunds';

/** Orders are read this far beyond each end of the period: the provider's clock and ours differ a little. */
export const CUT_OFF_MARGIN_MS = 30 * 60_000;
/** A day of a busy shop: up to 100,000 orders are read before the list counts as not read to its end. */
const DAY_PAGES_MAX = 1_000;
/** How often a period left UNCONFIRMED is tried again. */
export const RETRY_UNCONFIRMED_MS = 60_000;

export interface ReconcilerDeps {
  readonly db: Db;
  readonly counterId: string;
  readonly now: () => Date;
  readonly log: Logger;
  readonly connection: () => Connection;
  /** The existing read-only settlement of a sale (SaleResolver.resolve): it never sends an order. */
  readonly settleSale: (saleId: string) => Promise<{ readonly state: string }>;
  readonly days: EndOfDaySettingsStore;
  readonly cashiers: CashierTable;
  readonly refunds?: RefundSource;
  /** At a counter in a shop: who else holds the orders no record here holds (the shop ledger's claims). */
  readonly attribution?: AttributionSource;
  readonly retryMs?: number;
}

function severityRank(severity: ReconcileSeverity): number {
  return severity === 'critical' ? 0 : severity === 'warning' ? 1 : 2;
}

/** A finding of Leg B or C: one row per currency, keyed by the amount it names. */
export function findingRow(
  periodKey: string,
  kind: ReconcileKind,
  severity: ReconcileSeverity,
  subject: string,
  amount: Money | null,
  note: string,
): ReconcileRow {
  return {
    key: rowKey(periodKey, kind, subject, amount),
    kind,
    severity,
    orderReference: null,
    record: null,
    journalState: null,
    journalCost: null,
    providerStatus: null,
    providerAmount: null,
    providerCreatedAt: null,
    candidates: [],
    amount,
    packageName: null,
    note,
  };
}

/** Leg C's findings: a drawer whose takings differ, and cash taken while no shift was open. */
function cashRows(
  periodKey: string,
  cash: readonly CashLegLine[],
  outside: readonly Money[],
): ReconcileRow[] {
  const differs = cash
    .filter((line) => line.remainder.amount !== 0)
    .map((line) =>
      findingRow(
        periodKey,
        'cash_differs',
        'warning',
        line.currency,
        line.remainder,
        `Cash for completed sales and top-ups is ${formatMoney(line.completed)}; the drawer took ${formatMoney(line.drawerTakings)} less ${formatMoney(line.heldForOpen)} held for open ones.`,
      ),
    );
  const unshifted = outside.map((taken) =>
    findingRow(
      periodKey,
      'cash_outside_shifts',
      'warning',
      taken.currency,
      taken,
      `${formatMoney(taken)} was taken in cash while no shift was open: no drawer's count checks it.`,
    ),
  );
  return [...differs, ...unshifted];
}

function shopLedgerRead(attribution: Attribution): NonNullable<Reconciliation['shopLedger']> {
  return attribution.kind === 'unreachable'
    ? { state: 'unreachable', problem: attribution.problem }
    : { state: 'read', problem: null };
}

export function periodKeyOf(period: Period): string {
  return period.firstDay === period.lastDay ? period.firstDay : `${period.firstDay}..${period.lastDay}`;
}

/**
 * The reconciliation of a business day (or any period of days) with the provider: it reads the
 * provider's order list and balance, settles through the existing read-only settlement what the
 * provider has finished, classifies every row, bridges the balance and checks the cash. Every run is
 * stored; a run that cannot reach the provider is UNCONFIRMED and is tried again by itself.
 */
export class Reconciler {
  readonly journal: ReconciliationJournal;
  private readonly running = new Map<string, Promise<Reconciliation>>();
  private retryTimer: NodeJS.Timeout | null = null;
  private retrying: Promise<void> | null = null;

  constructor(private readonly deps: ReconcilerDeps) {
    this.journal = new ReconciliationJournal(deps.db, deps.counterId);
  }

  /** The business day of an instant on this counter's clock and cut-off. */
  businessDay(instant = this.deps.now()): string {
    return this.deps.days.businessDay(instant);
  }

  /** The instants a period of business days runs between, on this counter's clock and cut-off. */
  window(period: Period): { from: Date; to: Date } {
    const zone = this.deps.days.timeZone();
    const cutOff = this.deps.days.get().dayCutOff;
    return {
      from: businessDayWindow(period.firstDay, zone, cutOff).from,
      to: businessDayWindow(period.lastDay, zone, cutOff).to,
    };
  }

  /** Reads the balance now and keeps it with the time it was asked for. */
  async snapshot(
    purpose: BalanceSnapshot['purpose'],
    day: string,
    lane: Lane = 'background',
  ): Promise<BalanceSnapshot> {
    const connection = this.deps.connection();
    const takenAt = this.deps.now().toISOString();
    const read = await connection.client.getBalance({ lane });
    const snapshot: BalanceSnapshot = { purpose, takenAt, balance: read.balance };
    this.journal.addSnapshot(scopeOf(connection), day, snapshot);
    return snapshot;
  }

  /**
   * A reading of the balance made for any reason (start-up, the background refresh, the header): the
   * first of a business day is kept as the day's opening, so the bridge opens before the day's first
   * record, whether or not a shift was open for it.
   */
  balanceRead(balance: Money, takenAt: Date): void {
    const scope = scopeOf(this.deps.connection());
    const day = this.businessDay(takenAt);
    if (this.journal.openingOf(scope, day)?.purpose === 'opening') return;
    this.journal.addSnapshot(scope, day, { purpose: 'opening', takenAt: takenAt.toISOString(), balance });
  }

  /** At a shift's open: the day's opening balance, unless the day has one. Never holds the shift back. */
  dayOpened(): void {
    const day = this.businessDay();
    if (this.journal.openingOf(scopeOf(this.deps.connection()), day)?.purpose === 'opening') return;
    this.snapshot('opening', day).catch((error: unknown) =>
      this.deps.log.warn('opening balance not read', { day, error: failureSummary(error) }),
    );
  }

  /** At a shift's close: the day's reconciliation, in the background (the run reads the balance). */
  async dayClosed(day: string): Promise<Reconciliation | null> {
    return this.run({ firstDay: day, lastDay: day }, 'background').catch((error: unknown) => {
      this.deps.log.error('reconciliation at the close failed', { day, error: String(error) });
      return null;
    });
  }

  /** Runs the reconciliation of a period now; a run already going for it is joined. */
  run(period: Period, lane: Lane = 'interactive'): Promise<Reconciliation> {
    const key = periodKeyOf(period);
    const going = this.running.get(key);
    if (going) return going;
    const run = this.runOnce(period, lane, false)
      .then((report) => report ?? this.requireView(period))
      .finally(() => this.running.delete(key));
    this.running.set(key, run);
    return run;
  }

  /** The period's latest run, with what was resolved since. */
  view(period: Period): Reconciliation | null {
    const scope = scopeOf(this.deps.connection());
    const latest = this.journal.latestRun(scope, period);
    if (!latest) return null;
    // Runs stored before rows named their amount and package read as naming neither.
    const rows = latest.rows.map((row) => ({
      ...row,
      amount: row.amount ?? null,
      packageName: row.packageName ?? null,
    }));
    const stored = { ...latest, rows };
    const keys = rows.filter((row) => row.severity !== 'info').map((row) => row.key);
    const history = this.journal.exceptionHistory(keys);
    const exceptions: ReconcileException[] = rows
      .filter((row) => row.severity !== 'info')
      .map((row) => ({
        ...row,
        firstSeenAt: history.get(row.key)?.firstSeenAt ?? stored.runAt,
        resolution: history.get(row.key)?.resolution ?? null,
      }))
      .sort(
        (a, b) =>
          severityRank(a.severity) - severityRank(b.severity) ||
          Date.parse(a.firstSeenAt) - Date.parse(b.firstSeenAt),
      );
    const open = exceptions.filter((exception) => exception.resolution === null).length;
    return {
      ...stored,
      cashRefunds: stored.cashRefunds ?? [],
      result: stored.result === 'unconfirmed' ? 'unconfirmed' : open === 0 ? 'reconciled' : 'not_reconciled',
      openExceptions: open,
      exceptions,
      deposits: this.journal.deposits(scope, period),
    };
  }

  private requireView(period: Period): Reconciliation {
    const view = this.view(period);
    if (!view) throw new PosFailure('NOT_FOUND', `No reconciliation of ${periodKeyOf(period)} yet.`);
    return view;
  }

  /** A manager classifies an exception with a reason. Nothing in the journal's money records changes. */
  resolve(input: {
    readonly period: Period;
    readonly key: string;
    readonly classification: ResolutionClass;
    readonly reason: string;
    readonly recordId?: string | undefined;
    readonly approval: Approval | undefined;
  }): Reconciliation {
    const manager = this.deps.cashiers.approve(input.approval, 'Resolving a reconciliation exception');
    if (!this.journal.exceptionExists(input.key)) {
      throw new PosFailure('NOT_FOUND', 'No such reconciliation exception.', { key: input.key });
    }
    const resolved = this.journal.resolve({
      key: input.key,
      at: this.deps.now().toISOString(),
      by: manager.id,
      classification: input.classification,
      reason: input.reason,
      recordId: input.recordId ?? null,
    });
    if (!resolved)
      throw new PosFailure('INVALID_STATE', 'This exception was already resolved.', { key: input.key });
    return this.requireView(input.period);
  }

  /** A deposit to the provider account, as the manager enters it (the API lists none). */
  addDeposit(input: {
    readonly businessDay: string;
    readonly amount: Money;
    readonly note: string;
    readonly approval: Approval | undefined;
  }): ProviderDeposit {
    const manager = this.deps.cashiers.approve(input.approval, 'Entering a deposit to the provider account');
    return this.journal.addDeposit(scopeOf(this.deps.connection()), {
      businessDay: input.businessDay,
      amount: input.amount,
      note: input.note,
      enteredBy: manager,
      at: this.deps.now().toISOString(),
    });
  }

  /** Starts trying UNCONFIRMED periods again every `retryMs`. */
  start(): void {
    this.retryTimer = setInterval(() => {
      this.retrying ??= this.retryUnconfirmed().finally(() => {
        this.retrying = null;
      });
    }, this.deps.retryMs ?? RETRY_UNCONFIRMED_MS);
    this.retryTimer.unref();
  }

  async stop(): Promise<void> {
    if (this.retryTimer) clearInterval(this.retryTimer);
    this.retryTimer = null;
    await this.retrying;
    await Promise.allSettled([...this.running.values()]);
  }

  private async retryUnconfirmed(): Promise<void> {
    for (const period of this.journal.unconfirmedPeriods(scopeOf(this.deps.connection()))) {
      if (this.running.has(periodKeyOf(period))) continue;
      const run = this.runOnce(period, 'background', true).catch((error: unknown) => {
        this.deps.log.warn('reconciliation retry failed', {
          period: periodKeyOf(period),
          error: failureSummary(error),
        });
        return null;
      });
      this.running.set(
        periodKeyOf(period),
        run.then((report) => report ?? this.requireView(period)),
      );
      await run.finally(() => this.running.delete(periodKeyOf(period)));
    }
  }

  /**
   * One run. A retry that still cannot reach the provider stores nothing (the UNCONFIRMED run stands);
   * every other run is stored, and one that follows an UNCONFIRMED run records when it confirmed.
   */
  private async runOnce(period: Period, lane: Lane, retry: boolean): Promise<Reconciliation | null> {
    const connection = this.deps.connection();
    const scope = scopeOf(connection);
    const periodKey = periodKeyOf(period);
    const window = this.window(period);
    const runAt = this.deps.now().toISOString();
    const deposits = this.journal.deposits(scope, period);
    const previous = this.journal.latestRun(scope, period);
    const base = {
      runId: randomUUID(),
      firstDay: period.firstDay,
      lastDay: period.lastDay,
      window: { from: window.from.toISOString(), to: window.to.toISOString() },
      runAt,
      deposits,
      exceptions: [],
      openExceptions: 0,
    };
    let report: Reconciliation;
    try {
      const provider = await this.providerLegs(connection, period, periodKey, window, deposits, lane);
      // Leg C after Leg A: a sale the settlement just completed counts as completed.
      const cash = this.journal.cashTaken(period);
      const cashRefunds = this.journal.cashRefunded(period);
      const rows = [...provider.rows, ...cashRows(periodKey, cash, this.journal.cashOutsideShifts(window))];
      const confirmedAt = previous?.result === 'unconfirmed' ? runAt : (previous?.confirmedAt ?? null);
      report = {
        ...base,
        ...provider,
        cash,
        cashRefunds,
        rows,
        result: rows.some((row) => row.severity !== 'info') ? 'not_reconciled' : 'reconciled',
        unconfirmedReason: null,
        confirmedAt,
      };
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      if (retry) return null;
      const cash = this.journal.cashTaken(period);
      report = {
        ...base,
        cash,
        cashRefunds: this.journal.cashRefunded(period),
        rows: cashRows(periodKey, cash, this.journal.cashOutsideShifts(window)),
        result: 'unconfirmed',
        unconfirmedReason: failureSummary(error),
        confirmedAt: null,
        bridge: null,
        currencyNote: null,
        ordersRead: 0,
      };
    }
    this.journal.addRun(scope, report);
    return this.requireView(period);
  }

  /** Legs A and B: everything that needs the provider. Throws an ApiFailure when it cannot be asked. */
  private async providerLegs(
    connection: Connection,
    period: Period,
    periodKey: string,
    window: { from: Date; to: Date },
    deposits: readonly ProviderDeposit[],
    lane: Lane,
  ): Promise<Pick<Reconciliation, 'rows' | 'bridge' | 'currencyNote' | 'ordersRead' | 'shopLedger'>> {
    const scope = scopeOf(connection);
    const opening = this.journal.openingOf(scope, period.firstDay);
    // The bridge reads the period as it is now: a closing reading taken before the period ended (at
    // a shift's close) misses what came after it, so only one taken after its end is used again.
    const stored = this.journal.closingOf(scope, period.lastDay);
    const closing =
      stored !== null && Date.parse(stored.takenAt) >= window.to.getTime()
        ? stored
        : await this.snapshot('closing', period.lastDay, lane);
    const currency = closing.balance.currency;
    // A shift's records belong to the day it opened, even those made after the cut-off: the orders
    // are read around them too.
    const before = this.journal.recordsOf(period, window, scope, currency);
    const made = before.map((record) => Date.parse(record.createdAt));
    const around = {
      from: new Date(Math.min(window.from.getTime(), ...made)),
      to: new Date(Math.max(window.to.getTime(), ...made)),
    };
    const read = await ordersAround(connection, around, opening, closing, lane);
    const listed = new Map(read.orders.map((order) => [order.orderReference, order]));
    const settledNow = new Set<string>();
    for (const record of before) {
      if (record.ref.kind !== 'sale' || !SALE_SENT_OPEN_STATES.includes(record.state)) continue;
      const order = record.orderReference === null ? null : listed.get(record.orderReference);
      // A pending sale is read again only when the list says its order completed, or states no
      // status for it (a terse list); one without an answer is looked for in the list by the
      // settlement itself. Neither can send anything.
      if (record.orderReference !== null && !(order && mayHaveCompleted(order))) continue;
      const settled = await this.deps.settleSale(record.ref.id).catch((error: unknown) => {
        this.deps.log.warn('reconciliation could not settle a sale', {
          saleId: record.ref.id,
          error: failureSummary(error),
        });
        return null;
      });
      if (settled?.state === 'completed') settledNow.add(record.ref.id);
    }
    // Read again: the settlement may have moved a record on.
    const records = this.journal.recordsOf(period, window, scope, currency);
    const hidden = records.filter((record) => record.cost !== null && record.cost.currency !== currency);
    const currencyNote = hidden.length > 0 ? { listed: currency, records: hidden.length } : null;
    const refunds = (this.deps.refunds ?? NO_REFUNDS)(window);
    const held = new Set(records.map((record) => record.orderReference));
    const attribution = await (this.deps.attribution ?? ALONE)(
      read.orders.map((order) => order.orderReference).filter((reference) => !held.has(reference)),
    );
    const orders = await withStatusesRead(connection, lane, read.orders, records);
    const journalledElsewhere = (reference: string): JournalRecord | null =>
      this.journal.recordsByReference(reference, scope, currency)[0] ?? null;
    const rows = await matchPeriod(connection, lane, {
      periodKey,
      period: window,
      accountCurrency: currency,
      records,
      orders,
      journalledElsewhere,
      refunds,
      settledNow,
      attribution,
      ...(attribution.kind === 'read' ? { otherShops: attribution.shops } : {}),
    });
    const inShop = attribution.kind !== 'alone';
    const bridge = {
      ...balanceBridge({
        currency,
        opening,
        closing,
        orders,
        refunds,
        deposits,
        otherCurrency: currencyNote,
        recordOf: recordOfIn(records, journalledElsewhere),
      }),
      ...(inShop ? { shop: true } : {}),
    };
    if (inShop) {
      // The account's balance moves with every counter's orders, refunds and deposits: only the shop
      // day, which reads them all, can close it. Here it is for reading, never this counter's remainder
      // (nor its missing snapshot); an order list not read to its end stays this run's finding.
      rows.push(
        findingRow(
          periodKey,
          'bridge_shop',
          'info',
          currency,
          null,
          "The account is the shop's: the shop's day bridges its balance, with every counter's orders.",
        ),
        ...orderListFindings(periodKey, read.complete),
      );
    } else {
      rows.push(...bridgeFindings(periodKey, bridge, read.complete));
    }
    return {
      rows,
      bridge,
      currencyNote,
      ordersRead: read.orders.length,
      ...(inShop ? { shopLedger: shopLedgerRead(attribution) } : {}),
    };
  }
}

/**
 * The provider's orders of a period, read once: from the earlier of the window's start and the opening
 * reading to the later of its end and the closing reading, with the margin around each end.
 */
export function ordersAround(
  connection: Connection,
  window: { readonly from: Date; readonly to: Date },
  opening: BalanceSnapshot | null,
  closing: BalanceSnapshot,
  lane: Lane,
): ReturnType<typeof ordersIn> {
  const readFrom = Math.min(
    window.from.getTime(),
    opening ? Date.parse(opening.takenAt) : Number.POSITIVE_INFINITY,
  );
  const readTo = Math.max(window.to.getTime(), Date.parse(closing.takenAt));
  return ordersIn(
    connection,
    { from: new Date(readFrom - CUT_OFF_MARGIN_MS), to: new Date(readTo + CUT_OFF_MARGIN_MS) },
    { pagesMax: DAY_PAGES_MAX, lane },
  );
}

/** The core's own note of a bridge's causes: English, for support and the CSV files. */
function causesInEnglish(bridge: BalanceBridge): string {
  const { bridgeCause } = reportText('en').ledger;
  return bridge.likelyCauses.map((cause) => bridgeCause(cause, (value) => formatMoney(value))).join(' ');
}

/** Leg B's findings: a bridge that cannot close, a remainder, or an order list not read to its end. */
export function bridgeFindings(periodKey: string, bridge: BalanceBridge, complete: boolean): ReconcileRow[] {
  const rows: ReconcileRow[] = [];
  const { currency } = bridge;
  if (bridge.remainder === null) {
    // With both readings, what is missing is orders the bridge cannot price or place.
    const subject = bridge.opening && bridge.closing ? `${currency}:unplaced` : currency;
    rows.push(findingRow(periodKey, 'bridge_incomplete', 'warning', subject, null, causesInEnglish(bridge)));
  } else if (bridge.remainder.amount !== 0) {
    rows.push(
      findingRow(
        periodKey,
        'bridge_remainder',
        'critical',
        currency,
        bridge.remainder,
        `The balance closed at ${formatMoney(bridge.closing?.balance ?? bridge.remainder)}, ${formatMoney(bridge.remainder)} away from the expected ${formatMoney(bridge.expectedClosing ?? bridge.remainder)}.`,
      ),
    );
  }
  return [...rows, ...orderListFindings(periodKey, complete)];
}

/** An order list not read to its end: the bridge cannot be trusted, whoever bridges the balance. */
function orderListFindings(periodKey: string, complete: boolean): ReconcileRow[] {
  return complete
    ? []
    : [
        findingRow(
          periodKey,
          'bridge_incomplete',
          'warning',
          'orders',
          null,
          'The order list could not be read to its end (an unreadable item, or more orders than one run reads).',
        ),
      ];
}

/**
 * Leg A of a period: each record whose order the list lacks is read on its own (GET /esims/order),
 * then every record and order is matched.
 */
export async function matchPeriod(
  connection: Connection,
  lane: Lane,
  input: Omit<MatchInput, 'statusReads'>,
): Promise<ReconcileRow[]> {
  const listed = new Set(input.orders.map((order) => order.orderReference));
  const statusReads = new Map<string, StatusRead>();
  for (const record of input.records) {
    const reference = record.orderReference;
    if (reference === null || listed.has(reference) || statusReads.has(reference)) continue;
    statusReads.set(reference, await statusRead(connection, reference, lane));
  }
  return matchOrders({ ...input, statusReads });
}

/**
 * The orders read, each of a record of the period whose status the list leaves unsaid completed from
 * the provider's record of the order (GET /esims/order: its status and price). Unsaid is a word the
 * API does not list, or no status at all for a record still waiting: a settled record's own answer
 * stands where the list is silent, but nothing says where a waiting one's order stands, and its record
 * holds no charge yet. Only what the list left out is taken.
 */
export async function withStatusesRead(
  connection: Connection,
  lane: Lane,
  orders: readonly ProviderOrder[],
  records: readonly JournalRecord[],
): Promise<ProviderOrder[]> {
  const held = new Map(records.map((record) => [record.orderReference, record]));
  const read: ProviderOrder[] = [];
  for (const order of orders) {
    const record = held.get(order.orderReference);
    const unsaid =
      record !== undefined &&
      order.status === null &&
      (order.statusText !== null || waitsForProvider(record));
    const found = unsaid ? await statusRead(connection, order.orderReference, lane) : null;
    read.push(
      found?.kind === 'found'
        ? {
            ...order,
            status: listStatus(found.status),
            statusText: found.status,
            amount: order.amount ?? found.amount,
            createdAt: order.createdAt ?? found.createdAt,
          }
        : order,
    );
  }
  return read;
}

/** What GET /esims/order says of one reference the order list lacks. */
async function statusRead(connection: Connection, reference: string, lane: Lane): Promise<StatusRead> {
  try {
    const order = await connection.client.getOrder(reference, { lane });
    return { kind: 'found', status: order.status, amount: order.cost, createdAt: order.orderDate };
  } catch (error) {
    if (error instanceof ApiFailure && error.code === 'ORDER_NOT_FOUND') return { kind: 'not_found' };
    throw error;
  }
}
