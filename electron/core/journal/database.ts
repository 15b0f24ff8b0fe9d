import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations';

export type Db = Database.Database;

export interface OpenJournalOptions {
  /** Path of the SQLite file; created with mode 0600 (owner only) when absent. */
  file: string;
  /** Path of a better-sqlite3 native binary to load instead of the default (the Electron build). */
  nativeBinding?: string;
}

/**
 * Opens the journal: WAL for concurrent readers, synchronous=FULL because every row here is money and
 * must survive a power cut once committed, foreign keys on, then the numbered migrations.
 */
export function openJournal(options: OpenJournalOptions): Db {
  mkdirSync(dirname(options.file), { recursive: true, mode: 0o700 });
  if (!existsSync(options.file)) closeSync(openSync(options.file, 'wx', 0o600));
  chmodSync(options.file, 0o600);
  const db = new Database(
    options.file,
    options.nativeBinding ? { nativeBinding: options.nativeBinding } : {},
  );
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/**
 * Runs pending migrations in one transaction, tracked by user_version. Refuses a database that is newer
 * than this code (a downgrade would silently misread money rows).
 */
export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = MIGRATIONS.length;
  if (current > latest) {
    throw new Error(
      `The journal was written by a newer version of the app (schema ${current}, this app knows ${latest}).`,
    );
  }
  if (current === latest) return;
  db.transaction(() => {
    for (const migration of MIGRATIONS.slice(current)) migration.up(db);
    db.pragma(`user_version = ${latest}`);
  })();
}
