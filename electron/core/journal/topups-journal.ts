import type { Tender } from '../../../shared/domain/till';
import type { EsimSnapshot, TopUp, TopUpDecision, TopUpSearch } from '../../../shared/domain/topup';
import {
  TOPUP_OPEN_STATES,
  TOPUP_UNANSWERED_STATES,
  type TopUpState,
} from '../../../shared/domain/topup-states';
import type { PosError } from '../../../shared/errors';
import { type Currency, type Money, minor, subtractMinor } from '../../../shared/money';
import type { AccountScope } from './account-scope';
import { type KeptAnswer, keepAnswers } from './answers';
import type { Db } from './database';
import { writeTransaction } from './journal-write';
import { claimedOrderReferences, claimingReceipts } from './order-claims';
import { nextReceiptNumber } from './receipt-numbers';
import {
  type JournalOrigin,
  ORIGIN_COLUMNS,
  ORIGIN_PARAMS,
  type OriginRow,
  originColumns,
  originOf,
} from './record-origin';
import {
  insertSent,
  listQuery,
  periodAndStates,
  ScopedRows,
  type StateChange,
  TOPUP_ROWS,
  transitionRow,
  writeAudit,
} from './state-rows';
import {
  TENDER_COLUMNS,
  TENDER_PARAMS,
  type TenderColumns,
  tenderColumns,
  tenderFromColumns,
} from './tender-columns';

/**
 * The top-ups journal. The API has no idempotency key for top-ups, so a top-up is sent at most once:
 * nothing here can move a top-up back to `sent`. An in-doubt one leaves that state only with a
 * manager's decision (nothing read later proves whose an order is, nor that a lost top-up charged
 * nothing). Each method is one transition in one synchronous transaction.
 */

interface TopUpRow extends OriginRow, TenderColumns {
  receipt_number: number;
  state: TopUpState;
  iccid: string;
  package_code: string;
  package_name: string;
  currency: Currency;
  retail_minor: number;
  quoted_cost_minor: number;
  before_total_mb: number | null;
  before_remaining_mb: number | null;
  before_expires_at: string | null;
  before_status: string | null;
  before_taken_at: string;
  cost_minor: number | null;
  cost_currency: Currency | null;
  new_balance_minor: number | null;
  order_reference: string | null;
  new_total_gb: number | null;
  new_remaining_gb: number | null;
  new_expires_at: string | null;
  inferred: number;
  last_error_json: string | null;
  search_json: string | null;
  decision_json: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  state_since: string;
  completed_at: string | null;
}

export interface NewTopUp extends JournalOrigin {
  readonly iccid: string;
  readonly packageCode: string;
  readonly packageName: string;
  readonly retail: Money;
  /** The package's cost as listed just before sending, in the account currency. */
  readonly quotedCost: Money;
  readonly before: EsimSnapshot;
  /** The eSIM reading the snapshot was taken from, verbatim. */
  readonly beforeRaw: string;
  /** How the customer paid, written with the top-up (none taken when absent). */
  readonly tender?: Tender | null;
}

export interface TopUpCompletion {
  readonly orderReference: string | null;
  readonly cost: Money;
  readonly newBalance: Money | null;
  readonly newTotalGb: number | null;
  readonly newRemainingGb: number | null;
  readonly newExpiresAt: string | null;
  /** True when settled from the provider's order list after the top-up's answer was lost. */
  readonly inferred: boolean;
  /** The top-up's answer, or the order list page that showed its order. */
  readonly answers: readonly KeptAnswer[];
  /** The manager's decision that took a listed order as this top-up's, after its answer was lost. */
  readonly decision?: TopUpDecision | undefined;
}

/**
 * What the answer to a top-up does to it, as plain data: `record` applies it, and an answer the journal
 * could not take is kept in this form until it can (see UnsavedOutcomes).
 */
