import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { type Sale, SaleSchema } from '../../../shared/domain/sale';
import { type TopUp, TopUpSchema } from '../../../shared/domain/topup';
import type { PosError } from '../../../shared/errors';
import type { Logger } from '../log';
import type { Db } from './database';
import { JournalWriteFailure, troubleText, withoutWaiting } from './journal-write';
import type { SaleOutcome, SalesJournal } from './sales-journal';
import { TransitionRefused } from './state-rows';
import type { TopUpOutcome, TopUpsJournal } from './topups-journal';

/**
 * Answers the provider gave that the journal could not record (busy beyond the wait, a full disk, a
 * read-only file, a failing disk). The provider has already acted on them, and a top-up's answer can
 * never be asked for again, so they are not dropped: each is kept in memory and appended to a small
 * side file beside the journal (when that can be written: a lock held by another process or a
 * read-only journal file still leaves the folder writable, a full disk does not), and written to the
 * journal as soon as it takes writes again, by the retry timer or at the next start. The cashier is
 * told the record is in doubt, with its id, meanwhile.
 *
 * Replaying is safe twice over: every outcome is one guarded transition, and one the journal has
 * already moved past (written before a crash that left the side file behind) is refused by the
 * guard and dropped.
 */

export type UnsavedOutcome =
  | { readonly record: 'sale'; readonly id: string; readonly at: string; readonly outcome: SaleOutcome }
  | { readonly record: 'topup'; readonly id: string; readonly at: string; readonly outcome: TopUpOutcome };

export type WrittenRecord =
  | { readonly record: 'sale'; readonly value: Sale }
  | { readonly record: 'topup'; readonly value: TopUp };

export class UnsavedOutcomes {
  private readonly queue: UnsavedOutcome[] = [];
  /** Why the journal refused the last answer it could not take. */
  private lastFailure: JournalWriteFailure | null = null;
  private written: (record: WrittenRecord) => void = () => {};

  constructor(
    /** The side file: one JSON line per kept outcome, readable by its owner only. */
    private readonly file: string,
    private readonly db: Db,
    private readonly journals: { readonly sales: SalesJournal; readonly topUps: TopUpsJournal },
    private readonly log: Logger,
  ) {}

  /** Who hears of each kept outcome once it is written (events, the balance, the timers). */
  onWritten(listener: (record: WrittenRecord) => void): void {
    this.written = listener;
  }

  /** How many answers wait to be written. */
  get size(): number {
    return this.queue.length;
  }

  /** Whether an answer for this record waits to be written: the record must not be sent again meanwhile. */
  holds(record: UnsavedOutcome['record'], id: string): boolean {
    return this.queue.some((kept) => kept.record === record && kept.id === id);
  }

