import { createHash } from 'node:crypto';
import { closeSync, existsSync, fdatasync, fdatasyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Db } from './database';
import { syncFolder } from './sync-to-disk';

/**
 * The highest receipt and Z numbers this counter has issued, kept outside the journal too: in
 * `issued-numbers`, a small file beside it. A journal brought back from a backup, or opened without the
 * write-ahead log that held its last records, is behind the numbers printed on receipts and Zs since;
 * numbering continues above this file's, so no number is ever issued twice.
 *
 * - A number is written here after the transaction that takes it commits and before it leaves the core
 *   (the receipt or the Z is shown): `writeTransaction` calls `committed()`. One more fdatasync of one
 *   page for each transaction that takes a number. A transaction rolled back gives its number back and
 *   never reaches the file, so the journal's sequence keeps no gaps.
 * - A new sale's order carries no number, so its fdatasync runs on libuv's thread pool while the order
 *   is on the wire (`committedSyncingLater`); the sale's events and answer wait for it. The journal's
 *   own commit, with its fsync, already holds the number by then.
 * - The file holds two copies of the numbers, each with a checksum, written in turn in place: a write
 *   cut off by a crash leaves the other whole, and reading takes the highest of every whole copy.
 * - At open, the journal's own numbers raise the file's (a missing file is made again from them).
 * - If the file cannot be written (a full disk), the numbers stay raised in memory, the trouble is
 *   reported, and the next number tries again: the sale is never held back for it.
 */

export const ISSUED_NUMBERS_FILE = 'issued-numbers';
const SLOT_BYTES = 4096;
const CHECKSUM_CHARS = 16;

/** A sequence the counter issues numbers from: its receipts per mode, and its Zs. */
export type Sequence =
  | { readonly kind: 'receipt'; readonly counterId: string; readonly training: boolean }
  | { readonly kind: 'z'; readonly counterId: string };

/** Numbers of one sequence that were issued but that the journal does not hold. */
export interface NumbersNotInJournal {
  readonly sequence: Sequence;
  readonly from: number;
  readonly to: number;
}

function keyOf(sequence: Sequence): string {
  return sequence.kind === 'receipt'
    ? `receipt/${sequence.counterId}/${sequence.training ? 'training' : 'live'}`
    : `z/${sequence.counterId}`;
}

function sequenceOf(key: string): Sequence | null {
  const [kind, counterId, mode] = key.split('/');
  if (kind === 'z' && counterId) return { kind, counterId };
  if (kind === 'receipt' && counterId && (mode === 'live' || mode === 'training'))
    return { kind, counterId, training: mode === 'training' };
  return null;
}

function checksum(body: string): string {
  return createHash('sha256').update(body).digest('hex').slice(0, CHECKSUM_CHARS);
}

/** One whole copy of the numbers, or null for a slot that is empty or was cut off. */
function readSlot(text: string): Map<string, number> | null {
  const line = text.trimEnd();
  const space = line.indexOf(' ');
  if (space !== CHECKSUM_CHARS) return null;
  const body = line.slice(space + 1);
  if (checksum(body) !== line.slice(0, space)) return null;
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    return new Map(
      Object.entries(parsed).filter(
        (entry): entry is [string, number] => Number.isSafeInteger(entry[1]) && sequenceOf(entry[0]) !== null,
      ),
    );
  } catch {
    return null;
  }
}

/** What the journal itself says was issued: each receipt sequence's last number, each counter's last Z. */
function journalNumbers(db: Db): Map<string, number> {
  const numbers = new Map<string, number>();
  const receipts = db.prepare('SELECT counter_id, training, last_number FROM receipt_counters').all() as {
    counter_id: string;
    training: number;
    last_number: number;
  }[];
  for (const row of receipts) {
    numbers.set(
      keyOf({ kind: 'receipt', counterId: row.counter_id, training: row.training === 1 }),
      row.last_number,
    );
  }
  const zs = db
    .prepare(
      'SELECT counter_id, max(z_number) AS z FROM shifts WHERE z_number IS NOT NULL GROUP BY counter_id',
    )
    .all() as { counter_id: string; z: number }[];
  for (const row of zs) numbers.set(keyOf({ kind: 'z', counterId: row.counter_id }), row.z);
  return numbers;
}

