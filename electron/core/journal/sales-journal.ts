import type { Sale, SaleEsim } from '../../../shared/domain/sale';
import { SALE_OPEN_STATES, SALE_UNANSWERED_STATES, type SaleState } from '../../../shared/domain/sale-states';
import type { Tender } from '../../../shared/domain/till';
import type { PosError } from '../../../shared/errors';
import { type Currency, type Money, minor, subtractMinor } from '../../../shared/money';
import { typedReceiptNumber } from '../../../shared/printed-numbers';
import { type AccountScope, IN_SCOPE, scopeParams } from './account-scope';
import { type AnswerEsim, answerEsimsOf, type KeptAnswer, keepAnswers } from './answers';
import type { Db } from './database';
import { storedEsimCodes } from './esim-codes';
import { withoutOwnFsync, writeTransaction, writeTransactionSyncingNumbersLater } from './journal-write';
import { claimedOrderReferences } from './order-claims';
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
  oldestFirst,
  periodAndStates,
  SALE_ROWS,
  ScopedRows,
  type StateChange,
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
 * The sales journal. Each method is one state transition and its record in one synchronous SQLite
 * transaction, so a crash leaves a sale in exactly one state; nothing here is ever held open across an
 * await.
 */

/** A sale's row, as the journal holds it (a chain record holds the columns chain-rows.ts names). */
export interface SaleRow extends OriginRow, TenderColumns {
  receipt_number: number;
  state: SaleState;
  package_code: string;
  package_name: string;
  quantity: number;
  idempotency_key: string;
  currency: Currency;
  retail_unit_minor: number;
  retail_total_minor: number;
  cost_minor: number | null;
  cost_currency: Currency | null;
  new_balance_minor: number | null;
  order_reference: string | null;
  attempts: number;
  last_error_json: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  state_since: string;
  completed_at: string | null;
  next_check_at: string | null;
  give_up_at: string | null;
  quoted_cost_minor: number | null;
  quoted_cost_currency: Currency | null;
}

interface EsimRow {
  iccid: string;
  lpa: string;
  smdp_address: string;
  activation_code: string;
  apple_install_url: string | null;
  android_install_url: string | null;
  status: string | null;
  total_volume_bytes: number | null;
  validity_days: number | null;
  expires_at: string | null;
}

/** A send counted: the attempt, and when it left. */
const SENT_MARK = { sql: 'attempts = attempts + 1, sent_at = @now' } as const;

/** What a new sale's first record says it asked for. */
const intentDetail = (sale: NewSale): { packageCode: string; quantity: number } => ({
  packageCode: sale.packageCode,
  quantity: sale.quantity,
});

export interface NewSale extends JournalOrigin {
  packageCode: string;
  packageName: string;
  quantity: number;
  idempotencyKey: string;
  retailUnit: Money;
  retailTotal: Money;
  /** What the provider is expected to charge: the package's listed cost times the quantity. */
  quotedCost?: Money | null;
  /** How the customer paid, written with the sale (none taken when absent). */
  tender?: Tender | null;
}

/**
 * When a sale was sent and what it should have cost: what the provider's order list is searched by
 * when the sale's answer was lost.
 */
export interface SaleSends {
  readonly id: string;
  readonly packageCode: string;
  readonly quantity: number;
  readonly quotedCost: Money | null;
  /** The first send left just after the intent was written. */
  readonly firstSentAt: string;
  /** The latest send (null if it was never sent). */
  readonly lastSentAt: string | null;
  /** When the latest send ended in doubt; null while it is (or was, at a crash) still on the wire. */
  readonly endedAt: string | null;
}

export interface SaleCompletion {
  orderReference: string;
  cost: Money;
  newBalance: Money | null;
  esims: readonly SaleEsim[];
  /** The answers (or the read) that completed it, kept after the sale's earlier answers. */
  answers: readonly KeptAnswer[];
}

/** A pending order's facts and the first look at it, as `markPending` records them. */
export interface PendingFacts {
  orderReference: string;
  cost: Money | null;
  nextCheckAt: string;
  giveUpAt: string;
  answers: readonly KeptAnswer[];
}

/**
 * What an answer to a send does to a sale, as plain data: `record` applies it, and an answer the
 * journal could not take is kept in this form until it can (see UnsavedOutcomes).
 */
