import { parentPort, workerData } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { chooseSqliteAddon, openSqlite } from './sqlite-addon';

/**
 * The integrity check's program (started by integrity-watch.ts through program-thread.ts): SQLite's
 * full check of the journal on a read-only connection of its own. Answers once, with SQLite's verdict
 * or the error that stopped the check and its SQLite code.
 */
const job = workerData as { file: string; nativeBinding?: string };
chooseSqliteAddon(job.nativeBinding);
let db: Database.Database | null = null;
try {
  db = openSqlite(job.file, { readonly: true, fileMustExist: true });
  const rows = db.pragma('integrity_check') as Record<string, unknown>[];
  parentPort?.postMessage({ verdict: rows.map((row) => String(Object.values(row)[0])).join('; ') });
} catch (error) {
  const code = (error as { code?: unknown }).code;
  parentPort?.postMessage({ error: String(error), code: typeof code === 'string' ? code : null });
} finally {
  db?.close();
}
