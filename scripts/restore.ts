import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { lockDataDirToReplace } from '../electron/core/instance-lock';
import { listBackups, pointOfDay, restoreBackup } from '../electron/core/journal/backup';
import { StartRefused } from '../electron/core/start-refused';
import { defaultDataDir } from '../electron/host/data-dir';

// `npm run restore -- [--data-dir DIR] <backup> | --day YYYY-MM-DD`: brings the journal back as it was
// at a backup point (docs/journal.md, "Backups and restoring one"): a whole copy, or a point of the
// backup chain, rebuilt from its base and segments and checked (integrity, tamper-evident chain); a
// missing or damaged segment is refused by name. It takes the data directory's lock first and checks that no
// process has the journal open, so it refuses while a counter is running there. The journal it replaces, with its write-ahead log, is moved into
// backups/replaced-{time}/ and never deleted. Without a backup it lists the copies there are.

const USAGE = 'Usage: npm run restore -- [--data-dir DIR] <backup file> | --day YYYY-MM-DD';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let parsed: ReturnType<
  typeof parseArgs<{
    options: { 'data-dir': { type: 'string' }; day: { type: 'string' } };
    allowPositionals: true;
  }>
>;
try {
  parsed = parseArgs({
    options: { 'data-dir': { type: 'string' }, day: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
const dataDir = resolve(parsed.values['data-dir'] ?? defaultDataDir());
const journalFile = join(dataDir, 'journal.sqlite');
const day = parsed.values.day;
if (day !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(day))
  fail(`--day takes a date as YYYY-MM-DD, not "${day}".\n${USAGE}`);
const ofDay = day === undefined ? undefined : pointOfDay(journalFile, day);
if (day !== undefined && !ofDay)
  fail(`Not restored: there is no backup point taken on ${day} in ${dataDir}/backups.`);
const [backup, ...extra] = ofDay ? [ofDay.file, ...parsed.positionals] : parsed.positionals;

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

let instance: ReturnType<typeof lockDataDirToReplace>;
try {
  instance = lockDataDirToReplace(dataDir, journalFile);
} catch (error) {
  if (error instanceof StartRefused) fail(`Not restored. ${error.message}`);
  throw error;
}
try {
  const { replacedInto } = await restoreBackup(journalFile, resolve(backup), new Date());
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
