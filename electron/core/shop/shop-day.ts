import type pg from 'pg';
import type { Approval } from '../../../shared/domain/cashier';
import type { ProviderOrder } from '../../../shared/domain/provider-order';
import type {
  BalanceSnapshot,
  ProviderDeposit,
  ReconcileRow,
  ResolutionClass,
} from '../../../shared/domain/reconciliation';
import type { ShiftReport } from '../../../shared/domain/shift-report';
import type {
  ShopCashLine,
  ShopCounterDay,
  ShopCounterRef,
  ShopCounterState,
  ShopDay,
  ShopDayException,
  ShopDayResult,
  ShopDayRow,
  ShopDrawerCash,
  ShopResolution,
  ShopShift,
} from '../../../shared/domain/shop-day';
import type { ShopLedgerStatus } from '../../../shared/domain/status';
import { type Currency, type Money, minor } from '../../../shared/money';
import { ApiFailure } from '../api';
import type { CashierTable } from '../cashiers/cashier-table';
import type { Connection } from '../connection';
import type { AccountScope } from '../journal/account-scope';
import type { Logger } from '../log';
import { scopeOf } from '../money/scope';
import { failureSummary, PosFailure } from '../pos/failure';
import { balanceBridge, recordOfIn } from '../reconciliation/balance-bridge';
import {
  bridgeFindings,
  matchPeriod,
  ordersAround,
  periodKeyOf,
  type Reconciler,
  withStatusesRead,
} from '../reconciliation/reconciler';
import type { JournalRecord, Period } from '../reconciliation/reconciliation-journal';
import { type RefundFact, refundIn } from '../reconciliation/refunds';
import {
  type LedgerCounter,
  type LedgerProblem,
  type LedgerRecord,
  ledgerCounters,
  ledgerProblems,
  ledgerRecords,
} from './ledger-reads';
import { CONTACT_FRESH_MS } from './pusher';
import {
  addShopResolution,
  heldLinks,
  latestShopDay,
  otherShopClaims,
  otherShopsMoney,
  recordShopDay,
  shopDayNumber,
  shopResolutions,
} from './shop-day-ledger';
import { problemRows } from './shop-day-problems';

/**
 * The shop day: a manager at any counter reconciles the shop's business day from the shop ledger.
 * The counter's own reconciliation does the work (its matching, its bridge); the shop day gives it
 * the union of the shop's records instead of one journal's, reads the provider's orders and balance
 * once for the account, and says whose each row is. Its runs and resolutions are kept in the ledger.
 */

export interface ShopDayDeps {
  readonly counterId: string;
  readonly reconciler: Reconciler;
  readonly connection: () => Connection;
  readonly cashiers: CashierTable;
  readonly withLedger: <T>(work: (client: pg.Client) => Promise<T>) => Promise<T>;
  /** Sends what waits for the ledger now, and says where this counter stands after. */
  readonly pushNow: () => Promise<ShopLedgerStatus>;
  readonly now: () => Date;
  readonly log: Logger;
}

/** The record types the shop day reads besides the period's sales and top-ups. */
const DAY_TYPES = ['shift', 'z', 'cashier', 'balance', 'provider', 'cancellation'];

/** A row of a record (its first row), as the chain holds it. */
type Row = Readonly<Record<string, unknown>>;

