import {
  closeSync,
  copyFileSync,
  existsSync,
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
import { bytesUnder, chainDirs, readChain } from './backup-chain';
import { pointOfFile, rebuildAt } from './backup-rebuild';
import type { DailyPoint } from './daily-point';
import type { Db } from './database';
import { byContents, contentsOf, type JournalContents, readUntouched } from './journal-contents';
import { startProgramThread, type ThreadRuntime } from './program-thread';
import { syncFile } from './sync-to-disk';

/**
 * Backups of the journal beside it, in `backups/`: a chain of daily points (backup-chain.ts: one
 * whole base, then a segment a day with only what changed, old points folded into the base), and a
 * whole copy before every migration (taken synchronously, before the schema changes). Backups never
 * hold more than twice the journal once a day's point is written: over that, copies taken before a
 * migration go first, then the oldest points are folded into the base. Everything is readable by its
 * owner only; docs/journal.md says how to restore a point.
 */

/** How often the app checks whether a daily copy is due. */
const CHECK_EVERY_MS = 60 * 60_000;
/** Daily segments kept after the base; older ones are folded into it. */
export const DAILY_BACKUPS_KEPT = 7;
/** Backups may use at most this many times the journal's size. */
export const BACKUP_BUDGET = 2;

export function backupDirOf(journalFile: string): string {
  return join(dirname(journalFile), 'backups');
}

/** A point the journal can be brought back to: a whole copy, or a point of the chain. */
export interface BackupCopy {
  /** The copy, or the chain's file that ends the point (its base or a segment). */
  readonly file: string;
  /** When it was taken, ISO 8601. */
  readonly takenAt: string;
  /** The size of the journal it brings back. */
  readonly bytes: number;
  /**
   * What it brings back, as recorded when a point of the chain was taken; null for a whole copy (read
   * on demand by `fullestFirst`) and for a point taken before points recorded it.
   */
  readonly contents: JournalContents | null;
}

/** Every point in `backups/` (the chain's and the copies taken before a migration), newest first. */
export function listBackups(journalFile: string): BackupCopy[] {
  const dir = backupDirOf(journalFile);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const copies = names
    .filter((name) => name.startsWith('journal-') && name.endsWith('.sqlite'))
    .map((name) => {
      const file = join(dir, name);
      return {
        file,
        takenAt: new Date(takenAtOf(name)).toISOString(),
        bytes: statSync(file).size,
        contents: null,
      };
    });
  const points = chainDirs(dir).flatMap((chain) => {
    try {
      return readChain(chain).points.map((p) => ({
        file: p.file,
        takenAt: p.takenAt,
        bytes: p.journalBytes,
        contents: p.contents,
      }));
    } catch {
      return [];
    }
  });
  return [...copies, ...points].sort((a, b) => b.takenAt.localeCompare(a.takenAt));
}

/**
 * Every point, the one that holds the most first (journal-contents.ts: compared by what each holds,
 * never by when it was taken), each whole copy read for it. A copy that cannot be read comes last,
 * with what it holds unknown.
 */
export function fullestFirst(journalFile: string): BackupCopy[] {
  return listBackups(journalFile)
    .map((copy) => {
      // A whole copy lies in backups/ itself; a point of a chain (a segment) cannot be read alone.
      if (copy.contents !== null || dirname(copy.file) !== backupDirOf(journalFile)) return copy;
      try {
        return { ...copy, contents: readUntouched(copy.file, (db) => contentsOf(db)) };
      } catch {
        return copy;
      }
    })
    .sort((a, b) => byContents(a.contents, b.contents) || b.takenAt.localeCompare(a.takenAt));
}

/** Bytes used by backups (the chain and the whole copies; not the journals a restore replaced). */
export function backupBytes(journalFile: string): number {
  const dir = backupDirOf(journalFile);
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const name of readdirSync(dir)) {
    if (name.startsWith('replaced-')) continue;
    const path = join(dir, name);
    total += statSync(path).isDirectory() ? bytesUnder(path) : statSync(path).size;
  }
  return total;
}

