import type { PrintingMode } from '../../../shared/domain/status';
import type { CoreContext, HandlerGroup } from '../context';
import type { CoreEvent } from '../core-events';
import type { PosHandlers } from '../pos/dispatch';
import { PosFailure } from '../pos/failure';
import { handOver, handOverDeps } from '../sales/install-codes';
import { CustomerDisplayState } from './customer-display';

type PrintingMethods = 'listPrinters' | 'printReceipt' | 'saveReceiptPdf';
type DeviceMethods =
  | 'getCustomerDisplay'
  | 'setCustomerLanguage'
  | 'clearCustomerDisplay'
  | 'showAmountDueOnCustomerDisplay'
  | 'showSaleOnCustomerDisplay'
  | PrintingMethods;

/**
 * The desktop shell's printing straight to a printer, given the core's handlers (it renders and
 * logs each receipt through them). A core given one says so in its status (`devices.printing`).
 */
export type ShellPrinting = (core: PosHandlers) => HandlerGroup<PrintingMethods>;

/** How a core prints, as its status tells the counter. */
export function printingMode(shell: ShellPrinting | undefined): PrintingMode {
  return shell ? 'silent' : 'browser';
}

/**
 * The counter's devices: the screen facing the customer, and the receipt printer. The display's
 * state lives here, following the core's events (`subscribe`). Printers belong to the desktop
 * shell, which answers the printing methods itself (ShellPrinting); anywhere else (the web host)
 * they say so, the status says `browser`, and the counter prints with the browser's own dialog.
 */
export function deviceHandlers(
  ctx: CoreContext,
  subscribe: (listener: (event: CoreEvent) => void) => void,
): HandlerGroup<DeviceMethods> {
  const display = new CustomerDisplayState({
    now: ctx.now,
    shopLanguage: () => ctx.settings.getSettings().language,
    shopName: () => ctx.settings.getSettings().shopName,
    emit: ctx.emit,
  });
  subscribe((event) => display.observe(event));
  const shellOnly = async (): Promise<never> => {
    throw new PosFailure(
      'NOT_SUPPORTED',
      'Printing straight to a printer needs the desktop app; in a browser the receipt prints through the browser’s print dialog.',
    );
  };
  return {
    getCustomerDisplay: async () => display.view(),
    setCustomerLanguage: async ({ language }) => display.setLanguage(language),
    clearCustomerDisplay: async () => display.clear(),
    showAmountDueOnCustomerDisplay: async (due) => display.showDue(due),
    // The QR codes go to another screen: a hand-over under the same rule, logged as one.
    showSaleOnCustomerDisplay: async ({ id, pin }) =>
      display.showSale(handOver(handOverDeps(ctx), id, 'customer-display', pin)),
    listPrinters: shellOnly,
    printReceipt: shellOnly,
    saveReceiptPdf: shellOnly,
  };
}