export type TopUpOutcome =
  | { readonly to: 'completed'; readonly completion: TopUpCompletion }
  | { readonly to: 'failed'; readonly error: PosError; readonly answers: readonly KeptAnswer[] }
  | {
      readonly to: 'in_doubt';
      readonly error: PosError;
      readonly nextCheckAt: string;
      readonly answers: readonly KeptAnswer[];
    };

export interface TopUpListFilter {
  from?: string | undefined;
  to?: string | undefined;
  iccid?: string | undefined;
  states?: readonly TopUpState[] | undefined;
  limit: number;
}

/** A top-up on the wire: when it left. */
const SENT_MARK = { sql: 'sent_at = @now' } as const;

/** What a new top-up's first record says it asked for. */
const intentDetail = (topUp: NewTopUp): { iccid: string; packageCode: string } => ({
  iccid: topUp.iccid,
  packageCode: topUp.packageCode,
});

export class TopUpsJournal {
  private readonly scoped: ScopedRows<TopUpRow, TopUp, TopUpState>;

  constructor(private readonly db: Db) {
    this.scoped = new ScopedRows(db, 'topups', (row: TopUpRow) => this.toTopUp(row));
  }

  /**
   * Records the top-up's intent alone, with the eSIM's state before anything is sent, and its own link:
   * a top-up as journals from before `createSent` began it. `guard` sees the ICCID's other top-ups that
   * may have charged (see recentFor), inside the same transaction, and may refuse by throwing: two
   * counters (or two clicks) cannot both pass the repeat check.
   */
  createIntent(topUp: NewTopUp, now: string, since: string, guard: (others: TopUp[]) => void): TopUp {
    // Immediate: no other writer can add a top-up of this ICCID between the check and the intent.
    const row = writeTransaction(this.db, () => {
      const intent = this.insertIntent(topUp, now, since, guard);
      writeAudit(this.db, now, 'topup.intent', topUp.id, intentDetail(topUp), {
        table: 'topups',
        row: intent,
      });
      return intent;
    });
    return this.toTopUp(row);
  }

  /**
   * A new top-up as the counter sends it: its intent (checked by `guard` as createIntent's is), then
   * its "sent" mark, with one link for both (`insertSent`). Returns the top-up in each state.
   */
  createSent(
    topUp: NewTopUp,
    now: string,
    since: string,
    guard: (others: TopUp[]) => void,
  ): { readonly intent: TopUp; readonly sent: TopUp } {
    const insert = (): TopUpRow => this.insertIntent(topUp, now, since, guard);
    const write = { insert, sent: 'sent', change: SENT_MARK, detail: intentDetail(topUp) } as const;
    return insertSent(this.db, TOPUP_ROWS, topUp.id, now, write, (row) => this.toTopUp(row));
  }

  /** The intent's row, once `guard` let it through (call in a transaction). */
  private insertIntent(
    topUp: NewTopUp,
    now: string,
    since: string,
    guard: (others: TopUp[]) => void,
  ): TopUpRow {
    guard(this.recentFor(topUp.iccid, since));
    const receiptNumber = nextReceiptNumber(this.db, topUp);
    return this.db
      .prepare(
        `INSERT INTO topups (${ORIGIN_COLUMNS}, ${TENDER_COLUMNS}, receipt_number, state, iccid, package_code,
           package_name, currency, retail_minor, quoted_cost_minor, before_total_mb, before_remaining_mb,
           before_expires_at, before_status, before_taken_at, before_raw, created_at, updated_at, state_since)
         VALUES (${ORIGIN_PARAMS}, ${TENDER_PARAMS}, @receiptNumber, @state, @iccid, @packageCode, @packageName,
           @currency, @retail, @quotedCost, @totalMb, @remainingMb, @expiresAt, @status, @takenAt, @beforeRaw, @now,
           @now, @now) RETURNING *`,
      )
      .get({
        ...originColumns(topUp),
        ...tenderColumns(topUp.tender),
        receiptNumber,
        state: 'intent' satisfies TopUpState,
        iccid: topUp.iccid,
        packageCode: topUp.packageCode,
        packageName: topUp.packageName,
        currency: topUp.retail.currency,
        retail: topUp.retail.amount,
        quotedCost: topUp.quotedCost.amount,
        totalMb: topUp.before.totalMb,
        remainingMb: topUp.before.remainingMb,
        expiresAt: topUp.before.expiresAt,
        status: topUp.before.status,
        takenAt: topUp.before.takenAt,
        beforeRaw: topUp.beforeRaw,
        now,
      }) as TopUpRow;
  }

