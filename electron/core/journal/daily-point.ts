import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  BACKUP_BUDGET,
  backupBytes,
  backupDirOf,
  DAILY_BACKUPS_KEPT,
  lastRestoreAt,
  takenAtOf,
} from './backup';
import {
  addSegment,
  type Chain,
  chainDirs,
  completeChecksums,
  foldOldest,
  keepRowsOf,
  keepsRows,
  readChain,
  SchemaChanged,
  startChain,
} from './backup-chain';
import { ChainRefused, rebuildAt } from './backup-rebuild';

const DAY_MS = 86_400_000;
/** Whole daily copies of earlier versions; removed once a chain has its base. */
const DAILY_PREFIX = 'journal-daily-';

/** A point written: the file that ends it, how long it took, and what the backups use now. */
export interface DailyPoint {
  readonly file: string | null;
  readonly seconds: number;
  readonly backupBytes: number;
}

/**
 * Adds a point to the journal's backup chain if the newest is a day old or there is none (a new
 * chain when the schema changed, a restore replaced the journal, or none exists), then keeps the
 * backups within their budget. Returns null when no point was due. Runs on the backup thread
 * (backup-thread.ts), never on the counter's.
 */
export async function addDailyPoint(journalFile: string, at: Date): Promise<DailyPoint | null> {
  const dir = backupDirOf(journalFile);
  const chains = chainDirs(dir);
  const current = chains.at(-1);
  let chain = current ? readChain(current) : null;
  const last = chain?.points.at(-1);
  if (last && at.getTime() - Date.parse(last.takenAt) < DAY_MS) return null;
  // A journal brought back from a point is not the one the chain's state describes (its append-only
  // tables are shorter than their marks): it starts a chain of its own.
  const restoredAt = lastRestoreAt(journalFile);
  if (chain && last && restoredAt !== null && restoredAt > last.takenAt) chain = null;
  const started = performance.now();
  let file: string | null = null;
  if (chain) {
    completeChecksums(chain);
    try {
      if (!keepsRows(chain)) await keepRowsOfLastPoint(chain);
      file = addSegment(journalFile, chain, at).file;
    } catch (error) {
      // A chain whose last point cannot be rebuilt could not be restored to it either: a new base
      // is the backup the shop needs.
      if (!(error instanceof SchemaChanged || error instanceof ChainRefused)) throw error;
      chain = null;
    }
  }
  if (!chain) {
    // A migration ran (its whole copy keeps the journal as it was), the journal was restored, or
    // there is no chain yet. The old chain goes first when a copy taken before a migration stands
    // for its newest point, so two bases and that copy never coexist.
    if (current && newestCopyBeforeMigration(dir) > (last?.takenAt ?? ''))
      rmSync(current, { recursive: true });
    chain = await startChain(journalFile, dir, at);
    file = chain.points[0]?.file ?? null;
    for (const old of chains) rmSync(old, { recursive: true, force: true });
    for (const name of readdirSync(dir).filter((n) => n.startsWith(DAILY_PREFIX)))
      rmSync(join(dir, name), { force: true });
  }
  keepWithinBudget(journalFile, chain);
  return {
    file,
    seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
    backupBytes: backupBytes(journalFile),
  };
}

/**
 * A chain begun by an earlier version kept a hash of each changeable row, not the row. It gains the
 * rows from its last point, rebuilt from its own files beside them (once), so its next segment is
 * measured against that point as before and its earlier points stay.
 */
async function keepRowsOfLastPoint(chain: Chain): Promise<void> {
  const last = chain.points.at(-1);
  if (!last) throw new ChainRefused(`the chain in ${chain.dir} records no point`);
  const rebuilt = join(chain.dir, 'last-point.partial.sqlite');
  try {
    await rebuildAt(chain, last, rebuilt);
    keepRowsOf(chain, rebuilt);
  } finally {
    for (const leftover of [rebuilt, `${rebuilt}-wal`, `${rebuilt}-shm`]) rmSync(leftover, { force: true });
  }
}

/**
 * At most DAILY_BACKUPS_KEPT segments after the base, and at most BACKUP_BUDGET times the journal:
 * over it, copies taken before a migration go first (oldest first), then the oldest segments are
 * folded into the base. Folding never needs room: the base is changed in place.
 */
function keepWithinBudget(journalFile: string, chain: Chain): void {
  const dir = backupDirOf(journalFile);
  let current = readChain(chain.dir);
  const segments = (): number => current.points.filter((p) => p.seq > current.baseThrough).length;
  while (segments() > DAILY_BACKUPS_KEPT) {
    foldOldest(current);
    current = readChain(chain.dir);
  }
  const limit = BACKUP_BUDGET * statSync(journalFile).size;
  while (backupBytes(journalFile) > limit) {
    const copy = copiesBeforeMigration(dir).at(0);
    if (copy) rmSync(copy, { force: true });
    else if (segments() > 0) {
      foldOldest(current);
      current = readChain(chain.dir);
    } else break;
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
