import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from '../../electron/simulator/index';
import { type HostProcess, signedIn, startHost } from '../../scripts/torture/host-process';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Sale } from '../../shared/domain/sale';
import { copySyncedJournal } from '../support/catalogue-template';
import { cheapest, SEED } from './money-support';

/**
 * One counter per data directory: two web hosts started on one data directory, each in a child
 * process of its own. The second is refused with a message naming the first; a lock left by a
 * counter that crashed (SIGKILL) is taken over by the next start; deleting every file beside the
 * journal does not let a second counter in, because the lock is held on the journal itself.
 */

let sim: RunningSimulator;
let dataDir: string;
const hosts: HostProcess[] = [];

beforeEach(async () => {
  sim = await startSimulator({ port: 0, seed: SEED, balance: 500 });
  dataDir = mkdtempSync(join(tmpdir(), 'single-instance-'));
  await copySyncedJournal(dataDir, { seed: SEED, currency: 'USD' });
});

afterEach(async () => {
  for (const host of hosts.splice(0)) await host.kill();
  await sim.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<HostProcess> {
  const host = await startHost({
    dataDir,
    apiBaseUrl: sim.baseUrl,
    accessCode: sim.defaultAccount.accessCode,
    secretKey: sim.defaultAccount.secretKey,
  });
  hosts.push(host);
  return signedIn(host);
}

describe('a second counter on the same data directory', () => {
  it('is refused, saying the counter is already open and by which process, and exits non-zero', async () => {
    const first = await start();
    const second = start();
    await expect(second).rejects.toThrow(/exited \((?!0\))\d+\)/);
    await expect(second).rejects.toThrow(new RegExp(`counter is already open \\(pid ${first.pid}\\b`));
    // The first counter is untouched and still answers.
    expect((await first.call('getStatus')).ok).toBe(true);
  });

  it('is refused when every file beside the journal was deleted, its log and its index too', async () => {
    const first = await start();
    const listed = await first.call<{ packages: CataloguePackage[] }>('listPackages');
    const sell = () =>
      first.call<Sale>('sell', { packageCode: cheapest(listed.value!.packages).code, quantity: 1 });
    const before = await sell();
    expect(before.value?.state).toBe('completed');

    // The lock file, the running marker, the log and the backups: everything but the journal's three files.
    const keep = ['journal.sqlite', 'journal.sqlite-wal', 'journal.sqlite-shm'];
    // The first counter's backup thread may be writing a new chain's files meanwhile: a directory it
    // adds to while it is removed is removed again (rmSync's retries).
    const deleteAllBut = (names: readonly string[]): void => {
      for (const name of readdirSync(dataDir)) {
        if (!names.includes(name))
          rmSync(join(dataDir, name), { recursive: true, force: true, maxRetries: 20 });
      }
    };
    deleteAllBut(keep);
    const second = start();
    await expect(second).rejects.toThrow(/exited \(1\)/);
    await expect(second).rejects.toThrow(
      /counter is already open \(pid unknown\).*another process has its journal open/,
    );

    // The log and its index too: the first counter keeps both open, and the journal file is still held.
    deleteAllBut(['journal.sqlite']);
    const third = start();
    await expect(third).rejects.toThrow(/exited \(1\)/);
    await expect(third).rejects.toThrow(/counter is already open/);

    // The first counter is untouched: it answers and sells on its own copies of the files.
    expect((await first.call('getStatus')).ok).toBe(true);
    expect((await sell()).value?.state).toBe('completed');
  }, 120_000);

  it('starts when the counter that held the lock crashed', async () => {
    const first = await start();
    await first.kill();
    hosts.splice(hosts.indexOf(first), 1);
    const next = await start();
    expect((await next.call('getStatus')).ok).toBe(true);
  });
});
