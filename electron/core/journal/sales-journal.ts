import type { Sale, SaleEsim, SaleState } from '../../../shared/domain/sale';
import type { PosError } from '../../../shared/errors';
import { type Currency, type Money, minor, subtractMinor } from '../../../shared/money';
import type { AccountScope } from './account-scope';
import type { Db } from './database';
import {
  listQuery,
  periodAndStates,
  ScopedRows,
  type StateChange,
  transitionRow,
  writeAudit,
} from './state-rows';
import { type TenderColumns, tenderFromColumns } from './tender-columns';

/**
 * The sales journal. Each method is one state transition in one synchronous SQLite transaction, so a
 * crash leaves a sale in exactly one state; nothing here is ever held open across an await.
 */

interface SaleRow extends TenderColumns {
  id: string;
  receipt_number: number;
  counter_id: string;
  cashier_id: string | null;
  shift_id: string | null;
  training: number;
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

export interface NewSale {
  id: string;
  counterId: string;
  /** The account the sale is sent to (see AccountScope). */
  accountRef?: string | null;
  cashierId: string | null;
  shiftId: string | null;
  training: boolean;
  packageCode: string;
  packageName: string;
  quantity: number;
  idempotencyKey: string;
  retailUnit: Money;
  retailTotal: Money;
}

export interface SaleCompletion {
  orderReference: string;
  cost: Money;
  newBalance: Money | null;
  esims: readonly SaleEsim[];
  rawResponse: string;
}

export interface SaleListFilter {
  from?: string;
  to?: string;
  search?: string;
  states?: readonly SaleState[];
  limit: number;
}

export class SalesJournal {
  private readonly scoped: ScopedRows<SaleRow, Sale>;

  constructor(private readonly db: Db) {
    this.scoped = new ScopedRows(db, 'sales', (row: SaleRow) => this.toSale(row));
  }

  /** Records the intent, with its idempotency key, before anything is sent. */
  createIntent(sale: NewSale, now: string): Sale {
    this.db.transaction(() => {
      const next = this.db
        .prepare('SELECT coalesce(max(receipt_number), 0) + 1 AS n FROM sales WHERE training = ?')
        .get(sale.training ? 1 : 0) as { n: number };
      this.db
        .prepare(
          `INSERT INTO sales (id, receipt_number, counter_id, cashier_id, shift_id, training, account_ref, state,
             package_code, package_name, quantity, idempotency_key, currency, retail_unit_minor, retail_total_minor,
             created_at, updated_at, state_since)
           VALUES (@id, @receiptNumber, @counterId, @cashierId, @shiftId, @training, @accountRef, 'intent',
             @packageCode, @packageName, @quantity, @idempotencyKey, @currency, @retailUnit, @retailTotal, @now,
             @now, @now)`,
        )
        .run({
          ...sale,
          accountRef: sale.accountRef ?? null,
          receiptNumber: next.n,
          training: sale.training ? 1 : 0,
          currency: sale.retailTotal.currency,
          retailUnit: sale.retailUnit.amount,
          retailTotal: sale.retailTotal.amount,
          now,
        });
      this.audit(now, 'sale.intent', sale.id, { packageCode: sale.packageCode, quantity: sale.quantity });
    })();
    return this.require(sale.id);
  }

  /** Marks the sale as on the wire; counts the attempt. */
  markSent(id: string, now: string): Sale {
    this.transition(id, ['intent', 'sent', 'in_doubt'], 'sent', now, {
      sql: 'attempts = attempts + 1, sent_at = @now',
    });
    return this.require(id);
  }

