import { chmodSync, closeSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { backupBeforeMigration } from './backup';
import { IssuedNumbers, keepIssuedNumbers } from './issued-numbers';
import { latestVersion, MIGRATIONS } from './migrations';
import { checkBeforeOpen, checkOpened, newerJournal, storageRefusal } from './start-checks';
import { cacheStatements } from './statement-cache';

export type Db = Database.Database;

export interface OpenJournalOptions {
  /** Path of the SQLite file; created with mode 0600 (owner only) for a new shop. */
  file: string;
  /** Path of a better-sqlite3 native binary to load instead of the default (the Electron build). */
  nativeBinding?: string;
  /** The clock that names backup copies (tests inject one). */
  now?: () => Date;
  /**
   * The last counter on this data did not close cleanly: the journal's write-ahead log must be there,
   * and its full integrity check runs before it is used (otherwise the caller runs it in the
   * background, see integrity-watch.ts).
   */
  previousRunUnclean?: boolean;
  /**
   * Takes the journal for this process on the connection just opened, before anything is read or
   * written through it (the counter's instance lock, see instance-lock.ts); throws when another
   * process has it.
   */
  hold?: (db: Db) => void;
}

/**
 * Opens the journal: WAL for concurrent readers, synchronous=FULL because every row here is money and
 * must survive a power cut once committed, foreign keys on, then the numbered migrations (after a
 * backup copy when there are any to run on an existing journal). An existing journal must pass the
 * start-up checks first (start-checks.ts); one that does not, or a storage fault on the way, is a
 * JournalRefused naming the file and its backups.
 */
export function openJournal(options: OpenJournalOptions): Db {
  const { file } = options;
  let state: 'new' | 'existing';
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    state = checkBeforeOpen(file, options.previousRunUnclean ?? false);
    if (state === 'new') createJournal(options);
  } catch (error) {
    throw storageRefusal(file, error, true) ?? error;
  }
  let db: Db | null = null;
  try {
    chmodSync(file, 0o600);
    db = connect(options);
    options.hold?.(db);
    if (state === 'existing') checkOpened(db, file, options.previousRunUnclean ?? false);
    const version = db.pragma('user_version', { simple: true }) as number;
    // A journal with records is copied before its schema changes, so a failed or faulty migration
    // never costs a shop its history.
    if (version > 0 && version < latestVersion()) {
      backupBeforeMigration(db, file, version, latestVersion(), (options.now ?? (() => new Date()))());
    }
    migrate(db);
    keepIssuedNumbers(db, IssuedNumbers.open(file, db));
    return db;
  } catch (error) {
    db?.close();
    throw storageRefusal(file, error, false) ?? error;
  }
}

function connect(options: OpenJournalOptions): Db {
  const db = new Database(
    options.file,
    options.nativeBinding ? { nativeBinding: options.nativeBinding } : {},
  );
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  cacheStatements(db);
  return db;
}

/**
 * A new shop's journal is built beside its final name and renamed into place once its schema is
 * complete, so a journal file that exists is never legitimately empty: a crash during the first start
 * leaves only the `.new` file, which the next start builds again.
 */
function createJournal(options: OpenJournalOptions): void {
  const building = `${options.file}.new`;
  for (const leftover of [building, `${building}-wal`, `${building}-shm`]) rmSync(leftover, { force: true });
  closeSync(openSync(building, 'wx', 0o600));
  const db = connect({ ...options, file: building });
  try {
    migrate(db);
  } finally {
    db.close();
  }
  renameSync(building, options.file);
}

/**
 * Runs the migrations after the journal's schema version, in one transaction, tracked by user_version.
 * Refuses a journal newer than this code: a downgrade would silently misread money rows.
 */
export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = latestVersion();
  if (current > latest) throw newerJournal(db.name, current, latest);
  if (current === latest) return;
  db.transaction(() => {
    for (const migration of MIGRATIONS.filter((m) => m.version > current)) migration.up(db);
    db.pragma(`user_version = ${latest}`);
  }).immediate();
}
