import { create } from 'zustand';
import type { Result } from '../../../shared/errors';
import type { PosInput } from '../../../shared/pos-api';
import { pos } from '../bridge/pos';
import { printInBrowser } from './browser-print';

/**
 * How this counter prints: straight to a printer (the desktop app's shell answers `printReceipt`),
 * or through the browser's print dialog (the web host answers NOT_SUPPORTED). Learnt once from
 * `listPrinters`, which also gives the printers Settings can choose from.
 */
export type PrintMode = 'unknown' | 'printer' | 'browser';

interface PrintingState {
  readonly mode: PrintMode;
  readonly printers: readonly { readonly name: string; readonly displayName: string }[];
  detect(): Promise<void>;
}

export const usePrinting = create<PrintingState>()((set) => ({
  mode: 'unknown',
  printers: [],
  async detect() {
    const result = await pos().listPrinters({});
    if (result.ok) set({ mode: 'printer', printers: result.value.printers });
    else if (result.error.code === 'NOT_SUPPORTED') set({ mode: 'browser', printers: [] });
  },
}));

type ReceiptRequest = PosInput<'printReceipt'>;

/**
 * Prints a receipt: straight to the printer where the shell can, otherwise through the browser's
 * dialog. Either way the core renders and logs it once; a failed print of the original is a COPY
 * next time, as for any receipt already issued.
 */
export async function printReceipt(request: ReceiptRequest): Promise<Result<{ copyNumber: number | null }>> {
  if (usePrinting.getState().mode !== 'browser') {
    const direct = await pos().printReceipt(request);
    if (direct.ok || direct.error.code !== 'NOT_SUPPORTED') return direct;
    usePrinting.setState({ mode: 'browser' });
  }
  const rendered = await pos().renderReceipt(request);
  if (!rendered.ok) return rendered;
  try {
    await printInBrowser(rendered.value.html);
  } catch (error) {
    return {
      ok: false,
      error: { code: 'PRINT_FAILED', message: `The browser could not print the receipt: ${String(error)}` },
    };
  }
  return { ok: true, value: { copyNumber: rendered.value.copyNumber } };
}
