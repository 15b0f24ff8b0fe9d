import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { DailyBackups } from '../../electron/core/journal/backup';
import { openJournal } from '../../electron/core/journal/database';
import { checkInBackground } from '../../electron/core/journal/integrity-watch';
import { ensureBuilt } from './support/web-host';

/**
 * The desktop app runs its journal threads from the programs its build puts beside the main bundle
 * (electron.vite.config.ts), not from the source tree the other tests load them from: those built
 * programs, run here under Node, take a backup point and check the journal.
 */
const programsDir = resolve(import.meta.dirname, '../../out/main');

test('the built backup and integrity programs run on their threads', async () => {
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
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