export type SaleOutcome =
  | { readonly to: 'completed'; readonly completion: SaleCompletion }
  | { readonly to: 'pending'; readonly pending: PendingFacts }
  | { readonly to: 'failed'; readonly error: PosError; readonly answers: readonly KeptAnswer[] }
  | { readonly to: 'in_doubt'; readonly error: PosError; readonly answers: readonly KeptAnswer[] };

export interface SaleListFilter {
  from?: string;
  to?: string;
  search?: string;
  /** The counter's code in its shop ledger: a search for `2-000123` names its receipt 123. */
  counterCode?: string | null;
  states?: readonly SaleState[];
  /** The last sale of the page before: the list goes on from just after it (keyset, not OFFSET). */
  before?: SaleCursor;
  limit: number;
}

/** A place in the list, newest first: by time, then by receipt number. */
export interface SaleCursor {
  readonly createdAt: string;
  readonly receiptNumber: number;
}

/** What the whole of a listed period holds, however many pages it takes. */
export interface SaleTotals {
  readonly count: number;
  /** Completed and not cancelled since. */
  readonly completed: number;
  /** Completed, then cancelled by the provider. */
  readonly cancelled: number;
  /** Completed takings per currency, net of `refunded` (money is never added across two). */
  readonly takings: Money[];
  /** The cash handed back for cancelled sales, per currency. */
  readonly refunded: Money[];
}

export class SalesJournal {
  private readonly scoped: ScopedRows<SaleRow, Sale, SaleState>;

  constructor(private readonly db: Db) {
    this.scoped = new ScopedRows(db, 'sales', (row: SaleRow) => this.toSale(row));
  }

  /**
   * Runs a sale's answer, which the provider's records make good if a power cut loses it (start-up
   * recovery finds it again by reads), committed without an fsync of its own: one fsync per sale, that
   * of its "sent" mark.
   */
  withoutOwnFsync<T>(work: () => T): T {
    return withoutOwnFsync(this.db, work);
  }

  /**
   * Runs a new sale's writes (createSent, and whatever else must stand or fall with it) as one
   * transaction: all, or none. The receipt number it takes reaches the file beside the journal while the
   * order is on the wire: whatever shows the number waits for `numbersKept` (journal-write.ts).
   */
  inOneTransaction<T>(work: () => T): { readonly result: T; readonly numbersKept: Promise<void> } {
    return writeTransactionSyncingNumbersLater(this.db, work);
  }

  /**
   * Records the intent alone, with its idempotency key and its own link: a sale as journals from before
   * `createSent` began it, which recovery at start still finds (and its tests build).
   */
  createIntent(sale: NewSale, now: string): Sale {
    // Immediate: the receipt number taken here is still the next one when the row is written.
    const row = writeTransaction(this.db, () => {
      const intent = this.insertIntent(sale, now);
      writeAudit(this.db, now, 'sale.intent', sale.id, intentDetail(sale), { table: 'sales', row: intent });
      return intent;
    });
    return this.toSale(row);
  }

  /**
   * A new sale as the counter sells it: its intent, then its "sent" mark, with one link for both
   * (`insertSent`), in the caller's transaction, committed with the sale's one fsync before its order
   * leaves. A link apiece held the same row twice. Returns the sale in each state.
   */
  createSent(sale: NewSale, now: string): { readonly intent: Sale; readonly sent: Sale } {
    const insert = (): SaleRow => this.insertIntent(sale, now);
    const write = { insert, sent: 'sent', change: SENT_MARK, detail: intentDetail(sale) } as const;
    return insertSent(this.db, SALE_ROWS, sale.id, now, write, (row) => this.toSale(row));
  }

  /** The intent's row, with its receipt number (call in a transaction: the number is still the next one). */
  private insertIntent(sale: NewSale, now: string): SaleRow {
    const receiptNumber = nextReceiptNumber(this.db, sale);
    return this.db
      .prepare(
        `INSERT INTO sales (${ORIGIN_COLUMNS}, ${TENDER_COLUMNS}, receipt_number, state, package_code, package_name,
         quantity, idempotency_key, currency, retail_unit_minor, retail_total_minor, quoted_cost_minor,
         quoted_cost_currency, created_at, updated_at, state_since)
       VALUES (${ORIGIN_PARAMS}, ${TENDER_PARAMS}, @receiptNumber, @state, @packageCode, @packageName,
         @quantity, @idempotencyKey, @currency, @retailUnit, @retailTotal, @quotedCost, @quotedCostCurrency, @now,
         @now, @now) RETURNING *`,
      )
      .get({
        ...originColumns(sale),
        ...tenderColumns(sale.tender),
        receiptNumber,
        state: 'intent' satisfies SaleState,
        packageCode: sale.packageCode,
        packageName: sale.packageName,
        quantity: sale.quantity,
        idempotencyKey: sale.idempotencyKey,
        currency: sale.retailTotal.currency,
        retailUnit: sale.retailUnit.amount,
        retailTotal: sale.retailTotal.amount,
        quotedCost: sale.quotedCost?.amount ?? null,
        quotedCostCurrency: sale.quotedCost?.currency ?? null,
        now,
      }) as SaleRow;
  }

