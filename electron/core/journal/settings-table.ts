import type { z } from 'zod';
import { type Settings, SettingsSchema } from '../../../shared/domain/settings';
import { DEFAULT_LOCK_AFTER_MINUTES } from '../../../shared/idle-lock';
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
  lockAfterMinutes: DEFAULT_LOCK_AFTER_MINUTES,
  setupDone: [],
};

/**
 * Key/value rows of JSON. The shop's Settings live under one key and are validated on read, so a
 * row written by an older version never reaches the renderer malformed. Never a place for secrets:
 * the API secret key lives in the OS keychain only.
 */
export class SettingsTable {
  private readonly readBefore = new Map<string, ValidatedRow>();

  constructor(private readonly db: Db) {}

  get<T>(key: string): T | null {
    const text = this.storedText(key);
    return text === null ? null : (JSON.parse(text) as T);
  }

  /**
   * The row under `key` as `read` validates it (given the stored value, null when there is none),
   * validated again only when its stored text changed: a sale reads the shop's settings (the balance
   * threshold, the end-of-day rules), and validating them every time cost more than the sale's own
   * journal write. The value is frozen, as it is shared by every reader until the row changes.
   */
  validated<T>(key: string, read: (stored: unknown) => T): T {
    const text = this.storedText(key);
    const before = this.readBefore.get(key);
    if (before && before.text === text && before.read === read) return before.value as T;
    const value = deepFreeze(read(text === null ? null : JSON.parse(text)));
    this.readBefore.set(key, { text, read, value });
    return value;
  }

  private storedText(key: string): string | null {
    const row = this.db.prepare('SELECT value_json FROM settings WHERE key = ?').get(key) as
      | { value_json: string }
      | undefined;
    return row?.value_json ?? null;
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

  /** Appends to the record log (the chain): who changed what is part of a shop's records. Never pass a secret here. */
  audit(at: string, kind: string, subject: string | null, detail: unknown): void {
    writeTransaction(this.db, () => writeAudit(this.db, at, kind, subject, detail));
  }

  /** Runs `change` (writes to these settings) and writes its record, in one transaction. */
  changeAudited<T>(at: string, kind: string, detail: unknown, change: () => T): T {
    return writeTransaction(this.db, () => {
      const result = change();
      writeAudit(this.db, at, kind, null, detail);
      return result;
    });
  }

  getSettings(): Settings {
    return this.validated('shop.settings', readSettings);
  }

  updateSettings(patch: Partial<Settings>): Settings {
    const next = SettingsSchema.parse({ ...this.getSettings(), ...patch });
    this.set('shop.settings', next);
    return next;
  }
}

/**
 * A reader for `validated`: the stored row over `defaults`, key by key, as `schema` validates it; the
 * defaults when it does not validate. Made once per key, so `validated` knows it again.
 */
export function overDefaults<T extends object>(schema: z.ZodType<T>, defaults: T): (stored: unknown) => T {
  return (stored) => {
    const parsed = schema.safeParse({ ...defaults, ...(stored as Partial<T> | null) });
    return parsed.success ? parsed.data : defaults;
  };
}

const readSettings = overDefaults(SettingsSchema, DEFAULT_SETTINGS);

interface ValidatedRow {
  readonly text: string | null;
  readonly read: (stored: unknown) => unknown;
  readonly value: unknown;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
