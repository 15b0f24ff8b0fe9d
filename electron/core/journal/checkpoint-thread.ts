import { parentPort, workerData } from 'node:worker_threads';
import { chooseSqliteAddon, openSqlite } from './sqlite-addon';

/**
 * The write-ahead log's checkpoints (started by wal-checkpoints.ts through program-thread.ts): every
 * `everyMs` a PASSIVE checkpoint on a connection of its own copies the committed frames into the
 * journal, so no sale's commit pays for a whole checkpoint. PASSIVE never waits for a lock and never
 * stops a writer; what a reader still needs stays in the log until the next one. Says "ready" once its
 * connection is open, and stops with the error that stopped a checkpoint.
 */
const job = workerData as { file: string; everyMs: number; nativeBinding?: string };
chooseSqliteAddon(job.nativeBinding);
const db = openSqlite(job.file, { fileMustExist: true });
// The journal's own durability: the checkpoint's writes reach the disk before the log is reused.
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 0');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    clearInterval(timer);
    db.close();
    throw error;
  }
}, job.everyMs);
parentPort?.postMessage('ready');
