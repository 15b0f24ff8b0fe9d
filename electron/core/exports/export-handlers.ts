import type { HandlerGroup } from '../context';
import { type AccountantPackDeps, accountantPack } from './accountant-pack';

export type ExportMethods = 'exportCsv' | 'exportAccountantPack';

/**
 * The journal as files: a Z's or a range of days' CSV files zipped, and the month's accountant pack. Each runs
 * the journal's check first and carries its result, in its files and in its answer. A cashier's
 * files leave out a manager's figures, columns and all; a manager's carry them.
 */
export function exportHandlers(deps: AccountantPackDeps): HandlerGroup<ExportMethods> {
  return {
    exportCsv: async ({ scope }) => {
      const journalCheck = await deps.journalCheck();
      const archive = deps.exporter.zip(scope, journalCheck, !deps.figuresHidden(), deps.now());
      return { name: archive.name, base64: Buffer.from(archive.bytes).toString('base64'), journalCheck };
    },
    exportAccountantPack: async ({ month }) => {
      const pack = await accountantPack(deps, month);
      return {
        name: pack.name,
        base64: Buffer.from(pack.bytes).toString('base64'),
        journalCheck: pack.journalCheck,
        shop: pack.shop,
      };
    },
  };
}
