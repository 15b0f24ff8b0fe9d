import type { Worker } from 'node:worker_threads';
import { storageTroubleOf } from './journal-write';
import { startProgramThread, type ThreadRuntime } from './program-thread';

/**
 * SQLite's full integrity check of the journal, run after the ready line on a thread of its own. It
 * reads every page, so its time grows with the journal (minutes at a million sales) while every other
 * start-up check takes constant time: after a clean close the counter sells meanwhile, and a damaged
 * journal found this way stops taking writes (see core.ts and docs/journal.md, "Checks at start").
 * The thread (integrity-thread.ts) opens its own read-only connection: the counter's connection and its writes go on, and
 * the check reads the journal as it stood when it began (a WAL snapshot).
 */

export type IntegrityOutcome =
  | { readonly state: 'ok' }
  /** SQLite found damage: its words, or the error a damaged page raised. */
  | { readonly state: 'damaged'; readonly detail: string }
  /** The check could not run (not a verdict on the journal): why. */
  | { readonly state: 'unchecked'; readonly reason: string };

export interface IntegrityWatch {
  /** Never settles once stopped. */
  readonly outcome: Promise<IntegrityOutcome>;
  /**
   * The counter is closing: the check's answer is no longer wanted. Resolves once the thread has ended
   * and its connection is closed, so a counter started next on this journal in the same process is not
   * refused as if another held it.
   */
  stop(): Promise<void>;
}

interface CheckMessage {
  readonly verdict?: string;
  readonly error?: string;
  readonly code?: string | null;
}

/** What the thread's message means for the journal. */
function outcomeOf(message: CheckMessage): IntegrityOutcome {
  if (message.verdict !== undefined) {
    return message.verdict === 'ok' ? { state: 'ok' } : { state: 'damaged', detail: message.verdict };
  }
  const error = message.error ?? 'no answer from the check';
  return storageTroubleOf({ code: message.code }) === 'corrupt'
    ? { state: 'damaged', detail: error }
    : { state: 'unchecked', reason: error };
}

/**
 * Starts the full check of `file` on a worker thread. The thread never keeps the process alive; a
 * process that exits while it runs still waits for SQLite to finish the check (a native call cannot
 * be cut short), which only a close in the first minutes after starting a very large journal meets.
 */
export function checkInBackground(file: string, runtime: ThreadRuntime = {}): IntegrityWatch {
  let stopped = false;
  let worker: Worker | null = null;
  const outcome = new Promise<IntegrityOutcome>((resolve) => {
    try {
      worker = startProgramThread('integrity-thread', { file }, runtime);
    } catch (error) {
      resolve({ state: 'unchecked', reason: String(error) });
      return;
    }
    worker.unref();
    worker.once('message', (message: CheckMessage) => resolve(outcomeOf(message)));
    worker.once('error', (error) => resolve({ state: 'unchecked', reason: String(error) }));
    worker.once('exit', (code) =>
      resolve({ state: 'unchecked', reason: `the check stopped (exit ${code})` }),
    );
  });
  return {
    outcome: outcome.then((result) => (stopped ? new Promise<never>(() => {}) : result)),
    async stop() {
      stopped = true;
      await (worker as Worker | null)?.terminate();
    },
  };
}