  /** Marks the sale as on the wire; counts the attempt. */
  markSent(id: string, now: string): Sale {
    return this.transition(id, 'sent', now, SENT_MARK);
  }

  markCompleted(id: string, completion: SaleCompletion, now: string): Sale {
    return this.transition(id, 'completed', now, {
      sql: `order_reference = @orderReference, cost_minor = @cost, cost_currency = @costCurrency,
            new_balance_minor = @newBalance, completed_at = @now, last_error_json = NULL,
            next_check_at = NULL, give_up_at = NULL`,
      params: {
        orderReference: completion.orderReference,
        cost: completion.cost.amount,
        costCurrency: completion.cost.currency,
        newBalance: completion.newBalance?.amount ?? null,
      },
      audit: { orderReference: completion.orderReference, cost: completion.cost },
      also: () => {
        keepAnswers(this.db, 'sale', id, completion.answers);
        this.replaceEsims(id, completion.esims);
      },
    });
  }

  /** Applies the outcome of a send: the one transition it names. */
  record(id: string, outcome: SaleOutcome, now: string): Sale {
    switch (outcome.to) {
      case 'completed':
        return this.markCompleted(id, outcome.completion, now);
      case 'pending':
        return this.markPending(id, outcome.pending, now);
      case 'failed':
        return this.markFailed(id, outcome.error, now, outcome.answers);
      case 'in_doubt':
        return this.markInDoubt(id, outcome.error, now, outcome.answers);
    }
  }

  markPending(id: string, pending: PendingFacts, now: string): Sale {
    return this.transition(id, 'pending', now, {
      sql: `order_reference = @orderReference, cost_minor = @cost, cost_currency = @costCurrency,
            next_check_at = @nextCheckAt, give_up_at = @giveUpAt, last_error_json = NULL`,
      params: {
        orderReference: pending.orderReference,
        cost: pending.cost?.amount ?? null,
        costCurrency: pending.cost?.currency ?? null,
        nextCheckAt: pending.nextCheckAt,
        giveUpAt: pending.giveUpAt,
      },
      keepSince: true,
      also: () => keepAnswers(this.db, 'sale', id, pending.answers),
    });
  }

  markFailed(id: string, error: PosError, now: string, answers: readonly KeptAnswer[] = []): Sale {
    return this.transition(id, 'failed', now, {
      sql: 'last_error_json = @error',
      params: { error: JSON.stringify(error) },
      also: () => keepAnswers(this.db, 'sale', id, answers),
    });
  }

  /** No answer that settles it; whatever answers did come are kept, with the eSIMs found in them. */
  markInDoubt(id: string, error: PosError, now: string, answers: readonly KeptAnswer[] = []): Sale {
    return this.transition(id, 'in_doubt', now, {
      sql: 'last_error_json = @error',
      params: { error: JSON.stringify(error) },
      keepSince: true,
      also: () => keepAnswers(this.db, 'sale', id, answers),
    });
  }

  /**
   * A pending order the provider has not finished within the polling window (or reports as failed):
   * handed to provider support, never re-ordered. A later answer can still complete it.
   */
  markSupport(id: string, error: PosError | null, now: string): Sale {
    return this.transition(id, 'support', now, {
      sql: 'last_error_json = @error, next_check_at = NULL',
      params: { error: error === null ? null : JSON.stringify(error) },
    });
  }

  /** A pending order was checked and is still provisioning: when to look again. */
  recordPendingCheck(id: string, nextCheckAt: string, now: string): Sale {
    const result = writeTransaction(this.db, () =>
      this.db
        .prepare(
          `UPDATE sales SET next_check_at = @nextCheckAt, updated_at = @now WHERE id = @id AND state = @pending`,
        )
        .run({ id, nextCheckAt, now, pending: 'pending' satisfies SaleState }),
    );
    if (result.changes !== 1) throw new Error(`sale ${id} is not pending`);
    return this.require(id);
  }

