import { type Settings, SettingsSchema } from '../../../shared/domain/settings';
import type { Db } from './database';
import { writeTransaction } from './journal-write';
import { writeAudit } from './state-rows';

export const DEFAULT_SETTINGS: Settings = {
  shopName: '',
  shopAddress: '',
  shopPhone: '',
  receiptFooter: '',
  language: 'en',
  paperWidthMm: 80,
  printerName: null,
  autoPrint: false,
  lowBalanceThreshold: null,
  apiBaseUrl: null,
  pinnedPackageCodes: [],
  setupDone: [],
};

/**
 * Key/value rows of JSON. The shop's Settings live under one key and are validated on read, so a
 * row written by an older version never reaches the renderer malformed. Never a place for secrets:
 * the API secret key lives in the OS keychain only.
 */
export class SettingsTable {
  constructor(private readonly db: Db) {}

  get<T>(key: string): T | null {
    const row = this.db.prepare('SELECT value_json FROM settings WHERE key = ?').get(key) as
      | { value_json: string }
      | undefined;
    return row ? (JSON.parse(row.value_json) as T) : null;
  }

  set(key: string, value: unknown): void {
    writeTransaction(this.db, () => {
      this.db
        .prepare(
          'INSERT INTO settings (key, value_json) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json',
        )
        .run(key, JSON.stringify(value));
    });
  }

  delete(key: string): void {
    writeTransaction(this.db, () => {
      this.db.prepare('DELETE FROM settings WHERE key = ?').run(key);
    });
  }

  /**
   * Runs `work` as one transaction that takes the write lock first (BEGIN IMMEDIATE), for a read
   * that decides a write: no other connection can change the row in between.
   */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }

  /** Appends to the audit log: who changed what is part of a shop's records. Never pass a secret here. */
  audit(at: string, kind: string, subject: string | null, detail: unknown): void {
    writeTransaction(this.db, () => writeAudit(this.db, at, kind, subject, detail));
  }

  /** Runs `change` (writes to these settings) and writes its audit row, in one transaction. */
  changeAudited<T>(at: string, kind: string, detail: unknown, change: () => T): T {
    return writeTransaction(this.db, () => {
      const result = change();
      writeAudit(this.db, at, kind, null, detail);
      return result;
    });
  }

  getSettings(): Settings {
    const stored = this.get<Partial<Settings>>('shop.settings') ?? {};
    const parsed = SettingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...stored });
    return parsed.success ? parsed.data : DEFAULT_SETTINGS;
  }

  updateSettings(patch: Partial<Settings>): Settings {
    const next = SettingsSchema.parse({ ...this.getSettings(), ...patch });
    this.set('shop.settings', next);
    return next;
  }
}
