import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { storageRefusal } from './journal/start-checks';
import { StartRefused } from './start-refused';

/**
 * One counter per data directory. Two counters on one journal would each believe they own every
 * unresolved sale and send it; so every host (the Electron app, the web host) takes this lock before
 * it opens the journal, and a second start is refused with the first one's process id.
 *
 * The lock is an exclusive SQLite lock on `counter.lock` (locking_mode=EXCLUSIVE, held by the open
 * connection), so it is the operating system's own file lock: a counter that crashes or loses power
 * releases it with its process, and the next start takes it over without guessing whether an old
 * process id still means anything (ids are reused). Beside it, `counter.running` names the process
 * holding it; it is removed at a clean close, so finding it at start means the last counter on this
 * directory did not close cleanly.
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
      `The counter is already open (${who}) on ${dataDir}. Use the window that is open, or close it before starting another.`,
    );
  }
}

export interface InstanceLock {
  /** Whether the last counter on this directory stopped without closing (a crash, a kill, a power cut). */
  readonly previousRunUnclean: boolean;
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

/**
 * Takes the data directory for this process, or throws CounterAlreadyOpen; a directory that cannot be
 * written (read-only, full) is refused naming `journalFile` and its backups.
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
    const since = (options.now ?? (() => new Date()))().toISOString();
    writeFileSync(running, JSON.stringify({ pid: process.pid, since }), { mode: 0o600 });
  } catch (error) {
    lock?.close();
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY'))
      throw new CounterAlreadyOpen(dataDir, counterHolder(dataDir));
    throw storageRefusal(journalFile, error, true) ?? error;
  }
  const held = lock;
  return {
    previousRunUnclean,
    closing: () => rmSync(running, { force: true }),
    release: () => held.close(),
  };
}