  get(id: string): Sale | null {
    const row = this.db.prepare('SELECT * FROM sales WHERE id = ?').get(id) as SaleRow | undefined;
    return row ? this.toSale(row) : null;
  }

  require(id: string): Sale {
    const sale = this.get(id);
    if (!sale) throw new Error(`sale ${id} vanished from the journal`);
    return sale;
  }

  /**
   * One page of the sales `filter` names, newest first, from just after `filter.before`. A search
   * looks only at the period's sales (Today's: the day's), read from the index in list order; each
   * one's eSIMs by its key, never the whole eSIM tables. A search that reads as a receipt number
   * (`7`, `000007`, `2-000007`) puts that receipt first on the first page; the sales whose ICCID,
   * order or package hold the same text follow in list order, and the pages after go on with them.
   */
  list(filter: SaleListFilter): Sale[] {
    const { where, params } = this.filtered(filter);
    const named: SaleRow[] = [];
    if (params.receipt !== null && params.receipt !== undefined) {
      if (!filter.before) {
        const own = [...where.slice(0, -1), 'receipt_number = @receipt'];
        named.push(...(this.db.prepare(listQuery('sales', own)).all(params) as SaleRow[]));
      }
      where.push('receipt_number != @receipt');
      params.limit = Math.max(0, filter.limit - named.length);
    }
    if (filter.before) {
      // Served by the index the list is ordered by (created_at, receipt_number): a page deep in a
      // busy day costs what the first one does.
      where.push('(created_at, receipt_number) < (@beforeAt, @beforeReceipt)');
      params.beforeAt = filter.before.createdAt;
      params.beforeReceipt = filter.before.receiptNumber;
    }
    const rows = this.db.prepare(listQuery('sales', where)).all(params) as SaleRow[];
    return [...named, ...rows].map((row) => this.toSale(row));
  }

