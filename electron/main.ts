import { existsSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import {
  app,
  BrowserWindow,
  type BrowserWindowConstructorOptions,
  dialog,
  type IpcMainInvokeEvent,
  ipcMain,
  net,
  protocol,
  session,
  shell,
} from 'electron';
import { IPC_CUSTOMER_DISPLAY, IPC_CUSTOMER_EVENT } from '../shared/customer-display-channels';
import { err } from '../shared/errors';
import { IPC_CALL, IPC_EVENT } from '../shared/pos-methods';
import { type App, startApp } from './compose';
import { counterHolder } from './core/instance-lock';
import { StartRefused } from './core/start-refused';
import { followCustomerScreen } from './customer-window';
import { a4Pdf, printingHandlers } from './printing';
import { APP_ORIGIN, mayOpenExternally, type Page, pageOf, webPreferencesFor } from './shell-policy';

// The Electron shell: windows, the app:// protocol, IPC to the core's handlers. It decides nothing;
// the core does. Hardening follows Electron's security checklist.

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

protocol.registerSchemesAsPrivileged([
  { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

const rendererDir = join(import.meta.dirname, '../renderer');
const preloadDir = join(import.meta.dirname, '../preload');
// better-sqlite3 is not ABI-stable: `npm start` prepares an Electron build of it here (scripts/prepare-electron-native.mjs),
// leaving node_modules' Node build to the tests.
const electronSqlite = join(app.getAppPath(), 'build', 'native', 'electron', 'better_sqlite3.node');

let counter: App | null = null;
let counterWindow: BrowserWindow | null = null;

function serveApp(): void {
  protocol.handle('app', async (request) => {
    const url = new URL(request.url);
    if (url.host !== 'counter') return new Response('Not found', { status: 404 });
    const page =
      url.pathname === '/' ? 'index.html' : url.pathname === '/customer' ? 'customer.html' : url.pathname;
    const file = normalize(join(rendererDir, decodeURIComponent(page)));
    if (!file.startsWith(rendererDir + sep) || !existsSync(file))
      return new Response('Not found', { status: 404 });
    const response = await net.fetch(`file://${file}`);
    const headers = new Headers(response.headers);
    headers.set('content-security-policy', CSP);
    headers.set('x-content-type-options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}

/** Which of the app's pages sent an IPC call: every handler checks it (Electron's checklist). */
function senderPage(event: IpcMainInvokeEvent): Page | null {
  const frame = event.senderFrame;
  return frame ? pageOf(frame.url, process.env.ELECTRON_RENDERER_URL) : null;
}

function createWindow(page: Page, placement: BrowserWindowConstructorOptions = {}): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    title: 'eSIM Counter',
    ...placement,
    show: false,
    webPreferences: webPreferencesFor({ page, packaged: app.isPackaged, preloadDir }),
  });
  // A window that takes no focus (the customer's) must not take the cashier's keyboard when it shows.
  win.once('ready-to-show', () => (placement.focusable === false ? win.showInactive() : win.show()));
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  if (devUrl) void win.loadURL(`${devUrl}${page === 'counter' ? '' : '/customer.html'}`);
  else void win.loadURL(`${APP_ORIGIN}${page === 'counter' ? '/' : '/customer'}`);
  return win;
}

/** The counter's window, and the customer display on a second screen while one is attached. */
function openCounter(): void {
  const win = createWindow('counter');
  counterWindow = win;
  const stopCustomerDisplay = followCustomerScreen((bounds) =>
    createWindow('customer', {
      ...bounds,
      title: 'eSIM Counter · Customer',
      fullscreen: true,
      frame: false,
      focusable: false,
    }),
  );
  win.on('closed', () => {
    stopCustomerDisplay();
    if (counterWindow === win) counterWindow = null;
  });
}

function harden(): void {
  // No page may navigate away or open windows; an eSIM's install link opens in the user's browser,
  // and no other link leaves the app.
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
    });
    contents.setWindowOpenHandler(({ url }) => {
      if (mayOpenExternally(url)) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
}

async function main(): Promise<void> {
  await app.whenReady();
  harden();
  serveApp();
  counter = startApp({
    dataDir: app.getPath('userData'),
    ...(existsSync(electronSqlite) ? { nativeBinding: electronSqlite } : {}),
    // The thread programs are built beside this bundle (electron.vite.config.ts).
    programsDir: import.meta.dirname,
    // Printers belong to the shell: it answers the printing methods, the core everything else.
    shellPrinting: (core) => printingHandlers(core, () => counterWindow),
    reportPdf: a4Pdf,
  });
  // A start refused at once (another counter on this data, a damaged journal) opens no window.
  const started = counter.started;
  await Promise.race([started, new Promise((done) => setImmediate(done))]);
  // The window opens at once: a long start (an update of a large journal) shows its progress there,
  // and every call is answered COUNTER_STARTING until the core is ready.
  const core = counter.core;
  ipcMain.handle(IPC_CALL, async (event, method: unknown, input: unknown) => {
    if (senderPage(event) !== 'counter')
      return err('INVALID_INPUT', 'Calls are accepted from the counter window only');
    if (typeof method !== 'string') return err('INVALID_INPUT', 'Method name must be a string');
    return core.call(method, input);
  });
  ipcMain.handle(IPC_CUSTOMER_DISPLAY, async (event) => {
    if (senderPage(event) !== 'customer')
      return err('INVALID_INPUT', 'The customer display is read from its own window only');
    return core.call('getCustomerDisplay', {});
  });
  // The counter hears every event; the customer's window only what it shows.
  core.onEvent((event) => {
    for (const win of BrowserWindow.getAllWindows()) {
      const page = pageOf(win.webContents.getURL(), process.env.ELECTRON_RENDERER_URL);
      if (page === 'counter') win.webContents.send(IPC_EVENT, event);
      else if (page === 'customer' && event.type === 'customer.display')
        win.webContents.send(IPC_CUSTOMER_EVENT, event.display);
    }
  });
  openCounter();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openCounter();
  });
  await started;
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
app.on('will-quit', (event) => {
  if (!counter) return;
  event.preventDefault();
  const closing = counter;
  counter = null;
  void closing.close().finally(() => app.quit());
});

// One app per user: a second start hands over to the open counter (its window comes to the front)
// and exits. The core also locks the data directory, for every host (see core/instance-lock.ts).
if (!app.requestSingleInstanceLock()) {
  const holder = counterHolder(app.getPath('userData'));
  process.stderr.write(`The counter is already open (pid ${holder?.pid ?? 'unknown'}).\n`);
  app.exit(1);
} else {
  app.on('second-instance', () => {
    if (!counterWindow) return;
    if (counterWindow.isMinimized()) counterWindow.restore();
    counterWindow.focus();
  });
  main().catch((error: unknown) => {
    // A refused start (another counter on this data, a damaged journal) is explained to the shop.
    if (error instanceof StartRefused) dialog.showErrorBox('eSIM Counter cannot start', error.message);
    else console.error('eSIM Counter failed to start', error);
    app.exit(1);
  });
}
