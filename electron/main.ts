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
import { err } from '../shared/errors';
import { IPC_CALL, IPC_EVENT } from '../shared/pos-methods';
import { type App, startApp } from './compose';
import { counterHolder } from './core/instance-lock';
import { dispatch } from './core/pos/dispatch';
import { StartRefused } from './core/start-refused';
import { followCustomerScreen } from './customer-window';
import { printingHandlers } from './printing';

// The Electron shell: windows, the app:// protocol, IPC to the core's handlers. It decides nothing;
// the core does. Hardening follows Electron's security checklist.

const APP_ORIGIN = 'app://counter';
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

protocol.registerSchemesAsPrivileged([
  { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

const rendererDir = join(import.meta.dirname, '../renderer');
const preloadFile = join(import.meta.dirname, '../preload/preload.cjs');
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

function fromOwnApp(event: IpcMainInvokeEvent): boolean {
  const frame = event.senderFrame;
  if (!frame) return false;
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  const origin = new URL(frame.url).origin;
  return (
    frame.url.startsWith(`${APP_ORIGIN}/`) || (devUrl !== undefined && origin === new URL(devUrl).origin)
  );
}

function createWindow(
  path: '/' | '/customer',
  placement: BrowserWindowConstructorOptions = {},
): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    title: 'eSIM Counter',
    ...placement,
    show: false,
    webPreferences: {
      preload: preloadFile,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  // A window that takes no focus (the customer's) must not take the cashier's keyboard when it shows.
  win.once('ready-to-show', () => (placement.focusable === false ? win.showInactive() : win.show()));
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  if (devUrl) void win.loadURL(`${devUrl}${path === '/' ? '' : '/customer.html'}`);
  else void win.loadURL(`${APP_ORIGIN}${path}`);
  return win;
}

/** The counter's window, and the customer display on a second screen while one is attached. */
function openCounter(): void {
  const win = createWindow('/');
  counterWindow = win;
  const stopCustomerDisplay = followCustomerScreen((bounds) =>
    createWindow('/customer', {
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
  // No page may navigate away or open windows; links to the web open in the user's browser instead.
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
    });
    contents.setWindowOpenHandler(({ url }) => {
      if (url.startsWith('https://')) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
}

async function main(): Promise<void> {
  await app.whenReady();
  harden();
  serveApp();
  counter = await startApp({
    dataDir: app.getPath('userData'),
    ...(existsSync(electronSqlite) ? { nativeBinding: electronSqlite } : {}),
  });
  const core = counter.core;
  // Printers belong to the shell: it answers the printing methods, the core everything else.
  const handlers = { ...core.handlers, ...printingHandlers(core.handlers, () => counterWindow) };
  ipcMain.handle(IPC_CALL, async (event, method: unknown, input: unknown) => {
    if (!fromOwnApp(event)) return err('INVALID_INPUT', 'Calls are accepted from the counter window only');
    if (typeof method !== 'string') return err('INVALID_INPUT', 'Method name must be a string');
    return dispatch(handlers, method, input, core.log);
  });
  core.onEvent((event) => {
    for (const win of BrowserWindow.getAllWindows()) win.webContents.send(IPC_EVENT, event);
  });
  openCounter();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openCounter();
  });
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