/** A record's own row (its first), as the ledger holds it. */
export function rowOf(record: LedgerRecord): Row {
  const rows = record.record.rows;
  return Array.isArray(rows) && rows[0] !== null && typeof rows[0] === 'object' ? (rows[0] as Row) : {};
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const number = (value: unknown): number | null => (typeof value === 'number' ? value : null);

function moneyOf(amount: unknown, currency: unknown): Money | null {
  const value = number(amount);
  const code = text(currency);
  return value === null || code === null ? null : { amount: minor(value), currency: code as Currency };
}

/** A record of the account the counter is connected to now, in its mode (live or training). */
function inScope(record: LedgerRecord, row: Row, scope: AccountScope): boolean {
  if ((record.training ?? false) !== scope.training) return false;
  const account = text(row.account_ref);
  return account === null || account === scope.accountRef;
}

/** A sale or top-up of the ledger as the reconciliation's matching reads a journal's. */
function journalRecordOf(record: LedgerRecord, row: Row): JournalRecord {
  const cost = moneyOf(row.cost_minor, row.cost_currency);
  return {
    ref: {
      kind: record.type === 'topup' ? 'topup' : 'sale',
      id: record.subject,
      receiptNumber: number(row.receipt_number) ?? 0,
    },
    state: (text(row.state) ?? 'failed') as JournalRecord['state'],
    orderReference: text(row.order_reference),
    cost,
    quotedCost: moneyOf(row.quoted_cost_minor, row.cost_currency ?? row.currency),
    packageCode: text(row.package_code) ?? '',
    packageName: text(row.package_name) ?? '',
    iccid: record.type === 'topup' ? text(row.iccid) : null,
    createdAt: text(row.created_at) ?? record.firstAt.toISOString(),
    stoppedWaitingAt: null,
  };
}

function snapshotOf(row: Row): BalanceSnapshot | null {
  const balance = moneyOf(row.amount_minor, row.currency);
  const takenAt = text(row.taken_at);
  const purpose = text(row.purpose);
  if (!balance || !takenAt || (purpose !== 'opening' && purpose !== 'closing')) return null;
  return { balance, takenAt, purpose };
}

/** The day's opening balance by every counter's readings: the journal's rule (openingOf) over the shop. */
function shopOpening(readings: readonly { day: string; snapshot: BalanceSnapshot }[], firstDay: string) {
  const byTime = [...readings].sort(
    (a, b) => Date.parse(a.snapshot.takenAt) - Date.parse(b.snapshot.takenAt),
  );
  return (
    byTime.find((r) => r.day === firstDay && r.snapshot.purpose === 'opening')?.snapshot ??
    byTime.filter((r) => r.day < firstDay && r.snapshot.purpose === 'closing').at(-1)?.snapshot ??
    null
  );
}

function sameMoney(a: Money | null, b: Money | null): boolean {
  if (a === null || b === null) return a === b;
  return a.amount === b.amount && a.currency === b.currency;
}

function addTo(lines: Map<Currency, ShopCashLine>, line: ShopCashLine): void {
  const held = lines.get(line.currency);
  const sum = (a: Money, b: Money): Money => ({ amount: minor(a.amount + b.amount), currency: a.currency });
  lines.set(
    line.currency,
    held
      ? {
          currency: line.currency,
          expected: sum(held.expected, line.expected),
          counted: sum(held.counted, line.counted),
          variance: sum(held.variance, line.variance),
        }
      : line,
  );
}

/** What the ledger holds of the period, read in one go. */
interface LedgerDay {
  readonly counters: LedgerCounter[];
  readonly records: LedgerRecord[];
  readonly dayRecords: LedgerRecord[];
  readonly problems: LedgerProblem[];
}

/**
 * The shop day's exceptions as of now: each row that is not information, with the shop's resolution
 * given for its amount (a resolution for another amount leaves it open), and the result they make.
 */
export function withResolutions(
  day: ShopDay,
  resolutions: ReadonlyMap<string, readonly ShopResolution[]>,
): ShopDay {
  const exceptions: ShopDayException[] = day.rows
    .filter((row) => row.severity !== 'info')
    .map((row) => ({
      ...row,
      resolution: resolutions.get(row.key)?.find((each) => sameMoney(each.amount, row.amount)) ?? null,
    }))
    .sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'critical' ? -1 : 1));
  const open = exceptions.filter((exception) => exception.resolution === null).length;
  const result: ShopDayResult =
    day.result === 'incomplete' || day.result === 'unconfirmed'
      ? day.result
      : open === 0
        ? 'reconciled'
        : 'not_reconciled';
  return { ...day, exceptions, openExceptions: open, result };
}

export class ShopDayDesk {
  constructor(private readonly deps: ShopDayDeps) {}

  /** Reconciles the shop's period now (a manager's), keeps the run in the ledger and answers it. */
  async reconcile(period: Period, approval: Approval | undefined): Promise<ShopDay> {
    this.deps.cashiers.approve(approval, 'Reconciling the shop');
    // This counter's own records go first, so the ledger holds them whole if it can be reached.
    const sync = await this.deps.pushNow();
    return this.deps.withLedger(async (client) => {
      const number = await shopDayNumber(client, period);
      const day = await this.run(client, period, number, sync);
      const resolved = withResolutions(
        day,
        await shopResolutions(
          client,
          day.rows.map((row) => row.key),
        ),
      );
      await recordShopDay(client, number, day.result, day);
      return resolved;
    });
  }

