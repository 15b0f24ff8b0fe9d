import type { JournalCheck } from '../../../shared/domain/journal-check';
import type { Reconciliation } from '../../../shared/domain/reconciliation';
import type { CashierTable } from '../cashiers/cashier-table';
import type { HandlerGroup } from '../context';
import type { Db } from '../journal/database';
import type { SettingsTable } from '../journal/settings-table';
import { writeAudit } from '../journal/state-rows';
import { PosFailure } from '../pos/failure';
import { reconciliationWithoutFigures, reportWithoutFigures } from '../pos/manager-figures';
import type { EndOfDay } from '../shifts/end-of-day';
import type { EndOfDaySettingsStore } from '../shifts/end-of-day-settings';
import { renderReportDocument } from './report-document';

export interface ReportHandlerDeps {
  readonly db: Db;
  readonly counterId: string;
  readonly endOfDay: EndOfDay;
  readonly cashiers: CashierTable;
  readonly settings: SettingsTable;
  readonly endOfDaySettings: EndOfDaySettingsStore;
  readonly training: () => boolean;
  /** The counter's code in its shop ledger, printed with its Z and receipt numbers (null: in none). */
  readonly counterCode: () => string | null;
  readonly now: () => Date;
  /** The business day's reconciliation with the provider, printed with its Z. */
  readonly reconciliationOf?: ((businessDay: string) => Reconciliation | null) | undefined;
  /** The journal's chain check, run for the manager's check and for each Z printed. */
  readonly journalCheck: () => Promise<JournalCheck>;
  /** Whether the one at the counter is a cashier, whose paper leaves out a manager's figures. */
  readonly figuresHidden: () => boolean;
}

/** The counter's last closed shift: a Z printed without naming one is that shift's. */
function lastClosed(endOfDay: EndOfDay): string {
  const id = endOfDay.listShifts(2).find((shift) => shift.state !== 'open')?.id;
  if (!id) throw new PosFailure('NOT_FOUND', 'No shift has been closed on this counter yet.');
  return id;
}

export type ReportMethods = 'renderShiftReport' | 'checkJournalChain';

/**
 * Printing X and Z reports (each print logged in the chain, each Z with the journal's check), and the
 * manager's check of the chain.
 */
export function reportHandlers(deps: ReportHandlerDeps): HandlerGroup<ReportMethods> {
  return {
    renderShiftReport: async ({ kind, shiftId, paper, language }) => {
      const { endOfDay, settings, db, now } = deps;
      const stored =
        kind === 'x' ? endOfDay.xReport(shiftId) : endOfDay.zReport(shiftId ?? lastClosed(endOfDay));
      const hidden = deps.figuresHidden();
      const report = hidden ? reportWithoutFigures(stored) : stored;
      const reconciliation = kind === 'z' ? deps.reconciliationOf?.(report.businessDay) : undefined;
      const shop = settings.getSettings();
      // A Z says whether the journal holds, as the check run for this print found it.
      const journalCheck = kind === 'z' ? await deps.journalCheck() : undefined;
      const printedAt = now().toISOString();
      const html = renderReportDocument(report, {
        shop,
        language: language ?? shop.language,
        paper,
        training: deps.training(),
        printedAt,
        timeZone: deps.endOfDaySettings.timeZone(),
        counterCode: deps.counterCode(),
        ...(reconciliation !== undefined
          ? {
              reconciliation:
                reconciliation && hidden ? reconciliationWithoutFigures(reconciliation) : reconciliation,
            }
          : {}),
        ...(journalCheck ? { journalCheck } : {}),
      });
      writeAudit(db, printedAt, kind === 'x' ? 'report.x_printed' : 'z.printed', report.shiftId, {
        paper,
        language: language ?? shop.language,
      });
      return { html };
    },
    checkJournalChain: async ({ approval }) => {
      const manager = deps.cashiers.approve(approval, 'Checking the journal');
      const result = await deps.journalCheck();
      const first = result.firstBreak;
      writeAudit(deps.db, deps.now().toISOString(), 'chain.checked', null, {
        by: manager.id,
        links: result.links,
        firstBreak: first
          ? { kind: first.kind, seq: first.seq, table: first.table, rowId: first.rowId }
          : null,
      });
      return result;
    },
  };
}
