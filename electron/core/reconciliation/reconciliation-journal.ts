import { randomUUID } from 'node:crypto';
import type {
  BalanceSnapshot,
  CashLegLine,
  CashRefundLine,
  ProviderDeposit,
  Reconciliation,
  RecordRef,
  Resolution,
  ResolutionClass,
} from '../../../shared/domain/reconciliation';
import type { SaleState } from '../../../shared/domain/sale-states';
import type { TopUpState } from '../../../shared/domain/topup-states';
import { type Currency, type Money, minor } from '../../../shared/money';
import { type AccountScope, IN_SCOPE, scopeParams } from '../journal/account-scope';
import type { Db } from '../journal/database';
import { writeTransaction } from '../journal/journal-write';
import { OPEN_STATE_PARAMS, writeAudit } from '../journal/state-rows';

/** A sale or top-up of the journal as the reconciliation compares it with the provider. */
export interface JournalRecord {
  readonly ref: RecordRef;
  readonly state: SaleState | TopUpState;
  readonly orderReference: string | null;
  /** What the provider charged, as recorded; null until the record completed. */
  readonly cost: Money | null;
  /** What it was expected to cost (the package's listed cost), when the journal knows. */
  readonly quotedCost: Money | null;
  readonly packageCode: string;
  readonly packageName: string;
  /** The topped-up eSIM; null for a sale. */
  readonly iccid: string | null;
  readonly createdAt: string;
  /**
   * For a top-up whose answer was lost: when the counter stopped waiting for it, on the provider's
   * clock (its last search). An order placed after it is never this record's.
   */
  readonly stoppedWaitingAt: string | null;
}

interface RecordRow {
  kind: 'sale' | 'topup';
  id: string;
  receipt_number: number;
  state: SaleState | TopUpState;
  order_reference: string | null;
  cost_minor: number | null;
  cost_currency: Currency | null;
  quoted_minor: number | null;
  quoted_currency: Currency | null;
  package_code: string;
  package_name: string;
  iccid: string | null;
  created_at: string;
  stopped_waiting_at: string | null;
}

const RECORD_COLUMNS = {
  sale: `'sale' AS kind, id, receipt_number, state, order_reference, cost_minor, cost_currency,
    quoted_cost_minor AS quoted_minor, quoted_cost_currency AS quoted_currency, package_code, package_name, NULL AS iccid, created_at,
    NULL AS stopped_waiting_at`,
  // A top-up's quoted cost is in the account's currency, which its row does not name.
  topup: `'topup' AS kind, id, receipt_number, state, order_reference, cost_minor, cost_currency,
    quoted_cost_minor AS quoted_minor, NULL AS quoted_currency, package_code, package_name, iccid, created_at,
    json_extract(search_json, '$.stoppedAt') AS stopped_waiting_at`,
};

/**
 * The period's records: those of its shifts (a shift's records belong to the day it opened), and those
 * made in its window while no shift was open. Four index ranges, named: the scope's own index would
 * read every record of the mode.
 */
const RECORDS_OF_PERIOD = `
  WITH period_shifts AS (
    SELECT id FROM shifts
    WHERE counter_id = @counterId AND business_day BETWEEN @firstDay AND @lastDay
  )
  SELECT ${RECORD_COLUMNS.sale} FROM sales INDEXED BY sales_by_shift
  WHERE shift_id IN period_shifts AND ${IN_SCOPE}
  UNION ALL
  SELECT ${RECORD_COLUMNS.sale} FROM sales INDEXED BY sales_listed
  WHERE created_at >= @from AND created_at < @to AND shift_id IS NULL AND ${IN_SCOPE}
  UNION ALL
  SELECT ${RECORD_COLUMNS.topup} FROM topups INDEXED BY topups_by_shift
  WHERE shift_id IN period_shifts AND ${IN_SCOPE}
  UNION ALL
  SELECT ${RECORD_COLUMNS.topup} FROM topups INDEXED BY topups_listed
  WHERE created_at >= @from AND created_at < @to AND shift_id IS NULL AND ${IN_SCOPE}
  ORDER BY created_at`;

const RECORDS_BY_REFERENCE = `
  SELECT ${RECORD_COLUMNS.sale} FROM sales WHERE order_reference = @reference AND ${IN_SCOPE}
  UNION ALL
  SELECT ${RECORD_COLUMNS.topup} FROM topups WHERE order_reference = @reference AND ${IN_SCOPE}`;