  /** The shop day's latest run of the period, with the shop's resolutions as they stand now (a manager's). */
  async latest(period: Period, approval: Approval | undefined): Promise<ShopDay> {
    this.deps.cashiers.approve(approval, 'Printing the shop day');
    return this.deps.withLedger(async (client) => {
      const stored = (await latestShopDay(client, period)) as ShopDay | null;
      if (!stored) throw new PosFailure('NOT_FOUND', 'The shop has not reconciled this period yet.');
      return withResolutions(
        stored,
        await shopResolutions(
          client,
          stored.rows.map((row) => row.key),
        ),
      );
    });
  }

  /** A manager resolves an exception of the shop day's latest run, for the amount it shows now. */
  async resolve(input: {
    readonly period: Period;
    readonly key: string;
    readonly classification: ResolutionClass;
    readonly reason: string;
    readonly approval: Approval | undefined;
  }): Promise<ShopDay> {
    const manager = this.deps.cashiers.approve(input.approval, 'Resolving an exception of the shop day');
    return this.deps.withLedger(async (client) => {
      const stored = (await latestShopDay(client, input.period)) as ShopDay | null;
      const row = stored?.rows.find((each) => each.key === input.key && each.severity !== 'info');
      if (!stored || !row) {
        throw new PosFailure('NOT_FOUND', 'No such exception in the shop day.', { key: input.key });
      }
      const added = await addShopResolution(client, {
        counterId: this.deps.counterId,
        key: input.key,
        amount: row.amount,
        classification: input.classification,
        reason: input.reason,
        resolver: { id: manager.id, name: manager.name },
      });
      if (!added) {
        throw new PosFailure('INVALID_STATE', 'This exception was already resolved for this amount.', {
          key: input.key,
        });
      }
      return withResolutions(stored, await shopResolutions(client, [input.key]));
    });
  }

  private async read(client: pg.Client, window: { from: Date; to: Date }): Promise<LedgerDay> {
    const [counters, records, dayRecords, problems] = [
      await ledgerCounters(client),
      await ledgerRecords(client, { types: ['sale', 'topup'], from: window.from, to: window.to }),
      await ledgerRecords(client, { types: DAY_TYPES }),
      await ledgerProblems(client),
    ];
    return { counters, records, dayRecords, problems };
  }

