import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * Another process that opens the journal and holds its write lock (`BEGIN IMMEDIATE`) until told to
 * let go, as a second app or a database browser left open with a pending write would.
 */
export interface LockHolder {
  readonly pid: number;
  /** Commits (nothing) and exits; resolves once the process is gone. */
  release(): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../..');

const SCRIPT = `
import Database from 'better-sqlite3';
const db = new Database(process.argv[1]);
db.exec('BEGIN IMMEDIATE');
process.stdout.write('locked\\n');
process.stdin.once('data', () => {
  db.exec('COMMIT');
  db.close();
  process.exit(0);
});
`;

export async function holdJournalLock(journalFile: string): Promise<LockHolder> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', SCRIPT, journalFile], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  await new Promise<void>((done, fail) => {
    child.once('exit', (code) => fail(new Error(`the lock holder exited (${code}) before locking`)));
    createInterface({ input: child.stdout! }).once('line', () => done());
  });
  return {
    pid: child.pid ?? -1,
    async release() {
      child.stdin?.write('go\n');
      await exited;
    },
  };
}