  /** At start: takes in the answers a previous run kept in the side file, then tries to write them. */
  resume(): WrittenRecord[] {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return [];
    }
    for (const line of text.split('\n')) {
      const kept = parseLine(line);
      if (kept) this.queue.push(kept);
    }
    if (this.queue.length > 0)
      this.log.warn('answers kept from the last run', { count: this.queue.length, file: this.file });
    return this.flush();
  }

  /** Records a sale's answer; if the journal cannot take it, keeps it and answers with the sale in doubt. */
  recordSale(sale: Sale, outcome: SaleOutcome, at: string): Sale {
    return this.recordOrKeep(
      { record: 'sale', id: sale.id, at, outcome },
      () => this.journals.sales.record(sale.id, outcome, at),
      (lastError) => SaleSchema.parse({ ...sale, state: 'in_doubt', since: at, updatedAt: at, lastError }),
      { saleId: sale.id },
    );
  }

  /** Records a top-up's answer; if the journal cannot take it, keeps it and answers with the top-up in doubt. */
  recordTopUp(topUp: TopUp, outcome: TopUpOutcome, at: string): TopUp {
    return this.recordOrKeep(
      { record: 'topup', id: topUp.id, at, outcome },
      () => this.journals.topUps.record(topUp.id, outcome, at),
      (lastError) =>
        TopUpSchema.parse({ ...topUp, state: 'in_doubt', since: at, updatedAt: at, lastError, search: null }),
      { topUpId: topUp.id },
    );
  }

  /**
   * For a sale about to be sent again: null when no answer of it waits. Otherwise the sale is never
   * sent (its answer is known): the waiting answer is tried now, and the sale comes back as written,
   * or still in doubt.
   */
  waitingSale(sale: Sale): Sale | null {
    if (!this.holds('sale', sale.id)) return null;
    this.flush();
    if (!this.holds('sale', sale.id)) return this.journals.sales.require(sale.id);
    const lastError = this.inDoubtError(this.lastFailure, { saleId: sale.id });
    return SaleSchema.parse({ ...sale, state: 'in_doubt', since: sale.updatedAt, lastError });
  }

  /**
   * Writes every kept answer, oldest first, until the journal refuses one for its storage again; each
   * one written is told to the listener. Returns those written.
   */
  flush(): WrittenRecord[] {
    const done: WrittenRecord[] = [];
    let dropped = 0;
    while (this.queue.length > 0) {
      const kept = this.queue[0]!;
      try {
        done.push(withoutWaiting(this.db, () => this.apply(kept)));
      } catch (error) {
        if (error instanceof JournalWriteFailure) {
          this.lastFailure = error;
          break;
        }
        // The journal has moved past this answer (written before a crash), or it cannot apply: keep
        // the evidence in the log and go on.
        dropped += 1;
        this.log[error instanceof TransitionRefused ? 'info' : 'error']('kept answer not written', {
          record: kept.record,
          id: kept.id,
          error: String(error),
        });
      }
      this.queue.shift();
    }
    if (done.length + dropped > 0) this.rewriteSideFile();
    for (const record of done) {
      this.log.info('kept answer written to the journal', { record: record.record, id: record.value.id });
      this.written(record);
    }
    return done;
  }

  private apply(kept: UnsavedOutcome): WrittenRecord {
    return kept.record === 'sale'
      ? { record: 'sale', value: this.journals.sales.record(kept.id, kept.outcome, kept.at) }
      : { record: 'topup', value: this.journals.topUps.record(kept.id, kept.outcome, kept.at) };
  }

  /**
   * Writes the answer now (after any earlier answer of the same record still waiting: answers are
   * written in order). If the journal refuses it for its storage, keeps it and returns the record in
   * doubt; any other error is not ours to handle.
   */
  private recordOrKeep<T>(
    kept: UnsavedOutcome,
    write: () => T,
    inDoubt: (lastError: PosError) => T,
    record: Record<string, string>,
  ): T {
    try {
      if (this.holds(kept.record, kept.id)) this.flush();
      if (this.holds(kept.record, kept.id) && this.lastFailure) throw this.lastFailure;
      return write();
    } catch (error) {
      return inDoubt(this.keepAfter(error, kept, record));
    }
  }

  /** Keeps an answer the journal refused for its storage; any other error is not ours to handle. */
  private keepAfter(error: unknown, kept: UnsavedOutcome, record: Record<string, string>): PosError {
    if (!(error instanceof JournalWriteFailure)) throw error;
    this.lastFailure = error;
    this.queue.push(kept);
    const onDisk = this.append(kept);
    this.log.error('answer kept: the journal cannot take it', {
      record: kept.record,
      id: kept.id,
      reason: error.reason,
      sideFile: onDisk ? this.file : null,
    });
    return this.inDoubtError(error, record);
  }

  /** What the cashier is told about a record whose answer waits: in doubt, never "nothing was lost". */
  private inDoubtError(failure: JournalWriteFailure | null, record: Record<string, string>): PosError {
    const reason = failure?.reason ?? 'io';
    return {
      code: 'JOURNAL_UNAVAILABLE',
      message: `The provider answered, but the journal cannot be written (${troubleText(reason)}). The answer is kept and written as soon as the journal takes it; do not send this again.`,
      details: { reason, ...record },
    };
  }

  /** Appends one kept answer to the side file and forces it to disk; false if the disk would not take it. */
  private append(kept: UnsavedOutcome): boolean {
    try {
      const fd = openSync(this.file, 'a', 0o600);
      try {
        writeSync(fd, `${JSON.stringify(kept)}\n`);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      return true;
    } catch (error) {
      this.log.warn('kept answer held in memory only', { id: kept.id, error: String(error) });
      return false;
    }
  }

  /** The side file holds exactly what still waits; gone when nothing does. */
  private rewriteSideFile(): void {
    try {
      if (this.queue.length === 0) {
        rmSync(this.file, { force: true });
        return;
      }
      const partial = `${this.file}.partial`;
      const fd = openSync(partial, 'w', 0o600);
      try {
        writeSync(fd, this.queue.map((kept) => `${JSON.stringify(kept)}\n`).join(''));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(partial, this.file);
    } catch (error) {
      // The old side file still holds every waiting answer; those already written are refused by the
      // transition guard when it is replayed.
      this.log.warn('side file of kept answers not rewritten', { error: String(error) });
    }
  }
}

/** One line of the side file, or null for a line a crash cut short. */
function parseLine(line: string): UnsavedOutcome | null {
  if (line.trim() === '') return null;
  try {
    const kept = JSON.parse(line) as Partial<UnsavedOutcome>;
    const known = kept.record === 'sale' || kept.record === 'topup';
    return known && typeof kept.id === 'string' && typeof kept.at === 'string' && kept.outcome
      ? (kept as UnsavedOutcome)
      : null;
  } catch {
    return null;
  }
}