  private async run(
    client: pg.Client,
    period: Period,
    number: number,
    sync: ShopLedgerStatus,
  ): Promise<ShopDay> {
    const connection = this.deps.connection();
    const scope = scopeOf(connection);
    const periodKey = `shop:${periodKeyOf(period)}`;
    const window = this.deps.reconciler.window(period);
    const runAt = this.deps.now().toISOString();
    const ledger = await this.read(client, window);
    const me = ledger.counters.find((counter) => counter.id === this.deps.counterId);
    if (!me) throw new PosFailure('INVALID_STATE', 'This counter is not one of its shop ledger’s counters.');
    const refOf = (counter: LedgerCounter): ShopCounterRef => ({
      id: counter.id,
      code: counter.code,
      name: counter.name,
    });
    const counterRefs = new Map(ledger.counters.map((counter) => [counter.id, refOf(counter)]));
    const cashierNames = new Map<string, string>();
    for (const record of ledger.dayRecords.filter((r) => r.type === 'cashier')) {
      const name = text(rowOf(record).name);
      if (name) cashierNames.set(record.subject, name);
    }
    const inPeriod = (day: unknown): boolean =>
      typeof day === 'string' && day >= period.firstDay && day <= period.lastDay;
    const dayOf = (type: string) =>
      ledger.dayRecords
        .filter((record) => record.type === type)
        .map((record) => ({ record, row: rowOf(record) }));

    // The records of the period, whoever made them: what the matching reads, and whose each one is.
    const owners = new Map<string, LedgerRecord>();
    const recordsOf = (records: readonly LedgerRecord[], window?: { from: Date; to: Date }) =>
      records.flatMap((record) => {
        const row = rowOf(record);
        if (!inScope(record, row, scope)) return [];
        const journalRecord = journalRecordOf(record, row);
        const at = Date.parse(journalRecord.createdAt);
        if (window && !(at >= window.from.getTime() && at < window.to.getTime())) return [];
        owners.set(journalRecord.ref.id, record);
        return [journalRecord];
      });
    const records = recordsOf(ledger.records, window);

    const readings = dayOf('balance').flatMap(({ record, row }) => {
      const snapshot = inScope(record, row, scope) ? snapshotOf(row) : null;
      return snapshot ? [{ day: text(row.business_day) ?? '', snapshot }] : [];
    });
    const deposits: ProviderDeposit[] = dayOf('provider').flatMap(({ record, row }) => {
      const amount = moneyOf(row.amount_minor, row.currency);
      if (!amount || !inScope(record, row, scope) || !inPeriod(row.business_day)) return [];
      return [
        {
          id: record.subject,
          businessDay: text(row.business_day) ?? '',
          amount,
          note: text(row.note) ?? '',
          enteredBy: cashierNames.get(text(row.entered_by) ?? '') ?? text(row.entered_by) ?? '',
          at: text(row.at) ?? record.at.toISOString(),
        },
      ];
    });
    const refunds: RefundFact[] = dayOf('cancellation').flatMap(({ record, row }) =>
      inScope(record, row, scope) ? (refundIn(row, window) ?? []) : [],
    );

    const counters = await this.counterDays(client, ledger, period, sync, counterRefs);
    const cash = this.drawerCash(ledger, period, counterRefs);
    const totals = new Map<Currency, ShopCashLine>();
    for (const drawer of cash) for (const line of drawer.lines) addTo(totals, line);
    const base = {
      number,
      shop: me.shop,
      firstDay: period.firstDay,
      lastDay: period.lastDay,
      window: { from: window.from.toISOString(), to: window.to.toISOString() },
      runAt,
      runBy: refOf(me),
      counters,
      deposits,
      cash,
      cashTotal: [...totals.values()],
      exceptions: [],
      openExceptions: 0,
    };
    const incomplete = counters.some((counter) => counter.state !== 'closed');
    // What the ledger found critical is the shop's exception whatever the provider says.
    const problems = problemRows(ledger.problems, counterRefs);

    let provider: { rows: ReconcileRow[]; orders: readonly ProviderOrder[]; bridge: ShopDay['bridge'] };
    try {
      provider = await this.providerLegs(client, connection, period, periodKey, {
        scope,
        window,
        records,
        readings,
        refunds,
        deposits,
        recordsOf,
      });
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      this.deps.log.warn('the shop day could not ask the provider', { error: failureSummary(error) });
      return {
        ...base,
        result: incomplete ? 'incomplete' : 'unconfirmed',
        unconfirmedReason: failureSummary(error),
        rows: problems,
        bridge: null,
        ordersRead: 0,
        ordersAttributed: 0,
        otherShops: [],
      };
    }
    const listed = new Map(provider.orders.map((order) => [order.orderReference, order]));
    const matched: ShopDayRow[] = provider.rows.map((row) => {
      const owner = row.record ? owners.get(row.record.id) : undefined;
      const ownerRow = owner ? rowOf(owner) : null;
      const order = row.orderReference ? listed.get(row.orderReference) : undefined;
      const bridgeAmount = row.kind === 'bridge_remainder' ? (provider.bridge?.remainder ?? null) : null;
      return {
        ...row,
        counter: owner ? (counterRefs.get(owner.counterId) ?? null) : null,
        cashier: cashierNames.get(text(ownerRow?.cashier_id) ?? owner?.cashierId ?? '') ?? null,
        amount: row.providerAmount ?? row.journalCost ?? bridgeAmount,
        packageCode: text(ownerRow?.package_code) ?? order?.packageCode ?? null,
      };
    });
    const rows = [...problems, ...matched];
    const attributed = rows.filter(
      (row) => row.counter !== null && row.orderReference !== null && listed.has(row.orderReference),
    ).length;
    for (const counter of counters) {
      counter.orders = rows.filter(
        (row) =>
          row.counter?.id === counter.id && row.orderReference !== null && listed.has(row.orderReference),
      ).length;
    }
    // Another shop's orders are that shop's: counted by its name, nothing else of it.
    const otherShops = new Map<string, number>();
    for (const row of matched) {
      if (row.kind !== 'other_shop' || !row.shop) continue;
      otherShops.set(row.shop, (otherShops.get(row.shop) ?? 0) + 1);
    }
    const open = rows.some((row) => row.severity !== 'info');
    return {
      ...base,
      counters,
      result: incomplete ? 'incomplete' : open ? 'not_reconciled' : 'reconciled',
      unconfirmedReason: null,
      rows,
      bridge: provider.bridge,
      ordersRead: provider.orders.length,
      ordersAttributed: attributed,
      otherShops: [...otherShops].map(([shop, orders]) => ({ shop, orders })),
    };
  }