  /** On the wire. Only from `intent`: a top-up is never sent twice. */
  markSent(id: string, now: string): TopUp {
    return this.transition(id, 'sent', now, SENT_MARK);
  }

  /** Applies the outcome of the send: the one transition it names. */
  record(id: string, outcome: TopUpOutcome, now: string): TopUp {
    switch (outcome.to) {
      case 'completed':
        return this.markCompleted(id, outcome.completion, now);
      case 'failed':
        return this.markFailed(id, outcome.error, now, outcome.answers);
      case 'in_doubt':
        return this.markInDoubt(id, outcome.error, outcome.nextCheckAt, now, outcome.answers);
    }
  }

  markCompleted(id: string, completion: TopUpCompletion, now: string): TopUp {
    return this.transition(id, 'completed', now, {
      sql: `order_reference = @orderReference, cost_minor = @cost, cost_currency = @costCurrency,
            new_balance_minor = @newBalance, new_total_gb = @newTotalGb, new_remaining_gb = @newRemainingGb,
            new_expires_at = @newExpiresAt, inferred = @inferred, completed_at = @now,
            last_error_json = NULL, next_check_at = NULL, decision_json = @decision`,
      params: {
        orderReference: completion.orderReference,
        cost: completion.cost.amount,
        costCurrency: completion.cost.currency,
        newBalance: completion.newBalance?.amount ?? null,
        newTotalGb: completion.newTotalGb,
        newRemainingGb: completion.newRemainingGb,
        newExpiresAt: completion.newExpiresAt,
        inferred: completion.inferred ? 1 : 0,
        decision: completion.decision ? JSON.stringify(completion.decision) : null,
      },
      audit: {
        orderReference: completion.orderReference,
        cost: completion.cost,
        inferred: completion.inferred,
        ...(completion.decision ? { decision: completion.decision } : {}),
      },
      also: () => keepAnswers(this.db, 'topup', id, completion.answers),
    });
  }

  /**
   * No answer: applied or not is decided by the provider's order list; `nextCheckAt` says when to look
   * (null: only when someone asks).
   */
  markInDoubt(
    id: string,
    error: PosError,
    nextCheckAt: string | null,
    now: string,
    answers: readonly KeptAnswer[] = [],
  ): TopUp {
    return this.transition(id, 'in_doubt', now, {
      sql: 'last_error_json = @error, next_check_at = @nextCheckAt',
      params: { error: JSON.stringify(error), nextCheckAt },
      keepSince: true,
      also: () => keepAnswers(this.db, 'topup', id, answers),
    });
  }

  /** The cost quoted with the intent: what a completion whose answer or list item left the charge out is recorded as costing. */
  quotedCost(id: string): Money {
    const row = this.db.prepare('SELECT quoted_cost_minor, currency FROM topups WHERE id = ?').get(id) as
      | { quoted_cost_minor: number; currency: Currency }
      | undefined;
    if (!row) throw new Error(`top-up ${id} vanished from the journal`);
    return { amount: minor(row.quoted_cost_minor), currency: row.currency };
  }

  /** An in-doubt top-up was looked at and is still undecided: when to look again (null: only when asked). */
  recordCheck(id: string, nextCheckAt: string | null, now: string): TopUp {
    const result = writeTransaction(this.db, () =>
      this.db
        .prepare(
          `UPDATE topups SET next_check_at = @nextCheckAt, updated_at = @now WHERE id = @id AND state = @inDoubt`,
        )
        .run({ id, nextCheckAt, now, inDoubt: 'in_doubt' satisfies TopUpState }),
    );
    if (result.changes !== 1) throw new Error(`top-up ${id} is not in doubt`);
    return this.require(id);
  }

