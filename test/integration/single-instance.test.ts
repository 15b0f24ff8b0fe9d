import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from '../../electron/simulator/index';
import { type HostProcess, startHost } from '../../scripts/torture/host-process';
import { copySyncedJournal } from '../support/catalogue-template';
import { SEED } from './money-support';

/**
 * One counter per data directory: two web hosts started on one data directory, each in a child
 * process of its own. The second is refused with a message naming the first; a lock left by a
 * counter that crashed (SIGKILL) is taken over by the next start.
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
  return host;
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

  it('starts when the counter that held the lock crashed', async () => {
    const first = await start();
    await first.kill();
    hosts.splice(hosts.indexOf(first), 1);
    const next = await start();
    expect((await next.call('getStatus')).ok).toBe(true);
  });
});