  /** Legs A and B for the shop: the provider's orders and balance read once, matched and bridged. */
  private async providerLegs(
    client: pg.Client,
    connection: Connection,
    period: Period,
    periodKey: string,
    day: {
      readonly scope: AccountScope;
      readonly window: { from: Date; to: Date };
      readonly records: readonly JournalRecord[];
      readonly readings: readonly { day: string; snapshot: BalanceSnapshot }[];
      readonly refunds: readonly RefundFact[];
      readonly deposits: readonly ProviderDeposit[];
      readonly recordsOf: (records: readonly LedgerRecord[]) => JournalRecord[];
    },
  ): Promise<{ rows: ReconcileRow[]; orders: readonly ProviderOrder[]; bridge: ShopDay['bridge'] }> {
    const { window, records } = day;
    const closing = await this.deps.reconciler.snapshot('closing', period.lastDay, 'interactive');
    const opening = shopOpening(day.readings, period.firstDay);
    const currency = closing.balance.currency;
    const read = await ordersAround(connection, window, opening, closing, 'interactive');
    const orders = await withStatusesRead(connection, 'interactive', read.orders, records);
    const listed = new Set(orders.map((order) => order.orderReference));
    const inPeriod = new Set(records.map((record) => record.orderReference));
    // Orders the period's records do not hold: a record of the shop on another day may.
    const elsewhere = day.recordsOf(
      await ledgerRecords(client, {
        types: ['sale', 'topup'],
        orderReferences: [...listed].filter((reference) => !inPeriod.has(reference)),
      }),
    );
    const shopHeld = new Set([...inPeriod, ...elsewhere.map((record) => record.orderReference)]);
    const rows = await matchPeriod(connection, 'interactive', {
      periodKey,
      period: window,
      accountCurrency: currency,
      records,
      orders,
      journalledElsewhere: (reference) =>
        elsewhere.find((record) => record.orderReference === reference) ?? null,
      refunds: day.refunds,
      settledNow: new Set(),
      otherShops: await otherShopClaims(
        client,
        [...listed].filter((reference) => !shopHeld.has(reference)),
      ),
    });
    // The balance moves with every shop's refunds and deposits: the other shops' come as sums.
    const others =
      opening && closing
        ? (
            await otherShopsMoney(client, {
              period,
              after: opening.takenAt,
              until: closing.takenAt,
              accountRef: day.scope.accountRef,
              training: day.scope.training,
            })
          ).get(currency)
        : undefined;
    const bridge = balanceBridge({
      currency,
      opening,
      closing,
      orders,
      refunds: day.refunds,
      deposits: day.deposits,
      ...(others ? { otherShops: others } : {}),
      otherCurrency: null,
      recordOf: recordOfIn([...records, ...elsewhere], () => null),
    });
    rows.push(...bridgeFindings(periodKey, bridge, read.complete));
    return { rows, orders, bridge };
  }

