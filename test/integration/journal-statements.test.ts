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

  it('refuses to change the mode of a statement it shares, so no module changes the rows another reads', () => {
    open();
    const sql = 'SELECT key, value_json FROM settings WHERE key = ?';
    db.prepare('INSERT INTO settings (key, value_json) VALUES (?, ?)').run('shop.name', '"Corner"');
    const shared = db.prepare(sql);
    const changes: [string, () => unknown][] = [
      ['pluck', () => db.prepare(sql).pluck()],
      ['raw', () => db.prepare(sql).raw()],
      ['expand', () => db.prepare(sql).expand()],
      ['safeIntegers', () => db.prepare(sql).safeIntegers()],
      ['bind', () => db.prepare(sql).bind('shop.name')],
    ];
    for (const [method, change] of changes) {
      expect(change, method).toThrow(`.${method}() cannot change it (${sql})`);
    }
    expect(() => db.defaultSafeIntegers(true)).toThrow('its default for integers cannot change');
    // Every module still reads the row as an object, with its parameters its own.
    expect(db.prepare(sql)).toBe(shared);
    expect(shared.get('shop.name')).toEqual({ key: 'shop.name', value_json: '"Corner"' });
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
