import { businessDayOf } from '../../../shared/business-day';
import type { ExportFile, ExportScope } from '../../../shared/domain/export';
import type { JournalCheck } from '../../../shared/domain/journal-check';
import { zNumberText } from '../../../shared/printed-numbers';
import type { Db } from '../journal/database';
import { OPEN_STATE_PARAMS } from '../journal/state-rows';
import { PosFailure } from '../pos/failure';
import type { BusinessDayRule } from '../shifts/end-of-day-settings';
import { csvDocument } from './csv';
import { DAY_OF, EXPORT_TABLES, type ExportScopeSql } from './export-tables';
import { journalCheckCsv } from './journal-check-file';
import { zipStored } from './zip';

export interface ExporterDeps {
  readonly db: Db;
  /** What the files' names start with: the counter's id, or the shop's name for a shop's files. */
  readonly prefix: string;
  /** The code a counter prints its receipt and Z numbers with, by its id (null: in no shop ledger). */
  readonly codeOf: (counterId: string) => string | null;
  /** The counter whose Zs a Z's files are named by, and whose journal's check they carry. */
  readonly counterId: string;
  /** How the shop divides time into business days now: its time zone and cut-off. */
  readonly dayRule: () => BusinessDayRule;
}

/**
 * The journal as files for the shop's accountant: one CSV per table (EXPORT_TABLES) for a Z (one
 * closed or open shift) or for a range of business days, and the journal's check that came with it.
 * Read-only: an export never writes.
 */
export class Exporter {
  constructor(private readonly deps: ExporterDeps) {
    // Records without a shift belong to the business day their time falls in; SQLite asks this function.
    // It is given the day's rule, read once before the export: a function that read the settings itself
    // would run a statement on the connection while the export's statement is still stepping, which
    // SQLite's driver refuses.
    deps.db.function(
      'business_day',
      { deterministic: true },
      (at: unknown, timeZone: unknown, cutOff: unknown) =>
        typeof at === 'string' ? businessDayOf(new Date(at), String(timeZone), String(cutOff)) : null,
    );
  }

  /**
   * The scope's tables, and last the journal's check that ran with the export (`journal-check`); a
   * manager's figures only when `managerFigures`.
   */
  csv(scope: ExportScope, check: JournalCheck, managerFigures: boolean): ExportFile[] {
    return this.files(scope, check, managerFigures).files;
  }

  /**
   * The scope's CSV files as one ZIP, named like them: one download for the cashier, and a file every
   * spreadsheet user's system opens.
   */
  zip(
    scope: ExportScope,
    check: JournalCheck,
    managerFigures: boolean,
    madeAt: Date,
  ): { name: string; bytes: Uint8Array } {
    const { label, files } = this.files(scope, check, managerFigures);
    const encoder = new TextEncoder();
    return {
      name: `${this.deps.prefix}-${label}-csv.zip`,
      bytes: zipStored(
        files.map((file) => ({ name: file.name, data: encoder.encode(file.content) })),
        madeAt,
      ),
    };
  }

  private files(
    scope: ExportScope,
    check: JournalCheck,
    managerFigures: boolean,
  ): { label: string; files: ExportFile[] } {
    const { db } = this.deps;
    const { label, conditions, params: scopeParams } = this.resolve(scope);
    const dayRule = this.deps.dayRule();
    const params = { ...scopeParams, ...dayRule, ...OPEN_STATE_PARAMS };
    const name = (file: string): string => `${this.deps.prefix}-${label}-${file}.csv`;
    const context = { timeZone: dayRule.timeZone, codeOf: this.deps.codeOf, managerFigures };
    const tables = EXPORT_TABLES.map((table) => {
      const rows = db.prepare(table.sql(conditions)).all(params) as Record<string, unknown>[];
      const columns = table.columns.filter((column) => managerFigures || !column.figure);
      return {
        name: name(table.name),
        content: csvDocument(
          columns.map((column) => column.header),
          rows.map((row) => columns.map((column) => column.cell(row, context))),
        ),
      };
    });
    const checked = journalCheckCsv(check, this.deps.codeOf(check.counterId), dayRule.timeZone);
    return { label, files: [...tables, { name: name('journal-check'), content: checked }] };
  }

  private resolve(scope: ExportScope): {
    label: string;
    conditions: ExportScopeSql;
    params: Record<string, string>;
  } {
    if ('shiftId' in scope) {
      const shift = this.deps.db.prepare('SELECT z_number FROM shifts WHERE id = ?').get(scope.shiftId) as
        | { z_number: number | null }
        | undefined;
      if (!shift) throw new PosFailure('NOT_FOUND', `No shift with id ${scope.shiftId}.`);
      const label =
        shift.z_number === null
          ? 'X-open'
          : zNumberText(shift.z_number, this.deps.codeOf(this.deps.counterId));
      const day = '(SELECT business_day FROM shifts WHERE id = @shiftId)';
      return {
        label,
        conditions: {
          record: (column) => `${column} = @shiftId`,
          // A Z carries its business day's reconciliation.
          period: (first, last) => `${first} = ${day} AND ${last} = ${day}`,
        },
        params: { shiftId: scope.shiftId },
      };
    }
    if (scope.from > scope.to) throw new PosFailure('INVALID_INPUT', 'The period ends before it starts.');
    return {
      label: scope.from === scope.to ? scope.from : `${scope.from}_${scope.to}`,
      conditions: {
        record: (shift, time) => `${DAY_OF(shift, time)} BETWEEN @from AND @to`,
        period: (first, last) => `${first} >= @from AND ${last} <= @to`,
      },
      params: { from: scope.from, to: scope.to },
    };
  }
}
