import type { Printer } from '../../../shared/domain/printer';
import { PosFailure } from '../pos/failure';
import { type ReceiptPageSize, receiptPageSize } from '../receipts/page-size';

/**
 * The decisions behind printing a receipt, apart from the Electron calls that carry them out: which
 * printer, what page, and the options Electron's `webContents.print` and `printToPDF` are given.
 */

/**
 * Runs in the receipt's page once it is laid out: the roll the receipt was rendered for (it says so
 * on its root element) and the content's height in CSS pixels.
 */
export const MEASURE_RECEIPT = `({
  paperWidthMm: Number(document.documentElement.dataset.paperWidthMm),
  heightPx: document.documentElement.getBoundingClientRect().height,
})`;

/** The page for a measured receipt: roll width × content height, in microns. */
export function measuredPageSize(measured: unknown): ReceiptPageSize {
  const { paperWidthMm, heightPx } = (measured ?? {}) as { paperWidthMm?: unknown; heightPx?: unknown };
  if (paperWidthMm !== 58 && paperWidthMm !== 80) {
    throw new PosFailure('INTERNAL', 'The receipt does not say which paper it was made for.', {
      paperWidthMm: String(paperWidthMm),
    });
  }
  if (typeof heightPx !== 'number' || !Number.isFinite(heightPx) || heightPx <= 0) {
    throw new PosFailure('INTERNAL', 'The receipt could not be measured for printing.', {
      heightPx: String(heightPx),
    });
  }
  return receiptPageSize(paperWidthMm, heightPx);
}

/**
 * The printer a receipt goes to: the one Settings name, found by the system's name for it or by the
 * name print dialogs show (what a manager is likely to type), or the system's default printer
 * (undefined) when Settings name none. A printer that is not there is refused before anything is
 * rendered, so no receipt is logged as issued that never reached paper.
 */
export function choosePrinter(printers: readonly Printer[], chosen: string | null): string | undefined {
  const wanted = chosen?.trim() ?? '';
  if (wanted === '') {
    if (printers.length === 0) {
      throw new PosFailure('PRINT_FAILED', 'No printer is installed on this computer.', { printer: null });
    }
    return undefined;
  }
  const folded = wanted.toLocaleLowerCase();
  const found =
    printers.find((printer) => printer.name === wanted) ??
    printers.find((printer) => printer.displayName === wanted) ??
    printers.find(
      (printer) =>
        printer.name.toLocaleLowerCase() === folded || printer.displayName.toLocaleLowerCase() === folded,
    );
  if (!found) {
    throw new PosFailure(
      'PRINT_FAILED',
      `The printer "${wanted}" is not installed on this computer. Choose one in Settings.`,
      { printer: wanted, available: printers.map((printer) => printer.name) },
    );
  }
  return found.name;
}

/** `webContents.print` options: no dialog, the receipt's own page in microns, no margins. */
export interface SilentPrintOptions {
  readonly silent: true;
  readonly printBackground: true;
  readonly deviceName?: string;
  readonly margins: { readonly marginType: 'none' };
  readonly pageSize: { readonly width: number; readonly height: number };
}

export function silentPrintOptions(
  size: ReceiptPageSize,
  deviceName: string | undefined,
): SilentPrintOptions {
  return {
    silent: true,
    printBackground: true,
    ...(deviceName === undefined ? {} : { deviceName }),
    margins: { marginType: 'none' },
    pageSize: { width: size.widthMicrons, height: size.heightMicrons },
  };
}

const MICRONS_PER_INCH = 25_400;

/** `webContents.printToPDF` options: the same page, which printToPDF takes in inches. */
export interface PdfOptions {
  readonly printBackground: true;
  readonly margins: { readonly top: 0; readonly bottom: 0; readonly left: 0; readonly right: 0 };
  readonly pageSize: { readonly width: number; readonly height: number };
}

export function pdfOptions(size: ReceiptPageSize): PdfOptions {
  return {
    printBackground: true,
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
    pageSize: { width: size.widthMicrons / MICRONS_PER_INCH, height: size.heightMicrons / MICRONS_PER_INCH },
  };
}
