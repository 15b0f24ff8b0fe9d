import type { StorageStatus, StorageTrouble } from '../../../shared/domain/status';
import { PosFailure } from '../pos/failure';
import type { Db } from './database';
import { type IssuedNumbers, issuedNumbersOf } from './issued-numbers';

/**
 * The one way the journal is written: a transaction that takes the write lock before its first read
 * (`BEGIN IMMEDIATE`), so a read-then-write (a receipt number, the repeat check of a top-up) can never
 * be overtaken by another writer between its read and its write, and a storage fault surfaces as a
 * JournalWriteFailure naming what went wrong instead of a raw SQLite error.
 */

/**
 * SQLite's result codes (extended codes start with the primary one) and the system's error codes that
 * mean the disk or the file failed us.
 */
const TROUBLE_BY_CODE: readonly (readonly [string, StorageTrouble])[] = [
  ['EROFS', 'readonly'],
  ['EACCES', 'readonly'],
  ['EPERM', 'readonly'],
  ['ENOSPC', 'full'],
  ['EDQUOT', 'full'],
  ['EIO', 'io'],
  ['SQLITE_BUSY', 'busy'],
  ['SQLITE_LOCKED', 'busy'],
  ['SQLITE_FULL', 'full'],
  ['SQLITE_READONLY', 'readonly'],
  ['SQLITE_IOERR', 'io'],
  ['SQLITE_CANTOPEN', 'io'],
  ['SQLITE_CORRUPT', 'corrupt'],
  ['SQLITE_NOTADB', 'corrupt'],
];

/** The storage trouble an error means, or null for any other error (a bug, a refused transition). */
export function storageTroubleOf(error: unknown): StorageTrouble | null {
  if (error instanceof JournalWriteFailure) return error.reason;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  return TROUBLE_BY_CODE.find(([prefix]) => code === prefix || code.startsWith(`${prefix}_`))?.[1] ?? null;
}

const WHY: Readonly<Record<StorageTrouble, string>> = {
  busy: 'another program holds its lock',
  full: 'the disk is full',
  readonly: 'the file or its folder is read-only',
  io: 'the disk failed to read or write it',
  corrupt: 'the file is damaged',
};

/** Why the journal cannot be written, in words for logs and support. */
export function troubleText(reason: StorageTrouble): string {
  return WHY[reason];
}

/**
 * The journal refused a write because of its storage. Nothing of the write was kept; what the caller
 * does about an answer it could not record is its business (see UnsavedOutcomes).
 */
export class JournalWriteFailure extends PosFailure {
  constructor(
    readonly reason: StorageTrouble,
    readonly file: string,
    /** SQLite's own code (SQLITE_IOERR_FSYNC…), for support. */
    readonly sqliteCode: string | null,
  ) {
    super(
      'JOURNAL_UNAVAILABLE',
      `The journal ${file} cannot be written: ${troubleText(reason)}. Nothing more was recorded.`,
      sqliteCode ? { reason, sqliteCode } : { reason },
    );
  }
}

/** Told of every outermost write's fate: the status shows storage trouble from these. */
export interface WriteObserver {
  succeeded(): void;
  failed(reason: StorageTrouble): void;
}

const observers = new WeakMap<Db, WriteObserver>();

/** Sets who hears how writes to this connection end (one observer per connection: the core's). */
export function observeWrites(db: Db, observer: WriteObserver): void {
  observers.set(db, observer);
}

const refusals = new WeakMap<Db, StorageTrouble>();

/**
 * From now on every write to this connection is refused for `reason`, before it starts: a journal
 * found damaged while the counter runs takes no more sales (an answer already given goes to the
 * unsaved answers beside it, as for any refused write). Lasts until the counter is restarted.
 */
export function refuseWrites(db: Db, reason: StorageTrouble): void {
  refusals.set(db, reason);
  observers.get(db)?.failed(reason);
}

/**
 * Runs `work` as one immediate transaction (a savepoint when already inside one). A storage fault
 * becomes a JournalWriteFailure; any other error passes through unchanged, after the rollback.
 */
export function writeTransaction<T>(db: Db, work: () => T): T {
  return transactionKeeping(db, work, (numbers) => numbers.committed());
}

/**
 * As `writeTransaction`, but the receipt and Z numbers the transaction took are written beside the
 * journal without waiting for their fdatasync: `numbersKept` settles once they are on disk. Only for
 * a write whose next step carries no number (a sale's order), with whatever shows a number waiting for
 * `numbersKept`.
 */
