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

  // The first receipt of a sale is its original; if another window printed it already, the core
  // asks for the manager PIN (a copy), and this print is simply not made.
  const printed = new Set<string>();
  pos().onEvent((event) => {
    if (event.type !== 'sale.updated' || event.sale.state !== 'completed') return;
    if (!useSettings.getState().settings?.autoPrint || printed.has(event.sale.id)) return;
    printed.add(event.sale.id);
    const language = customerLanguage(useSession.getState().language);
    void printReceipt({ kind: 'sale', id: event.sale.id, language, copy: false }).then((result) => {
      if (result.ok || result.error.code === 'PIN_REQUIRED') return;
      useNotices.getState().push({ kind: 'error', error: result.error });
    });
  });
}
