import { existsSync, renameSync } from 'node:fs';
import { basename, join } from 'node:path';
import { recordRestore, replacedDir } from './backup';
import { issuedButNotIn, type NumbersNotInJournal } from './issued-numbers';
import { contentsOf, type JournalContents, readUntouched } from './journal-contents';

/**
 * A journal whose write-ahead log was lost in a crash. Its last records were in that log; the journal
 * file itself still holds everything checkpointed into it before. When the file is whole, it can be
 * opened as it is (`npm run restore -- --as-it-is`): it often holds far more than any backup. What the
 * lost log held is named by when it was written (after the file's last record) and by the receipt and Z
 * numbers issued meanwhile (issued-numbers.ts); the counter's next start reads the provider's orders
 * placed since and lists those no record holds for the manager (lost-records.ts).
 */

/**
 * Whether the journal lost its log: `-wal` is absent while its index (`-shm`) is there, or while the
 * last counter did not close cleanly (a clean close takes the log into the file and removes both).
 */
export function logLost(journalFile: string, previousRunUnclean: boolean): boolean {
  return !existsSync(`${journalFile}-wal`) && (existsSync(`${journalFile}-shm`) || previousRunUnclean);
}

/** The journal file as it is: SQLite's verdict on it, what it holds, and the numbers issued it lacks. */
export interface JournalAsItIs {
  /** `ok`, or what SQLite's integrity check (or the failure to read the file) said. */
  readonly verdict: string;
  readonly contents: JournalContents | null;
  readonly notIn: readonly NumbersNotInJournal[];
}

/** Reads the file of a journal that lost its log, changing nothing beside it. */
export function journalAsItIs(journalFile: string): JournalAsItIs {
  try {
    return readUntouched(journalFile, (db) => {
      const verdict = String(db.pragma('integrity_check', { simple: true }));
      if (verdict !== 'ok') return { verdict, contents: null, notIn: [] };
      return { verdict, contents: contentsOf(db), notIn: issuedButNotIn(journalFile, db) };
    });
  } catch (error) {
    const busy = (error as { code?: string }).code?.startsWith('SQLITE_BUSY') ?? false;
    const verdict = busy
      ? 'another process has it open (is a counter running on this data directory?)'
      : String(error);
    return { verdict, contents: null, notIn: [] };
  }
}

/**
 * Opens the journal as it is, for a journal that lost its log (the caller holds the data directory and
 * has checked that no process has the journal open): refuses a file that fails its integrity check;
 * otherwise sets the log's orphaned index aside into `backups/replaced-{time}/` and writes down the
 * restore, with when the file's last record was written. Returns what it found and where the index went.
 */
export function openAsItIs(journalFile: string, at: Date): { asItIs: JournalAsItIs; replacedInto: string } {
  const asItIs = journalAsItIs(journalFile);
  if (asItIs.verdict !== 'ok') throw new Error(`${journalFile} is damaged (${asItIs.verdict})`);
  const replacedInto = replacedDir(journalFile, at);
  const index = `${journalFile}-shm`;
  if (existsSync(index)) renameSync(index, join(replacedInto, basename(index)));
  recordRestore(journalFile, {
    from: null,
    at: at.toISOString(),
    replacedInto,
    since: asItIs.contents?.lastAt ?? null,
  });
  return { asItIs, replacedInto };
}
