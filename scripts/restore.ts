import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { lockDataDir } from '../electron/core/instance-lock';
import { listBackups, restoreBackup } from '../electron/core/journal/backup';
import { StartRefused } from '../electron/core/start-refused';
import { defaultDataDir } from '../electron/host/data-dir';

// `npm run restore -- [--data-dir DIR] <backup>`: brings a copy of the journal back (docs/journal.md,
// "Backups and restoring one"). It takes the data directory's lock first, so it refuses while a counter
// is running there. The journal it replaces, with its write-ahead log, is moved into
// backups/replaced-{time}/ and never deleted. Without a backup it lists the copies there are.

const USAGE = 'Usage: npm run restore -- [--data-dir DIR] <backup file>';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let parsed: ReturnType<
  typeof parseArgs<{ options: { 'data-dir': { type: 'string' } }; allowPositionals: true }>
>;
try {
  parsed = parseArgs({ options: { 'data-dir': { type: 'string' } }, allowPositionals: true, strict: true });
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
const dataDir = resolve(parsed.values['data-dir'] ?? defaultDataDir());
const journalFile = join(dataDir, 'journal.sqlite');
const [backup, ...extra] = parsed.positionals;

if (!backup || extra.length > 0) {
  const copies = listBackups(journalFile);
  fail(
    `${USAGE}\n${
      copies.length
        ? `Backups in ${dataDir}/backups, newest first:\n${copies.map((c) => `  ${c.file} (taken ${c.takenAt})`).join('\n')}`
        : `There are no backups in ${dataDir}/backups.`
    }`,
  );
}

let instance: ReturnType<typeof lockDataDir>;
try {
  instance = lockDataDir(dataDir, journalFile);
} catch (error) {
  if (error instanceof StartRefused) fail(`Not restored. ${error.message}`);
  throw error;
}
try {
  const { replacedInto } = restoreBackup(journalFile, resolve(backup), new Date());
  // The restored copy has no write-ahead log and needs none: the last run's crash state went with the
  // journal it replaced.
  instance.closing();
  process.stdout.write(
    `Restored ${resolve(backup)} as ${journalFile}.\nThe journal it replaced is kept in ${replacedInto}.\nStart the counter: it migrates an older copy forward and settles the sales the copy shows open.\n`,
  );
} catch (error) {
  fail(`Not restored: ${(error as Error).message}`);
} finally {
  instance.release();
}