  /** A definite refusal, or a top-up never sent: nothing was charged. */
  markFailed(id: string, error: PosError, now: string, answers: readonly KeptAnswer[] = []): TopUp {
    return this.transition(id, 'failed', now, {
      sql: 'last_error_json = @error, next_check_at = NULL',
      params: { error: JSON.stringify(error) },
      also: () => keepAnswers(this.db, 'topup', id, answers),
    });
  }

  /**
   * A manager decided an in-doubt top-up charged nothing: none of the provider's orders is its own.
   * `searched` names the orders the decision was taken over, for its record.
   */
  markDecidedNotCharged(
    id: string,
    error: PosError,
    decision: TopUpDecision,
    searched: readonly string[],
    now: string,
  ): TopUp {
    return this.transition(id, 'failed', now, {
      sql: 'last_error_json = @error, next_check_at = NULL, decision_json = @decision',
      params: { error: JSON.stringify(error), decision: JSON.stringify(decision) },
      audit: { decision, searched },
    });
  }

  /**
   * A look at the provider's orders for an in-doubt top-up: what it found, and when to look again
   * (null: only when someone asks). Not a change of state: no record.
   */
  recordSearch(id: string, search: TopUpSearch, nextCheckAt: string | null, now: string): TopUp {
    const result = writeTransaction(this.db, () =>
      this.db
        .prepare(
          `UPDATE topups SET search_json = @search, next_check_at = @nextCheckAt, updated_at = @now
           WHERE id = @id AND state = @inDoubt`,
        )
        .run({
          id,
          search: JSON.stringify(search),
          nextCheckAt,
          now,
          inDoubt: 'in_doubt' satisfies TopUpState,
        }),
    );
    if (result.changes !== 1) throw new Error(`top-up ${id} is not in doubt`);
    return this.require(id);
  }

  get(id: string): TopUp | null {
    const row = this.db.prepare('SELECT * FROM topups WHERE id = ?').get(id) as TopUpRow | undefined;
    return row ? this.toTopUp(row) : null;
  }

  require(id: string): TopUp {
    const topUp = this.get(id);
    if (!topUp) throw new Error(`top-up ${id} vanished from the journal`);
    return topUp;
  }

  list(filter: TopUpListFilter): TopUp[] {
    const { where, params } = periodAndStates(filter);
    if (filter.iccid) {
      where.push('iccid = @iccid');
      params.iccid = filter.iccid;
    }
    return (this.db.prepare(listQuery('topups', where)).all(params) as TopUpRow[]).map((row) =>
      this.toTopUp(row),
    );
  }

  /** Top-ups of this account left in `intent` or `sent` by a crash. */
  interrupted(scope: AccountScope): TopUp[] {
    return this.scoped.inStates(TOPUP_UNANSWERED_STATES, scope);
  }

  /** In-doubt top-ups of this account due for a look at their eSIM by `at`. */
  inDoubtDue(scope: AccountScope, at: string): TopUp[] {
    return this.scoped.due('in_doubt', scope, at);
  }

  nextInDoubtCheck(scope: AccountScope): string | null {
    return this.scoped.nextCheck('in_doubt', scope);
  }

  inScope(id: string, scope: AccountScope): boolean {
    return this.scoped.has(id, scope);
  }

  /** When the top-up was sent (null if it never was). */
  sentAt(id: string): string | null {
    const row = this.db.prepare('SELECT sent_at FROM topups WHERE id = ?').get(id) as
      | { sent_at: string | null }
      | undefined;
    if (!row) throw new Error(`top-up ${id} vanished from the journal`);
    return row.sent_at;
  }

