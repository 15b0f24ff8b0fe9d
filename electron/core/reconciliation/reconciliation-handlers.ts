import type { Language } from '../../../shared/domain/common';
import type { Shift } from '../../../shared/domain/shift';
import type { HandlerGroup } from '../context';
import type { PosHandlers } from '../pos/dispatch';
import { PosFailure } from '../pos/failure';
import { reconciliationWithoutFigures } from '../pos/manager-figures';
import { renderReconciliationDocument } from '../reports/reconciliation-document';
import type { ReportContext } from '../reports/report-document';
import type { Reconciler } from './reconciler';
import type { Period } from './reconciliation-journal';

export type ReconciliationMethods =
  | 'reconcile'
  | 'getReconciliation'
  | 'renderReconciliationReport'
  | 'resolveReconciliationException'
  | 'addProviderDeposit';

export function periodOf(input: {
  readonly firstDay: string;
  readonly lastDay?: string | undefined;
}): Period {
  const lastDay = input.lastDay ?? input.firstDay;
  if (lastDay < input.firstDay) {
    throw new PosFailure('INVALID_INPUT', 'The last day of the period is before its first day.', {
      issues: [{ path: 'lastDay', message: 'before the first day' }],
    });
  }
  return { firstDay: input.firstDay, lastDay };
}

/** How a report is printed now in a language: the shop, its clock, training (see ReportContext). */
export type PrintContext = (
  language: Language | undefined,
) => Omit<ReportContext, 'paper' | 'reconciliation'>;

/** The Reconcile screen's calls. A cashier's printed report leaves out a manager's figures, as its answers do. */
export function reconciliationHandlers(
  reconciler: Reconciler,
  printContext: PrintContext,
  figuresHidden: () => boolean,
): HandlerGroup<ReconciliationMethods> {
  return {
    reconcile: async (input) => reconciler.run(periodOf(input)),
    getReconciliation: async (input) => ({ reconciliation: reconciler.view(periodOf(input)) }),
    renderReconciliationReport: async (input) => {
      const period = periodOf(input);
      const report = reconciler.view(period);
      if (!report) throw new PosFailure('NOT_FOUND', 'This period has not been reconciled yet.');
      const shown = figuresHidden() ? reconciliationWithoutFigures(report) : report;
      return { html: renderReconciliationDocument(shown, printContext(input.language)) };
    },
    resolveReconciliationException: async (input) =>
      reconciler.resolve({
        period: periodOf(input),
        key: input.key,
        classification: input.classification,
        reason: input.reason,
        recordId: input.recordId,
        approval: input.approval,
      }),
    addProviderDeposit: async (input) => reconciler.addDeposit(input),
  };
}

/**
 * The day's balance snapshots and its reconciliation follow the shifts: opening a shift reads the
 * opening balance (once a day), closing one reads the closing balance and reconciles the day. Both
 * run in the background: a shift opens and closes without the provider.
 */
export function withDayReconciliation(handlers: PosHandlers, reconciler: Reconciler): PosHandlers {
  const closed = (result: { readonly shift: Shift }): void => {
    void reconciler.dayClosed(result.shift.businessDay);
  };
  return {
    ...handlers,
    openShift: async (input) => {
      const shift = await handlers.openShift(input);
      reconciler.dayOpened();
      return shift;
    },
    closeShift: async (input) => {
      const result = await handlers.closeShift(input);
      closed(result);
      return result;
    },
    forceCloseShift: async (input) => {
      const result = await handlers.forceCloseShift(input);
      closed(result);
      return result;
    },
  };
}
