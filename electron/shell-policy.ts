import { join } from 'node:path';
import type { WebPreferences } from 'electron';

/**
 * The Electron shell's security decisions, as pure functions the tests run without Electron: which
 * page a call comes from, what each window may do, and which links may leave the app. main.ts only
 * applies them.
 */

export const APP_ORIGIN = 'app://counter';

/** The app's two pages: the cashier's counter, and the display facing the customer. */
export type Page = 'counter' | 'customer';

/**
 * Which of the app's pages a frame shows, or null for anything else (another origin, another path).
 * In development the pages come from electron-vite's server (`devUrl`) instead of app://.
 */
export function pageOf(frameUrl: string, devUrl?: string): Page | null {
  let url: URL;
  try {
    url = new URL(frameUrl);
  } catch {
    return null;
  }
  // Node's URL gives a custom scheme no origin ("null"), so app:// is compared by scheme and host.
  const fromApp = `${url.protocol}//${url.host}` === APP_ORIGIN;
  const fromDevServer = devUrl !== undefined && url.origin === new URL(devUrl).origin;
  if (!fromApp && !fromDevServer) return null;
  if (url.pathname === '/' || url.pathname === '/index.html') return 'counter';
  if (url.pathname === '/customer' || url.pathname === '/customer.html') return 'customer';
  return null;
}

/** The preload of each page: the counter gets `window.pos`, the customer display only its own reads. */
export const PRELOAD_FILES: Readonly<Record<Page, string>> = {
  counter: 'preload.cjs',
  customer: 'customer-preload.cjs',
};

/**
 * A window's web preferences: isolated, sandboxed, no Node, and no DevTools in a packaged app (a
 * cashier's F12 must not open a console into the counter's session).
 */
export function webPreferencesFor(options: {
  readonly page: Page;
  readonly packaged: boolean;
  readonly preloadDir: string;
}): WebPreferences {
  return {
    preload: join(options.preloadDir, PRELOAD_FILES[options.page]),
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    devTools: !options.packaged,
  };
}

/**
 * The hosts of the install links the provider gives with an eSIM (`directAppleInstallUrl`,
 * `directAndroidInstallUrl`): the phone makers' eSIM set-up pages. Nothing else a page links to is
 * opened in the system's browser.
 */
export const INSTALL_LINK_HOSTS: readonly string[] = ['esimsetup.apple.com', 'esimsetup.android.com'];

/** Whether a link a page tried to open may go to the system's browser: https, an install-link host, nothing hidden. */
export function mayOpenExternally(link: string): boolean {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.port === '' &&
    url.username === '' &&
    url.password === '' &&
    INSTALL_LINK_HOSTS.includes(url.hostname)
  );
}