  /** The provider order references among `references` that a sale or top-up of the journal holds. */
  claimedOrderReferences(references: readonly string[]): Set<string> {
    return claimedOrderReferences(this.db, references);
  }

  /** The receipt number of the sale or top-up of the journal that holds each of `references` it holds. */
  claimingReceipts(references: readonly string[]): Map<string, number> {
    return claimingReceipts(this.db, references);
  }

  /**
   * The ICCID's top-ups that may have charged: created since `since`, or still unresolved whenever they
   * were made. Failed ones charged nothing and do not count.
   */
  recentFor(iccid: string, since: string): TopUp[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM topups WHERE iccid = @iccid AND state != @failed
           AND (created_at >= @since OR state IN (SELECT value FROM json_each(@open)))
         ORDER BY created_at DESC`,
      )
      .all({
        iccid,
        since,
        failed: 'failed' satisfies TopUpState,
        open: JSON.stringify(TOPUP_OPEN_STATES),
      }) as TopUpRow[];
    return rows.map((row) => this.toTopUp(row));
  }

  /** Every state change of a top-up: only the moves TOPUP_TRANSITIONS allows, each with its record. */
  private transition(id: string, to: TopUpState, now: string, change: StateChange): TopUp {
    return this.toTopUp(transitionRow<TopUpState, TopUpRow>(this.db, TOPUP_ROWS, id, to, now, change));
  }

  private toTopUp(row: TopUpRow): TopUp {
    const base = {
      ...originOf(row),
      receiptNumber: row.receipt_number,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      iccid: row.iccid,
      packageCode: row.package_code,
      packageName: row.package_name,
      retail: { amount: minor(row.retail_minor), currency: row.currency },
      before: {
        totalMb: row.before_total_mb,
        remainingMb: row.before_remaining_mb,
        expiresAt: row.before_expires_at,
        status: row.before_status,
        takenAt: row.before_taken_at,
      },
      tender: tenderFromColumns(row),
    };
    const lastError = row.last_error_json ? (JSON.parse(row.last_error_json) as PosError) : null;
    const unknownError: PosError = { code: 'INTERNAL', message: 'No error was recorded.' };
    switch (row.state) {
      case 'intent':
        return { ...base, state: 'intent' };
      case 'sent':
        return { ...base, state: 'sent', sentAt: row.sent_at ?? row.state_since };
      case 'in_doubt':
        return {
          ...base,
          state: 'in_doubt',
          since: row.state_since,
          lastError: lastError ?? unknownError,
          search: row.search_json ? (JSON.parse(row.search_json) as TopUpSearch) : null,
        };
      case 'completed': {
        const cost: Money | null =
          row.cost_minor !== null && row.cost_currency
            ? { amount: minor(row.cost_minor), currency: row.cost_currency }
            : null;
        return {
          ...base,
          state: 'completed',
          orderReference: row.order_reference,
          cost,
          // Derived, not stored: retail and cost are the facts, both in the account currency.
          margin:
            cost && cost.currency === row.currency
              ? { amount: subtractMinor(base.retail.amount, cost.amount), currency: cost.currency }
              : null,
          newBalance:
            row.new_balance_minor !== null && cost
              ? { amount: minor(row.new_balance_minor), currency: cost.currency }
              : null,
          newTotalGb: row.new_total_gb,
          newRemainingGb: row.new_remaining_gb,
          newExpiresAt: row.new_expires_at,
          inferred: row.inferred === 1,
          completedAt: row.completed_at ?? row.updated_at,
          decision: decisionOf(row),
        };
      }
      case 'failed':
        return {
          ...base,
          state: 'failed',
          error: lastError ?? unknownError,
          failedAt: row.state_since,
          decision: decisionOf(row),
        };
      default: {
        const never: never = row.state;
        throw new Error(`unknown top-up state ${String(never)}`);
      }
    }
  }
}

function decisionOf(row: TopUpRow): TopUpDecision | null {
  return row.decision_json ? (JSON.parse(row.decision_json) as TopUpDecision) : null;
}