/** Where the last restore is written down, beside the journal: copies older than it describe another journal. */
const RESTORE_RECORD = 'journal-restored.json';

/** How the journal was last brought back: from a backup, or its own file opened as it is. */
export interface RestoreRecord {
  /** The backup brought back, or null when the journal's own file was opened as it is. */
  readonly from: string | null;
  readonly at: string;
  /** Where the files it replaced (or set aside) were moved. */
  readonly replacedInto: string;
  /**
   * When the last record of the journal brought back was written: what the counter recorded after
   * it is not in the journal now (null when that could not be read, or for a restore written down
   * by an earlier version).
   */
  readonly since: string | null;
}

/** The last time a journal was brought back over this one, or null if never. */
export function lastRestore(journalFile: string): RestoreRecord | null {
  try {
    const record = JSON.parse(readFileSync(join(dirname(journalFile), RESTORE_RECORD), 'utf8')) as Partial<
      Record<keyof RestoreRecord, unknown>
    >;
    if (typeof record.at !== 'string') return null;
    return {
      from: typeof record.from === 'string' ? record.from : null,
      at: record.at,
      replacedInto: typeof record.replacedInto === 'string' ? record.replacedInto : '',
      since: typeof record.since === 'string' ? record.since : null,
    };
  } catch {
    return null;
  }
}

/** When a backup was last brought back over this journal, or null if never. */
export function lastRestoreAt(journalFile: string): string | null {
  return lastRestore(journalFile)?.at ?? null;
}

/**
 * Writes down a journal brought back, fsync'd: the start-up size check then compares the journal
 * only with points taken after it, the next backup starts a chain of its own, and the counter's next
 * start names what the journal lacks and reads the provider's orders placed since.
 */
export function recordRestore(journalFile: string, record: RestoreRecord): void {
  const file = join(dirname(journalFile), RESTORE_RECORD);
  writeFileSync(file, JSON.stringify(record), { mode: 0o600 });
  syncFile(file);
}

