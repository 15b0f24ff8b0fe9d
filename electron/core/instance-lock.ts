import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { type Db, openJournalUpdating } from './journal/database';
import type { UpdateWatch } from './journal/journal-update';
import type { ThreadRuntime } from './journal/program-thread';
import { openSqlite } from './journal/sqlite-addon';
import { JournalRefused, storageRefusal } from './journal/start-checks';
import { StartRefused } from './start-refused';

/**
 * One counter per data directory. Two counters on one journal would each believe they own every
 * unresolved sale and send it; so every host (the Electron app, the web host) takes these locks before
 * it uses the journal, and a second start is refused, naming the first process when it can.
 *
 * Two locks, both the operating system's own file locks through SQLite, released with the process that
 * holds them (a crash, a kill, a power cut), so the next start never has to guess whether an old process
 * id still means anything (ids are reused):
 * - The journal itself. Every connection to a journal in WAL mode holds a shared lock on the file while
 *   it is open. The counter's own connection first takes the file's exclusive lock, which no other
 *   process can have while one of its connections is open, and steps down to the shared lock at once
 *   (`holdJournal`). Deleting files beside the journal cannot take this lock away.
 * - `counter.lock` (locking_mode=EXCLUSIVE, held by its connection): taken before the journal is even
 *   looked at, so two starts at the same moment wait on each other rather than both opening it.
 * Beside them, `counter.running` names the process holding them; it is removed at a clean close, so
 * finding it at start means the last counter on this directory did not close cleanly.
 */

const LOCK_FILE = 'counter.lock';
const RUNNING_FILE = 'counter.running';

export interface CounterHolder {
  readonly pid: number;
  readonly since: string;
}

export class CounterAlreadyOpen extends StartRefused {
  constructor(
    readonly dataDir: string,
    readonly holder: CounterHolder | null,
  ) {
    const who = holder ? `pid ${holder.pid}, since ${holder.since}` : 'pid unknown';
    super(
      `The counter is already open (${who}) on ${dataDir}: another process has its journal open. Use the window that is open, or close it (or the program reading the journal) before starting another.`,
    );
  }
}

export interface InstanceLock {
  /** Whether the last counter on this directory stopped without closing (a crash, a kill, a power cut). */
  readonly previousRunUnclean: boolean;
  /**
   * Takes the journal for this process on its freshly opened connection (see `holdJournal`), then writes
   * down this process as the running counter. Throws CounterAlreadyOpen when another process has it.
   */
  hold(journal: Db): void;
  /** Marks a clean close: call before the journal is closed, so a crash while closing still counts as one. */
  closing(): void;
  /** Lets the next counter in. */
  release(): void;
}

/** The process that holds the lock on `dataDir`, as it wrote itself down; null if none did. */
export function counterHolder(dataDir: string): CounterHolder | null {
  try {
    const holder = JSON.parse(readFileSync(join(dataDir, RUNNING_FILE), 'utf8')) as Partial<CounterHolder>;
    return typeof holder.pid === 'number' && typeof holder.since === 'string'
      ? { pid: holder.pid, since: holder.since }
      : null;
  } catch {
    return null;
  }
}

function isBusy(error: unknown): boolean {
  return (error as { code?: string }).code?.startsWith('SQLITE_BUSY') ?? false;
}

/**
 * Takes the data directory for this process, or throws CounterAlreadyOpen; a directory that cannot be
 * written (read-only, full) is refused naming `journalFile` and its backups. The journal is taken by
 * `hold`, on the connection that opens it.
 */
export function lockDataDir(
  dataDir: string,
  journalFile: string,
  options: { readonly nativeBinding?: string; readonly now?: () => Date } = {},
): InstanceLock {
  let lock: Database.Database | null = null;
  const running = join(dataDir, RUNNING_FILE);
  let previousRunUnclean: boolean;
  try {
    lock = new Database(
      join(dataDir, LOCK_FILE),
      options.nativeBinding ? { nativeBinding: options.nativeBinding } : {},
    );
    lock.pragma('busy_timeout = 0');
    lock.pragma('locking_mode = EXCLUSIVE');
    // The first write takes the exclusive lock; locking_mode=EXCLUSIVE keeps it until the connection closes.
    lock.exec(
      'BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS taken (at TEXT); DELETE FROM taken; INSERT INTO taken VALUES (CURRENT_TIMESTAMP); COMMIT',
    );
    previousRunUnclean = existsSync(running);
  } catch (error) {
    lock?.close();
    if (isBusy(error)) throw new CounterAlreadyOpen(dataDir, counterHolder(dataDir));
    throw storageRefusal(journalFile, error, true) ?? error;
  }
  const held = lock;
  return {
    previousRunUnclean,
    hold: (journal) => {
      holdJournal(journal, dataDir);
      const since = (options.now ?? (() => new Date()))().toISOString();
      writeFileSync(running, JSON.stringify({ pid: process.pid, since }), { mode: 0o600 });
    },
    closing: () => rmSync(running, { force: true }),
    release: () => held.close(),
  };
}

