import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openJournal } from '../../electron/core/journal/database';
import { SettingsTable } from '../../electron/core/journal/settings-table';

describe("the shop's settings, read on every sale", () => {
  let dir: string;
  let db: Db;
  let settings: SettingsTable;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'esim-settings-'));
    db = openJournal({ file: join(dir, 'journal.sqlite') });
    settings = new SettingsTable(db);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('are validated once per stored text and shared, frozen, until the row changes', () => {
    settings.updateSettings({ shopName: 'Corner Shop' });
    const first = settings.getSettings();
    expect(settings.getSettings()).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.pinnedPackageCodes)).toBe(true);
    expect(() => {
      (first.pinnedPackageCodes as string[]).push('PKG-1');
    }).toThrow(TypeError);
    settings.updateSettings({ shopName: 'Other Shop' });
    expect(settings.getSettings().shopName).toBe('Other Shop');
  });

  it('follow a row changed behind the table, and fall back to the defaults when it is gone or malformed', () => {
    settings.updateSettings({ shopName: 'Corner Shop' });
    expect(settings.getSettings().shopName).toBe('Corner Shop');
    db.prepare("UPDATE settings SET value_json = ? WHERE key = 'shop.settings'").run(
      JSON.stringify({ shopName: 'Changed Elsewhere' }),
    );
    expect(settings.getSettings().shopName).toBe('Changed Elsewhere');
    db.prepare("UPDATE settings SET value_json = ? WHERE key = 'shop.settings'").run(
      JSON.stringify({ paperWidthMm: 'wide' }),
    );
    expect(settings.getSettings().shopName).toBe('');
    db.prepare("DELETE FROM settings WHERE key = 'shop.settings'").run();
    expect(settings.getSettings().language).toBe('en');
  });
});
