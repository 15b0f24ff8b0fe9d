import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { type Db, openJournal } from '../../electron/core/journal/database';

export interface TempJournal {
  /** The journal file of the running test (not created until opened). */
  readonly file: string;
  readonly dir: string;
  /** Opens (and migrates) the test's journal; closed after the test. */
  open(): Db;
}

/** A journal in a fresh temporary directory for each test of the file, removed after each test. */
export function tempJournalPerTest(prefix: string): TempJournal {
  let dir = '';
  const opened: Db[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  });
  afterEach(() => {
    for (const db of opened.splice(0)) if (db.open) db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get dir() {
      return dir;
    },
    get file() {
      return join(dir, 'journal.sqlite');
    },
    open() {
      const db = openJournal({ file: join(dir, 'journal.sqlite') });
      opened.push(db);
      return db;
    },
  };
}
