import { parentPort, workerData } from 'node:worker_threads';
import { runUpdate, type UpdateNews } from './journal-update';
import { chooseSqliteAddon } from './sqlite-addon';

/**
 * The journal update's program (started by journal-update.ts through program-thread.ts): the copy and
 * the migrations on a connection of its own, telling how far they are. Answers `done`, or the failure
 * with its SQLite code.
 */
const job = workerData as { file: string; from: number; at: string; nativeBinding?: string };
chooseSqliteAddon(job.nativeBinding);
const tell = (news: UpdateNews): void => parentPort?.postMessage(news);
try {
  runUpdate(
    {
      file: job.file,
      from: job.from,
      at: new Date(job.at),
      ...(job.nativeBinding ? { nativeBinding: job.nativeBinding } : {}),
    },
    tell,
  );
  tell({ kind: 'done' });
} catch (error) {
  const code = (error as { code?: unknown }).code;
  tell({
    kind: 'failed',
    message: String((error as Error).message ?? error),
    code: typeof code === 'string' ? code : null,
  });
}