/**
 * Takes the journal for this process on `journal`, a connection in WAL mode that has read the file (so
 * holds its shared lock) and nothing else of this process has open yet: it asks for the file's exclusive
 * lock, which the operating system refuses while any other process has a connection to it, and steps
 * back down to the shared lock at once without letting go (SQLite changes the lock's kind in one call).
 * From then on every other process's attempt fails the same way, while the connections of this one (the
 * backup, checkpoint and integrity threads) share the file as WAL readers always do.
 */
export function holdJournal(journal: Db, dataDir: string): void {
  const wait = journal.pragma('busy_timeout', { simple: true }) as number;
  journal.pragma('busy_timeout = 0');
  try {
    journal.pragma('locking_mode = EXCLUSIVE');
    journal.exec('BEGIN IMMEDIATE');
    journal.pragma('locking_mode = NORMAL');
    // The commit of a transaction in normal mode steps the exclusive lock down to the shared one.
    journal.exec('COMMIT');
  } catch (error) {
    journal.pragma('locking_mode = NORMAL');
    if (isBusy(error)) throw new CounterAlreadyOpen(dataDir, counterHolder(dataDir));
    throw error;
  } finally {
    journal.pragma(`busy_timeout = ${wait}`);
  }
}

/**
 * The data directory for a tool that replaces the journal's files without opening it as the counter
 * does (the restore command): `lockDataDir`, then a refusal while any other process has the journal open
 * (see `refuseIfJournalOpen`).
 */
export function lockDataDirToReplace(dataDir: string, journalFile: string): InstanceLock {
  const instance = lockDataDir(dataDir, journalFile);
  try {
    refuseIfJournalOpen(journalFile, dataDir);
  } catch (error) {
    instance.release();
    throw error;
  }
  return instance;
}

/**
 * Throws CounterAlreadyOpen while another process has the journal open. It asks SQLite for the file's
 * exclusive lock before the journal's write-ahead log is opened, so a journal with no log is left
 * exactly as it was; one with a log has it taken into the file, as SQLite's own close does.
 */
function refuseIfJournalOpen(journalFile: string, dataDir: string): void {
  if (!existsSync(journalFile)) return;
  let probe: Database.Database | null = null;
  try {
    probe = openSqlite(journalFile, { fileMustExist: true });
    probe.pragma('busy_timeout = 0');
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.prepare('SELECT count(*) FROM sqlite_master').get();
  } catch (error) {
    // Only a lock held elsewhere is an answer here; a damaged or empty file is the tool's to judge.
    if (isBusy(error)) throw new CounterAlreadyOpen(dataDir, counterHolder(dataDir));
  } finally {
    probe?.close();
  }
}

/**
 * Takes the data directory for this process, then opens its journal and holds it (with the full
 * integrity check first when the last counter did not close cleanly), updating it on a thread of its
 * own when this code is newer (`watch` hears how far). The lock is let go if the journal is refused.
 */
export async function openCounterJournal(
  dataDir: string,
  journalFile: string,
  options: {
    readonly nativeBinding?: string;
    readonly now: () => Date;
    readonly runtime: ThreadRuntime;
    readonly watch: UpdateWatch;
  },
): Promise<{ readonly db: Db; readonly instance: InstanceLock }> {
  const instance = lockDataDir(dataDir, journalFile, options);
  try {
    const db = await openJournalUpdating({
      ...options,
      file: journalFile,
      previousRunUnclean: instance.previousRunUnclean,
      hold: instance.hold,
    });
    return { db, instance };
  } catch (error) {
    // A journal refused unopened keeps telling the next start what it found (a lost log, an empty
    // file). One that was opened had its log taken in by SQLite: the crash no longer applies.
    if (error instanceof JournalRefused && !error.beforeOpen) instance.closing();
    instance.release();
    throw error;
  }
}
