import { parentPort, workerData } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { checkChain } from './chain-check';
import { chooseSqliteAddon, openSqlite } from './sqlite-addon';
import { cacheStatements } from './statement-cache';

/**
 * The chain check's program (started by chain-checks.ts through program-thread.ts): it waits for a
 * counter's id and answers each with the check of that counter's chain, made on a read-only
 * connection of its own, so the counter sells while it reads every record and money row. The thread
 * stays for the next check: starting one costs more than a small journal's check.
 */
const job = workerData as { file: string; nativeBinding?: string };
chooseSqliteAddon(job.nativeBinding);
parentPort?.on('message', (counterId: string) => {
  let db: Database.Database | null = null;
  try {
    db = openSqlite(job.file, { readonly: true, fileMustExist: true });
    // The check reads each money row by a handful of statements: each is compiled once.
    cacheStatements(db);
    parentPort?.postMessage({ check: checkChain(db, counterId) });
  } catch (error) {
    parentPort?.postMessage({ error: String(error) });
  } finally {
    db?.close();
  }
});
