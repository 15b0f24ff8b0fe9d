import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createCore } from '../../electron/core/core';
import { createLogger, Redactor } from '../../electron/core/log';
import { answerStyleFromEnvironment, startSimulator } from '../../electron/simulator/index';
import { testThreadPrograms } from './test-build';

/**
 * A journal whose catalogue cache is already synced from a simulator with the given seed and
 * currency. Syncing pages at the API's bulk pace (one request per second) takes about 20 seconds;
 * tests that sell need a catalogue, not to watch it sync again, so it is synced once per test run
 * (through the real core and client) and copied into each test's data directory. The simulators
 * of a run answer in the style ESIM_TEST_ANSWER_STYLE names, so the template is synced in that style.
 */
export async function copySyncedJournal(
  into: string,
  simulator: { seed: number; currency: string },
): Promise<void> {
  const runDir = process.env.ESIM_TEST_RUN_DIR ?? join(tmpdir(), 'esim-counter-run-local');
  mkdirSync(runDir, { recursive: true });
  const style = answerStyleFromEnvironment() ?? 'tidy';
  const template = join(runDir, `catalogue-${simulator.seed}-${simulator.currency}-${style}.sqlite`);
  if (!existsSync(template)) await buildUnderLock(template, simulator);
  mkdirSync(into, { recursive: true });
  copyFileSync(template, join(into, 'journal.sqlite'));
}

async function buildUnderLock(
  template: string,
  simulator: { seed: number; currency: string },
): Promise<void> {
  const lock = `${template}.lock`;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another worker is building it; a lock older than two minutes belongs to a worker that died.
      if (existsSync(template)) return;
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 120_000)
        rmSync(lock, { recursive: true, force: true });
      await sleep(250);
    }
  }
  try {
    if (existsSync(template)) return;
    const dir = mkdtempSync(join(tmpdir(), 'catalogue-template-'));
    const sim = await startSimulator({
      port: 0,
      seed: simulator.seed,
      currency: simulator.currency as 'USD',
    });
    const redactor = new Redactor();
    const core = await createCore({
      dataDir: dir,
      trainingEndpoint: async () => ({
        baseUrl: sim.baseUrl,
        accessCode: sim.defaultAccount.accessCode,
        secretKey: sim.defaultAccount.secretKey,
      }),
      log: createLogger(() => {}, redactor),
      redactor,
      keychainService: `esim-counter-template-${process.pid}`,
      ...testThreadPrograms(),
    });
    const synced = await core.call('syncCatalogue', {});
    if (!synced.ok || (synced.value as { count: number }).count === 0)
      throw new Error('the simulator catalogue is empty');
    await core.close();
    await sim.close();
    renameSync(join(dir, 'journal.sqlite'), template);
    rmSync(dir, { recursive: true, force: true });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
