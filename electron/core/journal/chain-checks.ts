import type { Worker } from 'node:worker_threads';
import type { JournalCheck } from '../../../shared/domain/journal-check';
import type { ChainCheck } from './chain-check';
import { startProgramThread, type ThreadRuntime } from './program-thread';

/**
 * The journal's chain check as the counter runs it: on a thread of its own (chain-check-thread.ts),
 * on a read-only connection, so a check that reads every record and every money row of years of sales
 * never holds up a sale. The manager's check, the exports, the accountant's pack and a printed Z each
 * ask for one; asked while one runs, they share it (it began a moment before, and says when). The
 * thread is started at the first check and kept, idle, for the next.
 */
export interface JournalChecks {
  /** A check of the journal now, or the one already running. */
  check(): Promise<JournalCheck>;
  /**
   * The counter is closing: the thread ends, and a check still running is refused to its callers.
   * Resolves once the thread and its connection are gone (see IntegrityWatch.stop).
   */
  stop(): Promise<void>;
}

type Answer = { check?: ChainCheck; error?: string };

export function journalChecks(options: {
  readonly file: string;
  readonly counterId: string;
  readonly now: () => Date;
  readonly runtime?: ThreadRuntime;
}): JournalChecks {
  let thread: Worker | null = null;
  let running: Promise<JournalCheck> | null = null;
  let settle: ((answer: Answer) => void) | null = null;
  const answered = (answer: Answer): void => {
    const done = settle;
    settle = null;
    // An idle thread never keeps the counter's process alive; one at work does.
    thread?.unref();
    done?.(answer);
  };
  const threadNow = (): Worker => {
    if (thread) return thread;
    const started = startProgramThread('chain-check-thread', { file: options.file }, options.runtime);
    started.on('message', answered);
    started.once('error', (error) => answered({ error: String(error) }));
    started.once('exit', (code) => {
      thread = null;
      answered({ error: `the thread stopped (exit ${code})` });
    });
    thread = started;
    return started;
  };
  const run = (): Promise<JournalCheck> =>
    new Promise((resolve, reject) => {
      const checkedAt = options.now().toISOString();
      settle = ({ check, error }) => {
        if (check) resolve({ ...check, checkedAt });
        else reject(new Error(`the journal check stopped: ${error ?? 'no answer'}`));
      };
      const worker = threadNow();
      worker.ref();
      worker.postMessage(options.counterId);
    });
  return {
    check() {
      running ??= run().finally(() => {
        running = null;
      });
      return running;
    },
    async stop() {
      await thread?.terminate();
    },
  };
}
