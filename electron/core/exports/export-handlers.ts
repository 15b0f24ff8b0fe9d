import type { HandlerGroup } from '../context';
import { type AccountantPackDeps, accountantPack } from './accountant-pack';

export type ExportMethods = 'exportCsv' | 'exportAccountantPack';

/** The journal as files: CSV for a Z or a range of days, and the month's accountant pack. */
export function exportHandlers(deps: AccountantPackDeps): HandlerGroup<ExportMethods> {
  return {
    exportCsv: async ({ scope }) => ({ files: deps.exporter.csv(scope) }),
    exportAccountantPack: async ({ month }) => {
      const pack = await accountantPack(deps, month);
      return { name: pack.name, base64: Buffer.from(pack.bytes).toString('base64') };
    },
  };
}
