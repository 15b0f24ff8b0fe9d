import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syncCatalogue } from '../../electron/core/api/catalogue-sync';
import { createResellerClient, type ResellerClient } from '../../electron/core/api/client';
import { CatalogueTable } from '../../electron/core/journal/catalogue-table';
import { type Db, openJournal } from '../../electron/core/journal/database';
import { startSimulator } from '../../electron/simulator/index';
import type { RunningSimulator } from '../../electron/simulator/options';

// A new counter's first catalogue sync against the simulator with its real limits (100 a minute,
// 1,000 an hour, 10,000 a day per key), over real HTTP, into a real journal.

/** What the simulator answered, in order: every request the client sent reaches it. */
interface Answered {
  readonly path: string;
  readonly status: number;
}

let sim: RunningSimulator;
let dir: string;
let db: Db;
let answered: Answered[];
const realFetch = globalThis.fetch;

beforeEach(async () => {
  sim = await startSimulator({ port: 0, seed: 3, balance: 1_000 });
  dir = mkdtempSync(join(tmpdir(), 'esim-first-sync-'));
  db = openJournal({ file: join(dir, 'journal.sqlite') });
  answered = [];
  // Every request still goes to the simulator; the test only notes what came back.
  globalThis.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    answered.push({ path: new URL(String(input)).pathname, status: response.status });
    return response;
  };
});

afterEach(async () => {
  globalThis.fetch = realFetch;
  db.close();
  rmSync(dir, { recursive: true, force: true });
  await sim.close();
});

/** The API's typical windows, and a bulk pace so slow that a sync held to it could not end in a test. */
function client(): ResellerClient {
  const { accessCode, secretKey } = sim.defaultAccount;
  return createResellerClient({
    baseUrl: sim.baseUrl,
    credentials: () => ({ accessCode, secretKey }),
    rateLimits: { bulkIntervalMs: 10 * 60_000 },
  });
}

async function untilPagesAnswered(count: number): Promise<void> {
  while (answered.filter((answer) => answer.path.endsWith('/esims/packages')).length < count) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("a new counter's first catalogue sync", () => {
  it('is not held to the bulk pace, stays inside the windows, and lets a sale through meanwhile', async () => {
    const api = client();
    const first = await api.listPackages({ page: 1, limit: 100 });
    const pkg = first.packages[0];
    if (!pkg) throw new Error('the simulator listed no package');
    const total = first.pagination.total ?? 0;
    // Small pages, so the sync takes most of the minute's window: 100 requests in all, less a few.
    const pageLimit = Math.ceil(total / 85);
    const store = new CatalogueTable(db);
    const syncing = syncCatalogue(api, store, { now: () => new Date(), lane: 'interactive', pageLimit });
    await untilPagesAnswered(4);
    const sale = await api.createOrder(
      { packageCode: pkg.code, expectedCost: pkg.cost, idempotencyKey: randomUUID() },
      { lane: 'sale' },
    );
    const synced = await syncing;

    expect(sale.kind).toBe('completed');
    expect(synced.count).toBe(total);
    expect(store.count()).toBe(total);
    expect(synced.pages).toBe(Math.ceil(total / pageLimit));
    // Inside the windows: nothing was refused, and the minute's 100 were never all spent.
    expect(answered.filter((answer) => answer.status === 429)).toEqual([]);
    expect(answered.length).toBeLessThanOrEqual(100);
    expect(api.status().heldUntil).toBeNull();
  });

  it('leaves a refresh of a counter that has a catalogue to the bulk pace', async () => {
    const api = client();
    const store = new CatalogueTable(db);
    const controller = new AbortController();
    const refresh = syncCatalogue(api, store, {
      now: () => new Date(),
      pageLimit: 100,
      signal: controller.signal,
    });
    await untilPagesAnswered(1);
    // The second page waits ten minutes for the bulk pace; a sale does not wait behind it.
    const pkg = (await api.listPackages({ page: 1, limit: 1 }, { lane: 'sale' })).packages[0];
    if (!pkg) throw new Error('the simulator listed no package');
    const sale = await api.createOrder(
      { packageCode: pkg.code, expectedCost: pkg.cost, idempotencyKey: randomUUID() },
      { lane: 'sale' },
    );
    expect(sale.kind).toBe('completed');
    expect(answered.filter((answer) => answer.path.endsWith('/esims/packages'))).toHaveLength(2);
    controller.abort();
    expect(store.count()).toBe(0);
    void refresh.catch(() => undefined);
  });
});
