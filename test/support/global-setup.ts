import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One scratch directory per test run, shared by the workers (for artefacts built once per run). */
export default function setup(): () => void {
  const runDir = mkdtempSync(join(tmpdir(), 'esim-counter-run-'));
  process.env.ESIM_TEST_RUN_DIR = runDir;
  return () => rmSync(runDir, { recursive: true, force: true });
}