export type IssuedNumbersTrouble = (message: string, fields: Record<string, unknown>) => void;

export class IssuedNumbers {
  /** Numbers taken by the transaction under way, written once it commits. */
  private pending: [string, number][] = [];
  /** The file may not hold what `issued` does (a write or its fdatasync failed): written with the next commit. */
  private unwritten = false;
  private nextSlot = 0;
  private trouble: IssuedNumbersTrouble = () => {};

  private constructor(
    readonly file: string,
    private readonly issued: Map<string, number>,
  ) {}

  /** The numbers kept beside `journalFile`, raised to the journal's own where those are higher. */
  static open(journalFile: string, journal: Db): IssuedNumbers {
    const file = join(dirname(journalFile), ISSUED_NUMBERS_FILE);
    const numbers = new IssuedNumbers(file, IssuedNumbers.read(file));
    let raised = !existsSync(file);
    for (const [key, value] of journalNumbers(journal)) raised = numbers.raise(key, value) || raised;
    if (raised) {
      numbers.unwritten = true;
      numbers.committed();
    }
    return numbers;
  }

  /** The highest of every whole copy in `file`; nothing for a missing file. */
  static read(file: string): Map<string, number> {
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      return new Map();
    }
    const merged = new Map<string, number>();
    for (let at = 0; at < bytes.length; at += SLOT_BYTES) {
      for (const [key, value] of readSlot(bytes.subarray(at, at + SLOT_BYTES).toString('utf8')) ?? []) {
        merged.set(key, Math.max(merged.get(key) ?? 0, value));
      }
    }
    return merged;
  }

  /** Where a failure to write the file is reported (the core's log). */
  reportTo(trouble: IssuedNumbersTrouble): void {
    this.trouble = trouble;
  }

  /** The highest number of `sequence` issued so far, as this file knows it (0 for none). */
  highest(sequence: Sequence): number {
    return this.issued.get(keyOf(sequence)) ?? 0;
  }

  /** `number` of `sequence` was taken in the transaction under way. */
  taken(sequence: Sequence, number: number): void {
    this.pending.push([keyOf(sequence), number]);
  }

  /** How far the numbers taken go now: a savepoint that fails goes back to it. */
  savepoint(): number {
    return this.pending.length;
  }

  /** A transaction (or a savepoint inside one) was rolled back: its numbers were given back. */
  rollBackTo(savepoint: number): void {
    this.pending.length = Math.min(this.pending.length, savepoint);
  }

  /** The outermost transaction committed: its numbers are issued and written out before they are used. */
  committed(): void {
    const fd = this.writeIssued();
    if (fd === null) return;
    try {
      fdatasyncSync(fd);
    } catch (error) {
      this.failed(error);
    } finally {
      closeSync(fd);
    }
  }

  /**
   * As `committed`, but the fdatasync runs on libuv's thread pool: settles once the numbers are on disk
   * (or their write failed, which is reported as for `committed`). Never rejects.
   */
  committedSyncingLater(): Promise<void> {
    const fd = this.writeIssued();
    if (fd === null) return Promise.resolve();
    return new Promise((done) => {
      fdatasync(fd, (error) => {
        closeSync(fd);
        if (error) this.failed(error);
        done();
      });
    });
  }

  /** The sequences whose issued numbers `journal` does not hold, and which numbers those are. */
  notIn(journal: Db): NumbersNotInJournal[] {
    return missingFrom(this.issued, journal);
  }

  private raise(key: string, value: number): boolean {
    if (value <= (this.issued.get(key) ?? 0)) return false;
    this.issued.set(key, value);
    return true;
  }

  /**
   * Issues the numbers taken and, when that raised any (or an earlier write failed), writes one copy
   * of them into the slot written longest ago: the file's descriptor, for the caller's fdatasync, or
   * null when there is nothing to sync (a new file is synced here, with its folder).
   */
  private writeIssued(): number | null {
    let raised = false;
    for (const [key, value] of this.pending) raised = this.raise(key, value) || raised;
    this.pending = [];
    if (!raised && !this.unwritten) return null;
    const body = JSON.stringify(Object.fromEntries([...this.issued].sort(([a], [b]) => a.localeCompare(b))));
    const line = Buffer.from(`${checksum(body)} ${body}\n`, 'utf8');
    if (line.length > SLOT_BYTES) {
      this.trouble('issued numbers do not fit their file', { sequences: this.issued.size });
      return null;
    }
    const slot = Buffer.alloc(SLOT_BYTES, ' ');
    line.copy(slot);
    let fd: number | null = null;
    try {
      const created = !existsSync(this.file);
      fd = openSync(this.file, created ? 'wx' : 'r+', 0o600);
      if (created) {
        // A new file gets both copies, so a cut-off first write in place still leaves one whole; its
        // name reaches the disk once its contents have.
        writeSync(fd, Buffer.concat([slot, slot]), 0, 2 * SLOT_BYTES, 0);
        fdatasyncSync(fd);
        closeSync(fd);
        fd = null;
        syncFolder(dirname(this.file));
      } else {
        writeSync(fd, slot, 0, SLOT_BYTES, this.nextSlot * SLOT_BYTES);
      }
      // The next write goes to the other copy, whether or not this one's fdatasync has ended.
      this.nextSlot = 1 - this.nextSlot;
      this.unwritten = false;
      return fd;
    } catch (error) {
      if (fd !== null) closeSync(fd);
      this.failed(error);
      return null;
    }
  }

  private failed(error: unknown): void {
    this.unwritten = true;
    this.trouble('issued numbers could not be written beside the journal', {
      file: this.file,
      error: String(error),
    });
  }
}

