import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { DailyBackups } from '../../electron/core/journal/backup';
import { openJournal } from '../../electron/core/journal/database';
import { checkInBackground } from '../../electron/core/journal/integrity-watch';
import { BACKSTOP_PAGES, checkpointInBackground } from '../../electron/core/journal/wal-checkpoints';
import { ensureBuilt } from './support/web-host';

/**
 * The desktop app runs its journal threads from the programs its build puts beside the main bundle
 * (electron.vite.config.ts), not from the source tree the other tests load them from: those built
 * programs, run here under Node, take a backup point, check the journal and take over its checkpoints.
 */
const programsDir = resolve(import.meta.dirname, '../../out/main');

test('the built backup, integrity and checkpoint programs run on their threads', async () => {
  ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'esim-built-threads-'));
  try {
    const file = join(dir, 'journal.sqlite');
    openJournal({ file }).close();
    const warnings: string[] = [];
    const log = {
      info: () => {},
      warn: (message: string, fields?: Record<string, unknown>) =>
        warnings.push(`${message} ${JSON.stringify(fields)}`),
    };
    const point = await new DailyBackups(file, log, () => new Date(), { programsDir }).runIfDue();
    expect(warnings).toEqual([]);
    expect(point).toMatch(/chain-.*\/base\.sqlite$/);
    expect(await checkInBackground(file, { programsDir }).outcome).toEqual({ state: 'ok' });
    const db = openJournal({ file });
    const checkpoints = checkpointInBackground(
      db,
      file,
      log,
      { programsDir },
      { startAfterMs: 0, everyMs: 50 },
    );
    try {
      await expect
        .poll(() => db.pragma('wal_autocheckpoint', { simple: true }), { timeout: 15_000 })
        .toBe(BACKSTOP_PAGES);
      expect(warnings).toEqual([]);
    } finally {
      await checkpoints.stop();
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
