import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { holdJournal } from '../../electron/core/instance-lock';
import { checkInBackground } from '../../electron/core/journal/integrity-watch';
import { eventually } from './money-support';

// A counter closed and started again in one process (the harness's restart does it) is refused as
// "already open" while a thread of the first still has a connection to the journal: SQLite counts a
// thread's connection as this process's. So each thread's stop resolves only once its connection is
// gone, and the core's close waits for every one (core.ts).

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A journal in write-ahead mode whose full check takes a few seconds: about 100 MB of rows and their index. */
function largeJournal(): string {
  dir = mkdtempSync(join(tmpdir(), 'threads-close-'));
  const file = join(dir, 'journal.sqlite');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE rows (id INTEGER PRIMARY KEY, body BLOB);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400000)
    INSERT INTO rows (body) SELECT randomblob(120) FROM n;
    CREATE INDEX rows_by_body ON rows (body)`);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return file;
}

/** Whether some connection of this process holds one of SQLite's file locks on `file` (Linux's /proc/locks). */
function lockedByThisProcess(file: string): boolean {
  const { ino } = statSync(file);
  return readFileSync('/proc/locks', 'utf8')
    .split('\n')
    .some((line) => {
      const fields = line.trim().split(/\s+/);
      return fields[4] === String(process.pid) && fields[5]?.split(':')[2] === String(ino);
    });
}

describe("a closing counter's threads", () => {
  it.runIf(process.platform === 'linux')(
    'the integrity check lets go of the journal before its stop resolves, mid-check',
    async () => {
      const file = largeJournal();
      const watch = checkInBackground(file);
      await eventually('the check to be reading the journal', async () =>
        lockedByThisProcess(file) ? true : null,
      );
      await watch.stop();
      expect(lockedByThisProcess(file)).toBe(false);
      // And a counter starting now takes the journal.
      const next = new Database(file);
      try {
        next.prepare('SELECT count(*) FROM sqlite_master').get();
        expect(() => holdJournal(next, dir)).not.toThrow();
      } finally {
        next.close();
      }
    },
    60_000,
  );
});
