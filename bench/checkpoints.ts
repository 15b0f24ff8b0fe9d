import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openJournal } from '../electron/core/journal/database';
import { checkpointInBackground, type WalCheckpoints } from '../electron/core/journal/wal-checkpoints';
import { Seller } from './backups';
import { simulatorOrderAnswer } from './journal-growth';
import { type BenchOptions, ms, percentile } from './options';

/**
 * A sale's journal work (intent, "sent" with its fsync, the answer with the simulator's real order
 * answer) on two new journals side by side, sale for sale: one whose commits checkpoint the
 * write-ahead log themselves (SQLite's default, every 1,000 pages), one whose checkpoints run on their
 * own thread (wal-checkpoints.ts, as the counter runs). A short pause after each sale stands for the
 * cashier; the checkpoint's cost shows in the tail, not in the median.
 */

interface Side {
  readonly label: string;
  readonly db: Db;
  readonly seller: Seller;
  readonly checkpoints: WalCheckpoints | null;
  readonly times: number[];
}

const PAUSE_MS = 2;

export async function run(options: BenchOptions): Promise<void> {
  const sales = options.quick ? 600 : 3_000;
  console.log(`\n## Checkpoints of the write-ahead log: in a sale's commit, or on their own thread`);
  const answer = await simulatorOrderAnswer();
  const dir = mkdtempSync(join(tmpdir(), 'esim-bench-checkpoints-'));
  const side = (label: string, threaded: boolean): Side => {
    const file = join(dir, `${label}.sqlite`);
    const db = openJournal({ file });
    const checkpoints = threaded
      ? checkpointInBackground(db, file, console, {}, { startAfterMs: 0, everyMs: 1_000 })
      : null;
    return { label, db, seller: new Seller(db, answer), checkpoints, times: [] };
  };
  const sides = [side('in the commits', false), side('on their thread', true)];
  try {
    // The thread's program loads before the first sale.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (let i = 0; i < sales; i++) {
      for (const each of sides) {
        each.times.push(await each.seller.sell(new Date().toISOString()));
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
    }
    console.log(`${sales} sales on each journal, taking turns, ${PAUSE_MS} ms apart`);
    console.log('');
    console.log("| checkpoints | a sale's journal work: median | p95 | p99 | max |");
    console.log('| --- | --- | --- | --- | --- |');
    for (const each of sides) {
      const sorted = [...each.times].sort((a, b) => a - b);
      console.log(
        `| ${each.label} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 95))} | ${ms(percentile(sorted, 99))} | ${ms(sorted[sorted.length - 1] ?? Number.NaN)} |`,
      );
    }
  } finally {
    for (const each of sides) {
      await each.checkpoints?.stop();
      each.db.close();
    }
    rmSync(dir, { recursive: true, force: true });
  }
}
