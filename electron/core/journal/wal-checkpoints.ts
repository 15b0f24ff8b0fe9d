import type { Worker } from 'node:worker_threads';
import type { Db } from './database';
import { startProgramThread, type ThreadRuntime } from './program-thread';

/** How often the thread checkpoints: a second of a busy counter's commits is a few dozen log frames. */
export const CHECKPOINT_EVERY_MS = 1_000;

/**
 * How many log pages the counter's own connection lets pile up before it checkpoints in a commit
 * itself, while the thread checkpoints: a backstop ten times SQLite's default, reached only when the
 * thread falls far behind (it runs at the lowest priority). SQLite's default comes back when the
 * thread stops.
 */
export const BACKSTOP_PAGES = 10_000;
const SQLITE_DEFAULT_PAGES = 1_000;

interface Log {
  warn(message: string, fields?: Record<string, unknown>): void;
}

export interface WalCheckpoints {
  stop(): Promise<void>;
}

/** When the thread starts after the counter does: the first seconds belong to start-up's own checks. */
export const START_AFTER_MS = 10_000;

export interface CheckpointTiming {
  readonly startAfterMs: number;
  readonly everyMs: number;
}

/**
 * Moves the write-ahead log's checkpoints off the counter's connection onto a thread of its own
 * (checkpoint-thread.ts), `startAfterMs` after the call. Before, about one sale in 25 copied a thousand
 * pages into the journal and synced it inside its own commit. If the thread cannot start or stops, the
 * connection checkpoints as SQLite does by default again, and the reason is logged: the log never
 * grows without bound.
 */
export function checkpointInBackground(
  db: Db,
  file: string,
  log: Log,
  runtime: ThreadRuntime = {},
  timing: CheckpointTiming = { startAfterMs: START_AFTER_MS, everyMs: CHECKPOINT_EVERY_MS },
): WalCheckpoints {
  let stopping = false;
  let worker: Worker | null = null;
  const byTheConnection = (reason: string): void => {
    if (!db.open) return;
    db.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`);
    if (!stopping) log.warn('checkpoints are back in the commits: their thread stopped', { reason });
  };
  const start = (): void => {
    try {
      worker = startProgramThread('checkpoint-thread', { file, everyMs: timing.everyMs }, runtime);
    } catch (error) {
      byTheConnection(String(error));
      return;
    }
    worker.unref();
    worker.once('message', () => {
      if (!stopping && db.open) db.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    });
    worker.once('error', (error) => byTheConnection(String(error)));
    worker.once('exit', (code) => byTheConnection(`exit ${code}`));
  };
  const starting = setTimeout(start, timing.startAfterMs);
  starting.unref();
  return {
    async stop() {
      stopping = true;
      clearTimeout(starting);
      byTheConnection('stopped');
      await (worker as Worker | null)?.terminate();
    },
  };
}
