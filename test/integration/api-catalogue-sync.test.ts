import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syncCatalogue } from '../../electron/core/api/catalogue-sync';
import type { ResellerClient } from '../../electron/core/api/client';
import { CatalogueTable } from '../../electron/core/journal/catalogue-table';
import { type Db, openJournal } from '../../electron/core/journal/database';
import { money } from '../../shared/money';
import {
  apiPackage,
  completedOrder,
  type ReceivedRequest,
  type Reply,
  serverPerTest,
} from './api-test-server';

// The catalogue synced page by page into the journal's cache: a real SQLite file, a real HTTP server.
const server = serverPerTest();
let dir = '';
let db: Db;
let store: CatalogueTable;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'esim-catalogue-'));
  db = openJournal({ file: join(dir, 'journal.sqlite') });
  store = new CatalogueTable(db);
});

afterEach(async () => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A catalogue of `total` packages served `limit` per page, with a hook to change any page's answer. */
function catalogue(total: number, override?: (page: number, request: ReceivedRequest) => Reply | null) {
  return (request: ReceivedRequest): Reply => {
    const url = new URL(request.url, 'http://x');
    if (url.pathname.endsWith('/esims/order')) return { kind: 'json', body: completedOrder() };
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    const replaced = override?.(page, request);
    if (replaced) return replaced;
    const codes = Array.from({ length: total }, (_, i) => `PKG-${String(i).padStart(4, '0')}`);
    const slice = codes.slice((page - 1) * limit, page * limit);
    return {
      kind: 'json',
      body: {
        success: true,
        data: {
          packages: slice.map((code) => apiPackage({ package_code: code, name: code })),
          pagination: { page, limit, total, total_pages: Math.ceil(total / limit) },
        },
      },
    };
  };
}

/** Page 2 of 2, with these items. */
function lastPage(packages: readonly unknown[]): Reply {
  return {
    kind: 'json',
    body: {
      success: true,
      data: { packages, pagination: { page: 2, limit: 100, total: 100 + packages.length, total_pages: 2 } },
    },
  };
}

function clientOf(reply: (request: ReceivedRequest) => Reply, bulkIntervalMs = 50): Promise<ResellerClient> {
  return server.client(reply, { rateLimits: { bulkIntervalMs } });
}

const now = (): Date => new Date('2025-06-01T10:00:00Z');

describe('catalogue sync', () => {
  it('reads every page at the API’s maximum page size into the cache, in the API’s order', async () => {
    const client = await clientOf(catalogue(250));
    const result = await syncCatalogue(client, store, { now });
    // A catalogue in which every package reads is the whole catalogue, nothing skipped.
    expect(result).toEqual({ count: 250, syncedAt: '2025-06-01T10:00:00.000Z', pages: 3, skipped: 0 });
    expect(server.requests.map((request) => request.url)).toEqual([
      '/api/v1/business/esims/packages?page=1&limit=100',
      '/api/v1/business/esims/packages?page=2&limit=100',
      '/api/v1/business/esims/packages?page=3&limit=100',
    ]);
    const cached = store.list().packages;
    expect(cached.length).toBe(250);
    expect(cached[0]).toMatchObject({
      code: 'PKG-0000',
      cost: { amount: 110, currency: 'USD' },
      countries: ['TR'],
    });
    expect(cached.at(-1)?.code).toBe('PKG-0249');
    expect(store.syncedAt()).toBe('2025-06-01T10:00:00.000Z');
    expect(store.skipped()).toBe(0);
  });

  it('keeps a package that shifted onto the next page once, at its first place', async () => {
    const client = await clientOf(
      catalogue(150, (page) =>
        page === 2
          ? lastPage([apiPackage({ package_code: 'PKG-0099' }), apiPackage({ package_code: 'PKG-0100' })])
          : null,
      ),
    );
    const result = await syncCatalogue(client, store, { now });
    expect(result.count).toBe(101);
    expect(
      store
        .list()
        .packages.map((pkg) => pkg.code)
        .slice(98),
    ).toEqual(['PKG-0098', 'PKG-0099', 'PKG-0100']);
  });

  it('leaves the old cache untouched when a page fails', async () => {
    store.replaceAll([], '2025-05-01T00:00:00.000Z');
    const first = await clientOf(catalogue(120));
    await syncCatalogue(first, store, { now: () => new Date('2025-05-31T00:00:00Z') });
    await server.close();
    const client = await clientOf(
      catalogue(250, (page) =>
        page === 3 ? { kind: 'json', body: { success: true, data: { packages: 'oops' } } } : null,
      ),
    );
    await expect(syncCatalogue(client, store, { now })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      details: { field: 'data.packages' },
    });
    expect(store.count()).toBe(120);
    expect(store.syncedAt()).toBe('2025-05-31T00:00:00.000Z');
  });

  it('keeps every package it can read, and the count of those it could not, for the status', async () => {
    const client = await clientOf(
      catalogue(150, (page) =>
        page === 2
          ? lastPage([
              apiPackage({ package_code: 'PKG-0100', cost: '1.10' }),
              apiPackage({ package_code: 'PKG-0101', cost: { amount: 1.1 } }),
              null,
              apiPackage({ package_code: 'PKG-0103', type: 'multi', validity_days: '30' }),
            ])
          : null,
      ),
    );
    const result = await syncCatalogue(client, store, { now });
    expect(result).toMatchObject({ count: 102, pages: 2, skipped: 2 });
    expect(store.count()).toBe(102);
    expect(store.skipped()).toBe(2);
    expect(store.get('PKG-0103')).toMatchObject({ validityDays: 30, type: 'local' });
  });

  it('keeps the old catalogue when no package of the new one can be read', async () => {
    const first = await clientOf(catalogue(120));
    await syncCatalogue(first, store, { now: () => new Date('2025-05-31T00:00:00Z') });
    await server.close();
    const client = await clientOf(() => ({
      kind: 'json',
      body: {
        success: true,
        data: { packages: [{ package_code: 'A' }, { package_code: 'B', cost: 'n/a' }] },
      },
    }));
    await expect(syncCatalogue(client, store, { now })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      details: { skipped: 2 },
    });
    expect(store.count()).toBe(120);
    expect(store.skipped()).toBe(0);
  });

  it('lets a sale go ahead of the sync’s remaining pages', async () => {
    const client = await clientOf(catalogue(300), 500);
    const sync = syncCatalogue(client, store, { now });
    // As soon as page 2 is on the wire, the cashier sells; page 3 is already queued behind the bulk pace.
    while ((server.requests.length ?? 0) < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    await client.createOrder({
      packageCode: 'PKG-0001',
      expectedCost: money(110, 'USD'),
      idempotencyKey: 'sale-during-sync',
    });
    await sync;
    const paths = server.requests.map((request) => new URL(request.url, 'http://x').pathname) ?? [];
    expect(paths).toEqual([
      '/api/v1/business/esims/packages',
      '/api/v1/business/esims/packages',
      '/api/v1/business/esims/order',
      '/api/v1/business/esims/packages',
    ]);
  });

  it('stops between pages when aborted, keeping the old cache', async () => {
    const client = await clientOf(catalogue(500));
    const controller = new AbortController();
    const sync = syncCatalogue(client, store, { now, signal: controller.signal });
    while ((server.requests.length ?? 0) < 1) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await expect(sync).rejects.toThrow();
    expect(store.count()).toBe(0);
    expect(server.requests.length).toBeLessThan(5);
  });
});
