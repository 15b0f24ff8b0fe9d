import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from './web-host';

/**
 * Once per run, before any worker starts: a current build of the app, and one scratch folder for
 * what is made once per run (the synced catalogue), shared by the workers unless the test runner
 * already gives one. The workers inherit it through the environment.
 */
export default function setup(): () => void {
  ensureBuilt();
  if (process.env.ESIM_TEST_RUN_DIR) return () => {};
  const runDir = mkdtempSync(join(tmpdir(), 'esim-counter-e2e-'));
  process.env.ESIM_TEST_RUN_DIR = runDir;
  return () => rmSync(runDir, { recursive: true, force: true });
}
