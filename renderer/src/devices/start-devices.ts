import type { AmountDue } from '../../../shared/domain/customer-display';
import { multiplyMinor } from '../../../shared/money';
import { pos } from '../bridge/pos';
import { quoteTender, useTender } from '../shift/tender-store';
import { useNotices } from '../stores/notice-store';
import { type SaleFlow, useSale } from '../stores/sale-store';
import { useScreen } from '../stores/screen-store';
import { useSession } from '../stores/session-store';
import { useSettings } from '../stores/settings-store';
import { customerLanguage, useCustomerDisplay } from './customer-display-store';
import { printReceipt } from './receipt-printing';

/**
 * The counter's side of its devices: follow the customer display, keep it to the customer at the
 * counter, and print each completed sale's receipt when Settings ask for it.
 */
export function startDevices(): void {
  followSaleOnCustomerDisplay();
  printCompletedSales();
}

/** Whether the customer's screen shows something of one sale: its QR codes, or its amount to pay. */
function showsASale(): boolean {
  const display = useCustomerDisplay.getState().display;
  return Boolean(display?.sale || display?.due);
}

function clearIfShowing(): void {
  if (showsASale()) void useCustomerDisplay.getState().clear();
}

/** What the customer is asked to pay in the confirm step, as the confirm step itself quotes it. */
function amountDue(flow: Extract<SaleFlow, { step: 'confirming' }>): AmountDue {
  const { pkg, quantity } = flow;
  const price = { ...pkg.retail, amount: multiplyMinor(pkg.retail.amount, quantity) };
  const quote = quoteTender(price, useTender.getState());
  return {
    packageName: pkg.name,
    quantity,
    price,
    toPay: quote.ok || quote.reason === 'too_little' ? quote.due : price,
  };
}

/**
 * An activation code never outlives its sale on the customer's screen. The counter that starts (or
 * reloads) holds no sale, so whatever the screen showed belongs to none. The confirm step shows the
 * next customer what to pay, in place of the last customer's QR codes. Leaving the sale takes it
 * down: a new sale, another package, another screen (F2 to F8 included). The core takes it down by
 * itself after CUSTOMER_QR_SHOWN_MS when the cashier walks away.
 */
function followSaleOnCustomerDisplay(): void {
  void useCustomerDisplay.getState().load().then(clearIfShowing);

  useSale.subscribe((now, before) => {
    if (now.flow === before.flow) return;
    if (now.flow.step === 'confirming') void useCustomerDisplay.getState().showDue(amountDue(now.flow));
    else if (now.flow.step === 'choosing') clearIfShowing();
  });
  // The currency paid in changes the amount asked: the customer reads the one the cashier reads.
  useTender.subscribe((now, before) => {
    const { flow } = useSale.getState();
    if (flow.step === 'confirming' && now.currency !== before.currency)
      void useCustomerDisplay.getState().showDue(amountDue(flow));
  });
  useScreen.subscribe((now, before) => {
    if (now.arrival !== before.arrival) clearIfShowing();
  });
}

function printCompletedSales(): void {
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
