import { create } from 'zustand';
import type { PrintingMode } from '../../../shared/domain/status';
import type { Result } from '../../../shared/errors';
import type { PosInput } from '../../../shared/pos-api';
import { pos } from '../bridge/pos';
import { useSession } from '../stores/session-store';
import { printInBrowser } from './browser-print';

/** How this counter prints, from the core's status; null until the status is known. */
export function printingMode(): PrintingMode | null {
  return useSession.getState().status?.devices.printing ?? null;
}

interface PrintingState {
  /** The printers Settings can choose from (desktop app only: a browser cannot list them). */
  readonly printers: readonly { readonly name: string; readonly displayName: string }[];
  loadPrinters(): Promise<void>;
}

export const usePrinting = create<PrintingState>()((set) => ({
  printers: [],
  async loadPrinters() {
    if (printingMode() !== 'silent') {
      set({ printers: [] });
      return;
    }
    const result = await pos().listPrinters({});
    if (result.ok) set({ printers: result.value.printers });
  },
}));

type ReceiptRequest = PosInput<'printReceipt'>;

/**
 * Prints a receipt: straight to the printer where the desktop app's shell can (the status says
 * `silent`), otherwise through the browser's dialog. Either way the core renders and logs it once;
 * a failed print of the original is a COPY next time, as for any receipt already issued.
 */
export async function printReceipt(request: ReceiptRequest): Promise<Result<{ copyNumber: number | null }>> {
  if (printingMode() === 'silent') return pos().printReceipt(request);
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
