import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type InstanceLock, lockDataDirToReplace } from '../electron/core/instance-lock';
import { logLost, openAsItIs } from '../electron/core/journal/as-it-is';
import { fullestFirst, pointOfDay, restoreBackup } from '../electron/core/journal/backup';
import { issuedButNotIn, numbersText } from '../electron/core/journal/issued-numbers';
import { contentsOf, contentsText, readUntouched } from '../electron/core/journal/journal-contents';
import { StartRefused } from '../electron/core/start-refused';
import { defaultDataDir } from '../electron/host/data-dir';

// `npm run restore -- [--data-dir DIR] <backup> | --day YYYY-MM-DD | --as-it-is`: brings the journal
// back (docs/journal.md, "Backups and restoring one"):
// - as it was at a backup point: a whole copy, or a point of the backup chain, rebuilt from its base
//   and segments and checked (integrity, tamper-evident chain); a missing or damaged segment is refused
//   by name. The journal it replaces, with its write-ahead log, is moved into backups/replaced-{time}/
//   and never deleted;
// - or, for a journal that lost its write-ahead log, its own file as it is, once it passes its
//   integrity check (docs/journal.md, "When the write-ahead log is lost").
// It takes the data directory's lock first and checks that no process has the journal open, so it
// refuses while a counter is running there. Without a backup it lists the points there are, the one
// that holds the most first.

const USAGE = 'Usage: npm run restore -- [--data-dir DIR] <backup file> | --day YYYY-MM-DD | --as-it-is';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const OPTIONS = {
  'data-dir': { type: 'string' },
  day: { type: 'string' },
  'as-it-is': { type: 'boolean' },
} as const;

let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
try {
  parsed = parseArgs({ options: OPTIONS, allowPositionals: true, strict: true });
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
const dataDir = resolve(parsed.values['data-dir'] ?? defaultDataDir());
const journalFile = join(dataDir, 'journal.sqlite');

/** The data directory for this command, or the refusal in words. */
function takeDataDir(what: string): InstanceLock {
  try {
    return lockDataDirToReplace(dataDir, journalFile);
  } catch (error) {
    if (error instanceof StartRefused) fail(`${what} ${error.message}`);
    throw error;
  }
}

/** The receipt and Z numbers issued that the journal now in place does not hold, in words. */
function lacking(): string {
  const missing = readUntouched(journalFile, (db) => issuedButNotIn(journalFile, db));
  return missing.length
    ? `This counter issued ${numbersText(missing)}, which the journal does not hold: numbering continues above them.\n`
    : '';
}

if (parsed.values['as-it-is']) {
  if (parsed.values.day !== undefined || parsed.positionals.length > 0)
    fail(`--as-it-is opens the journal's own file: name no backup with it.\n${USAGE}`);
  // Checked before anything opens the journal: opening it would take a log that is there into the file.
  if (existsSync(`${journalFile}-wal`))
    fail(
      `Not opened: ${journalFile} has its write-ahead log beside it, so nothing was lost. Start the counter.`,
    );
  const instance = takeDataDir('Not opened.');
  try {
    if (!logLost(journalFile, instance.previousRunUnclean))
      fail(
        `Not opened: ${journalFile} did not lose its write-ahead log (the last counter closed cleanly). Start the counter.`,
      );
    const { asItIs, replacedInto } = openAsItIs(journalFile, new Date());
    const since = asItIs.contents?.lastAt ?? 'its first record';
    // The crash is dealt with: the next start opens the file as it is.
    instance.closing();
    process.stdout.write(
      `Opened ${journalFile} as it is: it holds ${contentsText(asItIs.contents)}.\n` +
        `Its write-ahead log was lost: what the log held was written after ${since}.\n` +
        lacking() +
        `The log's orphaned index was set aside in ${replacedInto}.\n` +
        `Start the counter: it reads the provider's orders placed since ${since} and lists for the manager those no record holds. Nothing is sent again or booked.\n`,
    );
  } catch (error) {
    fail(
      `Not opened: ${(error as Error).message}. Bring back the backup that holds the most instead (npm run restore -- --data-dir ${dataDir} lists them).`,
    );
  } finally {
    instance.release();
  }
  process.exit(0);
}

const day = parsed.values.day;
if (day !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(day))
  fail(`--day takes a date as YYYY-MM-DD, not "${day}".\n${USAGE}`);
const ofDay = day === undefined ? undefined : pointOfDay(journalFile, day);
if (day !== undefined && !ofDay)
  fail(`Not restored: there is no backup point taken on ${day} in ${dataDir}/backups.`);
const [backup, ...extra] = ofDay ? [ofDay.file, ...parsed.positionals] : parsed.positionals;

if (!backup || extra.length > 0) {
  const copies = fullestFirst(journalFile);
  fail(
    `${USAGE}\n${
      copies.length
        ? `Backups in ${dataDir}/backups, the one that holds the most first:\n${copies
            .map((c) => `  ${c.file} (taken ${c.takenAt}: ${contentsText(c.contents)})`)
            .join('\n')}`
        : `There are no backups in ${dataDir}/backups.`
    }`,
  );
}

const instance = takeDataDir('Not restored.');
try {
  const { replacedInto } = await restoreBackup(journalFile, resolve(backup), new Date());
  // The restored copy has no write-ahead log and needs none: the last run's crash state went with the
  // journal it replaced.
  instance.closing();
  const holds = readUntouched(journalFile, (db) => contentsOf(db));
  process.stdout.write(
    `Restored ${resolve(backup)} as ${journalFile}: it holds ${contentsText(holds)}.\n` +
      lacking() +
      `The journal it replaced is kept in ${replacedInto}.\n` +
      `Start the counter: it migrates an older copy forward, settles the sales the copy shows open, and reads the provider's orders placed since ${holds.lastAt ?? 'its first record'}, listing for the manager those no record holds.\n`,
  );
} catch (error) {
  fail(`Not restored: ${(error as Error).message}`);
} finally {
  instance.release();
}
