import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildForTests } from './test-build';

/**
 * Once per test run, shared by the workers: a scratch directory for artefacts built once per run (the
 * synced catalogues), and the thread programs and web host built (test-build.ts).
 */
export default async function setup(): Promise<() => void> {
  const runDir = mkdtempSync(join(tmpdir(), 'esim-counter-run-'));
  process.env.ESIM_TEST_RUN_DIR = runDir;
  const built = await buildForTests();
  process.env.ESIM_TEST_BUILD_DIR = built;
  return () => {
    rmSync(runDir, { recursive: true, force: true });
    rmSync(built, { recursive: true, force: true });
  };
}
