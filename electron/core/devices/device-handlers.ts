import type { CoreContext, HandlerGroup } from '../context';
import type { CoreEvent } from '../core-events';
import { PosFailure } from '../pos/failure';
import { CustomerDisplayState } from './customer-display';

type DeviceMethods =
  | 'getCustomerDisplay'
  | 'setCustomerLanguage'
  | 'clearCustomerDisplay'
  | 'listPrinters'
  | 'printReceipt'
  | 'saveReceiptPdf';

/**
 * The counter's devices: the screen facing the customer, and the receipt printer. The display's
 * state lives here, following the core's events (`subscribe`). Printers belong to the desktop
 * shell, which answers the printing methods itself; anywhere else (the web host) they say so, and
 * the counter prints with the browser's own dialog.
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
    listPrinters: shellOnly,
    printReceipt: shellOnly,
    saveReceiptPdf: shellOnly,
  };
}