function missingFrom(issued: ReadonlyMap<string, number>, journal: Db): NumbersNotInJournal[] {
  const held = journalNumbers(journal);
  const missing: NumbersNotInJournal[] = [];
  for (const [key, value] of [...issued].sort(([a], [b]) => a.localeCompare(b))) {
    const sequence = sequenceOf(key);
    const last = held.get(key) ?? 0;
    if (sequence && value > last) missing.push({ sequence, from: last + 1, to: value });
  }
  return missing;
}

/**
 * The numbers issued by the counter of the journal file `journalFile` (as the file beside it says)
 * that `journal`, a connection to that file or to a copy of it, does not hold.
 */
export function issuedButNotIn(journalFile: string, journal: Db): NumbersNotInJournal[] {
  return missingFrom(IssuedNumbers.read(join(dirname(journalFile), ISSUED_NUMBERS_FILE)), journal);
}

/** The numbers in words: "receipts 8 to 9, Z 2". */
export function numbersText(missing: readonly NumbersNotInJournal[]): string {
  return missing
    .map(({ sequence, from, to }) => {
      const span = from === to ? `${from}` : `${from} to ${to}`;
      if (sequence.kind === 'z') return `Z ${span}`;
      return `${sequence.training ? 'training ' : ''}receipt${from === to ? '' : 's'} ${span}`;
    })
    .join(', ');
}

const kept = new WeakMap<Db, IssuedNumbers>();

/** The issued numbers of the journal on `db` (set by openJournal). */
export function keepIssuedNumbers(db: Db, numbers: IssuedNumbers): void {
  kept.set(db, numbers);
}

export function issuedNumbersOf(db: Db): IssuedNumbers | null {
  return kept.get(db) ?? null;
}