  markCompleted(id: string, completion: SaleCompletion, now: string): Sale {
    this.db.transaction(() => {
      this.transition(id, ['intent', 'sent', 'in_doubt', 'pending', 'support'], 'completed', now, {
        sql: `order_reference = @orderReference, cost_minor = @cost, cost_currency = @costCurrency,
              new_balance_minor = @newBalance, raw_response = @raw, completed_at = @now, last_error_json = NULL,
              next_check_at = NULL, give_up_at = NULL`,
        params: {
          orderReference: completion.orderReference,
          cost: completion.cost.amount,
          costCurrency: completion.cost.currency,
          newBalance: completion.newBalance?.amount ?? null,
          raw: completion.rawResponse,
        },
      });
      this.db.prepare('DELETE FROM sale_esims WHERE sale_id = ?').run(id);
      const insert = this.db.prepare(
        `INSERT INTO sale_esims (sale_id, position, iccid, lpa, smdp_address, activation_code, apple_install_url,
           android_install_url, status, total_volume_bytes, validity_days, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      completion.esims.forEach((esim, position) => {
        insert.run(
          id,
          position,
          esim.iccid,
          esim.lpa,
          esim.smdpAddress,
          esim.activationCode,
          esim.appleInstallUrl,
          esim.androidInstallUrl,
          esim.status,
          esim.totalVolumeBytes,
          esim.validityDays,
          esim.expiresAt,
        );
      });
      this.audit(now, 'sale.completed', id, {
        orderReference: completion.orderReference,
        cost: completion.cost,
      });
    })();
    return this.require(id);
  }

  markPending(
    id: string,
    pending: {
      orderReference: string;
      cost: Money | null;
      nextCheckAt: string;
      giveUpAt: string;
      rawResponse: string;
    },
    now: string,
  ): Sale {
    this.transition(id, ['intent', 'sent', 'in_doubt', 'pending'], 'pending', now, {
      sql: `order_reference = @orderReference, cost_minor = @cost, cost_currency = @costCurrency,
            next_check_at = @nextCheckAt, give_up_at = @giveUpAt, raw_response = @raw, last_error_json = NULL`,
      params: {
        orderReference: pending.orderReference,
        cost: pending.cost?.amount ?? null,
        costCurrency: pending.cost?.currency ?? null,
        nextCheckAt: pending.nextCheckAt,
        giveUpAt: pending.giveUpAt,
        raw: pending.rawResponse,
      },
      keepSince: true,
    });
    return this.require(id);
  }

  markFailed(id: string, error: PosError, now: string, rawResponse: string | null): Sale {
    this.transition(id, ['intent', 'sent', 'in_doubt'], 'failed', now, {
      sql: 'last_error_json = @error, raw_response = coalesce(@raw, raw_response)',
      params: { error: JSON.stringify(error), raw: rawResponse },
    });
    return this.require(id);
  }

  markInDoubt(id: string, error: PosError, now: string): Sale {
    this.transition(id, ['intent', 'sent', 'in_doubt'], 'in_doubt', now, {
      sql: 'last_error_json = @error',
      params: { error: JSON.stringify(error) },
      keepSince: true,
    });
    return this.require(id);
  }

  /**
   * A pending order the provider has not finished within the polling window (or reports as failed):
   * handed to provider support, never re-ordered. A later answer can still complete it.
   */
  markSupport(id: string, error: PosError | null, now: string): Sale {
    this.transition(id, ['pending'], 'support', now, {
      sql: 'last_error_json = @error, next_check_at = NULL',
      params: { error: error === null ? null : JSON.stringify(error) },
    });
    return this.require(id);
  }

  /** A pending order was checked and is still provisioning: when to look again. */
  recordPendingCheck(id: string, nextCheckAt: string, now: string): Sale {
    const result = this.db
      .prepare(
        `UPDATE sales SET next_check_at = @nextCheckAt, updated_at = @now WHERE id = @id AND state = 'pending'`,
      )
      .run({ id, nextCheckAt, now });
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

  list(filter: SaleListFilter): Sale[] {
    const { where, params } = periodAndStates(filter);
    if (filter.search) {
      where.push(`(package_name LIKE @like ESCAPE '\\' OR package_code LIKE @like ESCAPE '\\'
        OR order_reference LIKE @like ESCAPE '\\' OR CAST(receipt_number AS TEXT) = @exact
        OR id IN (SELECT sale_id FROM sale_esims WHERE iccid LIKE @like ESCAPE '\\'))`);
      params.like = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      params.exact = filter.search;
    }
    return (this.db.prepare(listQuery('sales', where)).all(params) as SaleRow[]).map((row) =>
      this.toSale(row),
    );
  }

  /** Sales of this account a crash or a lost answer left unresolved: re-sent with their stored key at start-up. */
  unresolved(scope: AccountScope): Sale[] {
    return this.scoped.inStates(['intent', 'sent', 'in_doubt'], scope);
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

  /** Package codes by eSIMs sold since `since`, most first (completed sales only). */
  bestSellers(since: string, limit: number): string[] {
    const rows = this.db
      .prepare(
        `SELECT package_code, sum(quantity) AS sold FROM sales WHERE state = 'completed' AND created_at >= ?
         GROUP BY package_code ORDER BY sold DESC, max(created_at) DESC LIMIT ?`,
      )
      .all(since, limit) as { package_code: string }[];
    return rows.map((row) => row.package_code);
  }

  countByState(): Record<SaleState, number> {
    const counts: Record<SaleState, number> = {
      intent: 0,
      sent: 0,
      in_doubt: 0,
      pending: 0,
      completed: 0,
      support: 0,
      failed: 0,
    };
    for (const row of this.db.prepare('SELECT state, count(*) AS n FROM sales GROUP BY state').all() as {
      state: SaleState;
      n: number;
    }[]) {
      counts[row.state] = row.n;
    }
    return counts;
  }

  private transition(
    id: string,
    from: readonly SaleState[],
    to: SaleState,
    now: string,
    change: StateChange,
  ): void {
    transitionRow(this.db, 'sales', id, from, to, now, change);
    this.audit(now, `sale.${to}`, id, null);
  }

  private audit(at: string, kind: string, subject: string, detail: unknown): void {
    writeAudit(this.db, at, kind, subject, detail);
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
      id: row.id,
      receiptNumber: row.receipt_number,
      counterId: row.counter_id,
      cashierId: row.cashier_id,
      shiftId: row.shift_id,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      training: row.training === 1,
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
        return { ...base, state: 'in_doubt', since: row.state_since, lastError: lastError ?? unknownError };
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
