import type { PosEvent } from '../../../shared/domain/events';
import { pos } from '../bridge/pos';
import type { BridgeLink } from '../bridge/web-bridge';
import { useCustomerDisplay } from '../devices/customer-display-store';
import { useTill } from '../shift/till-store';
import { useCatalogue } from './catalogue-store';
import { useJournal } from './journal-store';
import { useNotices } from './notice-store';
import { usePending } from './pending-store';
import { refreshPrices, useSale } from './sale-store';
import { useScreen } from './screen-store';
import { useSession } from './session-store';
import { useSettings } from './settings-store';
import { useTopUp } from './topup-store';

/** Routes each core event to the stores that show it. */
export function routeEvent(event: PosEvent): void {
  switch (event.type) {
    case 'sale.updated':
      usePending.getState().applySale(event.sale, shownNow(event.sale.id));
      useSale.getState().applySale(event.sale);
      useJournal.getState().applySale(event.sale);
      return;
    case 'topup.updated':
      usePending.getState().applyTopUp(event.topUp);
      useTopUp.getState().applyTopUp(event.topUp);
      useJournal.getState().applyTopUp(event.topUp);
      return;
    case 'balance.updated':
      useSession.getState().applyBalance(event.balance);
      return;
    case 'balance.low':
      useSession.getState().applyBalance(event.balance);
      useNotices.getState().push({
        kind: 'low-balance',
        balance: event.balance.balance,
        threshold: useSettings.getState().settings?.lowBalanceThreshold ?? null,
      });
      return;
    case 'status.changed':
      useSession.getState().applyStatus(event.status);
      return;
    case 'customer.display':
      useCustomerDisplay.getState().apply(event.display);
      return;
    case 'catalogue.synced':
      void refreshPrices();
      void useSession.getState().load();
      return;
    case 'pricing.changed':
      void refreshPrices();
      return;
    case 'settings.changed':
      useSettings.getState().applySettings(event.settings);
      return;
    case 'till.updated': {
      const before = useTill.getState().till?.cashier?.id ?? null;
      useTill.getState().apply(event.till);
      // Someone else at the counter: the catalogue is read again with what they may see (a cost or not).
      if ((event.till.cashier?.id ?? null) !== before) void useCatalogue.getState().load();
      return;
    }
    case 'error':
      useNotices.getState().push({ kind: 'error', error: event.error });
      return;
    default: {
      const unknown: never = event;
      console.warn('unknown core event', unknown);
    }
  }
}

/** Whether the cashier is looking at this sale: at the Sell screen's result, or in its details. */
function shownNow(saleId: string): boolean {
  const { flow } = useSale.getState();
  const atSale = useScreen.getState().screen === 'sell' && flow.step === 'result' && flow.sale.id === saleId;
  return atSale || useJournal.getState().viewing?.id === saleId;
}

export function listenToCore(): () => void {
  return pos().onEvent(routeEvent);
}

/** Reads everything the counter shows from the core: at start, and after events may have been missed. */
export function loadFromCore(): void {
  void useSession.getState().load();
  void useSettings.getState().load();
  void useCatalogue.getState().load();
  void usePending.getState().load();
  void useTill.getState().load();
}

let wasOpen = false;
let missed = false;

/** Follows the link to the core; when it comes back after a break, the state is read afresh. */
export function followLink(link: BridgeLink): void {
  useSession.getState().setLink(link);
  if (link === 'open') {
    if (missed) loadFromCore();
    wasOpen = true;
    missed = false;
  } else if (wasOpen) {
    missed = true;
  }
}
