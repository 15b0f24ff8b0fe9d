import { localTime } from '../../../shared/business-day';
import { type Currency, minor, toDecimalText } from '../../../shared/money';

/**
 * CSV as spreadsheets open it without an import dialog: UTF-8 with a byte-order mark (so Excel reads
 * Arabic as Arabic), CRLF line ends, RFC 4180 quoting, and text that would start a formula made inert.
 */

/** One cell: text (guarded against formulas), an amount (decimal text in its currency's exponent), or a number. */
export type CsvCell =
  | { readonly text: string | null }
  | { readonly amount: number | null; readonly currency: Currency | null }
  | { readonly count: number | null };

const BOM = '\uFEFF';
const CRLF = '\r\n';
/** What a spreadsheet reads as the start of a formula (OWASP's list, with the tab and CR it also names). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvDocument(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header.map(quoted), ...rows.map((row) => row.map(cellText).map(quoted))];
  return BOM + lines.map((cells) => cells.join(',')).join(CRLF) + CRLF;
}

function cellText(cell: CsvCell): string {
  if ('text' in cell) {
    if (cell.text === null) return '';
    // A leading apostrophe keeps "=HYPERLINK(…)" typed into a note from running; spreadsheets hide it.
    return FORMULA_START.test(cell.text) ? `'${cell.text}` : cell.text;
  }
  if ('amount' in cell) {
    return cell.amount === null || cell.currency === null
      ? ''
      : toDecimalText(minor(cell.amount), cell.currency);
  }
  return cell.count === null ? '' : String(cell.count);
}

/**
 * A moment as two cells in the shop's time zone: ISO 8601 with milliseconds and the zone's offset at
 * that moment (`2026-06-01T03:50:00.123+03:00`, the same instant as the journal's UTC time), then the
 * wall clock as `YYYY-MM-DD HH:MM:SS`, which Excel and LibreOffice read as a date and time. A value
 * that is not a time (a provider's odd field) stays as it came, and its second cell is empty.
 */
export function timeCells(value: unknown, timeZone: string): readonly [CsvCell, CsvCell] {
  const at = typeof value === 'string' ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) {
    return [{ text: value === null || value === undefined ? null : String(value) }, { text: null }];
  }
  const local = localTime(at, timeZone);
  return [{ text: local.withOffset }, { text: local.wallClock }];
}

/** RFC 4180: a field with a comma, a quote or a line break is quoted, and its quotes doubled. */
function quoted(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}