/**
 * Cash taken for the sales and top-ups of the period's shifts, per currency paid: for completed
 * records, as the drawer took it (handed over less change, every record not failed), and held for
 * records still open. Each table is read for the period's shifts alone, from the ranges of
 * `sales_by_shift` and `topups_by_shift` (which hold every column summed), like the Z: joined to the
 * shifts after a union of both tables whole, it read every sale ever made.
 */
const CASH_TAKEN = `
  WITH period_shifts AS (
    SELECT id FROM shifts
    WHERE counter_id = @counterId AND business_day BETWEEN @firstDay AND @lastDay
  ),
  taken AS (
    SELECT state, state IN (SELECT value FROM json_each(@openSales)) AS open, tender_currency, tender_due_minor,
      tendered_minor, change_minor FROM sales
    WHERE shift_id IN period_shifts AND tender_method = 'cash'
    UNION ALL
    SELECT state, state IN (SELECT value FROM json_each(@openTopUps)), tender_currency, tender_due_minor,
      tendered_minor, change_minor FROM topups
    WHERE shift_id IN period_shifts AND tender_method = 'cash'
  )
  SELECT tender_currency AS currency,
    sum(CASE WHEN state = 'completed' THEN tender_due_minor ELSE 0 END) AS completed,
    sum(CASE WHEN state != 'failed'
      THEN coalesce(tendered_minor, tender_due_minor) - coalesce(change_minor, 0)
      ELSE 0 END) AS takings,
    sum(CASE WHEN open THEN tender_due_minor ELSE 0 END) AS held
  FROM taken
  GROUP BY tender_currency ORDER BY tender_currency`;

/**
 * Cash taken for the sales and top-ups made in the window while no shift was open, per currency paid
 * (handed over less change, every record not failed): no drawer holds it, so no count checks it.
 */
const CASH_OUTSIDE_SHIFTS = `
  SELECT tender_currency AS currency,
    sum(coalesce(tendered_minor, tender_due_minor) - coalesce(change_minor, 0)) AS taken
  FROM (
    SELECT tender_currency, tender_due_minor, tendered_minor, change_minor FROM sales INDEXED BY sales_listed
    WHERE created_at >= @from AND created_at < @to AND shift_id IS NULL AND counter_id = @counterId
      AND tender_method = 'cash' AND state != 'failed'
    UNION ALL
    SELECT tender_currency, tender_due_minor, tendered_minor, change_minor FROM topups INDEXED BY topups_listed
    WHERE created_at >= @from AND created_at < @to AND shift_id IS NULL AND counter_id = @counterId
      AND tender_method = 'cash' AND state != 'failed'
  )
  GROUP BY tender_currency ORDER BY tender_currency`;

/**
 * Cash handed back to customers by the period's shifts (the drawer movement's shift), per currency, split by what became of the
 * provider's side: refunded to the balance (recovered), a refund request or an answer still awaited
 * (not yet recovered), or a goodwill refund (never recoverable). A refused cancellation hands nothing back.
 */
const CASH_REFUNDED = `
  SELECT c.cash_refund_currency AS currency,
    sum(c.cash_refund_minor) AS refunded,
    sum(CASE WHEN c.recoverable = 1 AND c.state = 'cancelled' AND c.refund_method = 'balance'
      THEN c.cash_refund_minor ELSE 0 END) AS recovered,
    sum(CASE WHEN c.recoverable = 0 THEN c.cash_refund_minor ELSE 0 END) AS not_recoverable
  FROM cancellations AS c
    JOIN cash_movements AS m ON m.id = c.cash_movement_id
    JOIN shifts ON shifts.id = m.shift_id
  WHERE shifts.counter_id = @counterId AND shifts.business_day BETWEEN @firstDay AND @lastDay
  GROUP BY c.cash_refund_currency ORDER BY c.cash_refund_currency`;

