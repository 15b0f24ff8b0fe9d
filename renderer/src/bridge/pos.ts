import type { PosApi } from '../../../shared/pos-api';
import { takeHostToken } from './host-token';
import { type BridgeLink, createWebBridge } from './web-bridge';

declare global {
  interface Window {
    /** Exposed by Electron's preload; absent when the counter runs in a browser. */
    readonly pos?: PosApi;
  }
}

let current: PosApi | null = null;

/**
 * Connects the counter to its core once: through the preload's `window.pos` in Electron, or through
 * the web host over HTTP in a browser. `onLinkChange` follows the web host's event stream; the
 * preload's link is always open.
 */
export function connectPos(onLinkChange: (link: BridgeLink) => void): PosApi {
  if (current) return current;
  if (window.pos) {
    current = window.pos;
    onLinkChange('open');
  } else {
    current = createWebBridge({ baseUrl: '', token: takeHostToken(), onLinkChange });
  }
  return current;
}

export function pos(): PosApi {
  if (!current) throw new Error('connectPos() must run before the counter talks to its core');
  return current;
}
