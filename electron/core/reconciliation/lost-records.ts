import type { Approval, Cashier } from '../../../shared/domain/cashier';
import type { LostRecords, LostRecordsStatus, MissingNumbers } from '../../../shared/domain/lost-records';
import type { Connection } from '../connection';
import type { HandlerGroup } from '../context';
import { lastRestore } from '../journal/backup';
import type { Db } from '../journal/database';
import type { NumbersNotInJournal } from '../journal/issued-numbers';
import { claimedOrderReferences } from '../journal/order-claims';
import type { SettingsTable } from '../journal/settings-table';
import type { Logger } from '../log';
import { mayHaveCharged, ordersIn } from '../money/order-evidence';
import { PosFailure } from '../pos/failure';

/**
 * What a journal brought back lacks (docs/journal.md, "When the write-ahead log is lost"). The restore
 * command writes down when the journal it brought back last recorded anything (`since`); at the next
 * start the counter takes that in, with the receipt and Z numbers issued that the journal does not
 * hold, as a chained record. It then reads the provider's orders placed from `since` to the moment the
 * journal was brought back, and keeps those no record holds: each may be a lost sale or top-up of this
 * counter (or another writer's on the account). They are listed for the manager, never sent again and
 * never booked; the manager's "seen" is recorded too. Kept in the settings under one key.
 */

const KEY = 'journal.lost-records';
/** Orders are read from this long before `since`: the provider's clock and the counter's differ a little. */
const CLOCK_MARGIN_MS = 5 * 60_000;
/** A read that fails (offline) is tried again this often until it succeeds. */
const RETRY_MS = 5 * 60_000;
/** At most this many pages of orders: a window of days holds thousands. */
const PAGES_MAX = 1_000;

export interface LostRecordsDeps {
  readonly db: Db;
  readonly journalFile: string;
  readonly settings: SettingsTable;
  readonly connection: () => Connection;
  readonly approve: (approval: Approval | undefined, action: string) => Cashier;
  readonly now: () => Date;
  readonly log: Logger;
  /** The status bar's share changed. */
  readonly changed: () => void;
}

function missingOf(numbers: readonly NumbersNotInJournal[]): MissingNumbers[] {
  return numbers.map(({ sequence, from, to }) => ({
    kind: sequence.kind,
    training: sequence.kind === 'receipt' && sequence.training,
    from,
    to,
  }));
}

export class LostRecordsDesk {
  private retry: NodeJS.Timeout | null = null;
  private reading: Promise<void> | null = null;

  constructor(private readonly deps: LostRecordsDeps) {}

  /**
   * At start, before any number is taken: a journal brought back since the last start is written down,
   * with the numbers it lacks (`notInJournal`, from issued-numbers.ts).
   */
  takeIn(notInJournal: readonly NumbersNotInJournal[]): void {
    const restored = lastRestore(this.deps.journalFile);
    if (restored?.since == null || this.stored()?.broughtBackAt === restored.at) return;
    const record: LostRecords = {
      broughtBackAt: restored.at,
      from: restored.from,
      since: restored.since,
      numbers: missingOf(notInJournal),
      orders: null,
      acknowledged: null,
    };
    this.deps.settings.changeAudited(this.deps.now().toISOString(), 'journal.brought-back', record, () =>
      this.deps.settings.set(KEY, record),
    );
    this.deps.log.warn('the journal was brought back: the records written after its last one are not in it', {
      since: record.since,
      numbers: record.numbers,
    });
  }

  /** Reads the provider's orders of a journal brought back, if not read yet; tries again while it fails. */
  start(): void {
    if (this.stored()?.orders !== null || this.retry) return;
    void this.read();
    this.retry = setInterval(() => void this.read(), RETRY_MS);
    this.retry.unref();
  }

  async stop(): Promise<void> {
    if (this.retry) clearInterval(this.retry);
    this.retry = null;
    await this.reading;
  }

  /** The record, its candidates without those a record of the journal has claimed since. */
  view(): LostRecords | null {
    const record = this.stored();
    if (!record?.orders) return record;
    const claimed = claimedOrderReferences(
      this.deps.db,
      record.orders.candidates.map((order) => order.orderReference),
    );
    return {
      ...record,
      orders: {
        ...record.orders,
        candidates: record.orders.candidates.filter((order) => !claimed.has(order.orderReference)),
      },
    };
  }

  /** For the status bar: shown until a manager has seen it. */
  status(): LostRecordsStatus | null {
    const record = this.view();
    if (!record || record.acknowledged) return null;
    return { broughtBackAt: record.broughtBackAt, candidates: record.orders?.candidates.length ?? null };
  }

  acknowledge(approval: Approval | undefined): LostRecords {
    const manager = this.deps.approve(approval, 'Acknowledging what the journal brought back lacks');
    const record = this.stored();
    if (!record) throw new PosFailure('NOT_FOUND', 'This journal was not brought back: nothing is missing.');
    const at = this.deps.now().toISOString();
    const seen: LostRecords = { ...record, acknowledged: { at, by: manager.id } };
    this.deps.settings.changeAudited(at, 'journal.brought-back.acknowledged', { by: manager.id }, () =>
      this.deps.settings.set(KEY, seen),
    );
    this.deps.changed();
    return this.view() ?? seen;
  }

  private stored(): LostRecords | null {
    return this.deps.settings.get<LostRecords>(KEY);
  }

  private read(): Promise<void> {
    this.reading ??= this.readOnce().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  /** One read of the window's orders; on success it is kept, audited, and the retries stop. */
  private async readOnce(): Promise<void> {
    const record = this.stored();
    if (!record || record.orders !== null) return this.stopRetrying();
    const window = {
      from: new Date(Date.parse(record.since) - CLOCK_MARGIN_MS),
      to: new Date(Date.parse(record.broughtBackAt) + CLOCK_MARGIN_MS),
    };
    try {
      const read = await ordersIn(this.deps.connection(), window, {
        pagesMax: PAGES_MAX,
        lane: 'background',
      });
      const charged = read.orders.filter(mayHaveCharged);
      const claimed = claimedOrderReferences(
        this.deps.db,
        charged.map((order) => order.orderReference),
      );
      const candidates = charged.filter((order) => !claimed.has(order.orderReference));
      const at = this.deps.now().toISOString();
      const next: LostRecords = { ...record, orders: { readAt: at, complete: read.complete, candidates } };
      this.deps.settings.changeAudited(
        at,
        'journal.brought-back.orders',
        { references: candidates.map((order) => order.orderReference), complete: read.complete },
        () => this.deps.settings.set(KEY, next),
      );
      this.stopRetrying();
      this.deps.changed();
    } catch (error) {
      this.deps.log.warn('the provider orders a journal brought back may lack could not be read', {
        error: String(error),
      });
    }
  }

  private stopRetrying(): void {
    if (this.retry) clearInterval(this.retry);
    this.retry = null;
  }
}

export function lostRecordsHandlers(
  desk: LostRecordsDesk,
): HandlerGroup<'getLostRecords' | 'acknowledgeLostRecords'> {
  return {
    getLostRecords: async () => ({ lostRecords: desk.view() }),
    acknowledgeLostRecords: async ({ approval }) => desk.acknowledge(approval),
  };
}
