import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from '../../electron/simulator/index';
import type { Status } from '../../shared/domain/status';
import { type CoreHarness, startCoreHarness, unwrap } from '../support/core-harness';
import { apiPackage, forwardTo, startTestServer, type TestServer } from './api-test-server';

// A package the counter cannot read is never offered; the status says how many there are, so the
// manager knows the catalogue on the counter is not the whole of the provider's.

const opened: { harness?: CoreHarness; server?: TestServer; simulator?: RunningSimulator; dir?: string } = {};

afterEach(async () => {
  await opened.harness?.close();
  await opened.server?.close();
  await opened.simulator?.close();
  if (opened.dir) rmSync(opened.dir, { recursive: true, force: true });
});

it('shows the packages the sync skipped and the cached rows that no longer read', async () => {
  const simulator = await startSimulator({ port: 0, seed: 7 });
  opened.simulator = simulator;
  // The provider's catalogue: five packages, two of which cannot be read (no code; a cost that is no amount).
  const packages = [
    apiPackage({ package_code: 'TR_1GB_7D' }),
    apiPackage({ package_code: undefined }),
    apiPackage({ package_code: 'TR_3GB_30D', data_amount_gb: 3, validity_days: 30 }),
    apiPackage({ package_code: 'TR_5GB_30D', cost: 'n/a' }),
    apiPackage({ package_code: 'TR_10GB_30D', data_amount_gb: 10, validity_days: 30 }),
  ];
  const server = await startTestServer((request) =>
    new URL(request.url, 'http://x').pathname.endsWith('/esims/packages')
      ? { kind: 'json', body: { success: true, data: { packages } } }
      : forwardTo(simulator.baseUrl, request),
  );
  opened.server = server;
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-status-'));
  opened.dir = dir;
  const start = (): Promise<CoreHarness> =>
    startCoreHarness({}, { simulator, dataDir: dir, apiBaseUrl: server.baseUrl, catalogue: 'empty' });

  let c = await start();
  opened.harness = c;
  expect(unwrap(await c.call('syncCatalogue'))).toMatchObject({ count: 3 });
  expect(unwrap(await c.call<Status>('getStatus')).catalogue).toMatchObject({
    count: 3,
    skipped: 2,
    unreadable: 0,
  });
  await c.close();
  opened.harness = undefined;

  // A cached row damaged on disk (or written by an older version) is skipped when read.
  const db = new Database(join(dir, 'journal.sqlite'));
  db.prepare(`UPDATE catalogue SET package_json = '{"code":' WHERE code = 'TR_3GB_30D'`).run();
  db.close();
  c = await start();
  opened.harness = c;
  expect(unwrap(await c.call<Status>('getStatus')).catalogue).toMatchObject({ skipped: 2, unreadable: 1 });
  const offered = unwrap(await c.call<{ packages: { code: string }[] }>('listPackages')).packages;
  expect(offered.map((pkg) => pkg.code)).toEqual(['TR_1GB_7D', 'TR_10GB_30D']);
});
