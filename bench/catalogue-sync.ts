import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { syncCatalogue } from '../electron/core/api/catalogue-sync';
import { createResellerClient } from '../electron/core/api/client';
import { CatalogueTable } from '../electron/core/journal/catalogue-table';
import { openJournal } from '../electron/core/journal/database';
import { recordGoal } from './goals';
import type { BenchOptions } from './options';
import { bareSignedRequest, REAL_RATE_LIMIT, type SimulatorReady, startSimulatorProcess } from './processes';

/**
 * A new counter's first catalogue sync (the client with the API's typical windows, into a real
 * journal, as the core runs it when its catalogue is empty) beside its floor: the same pages fetched
 * one after another by bare signed requests, which the key's windows allow at once (100 a minute
 * against about 21 pages). At 0 and 150 ms of simulator latency, with the simulator's real limits;
 * each in a fresh simulator, so both start with a full minute's window.
 */

const PAGE = 100;

async function floorOf(sim: SimulatorReady): Promise<{ readonly ms: number; readonly pages: number }> {
  const start = performance.now();
  let pages = 0;
  for (let page = 1; ; page++) {
    const answer = (await bareSignedRequest(sim, 'GET', `/esims/packages?page=${page}&limit=${PAGE}`)) as {
      data: { pagination: { total_pages: number } };
    };
    pages = answer.data.pagination.total_pages;
    if (page >= pages) break;
  }
  return { ms: performance.now() - start, pages };
}

async function firstSyncOf(sim: SimulatorReady): Promise<{ readonly ms: number; readonly count: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'esim-bench-sync-'));
  const db = openJournal({ file: join(dir, 'journal.sqlite') });
  try {
    const client = createResellerClient({
      baseUrl: sim.baseUrl,
      credentials: () => ({ accessCode: sim.accessCode, secretKey: sim.secretKey }),
    });
    const start = performance.now();
    const result = await syncCatalogue(client, new CatalogueTable(db), {
      now: () => new Date(),
      lane: 'interactive',
    });
    return { ms: performance.now() - start, count: result.count };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(options: BenchOptions): Promise<void> {
  console.log("\n## A new counter's first catalogue sync against the floor the key's windows allow");
  console.log('');
  console.log('| latency | packages | pages | floor (bare pages, one after another) | first sync | ratio |');
  console.log('|---|---|---|---|---|---|');
  const latencies = options.quick ? [150] : [0, 150];
  for (const latencyMs of latencies) {
    const sim = await startSimulatorProcess({ latencyMs, rateLimit: REAL_RATE_LIMIT });
    try {
      const floor = await floorOf(sim.ready);
      const sync = await firstSyncOf(sim.ready);
      const ratio = sync.ms / floor.ms;
      console.log(
        `| ${latencyMs} ms | ${sync.count} | ${floor.pages} | ${floor.ms.toFixed(0)} ms | ${sync.ms.toFixed(0)} ms | ${ratio.toFixed(2)}× |`,
      );
      if (latencyMs === 150) {
        recordGoal({
          name: 'first-catalogue-sync',
          measured: ratio,
          target: 1.5,
          basis: `first sync / bare pages one after another, 150 ms latency, real limits (${REAL_RATE_LIMIT})`,
        });
      }
    } finally {
      await sim.stop();
    }
  }
  console.log('later syncs (the counter has a catalogue) stay in the background lane at one page a second.');
}
