import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildForTests } from '../../support/test-build';
import { ensureBuilt } from './web-host';

/**
 * Once per run, before any worker starts: a current build of the app, the web host built with its
 * thread programs (test-build.ts), and one scratch folder for what is made once per run (the synced
 * catalogue), unless the test runner already gives one. The workers inherit them through the
 * environment.
 */
export default async function setup(): Promise<() => void> {
  ensureBuilt();
  const built = await buildForTests();
  process.env.ESIM_TEST_BUILD_DIR = built;
  const runDir = process.env.ESIM_TEST_RUN_DIR ? null : mkdtempSync(join(tmpdir(), 'esim-counter-e2e-'));
  if (runDir) process.env.ESIM_TEST_RUN_DIR = runDir;
  return () => {
    rmSync(built, { recursive: true, force: true });
    if (runDir) rmSync(runDir, { recursive: true, force: true });
  };
}
