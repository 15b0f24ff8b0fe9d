import type { CustomerDisplayApi } from '../../../shared/pos-api';
import { takeHostToken } from './host-token';
import { type BridgeLink, createWebBridge } from './web-bridge';

declare global {
  interface Window {
    /** Exposed by the customer window's own preload in Electron: the display's reads only. */
    readonly customerDisplay?: CustomerDisplayApi;
  }
}

/**
 * Connects the customer display to the core: through its own preload's `window.customerDisplay` in
 * Electron (the customer's window has no `window.pos`), or through the web host in a browser.
 */
export function connectCustomerDisplay(onLinkChange: (link: BridgeLink) => void): CustomerDisplayApi {
  if (window.customerDisplay) {
    // Said once the caller holds the bridge: the link is always open, and it reads on that news.
    queueMicrotask(() => onLinkChange('open'));
    return window.customerDisplay;
  }
  const bridge = createWebBridge({ baseUrl: '', token: takeHostToken(), onLinkChange });
  return {
    getCustomerDisplay: (input) => bridge.getCustomerDisplay(input),
    onDisplay: (listener) =>
      bridge.onEvent((event) => {
        if (event.type === 'customer.display') listener(event.display);
      }),
  };
}
