import { writeFile } from 'node:fs/promises';
import { BrowserWindow, dialog, type WebContents } from 'electron';
import type { HandlerGroup } from './core/context';
import {
  choosePrinter,
  MEASURE_RECEIPT,
  measuredPageSize,
  pdfOptions,
  silentPrintOptions,
} from './core/devices/print-job';
import type { PosHandlers } from './core/pos/dispatch';
import { PosFailure } from './core/pos/failure';
import type { ReceiptPageSize } from './core/receipts/page-size';

/**
 * Receipt printing in the desktop app: the shell's answer to the PosApi printing methods, which the
 * core leaves to whoever owns the printers. The core renders and logs the receipt
 * (`renderReceipt`); this lays it out in a hidden window, measures it, and prints it silently on
 * the chosen printer or saves it as a PDF, on a page of the roll's width and the content's height.
 */
export function printingHandlers(
  core: PosHandlers,
  counterWindow: () => BrowserWindow | null,
): HandlerGroup<'listPrinters' | 'printReceipt' | 'saveReceiptPdf'> {
  const printers = async () => {
    const win = counterWindow();
    if (!win) throw new PosFailure('PRINT_FAILED', 'The counter window is closed.', { printer: null });
    const found = await win.webContents.getPrintersAsync();
    return found.map(({ name, displayName, description }) => ({ name, displayName, description }));
  };

  return {
    listPrinters: async () => ({ printers: await printers() }),

    printReceipt: async (input) => {
      const { printerName } = await core.getSettings({});
      const deviceName = choosePrinter(await printers(), printerName);
      const { html, copyNumber } = await core.renderReceipt(input);
      await inReceiptWindow(html, (contents, size) => printSilently(contents, size, deviceName));
      return { copyNumber, printerName: deviceName ?? null };
    },

    // The file is chosen first: a receipt rendered is a receipt logged as issued, and a cancelled
    // dialog must not leave the original spent.
    saveReceiptPdf: async (input) => {
      const options = {
        title: 'Save receipt as PDF',
        defaultPath: `receipt-${input.kind}-${input.id}.pdf`,
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
      };
      const parent = counterWindow();
      const choice = parent
        ? await dialog.showSaveDialog(parent, options)
        : await dialog.showSaveDialog(options);
      if (choice.canceled || !choice.filePath) return { path: null, copyNumber: null };
      const { html, copyNumber } = await core.renderReceipt(input);
      const pdf = await inReceiptWindow(html, (contents, size) => contents.printToPDF(pdfOptions(size)));
      await writeFile(choice.filePath, pdf);
      return { path: choice.filePath, copyNumber };
    },
  };
}

/**
 * An A4 report (a Z, a reconciliation) as PDF bytes, on the page its own CSS declares. The core
 * renders the HTML; only the shell has a page layout engine.
 */
export function a4Pdf(html: string): Promise<Uint8Array> {
  return inHiddenWindow(html, (contents) =>
    contents.printToPDF({ preferCSSPageSize: true, printBackground: true }),
  );
}

/** Lays the receipt out in a hidden window, measures it, and uses it on a page of its size. */
function inReceiptWindow<T>(
  html: string,
  use: (contents: WebContents, size: ReceiptPageSize) => Promise<T>,
): Promise<T> {
  return inHiddenWindow(html, async (contents) =>
    use(contents, measuredPageSize(await contents.executeJavaScript(MEASURE_RECEIPT))),
  );
}

/** Loads a document in a hidden window (no preload: it reaches nothing), uses it, closes it. */
async function inHiddenWindow<T>(html: string, use: (contents: WebContents) => Promise<T>): Promise<T> {
  const win = new BrowserWindow({
    show: false,
    webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false, spellcheck: false },
  });
  try {
    await win.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`);
    return await use(win.webContents);
  } finally {
    win.destroy();
  }
}

function printSilently(
  contents: WebContents,
  size: ReceiptPageSize,
  deviceName: string | undefined,
): Promise<void> {
  return new Promise((resolve, reject) => {
    contents.print(silentPrintOptions(size, deviceName), (success, failureReason) => {
      if (success) resolve();
      else
        reject(
          new PosFailure('PRINT_FAILED', `The printer did not take the receipt: ${failureReason}`, {
            printer: deviceName ?? 'default',
          }),
        );
    });
  });
}
