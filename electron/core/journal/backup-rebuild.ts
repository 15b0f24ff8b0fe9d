import { closeSync, copyFileSync, existsSync, openSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { applySegment, CHAIN_BASE, type Chain, type ChainPoint, readChain, sha256Of } from './backup-chain';
import { checkChain } from './chain-check';
import { openSqlite } from './sqlite-addon';
import { syncFile } from './sync-to-disk';

/**
 * Rebuilds the journal as it was at one point of a backup chain: the base, then every segment after
 * it up to that point, each checked against the SHA-256 recorded when it was written. A segment that
 * is missing or differs is refused by name before anything is applied; the result must pass SQLite's
 * integrity check and the tamper-evident chain check of every counter in it.
 */

export class ChainRefused extends Error {}

/** The chain point that `file` ends, or null when `file` is not part of a chain. */
export function pointOfFile(
  file: string,
  chains: readonly string[],
): { chain: Chain; point: ChainPoint } | null {
  for (const dir of chains) {
    if (!file.startsWith(`${dir}/`)) continue;
    const chain = readChain(dir);
    const point = chain.points.find((p) => p.file === file);
    if (!point)
      throw new ChainRefused(
        `${file} is not a point of the chain in ${dir} (it was folded into the base or never finished)`,
      );
    return { chain, point };
  }
  return null;
}

/** Writes the journal at `point` of `chain` into `target` (a new file, fsync'd). */
export async function rebuildAt(
  chain: Chain,
  point: ChainPoint,
  target: string,
  nativeBinding?: string,
): Promise<void> {
  const segments = chain.points.filter((p) => p.seq > chain.baseThrough && p.seq <= point.seq);
  let expected = chain.baseThrough + 1;
  for (const segment of segments) {
    if (segment.seq !== expected)
      throw new ChainRefused(`the chain in ${chain.dir} has no record of segment ${expected}: not restored`);
    expected += 1;
    if (!existsSync(segment.file))
      throw new ChainRefused(`segment ${segment.file} is missing: the points after it cannot be rebuilt`);
    if (segment.sha256 !== null && sha256Of(segment.file) !== segment.sha256)
      throw new ChainRefused(
        `segment ${segment.file} is damaged (its SHA-256 differs from the one recorded when it was written)`,
      );
  }
  const base = join(chain.dir, CHAIN_BASE);
  if (!existsSync(base)) throw new ChainRefused(`the base ${base} of the chain is missing`);
  rmSync(target, { force: true });
  closeSync(openSync(target, 'wx', 0o600));
  copyFileSync(base, target);
  const db = openSqlite(target, nativeBinding ? { nativeBinding } : {});
  try {
    db.pragma('journal_mode = DELETE');
    for (const segment of segments) {
      try {
        applySegment(db, segment.file);
      } catch (error) {
        throw new ChainRefused(`segment ${segment.file} cannot be applied (${(error as Error).message})`);
      }
    }
    verifyRebuilt(db, target);
    // The counter runs its journal in WAL mode; the header says so again.
    db.pragma('journal_mode = WAL');
  } finally {
    db.close();
  }
  rmSync(`${target}-wal`, { force: true });
  rmSync(`${target}-shm`, { force: true });
  syncFile(target);
}

function verifyRebuilt(db: Database.Database, target: string): void {
  const verdict = db.pragma('integrity_check', { simple: true });
  if (verdict !== 'ok')
    throw new ChainRefused(`the rebuilt journal ${target} is damaged (${String(verdict)})`);
  const hasChain = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'chain'`).get();
  if (!hasChain) return;
  const counters = db.prepare('SELECT DISTINCT counter_id FROM chain').pluck().all() as string[];
  for (const counter of counters) {
    const broken = checkChain(db, counter).firstBreak;
    // A row the chain has no record of is the journal's content as it was; the restored journal's own
    // check names it. Links that do not hold mean the rebuild itself went wrong.
    if (broken && broken.kind !== 'unlinked_row')
      throw new ChainRefused(
        `the rebuilt journal's tamper-evident chain of counter ${counter} breaks at link ${broken.seq} (${broken.kind})`,
      );
  }
}
