import { pos } from '../bridge/pos';
import { useNotices } from '../stores/notice-store';
import { type SaleStep, useSale } from '../stores/sale-store';
import { useSession } from '../stores/session-store';
import { useSettings } from '../stores/settings-store';
import { customerLanguage, useCustomerDisplay } from './customer-display-store';
import { printReceipt } from './receipt-printing';

/**
 * The counter's side of its devices: follow the customer display, take the QR codes off the
 * customer's screen when the cashier moves on from a completed sale, and print each completed
 * sale's receipt when Settings ask for it.
 */
export function startDevices(): void {
  void useCustomerDisplay.getState().load();

  useSale.subscribe((now, before) => {
    const shown = (step: SaleStep): boolean => step === 'result' || step === 'lost';
    if (shown(before.flow.step) && !shown(now.flow.step)) void useCustomerDisplay.getState().clear();
  });

  // The automatic print is the sale's original or nothing: if another window printed it already, or
  // the core asks for the manager PIN (another cashier is signed in by now), it is simply not made.
  const printed = new Set<string>();
  pos().onEvent((event) => {
    if (event.type !== 'sale.updated' || event.sale.state !== 'completed') return;
    if (!useSettings.getState().settings?.autoPrint || printed.has(event.sale.id)) return;
    printed.add(event.sale.id);
    const language = customerLanguage(useSession.getState().language);
    void printReceipt({ kind: 'sale', id: event.sale.id, language, onlyOriginal: true }).then((result) => {
      if (result.ok || result.error.code === 'PIN_REQUIRED' || result.error.code === 'INVALID_STATE') return;
      useNotices.getState().push({ kind: 'error', error: result.error });
    });
  });
}
