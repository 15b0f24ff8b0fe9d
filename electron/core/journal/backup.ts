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
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import {
  addSegment,
  bytesUnder,
  type Chain,
  chainDirs,
  completeChecksums,
  foldOldest,
  readChain,
  SchemaChanged,
  startChain,
} from './backup-chain';
import { pointOfFile, rebuildAt } from './backup-rebuild';
import type { Db } from './database';

/**
 * Backups of the journal beside it, in `backups/`: a chain of daily points (backup-chain.ts: one
 * whole base, then a segment a day with only what changed, old points folded into the base), and a
 * whole copy before every migration (taken synchronously, before the schema changes). Backups never
 * hold more than twice the journal once a day's point is written: over that, copies taken before a
 * migration go first, then the oldest points are folded into the base. Everything is readable by its
 * owner only; docs/journal.md says how to restore a point.
 */

/** Whole daily copies of earlier versions; removed once a chain has its base. */
const DAILY_PREFIX = 'journal-daily-';
const DAY_MS = 86_400_000;
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
      return { file, takenAt: new Date(takenAtOf(name)).toISOString(), bytes: statSync(file).size };
    });
  const points = chainDirs(dir).flatMap((chain) => {
    try {
      return readChain(chain).points.map((p) => ({
        file: p.file,
        takenAt: p.takenAt,
        bytes: p.journalBytes,
      }));
    } catch {
      return [];
    }
  });
  return [...copies, ...points].sort((a, b) => b.takenAt.localeCompare(a.takenAt));
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
      const fd = openSync(partial, 'r+');
      try {
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    }
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  const replacedInto = join(backupDirOf(journalFile), `replaced-${stampOf(at)}`);
  mkdirSync(replacedInto, { recursive: true, mode: 0o700 });
  for (const file of journalFiles(journalFile)) {
    if (existsSync(file)) renameSync(file, join(replacedInto, basename(file)));
  }
  renameSync(partial, journalFile);
  writeFileSync(
    join(dirname(journalFile), RESTORE_RECORD),
    JSON.stringify({ from: copy, at: at.toISOString(), replacedInto }),
    { mode: 0o600 },
  );
  return { replacedInto };
}

/** The newest point taken on `day` (YYYY-MM-DD, UTC), for `npm run restore -- --day`. */
export function pointOfDay(journalFile: string, day: string): BackupCopy | null {
  return listBackups(journalFile).find((copy) => copy.takenAt.startsWith(day)) ?? null;
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

/**
 * Adds a point to the backup chain once a day while the app runs, in small steps between which the
 * counter keeps selling, and keeps the backups within their budget.
 */
export class DailyBackups {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<string | null> | null = null;
  /** Set when the app closes: a backup under way stops resting between steps and finishes. */
  private readonly stopping = new AbortController();

  constructor(
    private readonly journalFile: string,
    private readonly log: BackupLog,
    private readonly now: () => Date = () => new Date(),
    /** The app's build of the SQLite addon, for the thread that copies the base. */
    private readonly nativeBinding?: string,
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
    this.stopping.abort();
    await this.running;
  }

  /** Adds a point if the newest is a day old or there is none; resolves to the file that ends it. */
  runIfDue(): Promise<string | null> {
    this.running ??= this.pointIfDue()
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

  private async pointIfDue(): Promise<string | null> {
    const at = this.now();
    const dir = backupDirOf(this.journalFile);
    const chains = chainDirs(dir);
    const current = chains.at(-1);
    let chain = current ? readChain(current) : null;
    const last = chain?.points.at(-1);
    if (last && at.getTime() - Date.parse(last.takenAt) < DAY_MS) return null;
    // A journal brought back from a point is not the one the chain's state describes (its append-only
    // tables are shorter than their marks): it starts a chain of its own.
    const restoredAt = lastRestoreAt(this.journalFile);
    if (chain && last && restoredAt !== null && restoredAt > last.takenAt) chain = null;
    const started = performance.now();
    let file: string | null = null;
    if (chain) {
      completeChecksums(chain);
      try {
        file = (await addSegment(this.journalFile, chain, at, this.stopping.signal)).file;
      } catch (error) {
        if (!(error instanceof SchemaChanged)) throw error;
        chain = null;
      }
    }
    if (!chain) {
      // A migration ran (its whole copy keeps the journal as it was), the journal was restored, or
      // there is no chain yet. The old chain goes first when a copy taken before a migration stands
      // for its newest point, so two bases and that copy never coexist.
      if (current && newestCopyBeforeMigration(dir) > (last?.takenAt ?? ''))
        rmSync(current, { recursive: true });
      chain = await startChain(this.journalFile, dir, at, {
        closing: this.stopping.signal,
        ...(this.nativeBinding ? { nativeBinding: this.nativeBinding } : {}),
      });
      file = chain.points[0]?.file ?? null;
      for (const old of chains) rmSync(old, { recursive: true, force: true });
      for (const name of readdirSync(dir).filter((n) => n.startsWith(DAILY_PREFIX)))
        rmSync(join(dir, name), { force: true });
    }
    await this.keepWithinBudget(chain);
    this.log.info('journal backed up', {
      file,
      seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
      backupBytes: backupBytes(this.journalFile),
    });
    return file;
  }

  /**
   * At most DAILY_BACKUPS_KEPT segments after the base, and at most BACKUP_BUDGET times the journal:
   * over it, copies taken before a migration go first (oldest first), then the oldest segments are
   * folded into the base. Folding never needs room: the base is changed in place.
   */
  private async keepWithinBudget(chain: Chain): Promise<void> {
    const dir = backupDirOf(this.journalFile);
    let current = readChain(chain.dir);
    const segments = (): number => current.points.filter((p) => p.seq > current.baseThrough).length;
    while (segments() > DAILY_BACKUPS_KEPT) {
      await foldOldest(current, this.stopping.signal);
      current = readChain(chain.dir);
    }
    const limit = BACKUP_BUDGET * statSync(this.journalFile).size;
    while (backupBytes(this.journalFile) > limit) {
      const copy = copiesBeforeMigration(dir).at(0);
      if (copy) rmSync(copy, { force: true });
      else if (segments() > 0) {
        await foldOldest(current, this.stopping.signal);
        current = readChain(chain.dir);
      } else break;
    }
  }
}

/** The whole copies taken before a migration, oldest first. */
function copiesBeforeMigration(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => /^journal-v\d+-before-v\d+-.*\.sqlite$/.test(name))
    .sort((a, b) => takenAtOf(a) - takenAtOf(b))
    .map((name) => join(dir, name));
}

function newestCopyBeforeMigration(dir: string): string {
  const newest = copiesBeforeMigration(dir).at(-1);
  return newest ? new Date(takenAtOf(newest)).toISOString() : '';
}
