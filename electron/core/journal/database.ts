import { chmodSync, closeSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { backupBeforeMigration } from './backup';
import { IssuedNumbers, keepIssuedNumbers } from './issued-numbers';
import { type UpdateWatch, updateOnThread } from './journal-update';
import { latestVersion, MIGRATIONS, type Migration } from './migrations';
import type { ThreadRuntime } from './program-thread';
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
  const { db, from } = openChecked(options);
  try {
    // A journal with records is copied before its schema changes, so a failed or faulty migration
    // never costs a shop its history.
    if (from > 0 && from < latestVersion()) {
      backupBeforeMigration(db, options.file, from, latestVersion(), (options.now ?? (() => new Date()))());
    }
    migrate(db);
    return finishOpening(db, options.file);
  } catch (error) {
    db.close();
    throw storageRefusal(options.file, error, false) ?? error;
  }
}

/**
 * `openJournal` for the counter's start: an update's copy and migrations run on a thread of their own
 * (journal-update.ts), so the host keeps answering while they take their time and `watch` hears how
 * far they are. Everything else is as `openJournal` does it, in the same order.
 */
export async function openJournalUpdating(
  options: OpenJournalOptions & { readonly runtime: ThreadRuntime; readonly watch: UpdateWatch },
): Promise<Db> {
  const { db, from } = openChecked(options);
  try {
    if (from < latestVersion()) {
      const at = (options.now ?? (() => new Date()))();
      await updateOnThread({ file: options.file, from, at }, options.runtime, options.watch);
    }
    return finishOpening(db, options.file);
  } catch (error) {
    db.close();
    throw storageRefusal(options.file, error, false) ?? error;
  }
}

/**
 * The journal opened, held and checked (start-checks.ts), with the schema version it was found at; a
 * new shop's is built at the latest. Refused as `openJournal` says.
 */
function openChecked(options: OpenJournalOptions): { readonly db: Db; readonly from: number } {
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
    const from = db.pragma('user_version', { simple: true }) as number;
    if (from > latestVersion()) throw newerJournal(file, from, latestVersion());
    return { db, from };
  } catch (error) {
    db?.close();
    throw storageRefusal(file, error, false) ?? error;
  }
}

function finishOpening(db: Db, file: string): Db {
  keepIssuedNumbers(db, IssuedNumbers.open(file, db));
  return db;
}

/** A connection to the journal as every writer of it opens one. */
export function connect(options: Pick<OpenJournalOptions, 'file' | 'nativeBinding'>): Db {
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
 * Runs the migrations after the journal's schema version, in one transaction, tracked by user_version;
 * `watch` hears each step begin and how far it is. Refuses a journal newer than this code: a downgrade
 * would silently misread money rows.
 */
export function migrate(db: Db, watch?: MigrationWatch): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = latestVersion();
  if (current > latest) throw newerJournal(db.name, current, latest);
  if (current === latest) return;
  db.transaction(() => {
    for (const migration of MIGRATIONS.filter((m) => m.version > current)) {
      watch?.began(migration);
      migration.up(db, (done) => watch?.rowsGone(migration, done));
    }
    db.pragma(`user_version = ${latest}`);
    watch?.committing();
  }).immediate();
}

/** What `migrate` tells while it runs. */
export interface MigrationWatch {
  began(migration: Migration): void;
  rowsGone(migration: Migration, done: number): void;
  /** Every step has run: the transaction that holds them is being committed. */
  committing(): void;
}
