import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { StorageTrouble } from '../../../shared/domain/status';
import { StartRefused } from '../start-refused';
import { journalAsItIs, logLost } from './as-it-is';
import { type BackupCopy, fullestFirst, lastRestoreAt, listBackups } from './backup';
import type { Db } from './database';
import { numbersText } from './issued-numbers';
import { byContents, contentsText } from './journal-contents';
import { storageTroubleOf, troubleText } from './journal-write';

/**
 * What the journal must pass before the counter trusts it. A journal that is missing, empty, shorter
 * than its own newest backup, damaged, or that lost its write-ahead log in a crash is never quietly
 * started as a new shop: a fresh journal would sell on, and every unresolved sale and every record of
 * what the provider charged would be forgotten. The refusal names the file and the backups and says
 * how to bring one back.
 */

/** The journal cannot be trusted or written; `beforeOpen` when the file was refused without being opened. */
export class JournalRefused extends StartRefused {
  constructor(
    message: string,
    readonly beforeOpen: boolean,
  ) {
    super(message);
  }
}

function describeCopy(copy: BackupCopy): string {
  return `  ${copy.file} (taken ${copy.takenAt}, ${copy.bytes} bytes: ${contentsText(copy.contents)})`;
}

function restoreCommand(journalFile: string, copy: BackupCopy): string {
  return `npm run restore -- --data-dir ${dirname(journalFile)} ${copy.file}`;
}

/** The backups there are, the one that holds the most first. */
function backupsText(journalFile: string, copies: readonly BackupCopy[]): string {
  return copies.length
    ? `Backups of this journal, the one that holds the most first:\n${copies.map(describeCopy).join('\n')}`
    : `There are no backups of this journal in ${dirname(journalFile)}/backups.`;
}

const NOTHING_DONE = 'The counter has not started: nothing was sent or changed.';

/** The end of every refusal: the backups there are, and the command that brings back the fullest. */
function whatToDo(journalFile: string): string {
  const copies = fullestFirst(journalFile);
  const restore = copies[0]
    ? `To bring back the one that holds the most: ${restoreCommand(journalFile, copies[0])}\n(see docs/journal.md, "Backups and restoring one").`
    : 'Call support before starting the counter again.';
  return `${NOTHING_DONE}\n${backupsText(journalFile, copies)}\n${restore}`;
}

function refusal(journalFile: string, problem: string, beforeOpen: boolean): JournalRefused {
  return new JournalRefused(`The journal ${journalFile} ${problem}.\n${whatToDo(journalFile)}`, beforeOpen);
}

/**
 * A journal that lost its write-ahead log: what its file holds as it is and what it lacks, and the ways
 * out, the one that keeps the most first: opening the file as it is when it is whole, or bringing back
 * the backup that holds the most.
 */
function lostLogRefusal(journalFile: string): JournalRefused {
  const dir = dirname(journalFile);
  const lost = `The journal ${journalFile} has lost its write-ahead log (${journalFile}-wal): the counter did not close cleanly last time, and the last records it wrote were in that file. If it was moved, put it back beside the journal and start the counter again.`;
  const file = journalAsItIs(journalFile);
  const copies = fullestFirst(journalFile);
  const fullest = copies[0];
  const lines = [lost];
  if (file.verdict === 'ok' && file.contents) {
    const since = file.contents.lastAt ?? 'its first record';
    lines.push(
      `The journal file itself passes its integrity check and holds ${contentsText(file.contents)}.`,
      `What the lost log held was written after ${since}${file.notIn.length ? `: it held ${numbersText(file.notIn)} at least, which the file lacks` : ''}.`,
      NOTHING_DONE,
      backupsText(journalFile, copies),
    );
    const asItIs = `npm run restore -- --data-dir ${dir} --as-it-is`;
    const ways = [
      `Open the journal file as it is: ${asItIs}\n  At its next start the counter reads the provider's orders placed since ${since} and lists for the manager those no record holds; nothing is sent again or booked. Numbering continues above every receipt and Z number already issued.`,
      ...(fullest
        ? [`Bring back the backup that holds the most: ${restoreCommand(journalFile, fullest)}`]
        : []),
    ];
    // The way that keeps the most comes first.
    if (fullest && byContents(fullest.contents, file.contents) < 0) ways.reverse();
    lines.push(`Ways out, the one that keeps the most first:\n${ways.map((way) => `- ${way}`).join('\n')}`);
  } else {
    lines.push(
      `The journal file itself cannot be opened as it is: ${file.verdict}.`,
      NOTHING_DONE,
      backupsText(journalFile, copies),
      fullest
        ? `To bring back the one that holds the most: ${restoreCommand(journalFile, fullest)}`
        : 'Call support before starting the counter again.',
    );
  }
  lines.push('(see docs/journal.md, "When the write-ahead log is lost").');
  return new JournalRefused(lines.join('\n'), true);
}

