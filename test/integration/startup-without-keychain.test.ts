import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostProcess, startHost } from '../../scripts/torture/host-process';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Sale } from '../../shared/domain/sale';
import type { Status } from '../../shared/domain/status';
import { copySyncedJournal } from '../support/catalogue-template';

/**
 * A machine without the OS keychain library (libsecret on Linux): keytar's native module cannot be
 * loaded. The counter must still open, in training mode, and say why credentials cannot be stored.
 */

const LIBRARY_MISSING = resolve(import.meta.dirname, '../support/keychain-library-missing.ts');
let dataDir: string;
let host: HostProcess;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'no-keychain-library-'));
  await copySyncedJournal(dataDir, { seed: 1, currency: 'USD' });
  host = await startHost({ dataDir, imports: [LIBRARY_MISSING] });
});

afterAll(async () => {
  await host?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the counter without the OS keychain library', () => {
  it('starts in training mode, and its status says why credentials cannot be stored', async () => {
    const status = await host.call<Status>('getStatus');
    expect(status.value).toMatchObject({
      mode: 'training',
      keychain: 'unavailable',
      keychainProblem: 'library-missing',
      credentials: { stored: false },
    });
    expect(readFileSync(join(dataDir, 'counter.log'), 'utf8')).toMatch(
      /keychain library could not be loaded/,
    );
  });

  it('sells in training mode', async () => {
    const listed = await host.call<{ packages: CataloguePackage[] }>('listPackages');
    const pkg = listed.value?.packages[0];
    if (!pkg) throw new Error('no catalogue');
    const sold = await host.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 });
    expect(sold.value?.state).toBe('completed');
  });

  it('refuses to store credentials, saying the library is missing', async () => {
    await host.call('setManagerPin', { pin: '2468' });
    const refused = await host.call('setCredentials', {
      pin: '2468',
      accessCode: 'an-access-code',
      secretKey: 'a-secret-key-of-some-length',
      apiBaseUrl: 'https://api.example.com/api/v1/business',
    });
    expect(refused.error?.code).toBe('KEYCHAIN_UNAVAILABLE');
    expect(refused.error?.message).toMatch(/libsecret/);
  });
});