/** A folder for the files a restore replaces or sets aside: never deleted. */
export function replacedDir(journalFile: string, at: Date): string {
  const dir = join(backupDirOf(journalFile), `replaced-${stampOf(at)}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
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
 * Brings back a point over the journal (the counter must not be running: the caller holds the data
 * directory's lock). `copy` is a whole copy, or the chain file that ends a point (its base or a
 * segment): the journal is then rebuilt from the base and the segments up to it (backup-rebuild.ts).
 * Either must be whole and undamaged, checked before the journal is touched. The journal being
 * replaced, with its write-ahead log, is moved into `backups/replaced-{time}/`, never deleted.
 * Returns where the replaced files went.
 */
export async function restoreBackup(
  journalFile: string,
  copy: string,
  at: Date,
  nativeBinding?: string,
): Promise<{ readonly replacedInto: string }> {
  const partial = `${journalFile}.partial`;
  const inChain = pointOfFile(copy, chainDirs(backupDirOf(journalFile)));
  try {
    if (inChain) await rebuildAt(inChain.chain, inChain.point, partial, nativeBinding);
    else {
      const check = new Database(copy, { readonly: true, ...(nativeBinding ? { nativeBinding } : {}) });
      try {
        const verdict = check.pragma('integrity_check', { simple: true });
        if (verdict !== 'ok')
          throw new Error(`${copy} is damaged (${String(verdict)}); choose another copy.`);
        if (check.prepare(`SELECT 1 FROM sqlite_master WHERE name = '__point'`).get())
          throw new Error(
            `${copy} is a segment of a backup chain, not a whole journal: name it from the data directory whose backups/ holds its chain.`,
          );
      } finally {
        check.close();
      }
      privateEmptyFile(partial);
      copyFileSync(copy, partial);
      syncFile(partial);
    }
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  // A copy with no record yet says nothing later than when it was taken.
  const since =
    lastRecordAt(partial) ?? listBackups(journalFile).find((point) => point.file === copy)?.takenAt ?? null;
  const replacedInto = replacedDir(journalFile, at);
  for (const file of journalFiles(journalFile)) {
    if (existsSync(file)) renameSync(file, join(replacedInto, basename(file)));
  }
  renameSync(partial, journalFile);
  recordRestore(journalFile, { from: copy, at: at.toISOString(), replacedInto, since });
  return { replacedInto };
}

/** When the last record of the journal file `file` (with no log beside it) was written; null if unreadable. */
function lastRecordAt(file: string): string | null {
  try {
    return readUntouched(file, (db) => contentsOf(db).lastAt);
  } catch {
    return null;
  }
}

/** The newest point taken on `day` (YYYY-MM-DD, UTC), for `npm run restore -- --day`. */
export function pointOfDay(journalFile: string, day: string): BackupCopy | null {
  return listBackups(journalFile).find((copy) => copy.takenAt.startsWith(day)) ?? null;
}

function stampOf(at: Date): string {
  return at.toISOString().replace(/[:.]/g, '-');
}

/** The time a copy was taken, from its name (2026-11-22T10-00-00-000Z), on the app's own clock. */
export function takenAtOf(file: string): number {
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
 * consistent, compact copy) because opening the journal is; runs outside any transaction. `copying`
 * hears the file the copy grows in, so a start can show how far it is.
 */
export function backupBeforeMigration(
  db: Db,
  journalFile: string,
  from: number,
  to: number,
  at: Date,
  copying?: (partialFile: string) => void,
): string {
  const dir = backupDirOf(journalFile);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const target = join(dir, `journal-v${from}-before-v${to}-${stampOf(at)}.sqlite`);
  const partial = `${target}.partial`;
  privateEmptyFile(partial);
  copying?.(partial);
  db.prepare('VACUUM INTO ?').run(partial);
  renameSync(partial, target);
  return target;
}

export interface BackupLog {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

/**
 * Adds a point to the backup chain once a day while the app runs, on a thread of its own
 * (backup-thread.ts, daily-point.ts): the counter keeps selling meanwhile, its event loop untouched.
 */
export class DailyBackups {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<string | null> | null = null;

  constructor(
    private readonly journalFile: string,
    private readonly log: BackupLog,
    private readonly now: () => Date = () => new Date(),
    private readonly runtime: ThreadRuntime = {},
  ) {}

  start(): void {
    if (this.timer) return;
    void this.runIfDue();
    this.timer = setInterval(() => void this.runIfDue(), CHECK_EVERY_MS);
    this.timer.unref();
  }

  /** Stops the daily checks; a backup under way is finished first (a point is never left half-written). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Adds a point if the newest is a day old or there is none; resolves to the file that ends it. */
  runIfDue(): Promise<string | null> {
    this.running ??= this.pointOnThread()
      .then((point) => {
        if (!point) return null;
        this.log.info('journal backed up', { ...point });
        return point.file;
      })
      .catch((error: unknown) => {
        this.log.warn('journal backup failed', { error: String(error) });
        return null;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** The chain's points, newest first. */
  list(): string[] {
    const newest = chainDirs(backupDirOf(this.journalFile)).at(-1);
    return newest
      ? readChain(newest)
          .points.map((point) => point.file)
          .reverse()
      : [];
  }

  private pointOnThread(): Promise<DailyPoint | null> {
    return new Promise((resolve, reject) => {
      const worker = startProgramThread(
        'backup-thread',
        { journalFile: this.journalFile, at: this.now().toISOString() },
        this.runtime,
      );
      worker.once('message', (message: { point?: DailyPoint | null; error?: string }) => {
        void worker.terminate();
        if (message.error !== undefined) reject(new Error(message.error));
        else resolve(message.point ?? null);
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the backup thread stopped (exit ${code})`)));
    });
  }
}
