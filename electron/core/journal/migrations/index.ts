import type Database from 'better-sqlite3';
import { m0001Initial } from './0001-initial';
import { m0002MoneyPaths } from './0002-money-paths';
import { m0003DueCheckIndexes } from './0003-due-check-indexes';
import { m0004ReceiptCounters } from './0004-receipt-counters';
import { m0005SaleQuotedCost } from './0005-sale-quoted-cost';
import { m0006EndOfDay } from './0006-end-of-day';
import { m0007Answers } from './0007-answers';
import { m0008Reconciliation } from './0008-reconciliation';
import { m0009Cancellations } from './0009-cancellations';
import { m0010JournalAtScale } from './0010-journal-at-scale';
import { m0011CompactJournal } from './0011-compact-journal';
import { m0012CancellationAnswers } from './0012-cancellation-answers';
import { m0013BestSellersWeek } from './0013-best-sellers-week';
import { m0014ReceiptHistory } from './0014-receipt-history';
import { m0015ChainHashesAsBytes } from './0015-chain-hashes-as-bytes';
import { m0016TopUpDecisions } from './0016-topup-decisions';
import { m0017ChainHoldsEveryRow } from './0017-chain-holds-every-row';
import { m0018OneRecordLog } from './0018-one-record-log';
import { m0019ShopSaleCancellations } from './0019-shop-sale-cancellations';
import { m0020SalesCancelledElsewhere } from './0020-sales-cancelled-elsewhere';
import { m0021AnswerBodiesApart } from './0021-answer-bodies-apart';
import { m0022EsimCodesOnce } from './0022-esim-codes-once';
import type { RowsGone } from './rows-gone';

/** One schema step. `version` is the schema (SQLite's user_version) it leads to; `name` is its file. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  /** `gone` hears how far a step that goes through `rows` is (rows-gone.ts). */
  up(db: Database.Database, gone?: RowsGone): void;
  /**
   * The rows a step whose time grows with the journal goes through, counted before it runs, so a start
   * can show its progress; absent for a step that is quick at any size.
   */
  rows?(db: Database.Database): number;
}

/**
 * Refuses a list that is not exactly versions 1, 2, 3… in order: a gap would leave a journal (or the
 * shop ledger, whose migrations follow the same rules) at a version no migration leads from, a
 * duplicate would run two steps as one, and either would misread money rows. Checked when the module
 * loads, so no build with a broken list can start.
 */
export function checkedMigrations<M extends { readonly version: number; readonly name: string }>(
  list: readonly M[],
): readonly M[] {
  list.forEach((migration, index) => {
    const expected = index + 1;
    if (migration.version !== expected) {
      const seen = list.filter((m) => m.version === migration.version).length;
      const problem =
        seen > 1 ? 'a duplicate' : migration.version > expected ? 'a gap before it' : 'out of order';
      throw new Error(
        `Migration ${migration.name} has version ${migration.version} where ${expected} belongs (${problem}).`,
      );
    }
  });
  return list;
}

/** Every migration, by the version it leads to. */
export const MIGRATIONS: readonly Migration[] = checkedMigrations([
  m0001Initial,
  m0002MoneyPaths,
  m0003DueCheckIndexes,
  m0004ReceiptCounters,
  m0005SaleQuotedCost,
  m0006EndOfDay,
  m0007Answers,
  m0008Reconciliation,
  m0009Cancellations,
  m0010JournalAtScale,
  m0011CompactJournal,
  m0012CancellationAnswers,
  m0013BestSellersWeek,
  m0014ReceiptHistory,
  m0015ChainHashesAsBytes,
  m0016TopUpDecisions,
  m0017ChainHoldsEveryRow,
  m0018OneRecordLog,
  m0019ShopSaleCancellations,
  m0020SalesCancelledElsewhere,
  m0021AnswerBodiesApart,
  m0022EsimCodesOnce,
]);

/** The schema this code writes. */
export function latestVersion(): number {
  return MIGRATIONS.at(-1)?.version ?? 0;
}