/**
 * SQLite says only "unable to open" when it cannot create a file; the folder itself says whether that
 * is because it is read-only.
 */
function troubleAtStart(journalFile: string, error: unknown): StorageTrouble | null {
  const reason = storageTroubleOf(error);
  if (reason !== 'io') return reason;
  try {
    accessSync(dirname(journalFile), constants.W_OK);
    return reason;
  } catch (probe) {
    return storageTroubleOf(probe) ?? reason;
  }
}

/** A journal written by a newer app: never misread by this one. */
export function newerJournal(journalFile: string, version: number, known: number): JournalRefused {
  return refusal(
    journalFile,
    `was written by a newer version of the app (schema ${version}; this app knows up to ${known}). Install that version again`,
    false,
  );
}

/** A storage fault met while starting (the journal or the data directory cannot be written), as a refusal. */
export function storageRefusal(
  journalFile: string,
  error: unknown,
  beforeOpen: boolean,
): JournalRefused | null {
  const reason = troubleAtStart(journalFile, error);
  if (reason === null) return null;
  return refusal(journalFile, `cannot be used: ${troubleText(reason)} (${String(error)})`, beforeOpen);
}

/**
 * Before the journal is opened: whether it is a new shop's (no journal and no backups), or an existing
 * journal fit to open. Throws JournalRefused for a missing, empty or log-less journal.
 */
export function checkBeforeOpen(journalFile: string, previousRunUnclean: boolean): 'new' | 'existing' {
  if (!existsSync(journalFile)) {
    if (listBackups(journalFile).length === 0) return 'new';
    throw refusal(journalFile, 'is missing, but backups of it exist (it was moved or deleted)', true);
  }
  if (statSync(journalFile).size === 0) throw refusal(journalFile, 'is empty (zero bytes)', true);
  if (logLost(journalFile, previousRunUnclean)) throw lostLogRefusal(journalFile);
  return 'existing';
}

/**
 * Once open, before anything is written: a size no smaller than the newest backup taken since the last
 * restore (the journal only grows; a smaller one is an older or truncated copy), and, after a counter
 * that did not close cleanly, SQLite's full integrity check. That check reads every page (about a
 * second per 100 MB; see bench/journal-integrity.ts), so after a clean close it runs after the ready
 * line instead, in the background (integrity-watch.ts): a crash is when a page is most likely torn.
 * Opening the file and reading its schema version has already checked its header.
 */
export function checkOpened(db: Db, journalFile: string, previousRunUnclean: boolean): void {
  if (previousRunUnclean) {
    const verdict = db.pragma('integrity_check', { simple: true });
    if (verdict !== 'ok') throw damagedJournal(journalFile, String(verdict));
  }
  const bytes =
    (db.pragma('page_count', { simple: true }) as number) *
    (db.pragma('page_size', { simple: true }) as number);
  const restoredAt = lastRestoreAt(journalFile);
  const newest = listBackups(journalFile).find((copy) => restoredAt === null || copy.takenAt > restoredAt);
  if (newest && bytes < newest.bytes) {
    throw refusal(
      journalFile,
      `is smaller (${bytes} bytes) than its newest backup ${newest.file} (${newest.bytes} bytes): it is an older or cut-short copy, not the journal the counter last wrote`,
      false,
    );
  }
}

/** A journal whose integrity check found damage: what it said, the backups, and how to bring one back. */
function damagedJournal(journalFile: string, verdict: string): JournalRefused {
  return refusal(journalFile, `is damaged (integrity check: ${verdict})`, false);
}
