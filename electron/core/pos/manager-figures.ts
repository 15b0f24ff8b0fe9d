import type { Cancellation } from '../../../shared/domain/cancellation';
import type { CataloguePackage } from '../../../shared/domain/catalogue';
import type { PosEvent } from '../../../shared/domain/events';
import type { LostRecords } from '../../../shared/domain/lost-records';
import type { ProviderOrder } from '../../../shared/domain/provider-order';
import type { ReconcileKind, ReconcileRow, Reconciliation } from '../../../shared/domain/reconciliation';
import type { Sale, SaleSummary } from '../../../shared/domain/sale';
import type { ShiftReport, TakingsLine } from '../../../shared/domain/shift-report';
import type { TopUp, TopUpOption, TopUpOrderSeen } from '../../../shared/domain/topup';
import type { PosMethodName } from '../../../shared/pos-api';
import type { PosHandlers } from './dispatch';

/**
 * A manager's figures (`MANAGER_FIGURES` in shared/pos-access.ts) taken out of what a cashier is
 * answered: the core never sends them to a cashier's screen, so hiding them is not the screen's job.
 * Each function gives back the same record with those figures null; the rest is untouched.
 */

export function saleWithoutFigures<S extends Sale | SaleSummary>(sale: S): S {
  return 'cost' in sale ? { ...sale, cost: null, ...('margin' in sale ? { margin: null } : {}) } : sale;
}

function orderSeenWithoutFigures(order: TopUpOrderSeen): TopUpOrderSeen {
  return { ...order, amount: null };
}

export function topUpWithoutFigures(topUp: TopUp): TopUp {
  if (topUp.state === 'completed') return { ...topUp, cost: null, margin: null };
  if (topUp.state === 'in_doubt' && topUp.search) {
    const { search } = topUp;
    return {
      ...topUp,
      search: { ...search, quotedCost: null, orders: search.orders.map(orderSeenWithoutFigures) },
    };
  }
  return topUp;
}

function packageWithoutFigures<P extends CataloguePackage | TopUpOption>(pkg: P): P {
  return { ...pkg, cost: null };
}

/** The provider's order as a cashier reads it: what it charged is the provider's cost. */
function orderWithoutFigures(order: ProviderOrder): ProviderOrder {
  return { ...order, amount: null };
}

/** What the provider gave back for a cancelled order is the cost returned; the customer's cash stays. */
function cancellationWithoutFigures(cancellation: Cancellation): Cancellation {
  return { ...cancellation, providerRefund: null };
}

function lostRecordsWithoutFigures(lost: LostRecords): LostRecords {
  return lost.orders
    ? { ...lost, orders: { ...lost.orders, candidates: lost.orders.candidates.map(orderWithoutFigures) } }
    : lost;
}

function takingsWithoutFigures(line: TakingsLine): TakingsLine {
  return { ...line, cost: null, margin: null };
}

export function reportWithoutFigures(report: ShiftReport): ShiftReport {
  return {
    ...report,
    sales: report.sales.map(takingsWithoutFigures),
    topUps: report.topUps.map(takingsWithoutFigures),
  };
}

/** The rows whose amount is the drawer's cash; every other row's is a cost, a refund of one or the bridge's. */
export const CASH_KINDS: ReadonlySet<ReconcileKind> = new Set(['cash_differs', 'cash_outside_shifts']);

/** A row without the provider's figures; its note, written with them, is left empty. */
function rowWithoutFigures<R extends ReconcileRow>(row: R): R {
  if (CASH_KINDS.has(row.kind)) return row;
  return { ...row, journalCost: null, providerAmount: null, amount: null, note: '' };
}

/** The bridge, the deposits that feed it, and the rows' costs and refunds, left out. */
export function reconciliationWithoutFigures(reconciliation: Reconciliation): Reconciliation {
  return {
    ...reconciliation,
    bridge: null,
    deposits: [],
    rows: reconciliation.rows.map(rowWithoutFigures),
    exceptions: reconciliation.exceptions.map(rowWithoutFigures),
  };
}

type Answer<M extends PosMethodName> = Awaited<ReturnType<PosHandlers[M]>>;

/**
 * Each method POS_ACCESS marks `figures`, its answer without them. The two that print
 * (`renderShiftReport`, `renderReconciliationReport`) render from readers that leave them out
 * already, so they are not here.
 */
export const ANSWERS_WITHOUT_FIGURES: { readonly [M in PosMethodName]?: (answer: Answer<M>) => Answer<M> } = {
  listPackages: (answer) => ({ ...answer, packages: answer.packages.map(packageWithoutFigures) }),
  listTopUpPackages: (answer) => ({ ...answer, packages: answer.packages.map(packageWithoutFigures) }),
  sell: saleWithoutFigures,
  getSale: saleWithoutFigures,
  getSaleForHandOver: saleWithoutFigures,
  listSales: (answer) => ({ ...answer, sales: answer.sales.map(saleWithoutFigures) }),
  resolveSale: saleWithoutFigures,
  resendSale: saleWithoutFigures,
  topUp: topUpWithoutFigures,
  getTopUp: topUpWithoutFigures,
  listTopUps: (answer) => ({ ...answer, topUps: answer.topUps.map(topUpWithoutFigures) }),
  listOrders: (answer) => ({ ...answer, orders: answer.orders.map(orderWithoutFigures) }),
  closeShift: (answer) => ({ ...answer, report: reportWithoutFigures(answer.report) }),
  getXReport: reportWithoutFigures,
  getZReport: reportWithoutFigures,
  reconcile: reconciliationWithoutFigures,
  getReconciliation: (answer) => ({
    reconciliation: answer.reconciliation && reconciliationWithoutFigures(answer.reconciliation),
  }),
  getLostRecords: (answer) => ({
    lostRecords: answer.lostRecords && lostRecordsWithoutFigures(answer.lostRecords),
  }),
  checkCancelSale: (answer) => ({
    ...answer,
    cancellation: answer.cancellation && cancellationWithoutFigures(answer.cancellation),
  }),
  settleCancellation: cancellationWithoutFigures,
  // A manager's approval lets the cashier act; the answer still lands on the cashier's screen.
  decideTopUp: topUpWithoutFigures,
  resolveReconciliationException: reconciliationWithoutFigures,
  acknowledgeLostRecords: lostRecordsWithoutFigures,
  cancelSale: cancellationWithoutFigures,
  goodwillRefund: cancellationWithoutFigures,
};

/** A handler's answer as this caller may read it. */
export function answerFor<M extends PosMethodName>(method: M, answer: Answer<M>, hidden: boolean): Answer<M> {
  const strip = hidden ? ANSWERS_WITHOUT_FIGURES[method] : undefined;
  return strip ? strip(answer) : answer;
}

/**
 * An event as every window may read it: while a cashier is at the counter (`hidden`), without a
 * manager's figures. Only a sale's and a top-up's events carry figures, so only they ask who is at the
 * counter: a sale tells six events, and asking at each cost the sale twelve journal reads.
 */
export function eventFor(event: PosEvent, hidden: () => boolean): PosEvent {
  if (event.type === 'sale.updated')
    return hidden() ? { ...event, sale: saleWithoutFigures(event.sale) } : event;
  if (event.type === 'topup.updated')
    return hidden() ? { ...event, topUp: topUpWithoutFigures(event.topUp) } : event;
  return event;
}
