import { describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  mayOpenExternally,
  PRELOAD_FILES,
  pageOf,
  webPreferencesFor,
} from '../../electron/shell-policy';

// The Electron shell's decisions, checked without Electron (which cannot run here): main.ts applies
// exactly these functions, and typechecks against Electron's own types.

describe('which page an IPC call comes from', () => {
  it('knows the counter and the customer display on app://, and nothing else', () => {
    expect(pageOf(`${APP_ORIGIN}/`)).toBe('counter');
    expect(pageOf(`${APP_ORIGIN}/customer`)).toBe('customer');
    expect(pageOf(`${APP_ORIGIN}/assets/index.js`)).toBeNull();
    expect(pageOf('app://elsewhere/')).toBeNull();
    expect(pageOf('https://example.com/')).toBeNull();
    expect(pageOf('file:///tmp/index.html')).toBeNull();
    expect(pageOf('not a url')).toBeNull();
  });

  it('accepts the development server only when one is configured', () => {
    const dev = 'http://localhost:5173';
    expect(pageOf('http://localhost:5173/', dev)).toBe('counter');
    expect(pageOf('http://localhost:5173/customer.html', dev)).toBe('customer');
    expect(pageOf('http://localhost:5173/')).toBeNull();
    expect(pageOf('http://localhost:5174/', dev)).toBeNull();
  });
});

describe('web preferences', () => {
  it('isolate and sandbox every window, with no Node, and no DevTools once packaged', () => {
    for (const page of ['counter', 'customer'] as const) {
      const packaged = webPreferencesFor({ page, packaged: true, preloadDir: '/app/out/preload' });
      expect(packaged).toMatchObject({
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        devTools: false,
      });
      expect(webPreferencesFor({ page, packaged: false, preloadDir: '/dev' }).devTools).toBe(true);
    }
  });

  it('give the customer display its own preload, not the counter’s', () => {
    const counter = webPreferencesFor({ page: 'counter', packaged: true, preloadDir: '/p' }).preload;
    const customer = webPreferencesFor({ page: 'customer', packaged: true, preloadDir: '/p' }).preload;
    expect(counter).toMatch(new RegExp(`${PRELOAD_FILES.counter}$`));
    expect(customer).toMatch(new RegExp(`${PRELOAD_FILES.customer}$`));
    expect(customer).not.toBe(counter);
  });
});

describe('links opened in the system browser', () => {
  it('are the phone makers’ eSIM install links only', () => {
    const carddata = 'carddata=LPA:1$rsp.example.com$K2-ABC';
    expect(mayOpenExternally(`https://esimsetup.apple.com/esim_qrcode_provisioning?${carddata}`)).toBe(true);
    expect(mayOpenExternally(`https://esimsetup.android.com/esim_qrcode_provisioning?${carddata}`)).toBe(
      true,
    );
  });

  it('refuse every other host, scheme or disguise', () => {
    for (const link of [
      'https://example.com/',
      'http://esimsetup.apple.com/esim_qrcode_provisioning',
      'https://esimsetup.apple.com.evil.example/',
      'https://evil.example/?esimsetup.apple.com',
      'https://user:pass@esimsetup.apple.com/',
      'https://esimsetup.apple.com:8443/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://esimsetup.apple.com/share',
      'not a url',
    ]) {
      expect(mayOpenExternally(link), link).toBe(false);
    }
  });
});
