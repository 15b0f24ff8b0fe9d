import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import keytar from '@github/keytar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEYCHAIN_SERVICE } from '../../electron/core/credentials/keychain';
import { type RunningSimulator, startSimulator } from '../../electron/simulator/index';
import { startHost } from '../../scripts/torture/host-process';
import { API_BASE_PATH, AUTH_HEADERS, signingPayload } from '../../shared/api/auth';
import type { Settings } from '../../shared/domain/settings';
import type { TillView } from '../../shared/domain/shift';
import type { Status } from '../../shared/domain/status';
import type { Result } from '../../shared/errors';
import { type CoreHarness, startCoreHarness, unwrap } from '../support/core-harness';

const PIN = '2468';
let simulator: RunningSimulator;
let dataDir: string;
let service: string;
let h: CoreHarness;

beforeEach(async () => {
  simulator = await startSimulator({ port: 0, seed: 11 });
  dataDir = mkdtempSync(join(tmpdir(), 'cred-'));
  service = `esim-counter-test-${process.pid}-${Date.now()}`;
  h = await startCoreHarness({}, { simulator, dataDir, keychainService: service });
});

afterEach(async () => {
  await h.close();
  await keytar.deletePassword(service, 'reseller-api').catch(() => false);
  await simulator.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function liveAccount() {
  const account = simulator.accounts.find((a) => a.kind === 'business' && a.currency === 'IQD');
  if (!account) throw new Error('the simulator has no IQD business account');
  return account;
}

/** Chooses the manager PIN and stores the live account's credentials: the counter goes live. */
async function storeLiveCredentials(): Promise<{ account: ReturnType<typeof liveAccount>; status: Status }> {
  unwrap(await h.call('setManagerPin', { pin: PIN }));
  const account = liveAccount();
  const status = unwrap(
    await h.call<Status>('setCredentials', {
      pin: PIN,
      accessCode: account.accessCode,
      secretKey: account.secretKey,
      apiBaseUrl: simulator.baseUrl,
    }),
  );
  return { account, status };
}

/** A listener the caller of testConnection controls: it records every request that reaches it. */
interface Listener {
  readonly baseUrl: string;
  readonly requests: { headers: IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}

async function startListener(): Promise<Listener> {
  const requests: Listener['requests'] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      requests.push({ headers: request.headers, body });
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ success: false, error: 'Invalid API key', code: 'INVALID_API_KEY' }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${API_BASE_PATH}`,
    requests,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** Whether a request carries a signature made with this secret key. */
function signedWith(secretKey: string, request: Listener['requests'][number]): boolean {
  const header = (name: string): string => String(request.headers[name] ?? '');
  const expected = createHmac('sha256', secretKey)
    .update(
      signingPayload(
        header(AUTH_HEADERS.timestamp),
        header(AUTH_HEADERS.requestId),
        header(AUTH_HEADERS.accessCode),
        request.body,
      ),
    )
    .digest('hex')
    .toUpperCase();
  return header(AUTH_HEADERS.signature) === expected;
}

function codeAndPath(result: Result<unknown>): { code: string; path: string | undefined } | null {
  if (result.ok) return null;
  const issues = result.error.details?.issues as { path: string }[] | undefined;
  return { code: result.error.code, path: issues?.[0]?.path };
}

describe('API credentials in the OS keychain', () => {
  it('needs a manager PIN before credentials can be set', async () => {
    const account = liveAccount();
    const result = await h.call('setCredentials', {
      pin: PIN,
      accessCode: account.accessCode,
      secretKey: account.secretKey,
      apiBaseUrl: simulator.baseUrl,
    });
    expect(result.ok ? null : result.error.code).toBe('PIN_REQUIRED');
  });

  it('refuses credentials the provider rejects and stores nothing', async () => {
    unwrap(await h.call('setManagerPin', { pin: PIN }));
    const account = liveAccount();
    const result = await h.call('setCredentials', {
      pin: PIN,
      accessCode: account.accessCode,
      secretKey: `${account.secretKey}x`,
      apiBaseUrl: simulator.baseUrl,
    });
    expect(result.ok ? null : result.error.code).toBe('INVALID_SIGNATURE');
    expect(await keytar.getPassword(service, 'reseller-api')).toBeNull();
    expect(unwrap(await h.call<Status>('getStatus')).mode).toBe('training');
  });

  it('stores accepted credentials only in the keychain, goes live, and stays live after a restart', async () => {
    const { account, status } = await storeLiveCredentials();
    expect(status.mode).toBe('live');
    expect(status.credentials.stored).toBe(true);
    expect(status.credentials.maskedAccessCode).toBe(`••••${account.accessCode.slice(-4)}`);
    expect(JSON.stringify(status)).not.toContain(account.secretKey);
    expect(await keytar.getPassword(service, 'reseller-api')).toContain(account.secretKey);

    // The live account's currency reaches the counter with its balance, read by someone signed in.
    const till = unwrap(await h.call<TillView>('getTill'));
    const manager = till.cashiers.find((cashier) => cashier.usesManagerPin);
    unwrap(await h.call('signIn', { cashierId: manager?.id, pin: PIN }));
    const balance = unwrap(await h.call<{ balance: { currency: string } }>('getBalance'));
    expect(balance.balance.currency).toBe('IQD');

    await h.close();
    h = await startCoreHarness({}, { simulator, dataDir, keychainService: service });
    expect(unwrap(await h.call<Status>('getStatus'))).toMatchObject({
      mode: 'live',
      credentials: { stored: true },
    });

    // Nothing on disk holds the secret: not the journal (and its WAL, and its backups), not the log.
    // Read with the core stopped: a backup under way makes and removes files while it runs.
    expect(h.logLines.join('\n')).not.toContain(account.secretKey);
    await h.close();
    for (const entry of readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      expect(readFileSync(join(entry.parentPath, entry.name)).includes(account.secretKey)).toBe(false);
    }
    h = await startCoreHarness({}, { simulator, dataDir, keychainService: service });

    unwrap(await h.call('clearCredentials', { pin: PIN }));
    expect(await keytar.getPassword(service, 'reseller-api')).toBeNull();
    expect(unwrap(await h.call<Status>('getStatus'))).toMatchObject({
      mode: 'training',
      credentials: { stored: false },
    });
  });

  it("a web host started for a test keeps them under its own keychain service, never the shop's", async () => {
    const hostDir = mkdtempSync(join(tmpdir(), 'cred-host-'));
    const host = await startHost({ dataDir: hostDir, keychainService: `${service}-host` });
    try {
      const account = liveAccount();
      expect((await host.call('setManagerPin', { pin: PIN })).ok).toBe(true);
      const stored = await host.call<Status>('setCredentials', {
        pin: PIN,
        accessCode: account.accessCode,
        secretKey: account.secretKey,
        apiBaseUrl: simulator.baseUrl,
      });
      expect(stored.value?.mode).toBe('live');
      expect(await keytar.getPassword(host.keychainService, 'reseller-api')).toContain(account.secretKey);
      expect(await keytar.getPassword(KEYCHAIN_SERVICE, 'reseller-api')).toBeNull();
    } finally {
      await host.stop();
      await keytar.deletePassword(host.keychainService, 'reseller-api').catch(() => false);
      rmSync(hostDir, { recursive: true, force: true });
    }
  });

  it('refuses a wrong PIN for credentials', async () => {
    unwrap(await h.call('setManagerPin', { pin: PIN }));
    const account = liveAccount();
    const result = await h.call('setCredentials', {
      pin: '0000',
      accessCode: account.accessCode,
      secretKey: account.secretKey,
      apiBaseUrl: simulator.baseUrl,
    });
    expect(result.ok ? null : result.error.code).toBe('PIN_INVALID');
  });

  it('without a keychain says KEYCHAIN_UNAVAILABLE, stores nothing anywhere, and keeps training', () => {
    const script = resolve(import.meta.dirname, '../support/keychain-unavailable.ts');
    const child = spawnSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus', DISPLAY: '' },
      timeout: 60_000,
    });
    expect(child.stderr).toBe('');
    expect(JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}')).toEqual({
      keychain: 'unavailable',
      problem: 'not-answering',
      code: 'KEYCHAIN_UNAVAILABLE',
      mode: 'training',
      secretOnDisk: false,
    });
  });
});

describe('testConnection never lends the stored secret to an address the caller chose', () => {
  it('a stolen-signature attempt: no request signed with the stored secret reaches the chosen address', async () => {
    const stored = (await storeLiveCredentials()).account;
    const listener = await startListener();
    try {
      const withoutPin = await h.call('testConnection', { apiBaseUrl: listener.baseUrl });
      const withPin = await h.call('testConnection', { pin: PIN, apiBaseUrl: listener.baseUrl });

      expect(listener.requests.filter((request) => signedWith(stored.secretKey, request))).toEqual([]);
      expect(listener.requests).toEqual([]);
      expect(codeAndPath(withoutPin)).toEqual({ code: 'INVALID_INPUT', path: 'apiBaseUrl' });
      expect(codeAndPath(withPin)).toEqual({ code: 'INVALID_INPUT', path: 'apiBaseUrl' });
    } finally {
      await listener.close();
    }
  });

  it('tests the stored credentials only with the manager PIN, against the configured address', async () => {
    await storeLiveCredentials();
    const refused = await h.call('testConnection', {});
    expect(refused.ok ? null : refused.error.code).toBe('PIN_REQUIRED');
    const wrongPin = await h.call('testConnection', { pin: '0000' });
    expect(wrongPin.ok ? null : wrongPin.error.code).toBe('PIN_INVALID');

    const tested = unwrap(await h.call<{ currency: string }>('testConnection', { pin: PIN }));
    expect(tested.currency).toBe('IQD');
  });

  it('says which server answered: exactly the address given with the credentials', async () => {
    const account = simulator.accounts.find((a) => a.kind === 'business' && a.currency === 'USD');
    if (!account) throw new Error('no business USD account');
    const tested = unwrap(
      await h.call<{ server: string; currency: string }>('testConnection', {
        accessCode: account.accessCode,
        secretKey: account.secretKey,
        apiBaseUrl: simulator.baseUrl,
      }),
    );
    expect(tested).toMatchObject({ server: simulator.baseUrl, currency: 'USD' });
    expect(JSON.stringify(tested)).not.toContain(account.secretKey);
  });

  it('signs with credentials given with the call, towards the address given with them', async () => {
    const stored = (await storeLiveCredentials()).account;
    const listener = await startListener();
    try {
      const given = { accessCode: 'given-access-code', secretKey: 'given-secret-key-123' };
      const result = await h.call('testConnection', { ...given, apiBaseUrl: listener.baseUrl });
      expect(result.ok).toBe(false);
      expect(listener.requests.length).toBeGreaterThan(0);
      expect(listener.requests.every((request) => signedWith(given.secretKey, request))).toBe(true);
      expect(listener.requests.some((request) => signedWith(stored.secretKey, request))).toBe(false);
    } finally {
      await listener.close();
    }
  });
});

describe('live API addresses are https (loopback excepted, for development)', () => {
  const PLAIN = 'http://api.example.com/api/v1/business';

  it('refuses a plain-http address in settings, in setCredentials and in testConnection, naming the field', async () => {
    unwrap(await h.call('setManagerPin', { pin: PIN }));
    const account = simulator.defaultAccount;
    const given = { accessCode: account.accessCode, secretKey: account.secretKey };

    expect(codeAndPath(await h.call('updateSettings', { pin: PIN, patch: { apiBaseUrl: PLAIN } }))).toEqual({
      code: 'INVALID_INPUT',
      path: 'patch.apiBaseUrl',
    });
    expect(codeAndPath(await h.call('setCredentials', { pin: PIN, ...given, apiBaseUrl: PLAIN }))).toEqual({
      code: 'INVALID_INPUT',
      path: 'apiBaseUrl',
    });
    expect(codeAndPath(await h.call('testConnection', { ...given, apiBaseUrl: PLAIN }))).toEqual({
      code: 'INVALID_INPUT',
      path: 'apiBaseUrl',
    });
    expect(unwrap(await h.call<Settings>('getSettings')).apiBaseUrl).toBeNull();
  });

  it('accepts https and loopback addresses', async () => {
    unwrap(await h.call('setManagerPin', { pin: PIN }));
    for (const apiBaseUrl of [
      'https://api.example.com/api/v1/business',
      'http://127.0.0.1:8787/api/v1/business',
      'http://localhost:8787/api/v1/business',
      'http://[::1]:8787/api/v1/business',
    ]) {
      const saved = unwrap(await h.call<Settings>('updateSettings', { pin: PIN, patch: { apiBaseUrl } }));
      expect(saved.apiBaseUrl).toBe(apiBaseUrl);
    }
  });
});
