import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import type { Db } from './database';

/**
 * Copies of the journal beside it, in `backups/`: one before every migration (taken synchronously,
 * before the schema changes) and one a day while the app runs (SQLite's online backup, which does not
 * stop the counter). Each copy is a complete journal, readable by its owner only; docs/journal.md says
 * how to restore one.
 */

const DAILY_PREFIX = 'journal-daily-';
const DAY_MS = 86_400_000;
/** How often the app checks whether a daily copy is due. */
const CHECK_EVERY_MS = 60 * 60_000;
/** Daily copies kept; older ones are removed. Copies taken before a migration are never removed. */
export const DAILY_BACKUPS_KEPT = 7;

export function backupDirOf(journalFile: string): string {
  return join(dirname(journalFile), 'backups');
}

/** One complete copy of the journal in `backups/`. */
export interface BackupCopy {
  readonly file: string;
  /** When it was taken (from its name), ISO 8601. */
  readonly takenAt: string;
  readonly bytes: number;
}

/** Every copy in `backups/` (daily ones and those taken before a migration), newest first. */
export function listBackups(journalFile: string): BackupCopy[] {
  const dir = backupDirOf(journalFile);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.startsWith('journal-') && name.endsWith('.sqlite'))
    .map((name) => {
      const file = join(dir, name);
      return { file, takenAt: new Date(takenAtOf(name)).toISOString(), bytes: statSync(file).size };
    })
    .sort((a, b) => b.takenAt.localeCompare(a.takenAt));
}

/** Where the last restore is written down, beside the journal: copies older than it describe another journal. */
const RESTORE_RECORD = 'journal-restored.json';

/** When a backup was last brought back over this journal, or null if never. */
export function lastRestoreAt(journalFile: string): string | null {
  try {
    const record = JSON.parse(readFileSync(join(dirname(journalFile), RESTORE_RECORD), 'utf8')) as {
      at?: unknown;
    };
    return typeof record.at === 'string' ? record.at : null;
  } catch {
    return null;
  }
}

/** The files that make up a journal on disk, and those that belong to it alone. */
function journalFiles(journalFile: string): string[] {
  const dir = dirname(journalFile);
  return [
    journalFile,
    `${journalFile}-wal`,
    `${journalFile}-shm`,
    // Answers kept for the journal being replaced belong with it, never with the copy brought back.
    join(dir, 'journal-unsaved-answers.jsonl'),
  ];
}

/**
 * Brings back a copy over the journal (the counter must not be running: the caller holds the data
 * directory's lock). The journal being replaced, with its write-ahead log, is moved into
 * `backups/replaced-{time}/`, never deleted. The copy must be a whole, undamaged journal. Returns
 * where the replaced files went.
 */
export function restoreBackup(
  journalFile: string,
  copy: string,
  at: Date,
  nativeBinding?: string,
): { readonly replacedInto: string } {
  const check = new Database(copy, { readonly: true, ...(nativeBinding ? { nativeBinding } : {}) });
  try {
    const verdict = check.pragma('integrity_check', { simple: true });
    if (verdict !== 'ok') throw new Error(`${copy} is damaged (${String(verdict)}); choose another copy.`);
  } finally {
    check.close();
  }
  const replacedInto = join(backupDirOf(journalFile), `replaced-${stampOf(at)}`);
  mkdirSync(replacedInto, { recursive: true, mode: 0o700 });
  for (const file of journalFiles(journalFile)) {
    if (existsSync(file)) renameSync(file, join(replacedInto, basename(file)));
  }
  const partial = `${journalFile}.partial`;
  privateEmptyFile(partial);
  copyFileSync(copy, partial);
  const fd = openSync(partial, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, journalFile);
  writeFileSync(
    join(dirname(journalFile), RESTORE_RECORD),
    JSON.stringify({ from: copy, at: at.toISOString(), replacedInto }),
    { mode: 0o600 },
  );
  return { replacedInto };
}

function stampOf(at: Date): string {
  return at.toISOString().replace(/[:.]/g, '-');
}

/** The time a copy was taken, from its name (2026-11-22T10-00-00-000Z), on the app's own clock. */
function takenAtOf(file: string): number {
  const match = /(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.sqlite$/.exec(file);
  return match ? Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`) : 0;
}

/** An empty file only its owner can read, for SQLite to fill: the copy never exists with wider rights. */
function privateEmptyFile(path: string): void {
  rmSync(path, { force: true });
  closeSync(openSync(path, 'wx', 0o600));
}

/**
 * Copies the journal before migrating it from schema `from` to `to`. Synchronous (VACUUM INTO gives a
 * consistent, compact copy) because opening the journal is; runs outside any transaction.
 */
export function backupBeforeMigration(
  db: Db,
  journalFile: string,
  from: number,
  to: number,
  at: Date,
): string {
  const dir = backupDirOf(journalFile);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const target = join(dir, `journal-v${from}-before-v${to}-${stampOf(at)}.sqlite`);
  const partial = `${target}.partial`;
  privateEmptyFile(partial);
  db.prepare('VACUUM INTO ?').run(partial);
  renameSync(partial, target);
  return target;
}

export interface BackupLog {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

/** Takes a daily online copy of the journal while the app runs, and keeps the last few. */
export class DailyBackups {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<string | null> | null = null;

  constructor(
    private readonly db: Db,
    private readonly journalFile: string,
    private readonly log: BackupLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  start(): void {
    if (this.timer) return;
    void this.runIfDue();
    this.timer = setInterval(() => void this.runIfDue(), CHECK_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Copies the journal if the newest daily copy is a day old or there is none; resolves to the new copy's path. */
  runIfDue(): Promise<string | null> {
    this.running ??= this.copyIfDue()
      .catch((error: unknown) => {
        this.log.warn('journal backup failed', { error: String(error) });
        return null;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** The daily copies, newest first. */
  list(): string[] {
    return listBackups(this.journalFile)
      .map((copy) => copy.file)
      .filter((file) => basename(file).startsWith(DAILY_PREFIX));
  }

  private async copyIfDue(): Promise<string | null> {
    const at = this.now();
    const newest = this.list()[0];
    if (newest && at.getTime() - takenAtOf(newest) < DAY_MS) return null;
    const dir = backupDirOf(this.journalFile);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const target = join(dir, `${DAILY_PREFIX}${stampOf(at)}.sqlite`);
    const partial = `${target}.partial`;
    privateEmptyFile(partial);
    await this.db.backup(partial);
    renameSync(partial, target);
    for (const old of this.list().slice(DAILY_BACKUPS_KEPT)) rmSync(old, { force: true });
    this.log.info('journal backed up', { file: target });
    return target;
  }
}
