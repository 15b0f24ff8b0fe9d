import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openJournal } from '../../electron/core/journal/database';
import { BACKSTOP_PAGES, checkpointInBackground } from '../../electron/core/journal/wal-checkpoints';

const PAGE = 4096;
let dir: string;
let db: Db | null = null;

afterEach(() => {
  db?.close();
  db = null;
  rmSync(dir, { recursive: true, force: true });
});

function journal(): { db: Db; file: string; warnings: string[]; log: { warn(m: string, f?: object): void } } {
  dir = mkdtempSync(join(tmpdir(), 'esim-checkpoints-'));
  const file = join(dir, 'journal.sqlite');
  db = openJournal({ file });
  const warnings: string[] = [];
  return { db, file, warnings, log: { warn: (m, f) => warnings.push(`${m} ${JSON.stringify(f)}`) } };
}

const autocheckpoint = (on: Db): number => on.pragma('wal_autocheckpoint', { simple: true }) as number;

/** Commits `pages` pages of new rows, a page a commit, as a day of sales would. */
function commitPages(on: Db, pages: number): void {
  on.exec('CREATE TABLE IF NOT EXISTS filler (bytes BLOB NOT NULL)');
  const insert = on.prepare('INSERT INTO filler (bytes) VALUES (randomblob(?))');
  for (let i = 0; i < pages; i++) insert.run(PAGE - 200);
}

describe("the write-ahead log's checkpoints on a thread of their own", () => {
  it("copy the counter's commits into the journal file while the counter's own commits never do", async () => {
    const { db, file, log, warnings } = journal();
    const checkpoints = checkpointInBackground(db, file, log, {}, { startAfterMs: 0, everyMs: 50 });
    try {
      await expect.poll(() => autocheckpoint(db), { timeout: 15_000 }).toBe(BACKSTOP_PAGES);
      const before = statSync(file).size;
      // Far below the backstop: the counter's connection alone would leave all of it in the log.
      const pages = 1_500;
      commitPages(db, pages);
      await expect
        .poll(() => statSync(file).size - before, { timeout: 15_000 })
        .toBeGreaterThan((pages * PAGE) / 2);
      expect(warnings).toEqual([]);
    } finally {
      await checkpoints.stop();
    }
    // Stopped, the connection checkpoints as SQLite does by default again.
    expect(autocheckpoint(db)).toBe(1_000);
  }, 30_000);

  it('leave the journal file alone without the thread: the same commits stay in the log below the backstop', () => {
    const { db, file } = journal();
    db.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    const before = statSync(file).size;
    commitPages(db, 1_500);
    expect(statSync(file).size).toBe(before);
  });

  it('stay in the commits, and the log says why, when the thread cannot run its program', async () => {
    const { db, file, log, warnings } = journal();
    const checkpoints = checkpointInBackground(
      db,
      file,
      log,
      { programsDir: join(dir, 'no-such-build') },
      { startAfterMs: 0, everyMs: 50 },
    );
    try {
      await expect.poll(() => warnings.length, { timeout: 15_000 }).toBeGreaterThan(0);
      expect(warnings[0]).toMatch(/^checkpoints are back in the commits: their thread stopped/);
      expect(autocheckpoint(db)).toBe(1_000);
    } finally {
      await checkpoints.stop();
    }
  });
});
