import { parentPort, workerData } from 'node:worker_threads';
import { addDailyPoint } from './daily-point';
import { chooseSqliteAddon } from './sqlite-addon';

/**
 * The backup thread's program (started by DailyBackups through program-thread.ts): adds the day's
 * point with connections of its own, so none of a backup's reading, hashing or writing runs on the
 * counter's event loop. Answers once, with the point or the failure's words.
 */
const job = workerData as { journalFile: string; at: string; nativeBinding?: string };
chooseSqliteAddon(job.nativeBinding);
addDailyPoint(job.journalFile, new Date(job.at)).then(
  (point) => parentPort?.postMessage({ point }),
  (error: unknown) => parentPort?.postMessage({ error: String(error) }),
);