  /** Every counter of the shop with its shifts of the period, each Z's head against the ledger's links. */
  private async counterDays(
    client: pg.Client,
    ledger: LedgerDay,
    period: Period,
    sync: ShopLedgerStatus,
    refs: ReadonlyMap<string, ShopCounterRef>,
  ): Promise<ShopCounterDay[]> {
    const zOf = new Map<string, ShiftReport>();
    for (const record of ledger.dayRecords.filter((r) => r.type === 'z')) {
      const report = text(rowOf(record).report_json);
      if (report) zOf.set(record.subject, JSON.parse(report) as ShiftReport);
    }
    const shifts = ledger.dayRecords
      .filter((record) => record.type === 'shift')
      .map((record) => ({ record, row: rowOf(record) }))
      .filter(({ row }) => {
        const day = text(row.business_day);
        return day !== null && day >= period.firstDay && day <= period.lastDay;
      });
    const heads = shifts.flatMap(({ record }) => {
      const head = zOf.get(record.subject)?.chainHead;
      return head ? [{ counterId: record.counterId, ...head }] : [];
    });
    const held = await heldLinks(client, heads);
    return ledger.counters.map((counter) => {
      const own: ShopShift[] = shifts
        .filter(({ record }) => record.counterId === counter.id)
        .map(({ record, row }) => {
          const z = zOf.get(record.subject);
          const head = z?.chainHead ?? null;
          return {
            id: record.subject,
            drawer: text(row.drawer) ?? '',
            state: text(row.state) ?? '',
            openedAt: text(row.opened_at) ?? record.firstAt.toISOString(),
            closedAt: text(row.closed_at),
            zNumber: number(row.z_number),
            zHead: head,
            zHeadReceived: head ? held.has(`${counter.id}:${head.seq}:${head.hash}`) : null,
          };
        });
      // This counter sent what waited just before: it is behind only when that push could not go.
      const waiting =
        counter.id === this.deps.counterId && (sync.state === 'unreachable' || sync.state === 'refused');
      // Any counter is behind when the ledger lacks what its shifts say it printed (a closed shift's
      // Z, or the link its Z printed as its head), or refused its chain as forked.
      const behind =
        own.some((shift) => shift.state !== 'open' && (shift.zHead === null || !shift.zHeadReceived)) ||
        ledger.problems.some((problem) => problem.kind === 'chain_fork' && problem.counterId === counter.id);
      // A shift open in the ledger is open at the counter only while the counter is in touch; one out
      // of touch may have closed it since (a counter that runs the day has just pushed: it is in touch).
      const inTouch =
        counter.id === this.deps.counterId ||
        (counter.contact !== null && counter.contact.ageMs <= CONTACT_FRESH_MS);
      const state: ShopCounterState =
        waiting || behind
          ? 'not_synced'
          : !own.some((shift) => shift.state === 'open')
            ? 'closed'
            : inTouch
              ? 'open'
              : 'out_of_contact';
      return {
        ...(refs.get(counter.id) ?? { id: counter.id, code: counter.code, name: counter.name }),
        state,
        syncedAt: counter.head?.receivedAt.toISOString() ?? null,
        contactAt: counter.contact?.at.toISOString() ?? null,
        head: counter.head ? { seq: counter.head.seq, hash: counter.head.hash } : null,
        shifts: own,
        orders: 0,
      };
    });
  }

  /** Each drawer's cash by its counter's Zs of the period: what it should hold, what was counted. */
  private drawerCash(
    ledger: LedgerDay,
    period: Period,
    refs: ReadonlyMap<string, ShopCounterRef>,
  ): ShopDrawerCash[] {
    const drawers = new Map<
      string,
      { counter: ShopCounterRef; drawer: string; lines: Map<Currency, ShopCashLine> }
    >();
    for (const record of ledger.dayRecords.filter((r) => r.type === 'z')) {
      const json = text(rowOf(record).report_json);
      if (!json) continue;
      const report = JSON.parse(json) as ShiftReport;
      const counter = refs.get(record.counterId);
      if (!counter || report.businessDay < period.firstDay || report.businessDay > period.lastDay) continue;
      const key = `${record.counterId}:${report.drawer}`;
      const drawer = drawers.get(key) ?? { counter, drawer: report.drawer, lines: new Map() };
      drawers.set(key, drawer);
      for (const line of report.cash) {
        if (!line.expected || !line.counted || !line.variance) continue;
        addTo(drawer.lines, {
          currency: line.currency,
          expected: line.expected,
          counted: line.counted,
          variance: line.variance,
        });
      }
    }
    return [...drawers.values()].map((drawer) => ({
      counter: drawer.counter,
      drawer: drawer.drawer,
      lines: [...drawer.lines.values()],
    }));
  }
}
