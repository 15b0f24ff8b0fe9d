import type { PosEvent } from '../../../shared/domain/events';
import type { Reconciliation } from '../../../shared/domain/reconciliation';
import type { Sale, SaleSummary } from '../../../shared/domain/sale';
import type { ShiftReport, TakingsLine } from '../../../shared/domain/shift-report';
import type { TopUp } from '../../../shared/domain/topup';
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

export function topUpWithoutFigures(topUp: TopUp): TopUp {
  return topUp.state === 'completed' ? { ...topUp, cost: null, margin: null } : topUp;
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

export function reconciliationWithoutFigures(reconciliation: Reconciliation): Reconciliation {
  return { ...reconciliation, bridge: null };
}

type Answer<M extends PosMethodName> = Awaited<ReturnType<PosHandlers[M]>>;

/**
 * Each method POS_ACCESS marks `figures`, its answer without them. The two that print
 * (`renderShiftReport`, `renderReconciliationReport`) render from readers that leave them out
 * already, so they are not here.
 */
export const ANSWERS_WITHOUT_FIGURES: { readonly [M in PosMethodName]?: (answer: Answer<M>) => Answer<M> } = {
  sell: saleWithoutFigures,
  getSale: saleWithoutFigures,
  getSaleForHandOver: saleWithoutFigures,
  listSales: (answer) => ({ ...answer, sales: answer.sales.map(saleWithoutFigures) }),
  resolveSale: saleWithoutFigures,
  resendSale: saleWithoutFigures,
  topUp: topUpWithoutFigures,
  getTopUp: topUpWithoutFigures,
  listTopUps: (answer) => ({ ...answer, topUps: answer.topUps.map(topUpWithoutFigures) }),
  closeShift: (answer) => ({ ...answer, report: reportWithoutFigures(answer.report) }),
  getXReport: reportWithoutFigures,
  getZReport: reportWithoutFigures,
  reconcile: reconciliationWithoutFigures,
  getReconciliation: (answer) => ({
    reconciliation: answer.reconciliation && reconciliationWithoutFigures(answer.reconciliation),
  }),
};

/** A handler's answer as this caller may read it. */
export function answerFor<M extends PosMethodName>(method: M, answer: Answer<M>, hidden: boolean): Answer<M> {
  const strip = hidden ? ANSWERS_WITHOUT_FIGURES[method] : undefined;
  return strip ? strip(answer) : answer;
}

/** An event as every window may read it while a cashier is at the counter. */
export function eventWithoutFigures(event: PosEvent): PosEvent {
  if (event.type === 'sale.updated') return { ...event, sale: saleWithoutFigures(event.sale) };
  if (event.type === 'topup.updated') return { ...event, topUp: topUpWithoutFigures(event.topUp) };
  return event;
}
