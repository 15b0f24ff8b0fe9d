import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { openJournal } from '../electron/core/journal/database';
import { SalesJournal } from '../electron/core/journal/sales-journal';
import { keptAnswer, newSale, saleCompletion } from '../test/support/journal-records';
import type { BenchOptions } from './options';

/**
 * What the full integrity check costs on a big journal (it runs before the ready line only after a
 * crash, otherwise on a thread of its own after it; see electron/core/journal/integrity-watch.ts): a journal of completed sales grown to
 * about 100 MB (years of a busy shop, raw answers included), then `PRAGMA quick_check` and
 * `PRAGMA integrity_check` on it, each on a fresh connection (a cold start's page cache).
 */

/** About 100 MB, or 5 MB with `--quick`. */
const targetBytes = (quick: boolean): number => (quick ? 5 : 100) * 1024 * 1024;
const ROUNDS = 3;

function rawAnswer(i: number): string {
  // About the size of a real order answer with one eSIM and its install links.
  return JSON.stringify({
    success: true,
    data: {
      orderReference: `ORD-${i}`,
      esims: [
        {
          iccid: `894450000000${String(i).padStart(7, '0')}`,
          lpa: `LPA:1$smdp.example.net$${'A'.repeat(32)}`,
        },
      ],
      notes: 'x'.repeat(1400),
    },
  });
}

function grow(file: string, target: number): number {
  const db = openJournal({ file });
  const sales = new SalesJournal(db);
  let i = 0;
  const at = '2026-11-22T10:00:00.000Z';
  while (statSync(file).size + (statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0) < target) {
    db.transaction(() => {
      for (let n = 0; n < 500; n += 1, i += 1) {
        const id = `s${i}`;
        sales.createSent(newSale({ id, training: false }), at);
        sales.markCompleted(
          id,
          saleCompletion({
            orderReference: `ORD-${i}`,
            newBalance: null,
            answers: [keptAnswer(rawAnswer(i))],
          }),
          at,
        );
      }
    })();
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return i;
}

function timed(file: string, pragma: string): { ms: number; result: string } {
  const db = new Database(file, { readonly: true });
  try {
    const start = performance.now();
    const rows = db.pragma(pragma) as Record<string, string>[];
    const ms = performance.now() - start;
    return { ms, result: Object.values(rows[0] ?? {})[0] ?? '?' };
  } finally {
    db.close();
  }
}

export async function run(options: BenchOptions): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'esim-bench-integrity-'));
  const file = join(dir, 'journal.sqlite');
  try {
    const sales = grow(file, targetBytes(options.quick));
    const mb = (statSync(file).size / 1024 / 1024).toFixed(1);
    console.log(`journal integrity check: ${sales} sales, ${mb} MB`);
    for (const pragma of ['quick_check', 'integrity_check']) {
      const runs = Array.from({ length: ROUNDS }, () => timed(file, pragma));
      const times = runs.map((r) => r.ms.toFixed(0)).join(', ');
      console.log(`  PRAGMA ${pragma}: ${times} ms (${runs[0]?.result})`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