function recordOf(row: RecordRow, accountCurrency: Currency): JournalRecord {
  const quotedCurrency = row.quoted_currency ?? row.cost_currency ?? accountCurrency;
  return {
    ref: { kind: row.kind, id: row.id, receiptNumber: row.receipt_number },
    state: row.state,
    orderReference: row.order_reference,
    cost:
      row.cost_minor === null || row.cost_currency === null
        ? null
        : { amount: minor(row.cost_minor), currency: row.cost_currency },
    quotedCost:
      row.quoted_minor === null ? null : { amount: minor(row.quoted_minor), currency: quotedCurrency },
    packageCode: row.package_code,
    packageName: row.package_name,
    iccid: row.iccid,
    createdAt: row.created_at,
    stoppedWaitingAt: row.stopped_waiting_at,
  };
}

function money(amount: number, currency: Currency): Money {
  return { amount: minor(amount), currency };
}

/** A period of business days: one day, or several reconciled as one. */
export interface Period {
  readonly firstDay: string;
  readonly lastDay: string;
}

interface StoredException {
  key: string;
  first_seen_at: string;
}

interface StoredResolution {
  exception_key: string;
  at: string;
  resolver: string;
  classification: ResolutionClass;
  reason: string;
  record_id: string | null;
}

/** The reconciliation's own tables (migration 0008): snapshots, deposits, runs, exceptions, resolutions. */
export class ReconciliationJournal {
  constructor(
    private readonly db: Db,
    private readonly counterId: string,
  ) {}

  /** The period's records: its shifts', and those its window holds with no shift. */
  recordsOf(
    period: Period,
    window: { from: Date; to: Date },
    scope: AccountScope,
    accountCurrency: Currency,
  ): JournalRecord[] {
    const rows = this.db.prepare(RECORDS_OF_PERIOD).all({
      counterId: this.counterId,
      ...period,
      from: window.from.toISOString(),
      to: window.to.toISOString(),
      ...scopeParams(scope),
    }) as RecordRow[];
    return rows.map((row) => recordOf(row, accountCurrency));
  }

  recordsByReference(reference: string, scope: AccountScope, accountCurrency: Currency): JournalRecord[] {
    const rows = this.db
      .prepare(RECORDS_BY_REFERENCE)
      .all({ reference, ...scopeParams(scope) }) as RecordRow[];
    return rows.map((row) => recordOf(row, accountCurrency));
  }

  cashTaken(period: Period): CashLegLine[] {
    const rows = this.db.prepare(CASH_TAKEN).all({
      counterId: this.counterId,
      ...period,
      ...OPEN_STATE_PARAMS,
    }) as {
      currency: Currency;
      completed: number;
      takings: number;
      held: number;
    }[];
    return rows.map((row) => ({
      currency: row.currency,
      completed: money(row.completed, row.currency),
      drawerTakings: money(row.takings, row.currency),
      heldForOpen: money(row.held, row.currency),
      remainder: money(row.takings - row.held - row.completed, row.currency),
    }));
  }

  /** Cash taken in the window while no shift was open, per currency: in no drawer's count. */
  cashOutsideShifts(window: { from: Date; to: Date }): Money[] {
    const rows = this.db.prepare(CASH_OUTSIDE_SHIFTS).all({
      counterId: this.counterId,
      from: window.from.toISOString(),
      to: window.to.toISOString(),
    }) as { currency: Currency; taken: number }[];
    return rows.filter((row) => row.taken !== 0).map((row) => money(row.taken, row.currency));
  }

  cashRefunded(period: Period): CashRefundLine[] {
    const rows = this.db.prepare(CASH_REFUNDED).all({ counterId: this.counterId, ...period }) as {
      currency: Currency;
      refunded: number;
      recovered: number;
      not_recoverable: number;
    }[];
    return rows.map((row) => ({
      currency: row.currency,
      refunded: money(row.refunded, row.currency),
      recovered: money(row.recovered, row.currency),
      notYetRecovered: money(row.refunded - row.recovered - row.not_recoverable, row.currency),
      notRecoverable: money(row.not_recoverable, row.currency),
    }));
  }

