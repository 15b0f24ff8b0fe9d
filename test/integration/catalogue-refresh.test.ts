import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createResellerClient } from '../../electron/core/api/client';
import { CATALOGUE_CHECK_MS, CATALOGUE_MAX_AGE_MS, Catalogue } from '../../electron/core/catalogue/catalogue';
import { FIRST_RETRY_MS } from '../../electron/core/catalogue/catalogue-sync-state';
import type { CoreEvent } from '../../electron/core/core-events';
import { CatalogueTable } from '../../electron/core/journal/catalogue-table';
import { type Db, openJournal } from '../../electron/core/journal/database';
import { createLogger, Redactor } from '../../electron/core/log';
import { startSimulator } from '../../electron/simulator/index';
import type { RunningSimulator } from '../../electron/simulator/options';

// The counter's catalogue against the simulator over real HTTP, into a real journal, on a clock the
// test moves and with its waits called back by hand: the retry of a failed first sync and the check
// that refreshes a stale catalogue, each at the time it is due.

const START = Date.parse('2026-11-23T08:00:00.000Z');

let sim: RunningSimulator;
let dir: string;
let db: Db;
let clock: number;
/** The waits the catalogue asked for and has not cancelled, in order. */
let waiting: { ms: number; run: () => void }[];
let events: CoreEvent[];
let changes: number;
let logLines: string[];

function catalogue(table: CatalogueTable): Catalogue {
  const { accessCode, secretKey } = sim.defaultAccount;
  const client = createResellerClient({
    baseUrl: sim.baseUrl,
    credentials: () => ({ accessCode, secretKey }),
    // A refresh pages at the bulk pace; the test does not wait a second a page for it.
    rateLimits: { bulkIntervalMs: 0 },
  });
  return new Catalogue({
    table,
    client: () => client,
    signal: () => new AbortController().signal,
    now: () => new Date(clock),
    log: createLogger((line) => logLines.push(line), new Redactor()),
    emit: (event) => events.push(event),
    changed: () => {
      changes += 1;
    },
    later: (run, ms) => {
      const entry = { ms, run };
      waiting.push(entry);
      return () => {
        waiting = waiting.filter((each) => each !== entry);
      };
    },
  });
}

/** Calls back the one wait due, as its timer would. */
function fire(ms: number): void {
  expect(waiting.map((each) => each.ms)).toEqual([ms]);
  const [due] = waiting.splice(0);
  due!.run();
}

// A simulator for each test: each sync reads every page, and the key's windows start afresh.
beforeEach(async () => {
  sim = await startSimulator({ port: 0, seed: 7 });
  dir = mkdtempSync(join(tmpdir(), 'esim-catalogue-refresh-'));
  db = openJournal({ file: join(dir, 'journal.sqlite') });
  clock = START;
  waiting = [];
  events = [];
  changes = 0;
  logLines = [];
});

afterEach(async () => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
  await sim.close();
});

describe("the counter's catalogue", () => {
  it('tries a failed first sync again by itself when the status says, and fills the catalogue', async () => {
    const table = new CatalogueTable(db);
    const packages = catalogue(table);
    sim.setFaults({ failRate: 1, paths: ['GET /esims/packages'] });

    packages.refreshIfStale(false);
    expect(packages.view().syncing).toBe(true);
    await packages.idle();
    const failed = packages.view();
    expect(failed.count).toBe(0);
    expect(failed.syncing).toBe(false);
    expect(failed.failure?.retryAt).toBe(new Date(START + FIRST_RETRY_MS).toISOString());
    expect(events).toEqual([]);
    expect(logLines.filter((line) => line.includes('catalogue sync failed'))).toHaveLength(1);

    sim.setFaults({ failRate: 0 });
    clock += FIRST_RETRY_MS;
    fire(FIRST_RETRY_MS);
    await packages.idle();
    const filled = packages.view();
    expect(filled.count).toBeGreaterThan(0);
    expect(filled.failure).toBeNull();
    expect(filled.syncedAt).toBe(new Date(START + FIRST_RETRY_MS).toISOString());
    expect(events).toEqual([{ type: 'catalogue.synced', count: filled.count, syncedAt: filled.syncedAt }]);
    // Started, failed, started again, then each page and the success: the status bar was told each time.
    expect(changes).toBeGreaterThanOrEqual(4);
    expect(waiting).toEqual([]);
  });

  it('refreshes a catalogue older than its age at the next check, and leaves a younger one alone', async () => {
    const table = new CatalogueTable(db);
    const packages = catalogue(table);
    const first = await packages.sync();
    expect(first.syncedAt).toBe(new Date(START).toISOString());
    packages.start();

    clock = START + CATALOGUE_MAX_AGE_MS;
    fire(CATALOGUE_CHECK_MS);
    expect(packages.view().syncing).toBe(false);
    expect(table.syncedAt()).toBe(new Date(START).toISOString());

    clock = START + CATALOGUE_MAX_AGE_MS + 1;
    fire(CATALOGUE_CHECK_MS);
    expect(packages.view().syncing).toBe(true);
    await packages.idle();
    expect(table.syncedAt()).toBe(new Date(clock).toISOString());
    expect(events.map((event) => event.type)).toEqual(['catalogue.synced', 'catalogue.synced']);
    // The next check is armed; stopping the catalogue cancels it.
    expect(waiting.map((each) => each.ms)).toEqual([CATALOGUE_CHECK_MS]);
    await packages.stop();
    expect(waiting).toEqual([]);
  });

  it('joins a sync already under way instead of starting another', async () => {
    const packages = catalogue(new CatalogueTable(db));
    const first = packages.sync();
    expect(packages.sync()).toBe(first);
    await first;
    expect(events.map((event) => event.type)).toEqual(['catalogue.synced']);
    expect(packages.view().syncing).toBe(false);
  });
});
