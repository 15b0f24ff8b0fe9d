import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread that works on the journal with a connection of its own, so its SQLite work never
 * holds the counter's event loop. The thread's program is CommonJS given as text (the app needs no
 * extra bundle entry, and it runs the same under tsx, in the built app and in Electron); it finds
 * `openDatabase(file, options)` ready, opening better-sqlite3 from where this module resolves it,
 * with the app's native binding when it gives one (Electron's build of the addon).
 */
const PRELUDE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const openDatabase = (file, options) =>
  new Database(file, {
    ...options,
    ...(workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {}),
  });
`;

/** Starts `program` on its own thread; `data` reaches it as `workerData`. Throws if the thread cannot start. */
export function startSqliteThread(
  program: string,
  data: Record<string, unknown>,
  nativeBinding?: string,
): Worker {
  return new Worker(`${PRELUDE}\n${program}`, {
    eval: true,
    workerData: { ...data, nativeBinding, driver: createRequire(import.meta.url).resolve('better-sqlite3') },
  });
}