export function writeTransactionSyncingNumbersLater<T>(
  db: Db,
  work: () => T,
): { readonly result: T; readonly numbersKept: Promise<void> } {
  let numbersKept = Promise.resolve();
  const result = transactionKeeping(db, work, (numbers) => {
    numbersKept = numbers.committedSyncingLater();
  });
  return { result, numbersKept };
}

function transactionKeeping<T>(db: Db, work: () => T, keepNumbers: (numbers: IssuedNumbers) => void): T {
  const refused = refusals.get(db);
  if (refused) {
    observers.get(db)?.failed(refused);
    throw new JournalWriteFailure(refused, db.name, null);
  }
  const outermost = !db.inTransaction;
  const numbers = issuedNumbersOf(db);
  const savepoint = numbers?.savepoint() ?? 0;
  try {
    const result = db.transaction(work).immediate();
    // The receipt and Z numbers it took are written beside the journal before anything uses them.
    if (outermost && numbers) keepNumbers(numbers);
    if (outermost) observers.get(db)?.succeeded();
    return result;
  } catch (error) {
    numbers?.rollBackTo(savepoint);
    const reason = storageTroubleOf(error);
    if (reason === null) throw error;
    observers.get(db)?.failed(reason);
    if (error instanceof JournalWriteFailure) throw error;
    const code = (error as { code?: unknown }).code;
    throw new JournalWriteFailure(reason, db.name, typeof code === 'string' ? code : null);
  }
}

/**
 * Runs `work` (one or more write transactions) committed without their own fsync: the journal is in
 * WAL mode, so such a commit survives the app crashing at once, and a power cut loses it only until the
 * next commit made with `synchronous = FULL`, whose fsync makes every earlier WAL frame durable with it.
 * Only for writes whose loss to a power cut the provider's records make good (see docs/journal.md, "One
 * fsync per sale"); every other write keeps its own fsync.
 */
export function withoutOwnFsync<T>(db: Db, work: () => T): T {
  return withPragma(db, 'synchronous', 'NORMAL', work);
}

/**
 * Runs `work` without waiting for a lock another process holds: a write that cannot go ahead at once
 * fails as busy. For retries in the background, which must not freeze the counter while the lock is
 * held for long; the first attempt of any write waits the full busy timeout.
 */
export function withoutWaiting<T>(db: Db, work: () => T): T {
  return withPragma(db, 'busy_timeout', '0', work);
}

/** Runs `work` with a connection setting changed, and sets it back however `work` ends. */
function withPragma<T>(db: Db, pragma: 'synchronous' | 'busy_timeout', value: string, work: () => T): T {
  const before = db.pragma(pragma, { simple: true }) as number;
  db.pragma(`${pragma} = ${value}`);
  try {
    return work();
  } finally {
    db.pragma(`${pragma} = ${before}`);
  }
}

/**
 * Whether the journal takes writes, as the status shows it: in trouble from the first write refused
 * for its storage until a write succeeds again and no kept answer waits. Each change of what the status
 * would show is told to `onChange` (once the write that caused it has finished, so the count of kept
 * answers is current).
 */
export class StorageHealth implements WriteObserver {
  private trouble: { reason: StorageTrouble; since: string } | null = null;
  private lastReason: StorageTrouble = 'io';
  private shown: string = JSON.stringify({ state: 'ok' });

  constructor(
    private readonly now: () => Date,
    /** How many provider answers wait to be written. */
    private readonly unsaved: () => number,
    private readonly onChange: (storage: StorageStatus) => void = () => {},
  ) {}

  succeeded(): void {
    this.trouble = null;
    queueMicrotask(() => this.tell());
  }

  failed(reason: StorageTrouble): void {
    this.lastReason = reason;
    if (this.trouble?.reason !== reason) this.trouble = { reason, since: this.now().toISOString() };
    queueMicrotask(() => this.tell());
  }

  view(): StorageStatus {
    const unsaved = this.unsaved();
    if (!this.trouble && unsaved === 0) return { state: 'ok' };
    return {
      state: 'trouble',
      reason: this.trouble?.reason ?? this.lastReason,
      since: this.trouble?.since ?? this.now().toISOString(),
      unsaved,
    };
  }

  private tell(): void {
    const view = this.view();
    const shown = JSON.stringify(view);
    if (shown === this.shown) return;
    this.shown = shown;
    this.onChange(view);
  }
}
