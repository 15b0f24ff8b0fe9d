import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openJournal } from '../../electron/core/journal/database';
import { withoutOwnFsync } from '../../electron/core/journal/journal-write';

const FULL = 2;
const NORMAL = 1;

describe('the journal connection', () => {
  let dir: string;
  let db: Db;
  const open = (): Db => {
    dir = mkdtempSync(join(tmpdir(), 'esim-statements-'));
    db = openJournal({ file: join(dir, 'journal.sqlite') });
    return db;
  };
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('compiles each statement once and answers it again for the same SQL', () => {
    open();
    const sql = 'SELECT value_json FROM settings WHERE key = ?';
    const first = db.prepare(sql);
    expect(db.prepare(sql)).toBe(first);
    expect(db.prepare(`${sql} LIMIT 1`)).not.toBe(first);
    expect(first.get('absent')).toBeUndefined();
  });

  it('commits writes without their own fsync only inside withoutOwnFsync, and keeps FULL otherwise', () => {
    open();
    expect(db.pragma('synchronous', { simple: true })).toBe(FULL);
    const inside = withoutOwnFsync(db, () => db.pragma('synchronous', { simple: true }));
    expect(inside).toBe(NORMAL);
    expect(db.pragma('synchronous', { simple: true })).toBe(FULL);
    expect(() =>
      withoutOwnFsync(db, () => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(db.pragma('synchronous', { simple: true })).toBe(FULL);
  });
});
