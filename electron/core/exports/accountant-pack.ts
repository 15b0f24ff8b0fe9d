import { createHash } from 'node:crypto';
import type { Language } from '../../../shared/domain/common';
import type { ShopPack } from '../../../shared/domain/export';
import type { JournalCheck } from '../../../shared/domain/journal-check';
import type { Reconciliation } from '../../../shared/domain/reconciliation';
import type { ShiftReport } from '../../../shared/domain/shift-report';
import { zNumberText } from '../../../shared/printed-numbers';
import { chainHead } from '../journal/chain';
import type { Db } from '../journal/database';
import { PosFailure } from '../pos/failure';
import { reconciliationWithoutFigures, reportWithoutFigures } from '../pos/manager-figures';
import { renderReconciliationDocument } from '../reports/reconciliation-document';
import { type ReportContext, renderReportDocument } from '../reports/report-document';
import { renderShopDayDocument } from '../reports/shop-day-document';
import type { Exporter } from './exporter';
import { type PackedZ, type ShopPackDeps, shopMonth } from './shop-pack';
import { type ZipEntry, zipStored } from './zip';

export interface AccountantPackDeps {
  readonly db: Db;
  readonly counterId: string;
  readonly exporter: Exporter;
  readonly zReport: (shiftId: string) => ShiftReport;
  /** How a Z is printed on A4 in a language (the shop, its time zone, training). */
  readonly reportContext: (language: Language, printedAt: string) => ReportContext;
  /** A business day's reconciliation as it stands (null when the day was never reconciled). */
  readonly reconciliationOf: (day: string) => Reconciliation | null;
  /**
   * The shell's HTML-to-PDF (Electron's printToPDF): the core has no browser engine to lay a page
   * out, so without one (the web host) the reports stay in the pack as the A4 HTML they are printed from.
   */
  readonly reportPdf?: ((html: string) => Promise<Uint8Array>) | undefined;
  /** The journal's chain check, run for the pack (and for a CSV export). */
  readonly journalCheck: () => Promise<JournalCheck>;
  /** Whether the caller is a cashier, whose files leave out a manager's figures (MANAGER_FIGURES). */
  readonly figuresHidden: () => boolean;
  /** The shop ledger this counter is in, if any: its pack is then the shop's (shop-pack.ts). */
  readonly shop?: ShopPackDeps;
  readonly now: () => Date;
}

const LANGUAGES: readonly Language[] = ['en', 'ar'];

/**
 * A month for the accountant as one ZIP: the month's CSV files, every Z closed in it and every
 * reconciled day as A4 documents (PDF when the shell makes them, else HTML) in English and Arabic, and
 * a manifest naming each file with its SHA-256, the head of the journal's hash chain when the pack was
 * made (so a later pack, or the journal itself, shows whether anything before it has changed since),
 * and the journal's check run for the pack: a broken journal is said in the manifest, in its CSV file
 * and on every Z in the pack. At a counter in a shop ledger the pack is the shop's: its CSV files and
 * Zs are every counter's, and its manifest names each counter with its Zs and chain heads
 * (shop-pack.ts), and the shop days a manager reconciled for the whole shop.
 */