  addSnapshot(scope: AccountScope, day: string, snapshot: BalanceSnapshot): void {
    const id = randomUUID();
    writeTransaction(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO balance_snapshots (id, counter_id, training, account_ref, business_day, purpose, taken_at,
             amount_minor, currency) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          this.counterId,
          scope.training ? 1 : 0,
          scope.accountRef,
          day,
          snapshot.purpose,
          snapshot.takenAt,
          snapshot.balance.amount,
          snapshot.balance.currency,
        );
      // The record names the reading itself (its row is in the chain's link), and the day it is of.
      writeAudit(this.db, snapshot.takenAt, `balance.${snapshot.purpose}`, id, {
        businessDay: day,
        balance: snapshot.balance,
      });
    });
  }

  /**
   * The balance the day opened with: its first opening snapshot, else the last closing one of an earlier
   * day (the balance does not move between a close and the next open unless orders do, and the bridge
   * counts those from the snapshot's time).
   */
  openingOf(scope: AccountScope, day: string): BalanceSnapshot | null {
    const row =
      this.snapshotRow(scope, 'business_day = @day AND purpose = @purpose', 'ASC', day, 'opening') ??
      this.snapshotRow(scope, 'business_day < @day AND purpose = @purpose', 'DESC', day, 'closing');
    return row;
  }

  /** The day's last closing snapshot. */
  closingOf(scope: AccountScope, day: string): BalanceSnapshot | null {
    return this.snapshotRow(scope, 'business_day = @day AND purpose = @purpose', 'DESC', day, 'closing');
  }

  /** This counter's readings only: a journal copied from another counter keeps that counter's. */
  private snapshotRow(
    scope: AccountScope,
    where: string,
    order: 'ASC' | 'DESC',
    day: string,
    purpose: BalanceSnapshot['purpose'],
  ): BalanceSnapshot | null {
    const row = this.db
      .prepare(
        `SELECT purpose, taken_at, amount_minor, currency FROM balance_snapshots
         WHERE ${where} AND counter_id = @counterId AND training = @training AND account_ref = @accountRef
         ORDER BY taken_at ${order} LIMIT 1`,
      )
      .get({ day, purpose, counterId: this.counterId, ...scopeParams(scope) }) as
      | { purpose: BalanceSnapshot['purpose']; taken_at: string; amount_minor: number; currency: Currency }
      | undefined;
    return row
      ? { purpose: row.purpose, takenAt: row.taken_at, balance: money(row.amount_minor, row.currency) }
      : null;
  }

  addDeposit(
    scope: AccountScope,
    input: {
      businessDay: string;
      amount: Money;
      note: string;
      enteredBy: { readonly id: string; readonly name: string };
      at: string;
    },
  ): ProviderDeposit {
    const id = randomUUID();
    writeTransaction(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO provider_deposits (id, counter_id, training, account_ref, business_day, amount_minor, currency,
             note, entered_by, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          this.counterId,
          scope.training ? 1 : 0,
          scope.accountRef,
          input.businessDay,
          input.amount.amount,
          input.amount.currency,
          input.note,
          input.enteredBy.id,
          input.at,
        );
      writeAudit(this.db, input.at, 'provider.deposit', id, {
        businessDay: input.businessDay,
        amount: input.amount,
        note: input.note,
        enteredBy: input.enteredBy.id,
      });
    });
    return { id, ...input, enteredBy: input.enteredBy.name };
  }

  deposits(scope: AccountScope, period: Period): ProviderDeposit[] {
    const rows = this.db
      .prepare(
        `SELECT provider_deposits.*, cashiers.name AS entered_name FROM provider_deposits
         JOIN cashiers ON cashiers.id = provider_deposits.entered_by
         WHERE business_day BETWEEN @firstDay AND @lastDay AND training = @training AND account_ref = @accountRef
         ORDER BY at`,
      )
      .all({ ...period, ...scopeParams(scope) }) as {
      id: string;
      business_day: string;
      amount_minor: number;
      currency: Currency;
      note: string;
      entered_name: string;
      at: string;
    }[];
    return rows.map((row) => ({
      id: row.id,
      businessDay: row.business_day,
      amount: money(row.amount_minor, row.currency),
      note: row.note,
      enteredBy: row.entered_name,
      at: row.at,
    }));
  }

  /**
   * Stores a run and the exceptions it found for the first time (an exception found before keeps its
   * first sighting, so its age): one transaction, so a run is never stored without its exceptions.
   */
  addRun(scope: AccountScope, report: Reconciliation): void {
    writeTransaction(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO reconciliation_runs (id, counter_id, training, account_ref, first_day, last_day, run_at, result,
             confirmed_at, report_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          report.runId,
          this.counterId,
          scope.training ? 1 : 0,
          scope.accountRef,
          report.firstDay,
          report.lastDay,
          report.runAt,
          report.result,
          report.confirmedAt,
          JSON.stringify(report),
        );
      const insert = this.db.prepare(
        `INSERT OR IGNORE INTO reconciliation_exceptions (key, first_run_id, first_seen_at, kind, severity,
           order_reference, record_id) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const row of report.rows) {
        if (row.severity === 'info') continue;
        insert.run(
          row.key,
          report.runId,
          report.runAt,
          row.kind,
          row.severity,
          row.orderReference,
          row.record?.id ?? null,
        );
      }
      writeAudit(this.db, report.runAt, `reconciliation.${report.result}`, report.runId, {
        firstDay: report.firstDay,
        lastDay: report.lastDay,
        exceptions: report.rows.filter((row) => row.severity !== 'info').map((row) => row.key),
        confirmedAt: report.confirmedAt,
      });
    });
  }

  /** The period's latest run, as stored. */
  latestRun(scope: AccountScope, period: Period): Reconciliation | null {
    const row = this.db
      .prepare(
        `SELECT report_json FROM reconciliation_runs
         WHERE first_day = @firstDay AND last_day = @lastDay AND training = @training AND account_ref = @accountRef
         ORDER BY run_at DESC, rowid DESC LIMIT 1`,
      )
      .get({ ...period, ...scopeParams(scope) }) as { report_json: string } | undefined;
    return row ? (JSON.parse(row.report_json) as Reconciliation) : null;
  }

  /** Periods whose latest run could not reach the provider: they are run again when it answers. */
  unconfirmedPeriods(scope: AccountScope): Period[] {
    return this.db
      .prepare(
        `SELECT first_day AS firstDay, last_day AS lastDay FROM reconciliation_runs AS run
         WHERE training = @training AND account_ref = @accountRef AND result = 'unconfirmed'
           AND NOT EXISTS (SELECT 1 FROM reconciliation_runs AS later
             WHERE later.first_day = run.first_day AND later.last_day = run.last_day
               AND later.training = run.training AND later.account_ref = run.account_ref
               AND later.rowid > run.rowid)`,
      )
      .all(scopeParams(scope)) as Period[];
  }

  /** When each exception was first found, and how it was resolved. */
  exceptionHistory(
    keys: readonly string[],
  ): Map<string, { firstSeenAt: string; resolution: Resolution | null }> {
    const history = new Map<string, { firstSeenAt: string; resolution: Resolution | null }>();
    const exception = this.db.prepare(
      'SELECT key, first_seen_at FROM reconciliation_exceptions WHERE key = ?',
    );
    const resolution = this.db.prepare(
      `SELECT exception_key, at, cashiers.name AS resolver, classification, reason, record_id
       FROM reconciliation_resolutions JOIN cashiers ON cashiers.id = resolved_by WHERE exception_key = ?`,
    );
    for (const key of keys) {
      const found = exception.get(key) as StoredException | undefined;
      if (!found) continue;
      const resolved = resolution.get(key) as StoredResolution | undefined;
      history.set(key, {
        firstSeenAt: found.first_seen_at,
        resolution: resolved
          ? {
              at: resolved.at,
              by: resolved.resolver,
              classification: resolved.classification,
              reason: resolved.reason,
              recordId: resolved.record_id,
            }
          : null,
      });
    }
    return history;
  }

  exceptionExists(key: string): boolean {
    return this.db.prepare('SELECT 1 FROM reconciliation_exceptions WHERE key = ?').get(key) !== undefined;
  }

  resolve(input: {
    key: string;
    at: string;
    by: string;
    classification: ResolutionClass;
    reason: string;
    recordId: string | null;
  }): boolean {
    return writeTransaction(this.db, () => {
      const done = this.db
        .prepare(
          `INSERT OR IGNORE INTO reconciliation_resolutions (exception_key, at, resolved_by, classification, reason,
             record_id) VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(input.key, input.at, input.by, input.classification, input.reason, input.recordId);
      if (done.changes === 0) return false;
      writeAudit(this.db, input.at, 'reconciliation.resolved', input.key, {
        classification: input.classification,
        reason: input.reason,
        recordId: input.recordId,
        by: input.by,
      });
      return true;
    });
  }
}
