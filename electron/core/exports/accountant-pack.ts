import { createHash } from 'node:crypto';
import type { Language } from '../../../shared/domain/common';
import type { JournalCheck } from '../../../shared/domain/journal-check';
import type { Reconciliation } from '../../../shared/domain/reconciliation';
import type { ShiftReport } from '../../../shared/domain/shift-report';
import { zNumberText } from '../../../shared/printed-numbers';
import { chainHead } from '../journal/chain';
import type { Db } from '../journal/database';
import { PosFailure } from '../pos/failure';
import { renderReconciliationDocument } from '../reports/reconciliation-document';
import { type ReportContext, renderReportDocument } from '../reports/report-document';
import type { Exporter } from './exporter';
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
  readonly now: () => Date;
}

const LANGUAGES: readonly Language[] = ['en', 'ar'];

/**
 * A month for the accountant as one ZIP: the month's CSV files, every Z closed in it and every
 * reconciled day as A4 documents (PDF when the shell makes them, else HTML) in English and Arabic, and
 * a manifest naming each file with its SHA-256, the head of the journal's hash chain when the pack was
 * made (so a later pack, or the journal itself, shows whether anything before it has changed since),
 * and the journal's check run for the pack: a broken journal is said in the manifest, in its CSV file
 * and on every Z in the pack.
 */
export async function accountantPack(
  deps: AccountantPackDeps,
  month: string,
): Promise<{ name: string; bytes: Uint8Array; journalCheck: JournalCheck }> {
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
  const encoder = new TextEncoder();
  const files: ZipEntry[] = deps.exporter
    .csv({ from, to }, journalCheck)
    .map((file) => ({ name: `csv/${file.name}`, data: encoder.encode(file.content) }));
  const shifts = deps.db
    .prepare(
      `SELECT id, z_number FROM shifts WHERE counter_id = ? AND z_number IS NOT NULL AND business_day BETWEEN ? AND ?
       ORDER BY z_number`,
    )
    .all(deps.counterId, from, to) as { id: string; z_number: number }[];
  const document = async (name: string, html: string): Promise<ZipEntry> =>
    deps.reportPdf
      ? { name: `${name}.pdf`, data: await deps.reportPdf(html) }
      : { name: `${name}.html`, data: encoder.encode(html) };
  for (const shift of shifts) {
    const report = deps.zReport(shift.id);
    // A Z carries its business day's reconciliation as it stands, as when it is printed.
    const reconciliation = deps.reconciliationOf(report.businessDay);
    for (const language of LANGUAGES) {
      const context = deps.reportContext(language, createdAt);
      const html = renderReportDocument(report, { ...context, reconciliation, journalCheck });
      files.push(await document(`z/${zNumberText(shift.z_number, context.counterCode)}-${language}`, html));
    }
  }
  for (let day = 1; day <= lastDay; day += 1) {
    const businessDay = `${month}-${String(day).padStart(2, '0')}`;
    const reconciliation = deps.reconciliationOf(businessDay);
    if (!reconciliation) continue;
    for (const language of LANGUAGES) {
      const html = renderReconciliationDocument(reconciliation, deps.reportContext(language, createdAt));
      files.push(await document(`reconciliation/${businessDay}-${language}`, html));
    }
  }
  const manifest = {
    counterId: deps.counterId,
    month,
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
    name: `${deps.counterId}-${month}-accountant-pack.zip`,
    bytes: zipStored(entries, deps.now()),
    journalCheck,
  };
}