export async function accountantPack(
  deps: AccountantPackDeps,
  month: string,
): Promise<{ name: string; bytes: Uint8Array; journalCheck: JournalCheck; shop: ShopPack | null }> {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const monthNumber = Number(match?.[2]);
  if (!match || monthNumber < 1 || monthNumber > 12) {
    throw new PosFailure('INVALID_INPUT', 'A month is written YYYY-MM.');
  }
  const lastDay = new Date(Date.UTC(Number(match[1]), monthNumber, 0)).getUTCDate();
  const from = `${month}-01`;
  const to = `${month}-${String(lastDay).padStart(2, '0')}`;
  const createdAt = deps.now().toISOString();
  const journalCheck = await deps.journalCheck();
  const managerFigures = !deps.figuresHidden();
  const shop = deps.shop?.place() ? await shopMonth(deps, { from, to }) : null;
  const encoder = new TextEncoder();
  let files: ZipEntry[];
  try {
    files = (shop?.exporter ?? deps.exporter)
      .csv({ from, to }, journalCheck, managerFigures)
      .map((file) => ({ name: `csv/${file.name}`, data: encoder.encode(file.content) }));
  } finally {
    shop?.close();
  }
  const shifts = deps.db
    .prepare(
      `SELECT id, z_number FROM shifts WHERE counter_id = ? AND z_number IS NOT NULL AND business_day BETWEEN ? AND ?
       ORDER BY z_number`,
    )
    .all(deps.counterId, from, to) as { id: string }[];
  // This counter's Zs from its own journal, whole whether or not the ledger has them yet; the other
  // counters' as the ledger received them.
  const ownCode = deps.shop?.place()?.counterCode ?? null;
  const zs: PackedZ[] = [
    ...shifts.map((shift) => ({ report: deps.zReport(shift.id), counterCode: ownCode, own: true })),
    ...(shop?.otherZs ?? []),
  ];
  const shown = (reconciliation: Reconciliation | null): Reconciliation | null =>
    reconciliation && !managerFigures ? reconciliationWithoutFigures(reconciliation) : reconciliation;
  const document = async (name: string, html: string): Promise<ZipEntry> =>
    deps.reportPdf
      ? { name: `${name}.pdf`, data: await deps.reportPdf(html) }
      : { name: `${name}.html`, data: encoder.encode(html) };
  for (const z of zs) {
    const report = managerFigures ? z.report : reportWithoutFigures(z.report);
    // A Z carries its business day's reconciliation as it stands, as when it is printed; another
    // counter's Z is as its counter sent it, without this counter's reconciliation or journal check.
    const printed = z.own
      ? { reconciliation: shown(deps.reconciliationOf(report.businessDay)), journalCheck }
      : { reconciliation: null };
    for (const language of LANGUAGES) {
      const context = { ...deps.reportContext(language, createdAt), counterCode: z.counterCode };
      const html = renderReportDocument(report, { ...context, ...printed });
      const zNumber = zNumberText(report.zNumber ?? 0, z.counterCode);
      files.push(await document(`z/${zNumber}-${language}`, html));
    }
  }
  for (let day = 1; day <= lastDay; day += 1) {
    const businessDay = `${month}-${String(day).padStart(2, '0')}`;
    const reconciliation = shown(deps.reconciliationOf(businessDay));
    if (!reconciliation) continue;
    for (const language of LANGUAGES) {
      const html = renderReconciliationDocument(reconciliation, deps.reportContext(language, createdAt));
      files.push(await document(`reconciliation/${businessDay}-${language}`, html));
    }
  }
  // The shop's reconciliation is its shop day, run once for every counter: a manager's figures (what
  // the provider charged, the bridge), so a cashier's pack names the days without their documents.
  for (const day of managerFigures ? (shop?.shopDays ?? []) : []) {
    const period = day.firstDay === day.lastDay ? day.firstDay : `${day.firstDay}_${day.lastDay}`;
    for (const language of LANGUAGES) {
      const html = renderShopDayDocument(day, deps.reportContext(language, createdAt));
      files.push(await document(`shop-day/${day.number}-${period}-${language}`, html));
    }
  }
  const manifest = {
    counterId: deps.counterId,
    ...(shop ? shop.manifest : {}),
    month,
    // A cashier's pack has no cost, margin or balance bridge; the accountant's is a manager's.
    managerFigures,
    businessDays: { from, to },
    createdAt,
    chainHead: chainHead(deps.db, deps.counterId),
    journalCheck: { holds: journalCheck.firstBreak === null, ...journalCheck },
    files: files.map((file) => ({
      name: file.name,
      bytes: file.data.length,
      sha256: createHash('sha256').update(file.data).digest('hex'),
    })),
  };
  const entries = [
    { name: 'manifest.json', data: encoder.encode(`${JSON.stringify(manifest, null, 2)}\n`) },
    ...files,
  ];
  return {
    name: `${shop?.prefix ?? deps.counterId}-${month}-accountant-pack.zip`,
    bytes: zipStored(entries, deps.now()),
    journalCheck,
    shop: shop?.said ?? null,
  };
}
