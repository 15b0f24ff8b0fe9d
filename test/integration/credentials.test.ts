import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import keytar from '@github/keytar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from '../../electron/simulator/index';
import type { Status } from '../../shared/domain/status';
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
    expect(status.mode).toBe('live');
    expect(status.credentials.stored).toBe(true);
    expect(status.credentials.maskedAccessCode).toBe(`••••${account.accessCode.slice(-4)}`);
    expect(JSON.stringify(status)).not.toContain(account.secretKey);
    expect(await keytar.getPassword(service, 'reseller-api')).toContain(account.secretKey);

    // The live account's currency reaches the counter with its balance.
    const balance = unwrap(await h.call<{ balance: { currency: string } }>('getBalance'));
    expect(balance.balance.currency).toBe('IQD');

    await h.close();
    h = await startCoreHarness({}, { simulator, dataDir, keychainService: service });
    expect(unwrap(await h.call<Status>('getStatus'))).toMatchObject({
      mode: 'live',
      credentials: { stored: true },
    });

    // Nothing on disk holds the secret: not the journal (and its WAL, and its backups), not the log.
    for (const entry of readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      expect(readFileSync(join(entry.parentPath, entry.name)).includes(account.secretKey)).toBe(false);
    }
    expect(h.logLines.join('\n')).not.toContain(account.secretKey);

    unwrap(await h.call('clearCredentials', { pin: PIN }));
    expect(await keytar.getPassword(service, 'reseller-api')).toBeNull();
    expect(unwrap(await h.call<Status>('getStatus'))).toMatchObject({
      mode: 'training',
      credentials: { stored: false },
    });
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