  /**
   * How many sales `filter` names in all, how many completed and how many of those the provider then
   * cancelled, and the takings net of the cash handed back for them (`refunded`, per currency).
   */
  totals(
    filter: Omit<SaleListFilter, 'before' | 'limit'>,
    /** Completed sales another counter of the shop cancelled: counted cancelled, their cash back not here. */
    cancelledElsewhere: readonly string[] = [],
  ): SaleTotals {
    const { where, params } = this.filtered({ ...filter, limit: 0 });
    delete params.limit; // the totals are of every page
    params.elsewhere = JSON.stringify(cancelledElsewhere);
    // The named sales first, then each one's cancellation the provider did not refuse (at most one).
    const named = `(SELECT id, state, currency, retail_total_minor FROM sales
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}) AS sale
      LEFT JOIN cancellations AS c ON c.sale_id = sale.id AND c.state != 'refused'`;
    const rows = this.db
      .prepare(
        `SELECT sale.currency AS currency, count(*) AS count, sum(sale.state = 'completed') AS completed,
           sum(c.state IS 'cancelled' OR (sale.state = 'completed' AND c.id IS NULL
             AND sale.id IN (SELECT value FROM json_each(@elsewhere)))) AS cancelled,
           sum(CASE WHEN sale.state = 'completed' THEN sale.retail_total_minor ELSE 0 END) AS takings
         FROM ${named} GROUP BY sale.currency ORDER BY sale.currency`,
      )
      .all(params) as {
      currency: Currency;
      count: number;
      completed: number;
      cancelled: number;
      takings: number;
    }[];
    // The cash given back is in the currency it was handed over in: netted in that currency only.
    const refunds = this.db
      .prepare(
        `SELECT c.cash_refund_currency AS currency, sum(c.cash_refund_minor) AS refunded FROM ${named}
         WHERE c.cash_movement_id IS NOT NULL GROUP BY c.cash_refund_currency ORDER BY c.cash_refund_currency`,
      )
      .all(params) as { currency: Currency; refunded: number }[];
    const takings = new Map<Currency, number>();
    for (const row of rows) if (row.completed > 0) takings.set(row.currency, row.takings);
    for (const row of refunds) takings.set(row.currency, (takings.get(row.currency) ?? 0) - row.refunded);
    return {
      count: rows.reduce((sum, row) => sum + row.count, 0),
      completed: rows.reduce((sum, row) => sum + row.completed - row.cancelled, 0),
      cancelled: rows.reduce((sum, row) => sum + row.cancelled, 0),
      takings: [...takings]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, amount]) => ({ amount: minor(amount), currency })),
      refunded: refunds.map((row) => ({ amount: minor(row.refunded), currency: row.currency })),
    };
  }

  /**
   * The conditions of a period, states and search, shared by a page and the totals; the search's
   * condition comes last. A search that reads as one of this counter's receipt numbers sets
   * `@receipt`.
   */
  private filtered(filter: SaleListFilter): ReturnType<typeof periodAndStates> {
    const { where, params } = periodAndStates(filter);
    if (filter.search) {
      params.receipt = typedReceiptNumber(filter.search, filter.counterCode ?? null)?.receiptNumber ?? null;
      where.push(`(receipt_number = @receipt OR package_name LIKE @like ESCAPE '\\' OR package_code LIKE @like ESCAPE '\\'
        OR order_reference LIKE @like ESCAPE '\\'
        OR EXISTS (SELECT 1 FROM sale_esims WHERE sale_id = sales.id AND iccid LIKE @like ESCAPE '\\')
        OR EXISTS (SELECT 1 FROM answer_esims WHERE sale_id = sales.id AND iccid LIKE @like ESCAPE '\\'))`);
      params.like = `%${filter.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    }
    return { where, params };
  }

  /**
   * Sales of this account a crash or a lost answer left unresolved: settled at start-up from the
   * provider's records, never re-sent.
   */
  unresolved(scope: AccountScope): Sale[] {
    return this.scoped.inStates(SALE_UNANSWERED_STATES, scope);
  }

  /**
   * Sales of any account still in `intent`: nothing was sent (`sent` is committed before the request
   * leaves). Only a journal written before a sale's intent and its mark became one transaction holds
   * them: the app stopped between the two.
   */
  neverSent(): Sale[] {
    // From the due-check index (it starts with the state): only these few rows, put in order here.
    const rows = this.db.prepare(`SELECT * FROM sales WHERE state = 'intent'`).all() as SaleRow[];
    return oldestFirst(rows).map((row) => this.toSale(row));
  }

  /** When the sale was sent and what it should have cost. */
  sends(id: string): SaleSends {
    const row = this.db.prepare('SELECT * FROM sales WHERE id = ?').get(id) as SaleRow | undefined;
    if (!row) throw new Error(`sale ${id} vanished from the journal`);
    return this.sendsOf(row);
  }

  /**
   * The other unresolved sales of this account that an order of this package and cost could belong
   * to: while there is one, an order found in the provider's list cannot be told to be this sale's.
   */
  lookalikes(id: string, scope: AccountScope): SaleSends[] {
    const own = this.sends(id);
    const rows = this.db
      .prepare(
        `SELECT * FROM sales WHERE id != @id AND state IN (SELECT value FROM json_each(@unanswered)) AND package_code = @packageCode
           AND (quoted_cost_minor IS NULL OR @quotedCost IS NULL OR quoted_cost_minor = @quotedCost)
           AND ${IN_SCOPE}`,
      )
      .all({
        ...scopeParams(scope),
        id,
        unanswered: JSON.stringify(SALE_UNANSWERED_STATES),
        packageCode: own.packageCode,
        quotedCost: own.quotedCost?.amount ?? null,
      }) as SaleRow[];
    return rows.map((row) => this.sendsOf(row));
  }

  /** The provider order references among `references` that a sale or top-up of the journal holds. */
  claimedOrderReferences(references: readonly string[]): Set<string> {
    return claimedOrderReferences(this.db, references);
  }

  /**
   * The ICCIDs among `iccids` that another sale of the journal than `saleId` holds: it handed them over,
   * or an answer to it named them.
   */
  claimedIccids(iccids: readonly string[], saleId: string): Set<string> {
    const rows = this.db
      .prepare(
        `SELECT iccid FROM sale_esims WHERE sale_id != @saleId AND iccid IN (SELECT value FROM json_each(@iccids))
         UNION SELECT iccid FROM answer_esims WHERE sale_id != @saleId AND iccid IN (SELECT value FROM json_each(@iccids))`,
      )
      .all({ saleId, iccids: JSON.stringify(iccids) }) as { iccid: string }[];
    return new Set(rows.map((row) => row.iccid));
  }

  /**
   * The eSIMs the sale's unreadable answers named, with what installs them: at hand for settling it,
   * never shown before (the sale's summaries give their ICCIDs only).
   */
  answerEsims(id: string): AnswerEsim[] {
    return answerEsimsOf(this.db, id);
  }

  /** Pending sales of this account whose next check is due by `at`, oldest check first. */
  pendingDue(scope: AccountScope, at: string): Sale[] {
    return this.scoped.due('pending', scope, at);
  }

  /** When the next pending sale of this account is due for a check; null when none is pending. */
  nextPendingCheck(scope: AccountScope): string | null {
    return this.scoped.nextCheck('pending', scope);
  }

  /** Whether the sale was sent to this account (recovery and polling act only on those). */
  inScope(id: string, scope: AccountScope): boolean {
    return this.scoped.has(id, scope);
  }

  byOrderReference(orderReference: string): Sale | null {
    const row = this.db.prepare('SELECT * FROM sales WHERE order_reference = ?').get(orderReference) as
      | SaleRow
      | undefined;
    return row ? this.toSale(row) : null;
  }

  /**
   * Package codes by eSIMs sold since `since`, most first (completed sales only). The window starts at
   * the beginning of `since`'s day (UTC), so a week asked for is seven to eight days of sales. Read
   * from the week's totals (migration 0013), ranked by their index: the first `limit` rows are read and
   * no more, whatever the journal holds. When the totals count from another day (the first time
   * best sellers are shown on a new day), they are summed again from the per-day summary first.
   */
  bestSellers(since: string, limit: number): string[] {
    const firstDay = since.slice(0, 10);
    const { first_day: counted } = this.db
      .prepare('SELECT first_day FROM sales_sold_week_start WHERE id = 1')
      .get() as { first_day: string | null };
    if (counted !== firstDay) this.countWeekFrom(firstDay);
    const rows = this.db
      .prepare('SELECT package_code FROM sales_sold_week ORDER BY sold DESC, last_sold_at DESC LIMIT @limit')
      .all({ limit }) as { package_code: string }[];
    return rows.map((row) => row.package_code);
  }

  /**
   * Sums the week's totals again from the per-day summary, counting from `firstDay`. They are derived
   * rows, summed again whenever they are found to count from another day, so they are written without
   * an fsync of their own: a power cut can only take back the whole of this, never part of it.
   */
  private countWeekFrom(firstDay: string): void {
    withoutOwnFsync(this.db, () =>
      writeTransaction(this.db, () => {
        this.db.prepare('DELETE FROM sales_sold_week').run();
        this.db
          .prepare(
            `INSERT INTO sales_sold_week (package_code, sold, last_sold_at)
             SELECT package_code, sum(sold), max(last_sold_at) FROM sales_sold_daily WHERE day >= @firstDay
             GROUP BY package_code`,
          )
          .run({ firstDay });
        this.db
          .prepare('UPDATE sales_sold_week_start SET first_day = @firstDay WHERE id = 1')
          .run({ firstDay });
      }),
    );
  }

  /**
   * How many sales are in each open state (the status counts these): read from the due-check index
   * for those states alone, never over the completed and failed sales of the whole history.
   */
  openCounts(): Record<(typeof SALE_OPEN_STATES)[number], number> {
    const counts = Object.fromEntries(SALE_OPEN_STATES.map((state) => [state, 0])) as Record<
      (typeof SALE_OPEN_STATES)[number],
      number
    >;
    const rows = this.db
      .prepare(
        `SELECT state, count(*) AS n FROM sales WHERE state IN (SELECT value FROM json_each(@open)) GROUP BY state`,
      )
      .all({ open: JSON.stringify(SALE_OPEN_STATES) }) as { state: SaleState; n: number }[];
    for (const row of rows) counts[row.state] = row.n;
    return counts;
  }

  /** Every state change of a sale: only the moves SALE_TRANSITIONS allows, each with its record. */
  private transition(id: string, to: SaleState, now: string, change: StateChange): Sale {
    return this.toSale(transitionRow<SaleState, SaleRow>(this.db, SALE_ROWS, id, to, now, change));
  }

  private replaceEsims(id: string, esims: readonly SaleEsim[]): void {
    this.db.prepare('DELETE FROM sale_esims WHERE sale_id = ?').run(id);
    if (esims.length === 0) return;
    const insert = this.db.prepare(
      `INSERT INTO sale_esims (sale_id, position, iccid, lpa, smdp_address_apart, activation_code_apart,
         apple_install_url_from_lpa, apple_install_url_apart, android_install_url, status, total_volume_bytes,
         validity_days, expires_at)
       VALUES (@saleId, @position, @iccid, @lpa, @smdpAddressApart, @activationCodeApart, @appleInstallUrlFromLpa,
         @appleInstallUrlApart, @androidInstallUrl, @status, @totalVolumeBytes, @validityDays, @expiresAt)`,
    );
    esims.forEach((esim, position) => {
      insert.run({
        saleId: id,
        position,
        iccid: esim.iccid,
        ...storedEsimCodes(esim),
        androidInstallUrl: esim.androidInstallUrl,
        status: esim.status,
        totalVolumeBytes: esim.totalVolumeBytes,
        validityDays: esim.validityDays,
        expiresAt: esim.expiresAt,
      });
    });
  }

  private sendsOf(row: SaleRow): SaleSends {
    return {
      id: row.id,
      packageCode: row.package_code,
      quantity: row.quantity,
      quotedCost:
        row.quoted_cost_minor !== null && row.quoted_cost_currency
          ? { amount: minor(row.quoted_cost_minor), currency: row.quoted_cost_currency }
          : null,
      firstSentAt: row.created_at,
      lastSentAt: row.sent_at,
      endedAt: row.state === 'in_doubt' ? row.state_since : null,
    };
  }

  private esimsOf(id: string): SaleEsim[] {
    const rows = this.db
      .prepare(
        `SELECT iccid, lpa, smdp_address, activation_code, apple_install_url, android_install_url, status,
           total_volume_bytes, validity_days, expires_at FROM sale_esims WHERE sale_id = ? ORDER BY position`,
      )
      .all(id) as EsimRow[];
    return rows.map((r) => ({
      iccid: r.iccid,
      lpa: r.lpa,
      smdpAddress: r.smdp_address,
      activationCode: r.activation_code,
      appleInstallUrl: r.apple_install_url,
      androidInstallUrl: r.android_install_url,
      status: r.status,
      totalVolumeBytes: r.total_volume_bytes,
      validityDays: r.validity_days,
      expiresAt: r.expires_at,
    }));
  }

  private toSale(row: SaleRow): Sale {
    const base = {
      ...originOf(row),
      receiptNumber: row.receipt_number,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      packageCode: row.package_code,
      packageName: row.package_name,
      quantity: row.quantity,
      idempotencyKey: row.idempotency_key,
      retailUnit: { amount: minor(row.retail_unit_minor), currency: row.currency },
      retailTotal: { amount: minor(row.retail_total_minor), currency: row.currency },
      attempts: row.attempts,
      tender: tenderFromColumns(row),
    };
    const cost: Money | null =
      row.cost_minor !== null && row.cost_currency
        ? { amount: minor(row.cost_minor), currency: row.cost_currency }
        : null;
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
          esimsNamed: answerEsimsOf(this.db, row.id).map((esim) => ({ iccid: esim.iccid })),
        };
      case 'pending':
        return {
          ...base,
          state: 'pending',
          orderReference: row.order_reference ?? '',
          cost,
          pendingSince: row.state_since,
          nextCheckAt: row.next_check_at ?? row.state_since,
          giveUpAt: row.give_up_at ?? row.state_since,
        };
      case 'completed': {
        if (!cost) throw new Error(`completed sale ${row.id} has no cost`);
        // Margin is derived, not stored: retail and cost are the facts. Both are in the account currency.
        const margin =
          cost.currency === base.retailTotal.currency
            ? { amount: subtractMinor(base.retailTotal.amount, cost.amount), currency: cost.currency }
            : { amount: minor(0), currency: cost.currency };
        return {
          ...base,
          state: 'completed',
          orderReference: row.order_reference ?? '',
          cost,
          margin,
          newBalance:
            row.new_balance_minor !== null
              ? { amount: minor(row.new_balance_minor), currency: cost.currency }
              : null,
          esims: this.esimsOf(row.id),
          completedAt: row.completed_at ?? row.updated_at,
        };
      }
      case 'support':
        return {
          ...base,
          state: 'support',
          orderReference: row.order_reference ?? '',
          cost,
          since: row.state_since,
        };
      case 'failed':
        return { ...base, state: 'failed', error: lastError ?? unknownError, failedAt: row.state_since };
      default: {
        const never: never = row.state;
        throw new Error(`unknown sale state ${String(never)}`);
      }
    }
  }
}
