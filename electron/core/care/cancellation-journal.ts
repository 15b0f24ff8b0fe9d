import { randomUUID } from 'node:crypto';
import type { Cancellation, RefundMethod } from '../../../shared/domain/cancellation';
import type { CancellationState } from '../../../shared/domain/cancellation-states';
import type { PosError } from '../../../shared/errors';
import { type Currency, type Money, minor } from '../../../shared/money';
import { keepAnswers } from '../journal/answers';
import type { Db } from '../journal/database';
import { writeTransaction } from '../journal/journal-write';
import { nextReceiptNumber } from '../journal/receipt-numbers';
import { CANCELLATION_ROWS, transitionRow, writeAudit } from '../journal/state-rows';
import { type RefundFact, refundIn } from '../reconciliation/refunds';

interface CancellationRow {
  id: string;
  kind: 'cancellation' | 'goodwill';
  state: CancellationState;
  sale_id: string | null;
  sale_counter_code: string | null;
  topup_id: string | null;
  receipt_number: number;
  original_receipt_number: number;
  counter_id: string;
  training: number;
  cashier_id: string | null;
  shift_id: string | null;
  approved_by: string;
  reason: string;
  iccid: string | null;
  order_reference: string | null;
  refund_method: RefundMethod | null;
  provider_refund_minor: number | null;
  provider_refund_currency: Currency | null;
  recoverable: number;
  cash_refund_minor: number | null;
  cash_refund_currency: Currency | null;
  cash_movement_id: string | null;
  attempts: number;
  last_error_json: string | null;
  created_at: string;
  settled_at: string | null;
}

/** What is known when a cancellation or goodwill refund is decided, before anything is sent. */
export interface NewCancellation {
  /** Given when it was claimed in the shop ledger before it was written; a new id otherwise. */
  readonly id?: string;
  readonly kind: 'cancellation' | 'goodwill';
  readonly saleId: string | null;
  /** The code of the counter that sold it, when that is another counter of the shop. */
  readonly saleCounterCode?: string | null;
  readonly topUpId: string | null;
  readonly originalReceiptNumber: number;
  readonly counterId: string;
  readonly training: boolean;
  readonly cashierId: string | null;
  readonly shiftId: string | null;
  readonly approvedBy: string;
  readonly reason: string;
  readonly iccid: string | null;
  readonly orderReference: string | null;
  readonly cashRefund: Money | null;
  /** The drawer's refund, when it is recorded with the row (a goodwill refund). */
  readonly cashMovementId?: string;
}

/** An answer of the provider as received, kept whatever it says. */
export interface KeptAnswer {
  /** The cancel itself, the order's read (GET /esims/order), or the provider's order list (GET /orders). */
  readonly call: 'cancel' | 'read' | 'list';
  readonly httpStatus: number | null;
  readonly body: string | null;
}

const REQUESTS: Readonly<Record<KeptAnswer['call'], string>> = {
  cancel: 'POST /esims/cancel',
  read: 'GET /esims/order',
  list: 'GET /orders',
};

/** How the provider settled a cancellation: what it refunds to the account, and how. */
export interface ProviderRefund {
  /** Null when the provider's answer names no method of the API's list (its text is kept with the answer). */
  readonly method: RefundMethod | null;
  readonly amount: Money | null;
}

/**
 * The cancellations journal: each change one transaction with its record (a chain link), every answer
 * kept with the provider's other answers in the append-only `answers`. A row moves only as
 * CANCELLATION_TRANSITIONS allows (shared/domain/cancellation-states.ts); a goodwill refund is
 * recorded at once.
 */
export class CancellationJournal {
  constructor(private readonly db: Db) {}

  /** Written before anything is sent, with its receipt number from the counter's one sequence. */
  create(input: NewCancellation, now: string): Cancellation {
    const id = input.id ?? randomUUID();
    writeTransaction(this.db, () => {
      const receiptNumber = nextReceiptNumber(this.db, input);
      this.db
        .prepare(
          `INSERT INTO cancellations (id, kind, sale_id, sale_counter_code, topup_id, state, receipt_number, original_receipt_number,
             counter_id, training, cashier_id, shift_id, approved_by, reason, iccid, order_reference, recoverable,
             cash_refund_minor, cash_refund_currency, cash_movement_id, created_at, updated_at, settled_at)
           VALUES (@id, @kind, @saleId, @saleCounterCode, @topUpId, @state, @receiptNumber, @originalReceiptNumber, @counterId,
             @training, @cashierId, @shiftId, @approvedBy, @reason, @iccid, @orderReference, @recoverable,
             @cashMinor, @cashCurrency, @movementId, @now, @now, @settledAt)`,
        )
        .run({
          id,
          kind: input.kind,
          saleId: input.saleId,
          saleCounterCode: input.saleCounterCode ?? null,
          topUpId: input.topUpId,
          state: (input.kind === 'goodwill' ? 'recorded' : 'intent') satisfies CancellationState,
          receiptNumber,
          originalReceiptNumber: input.originalReceiptNumber,
          counterId: input.counterId,
          training: input.training ? 1 : 0,
          cashierId: input.cashierId,
          shiftId: input.shiftId,
          approvedBy: input.approvedBy,
          reason: input.reason,
          iccid: input.iccid,
          orderReference: input.orderReference,
          recoverable: input.kind === 'goodwill' ? 0 : 1,
          cashMinor: input.cashRefund?.amount ?? null,
          cashCurrency: input.cashRefund?.currency ?? null,
          movementId: input.cashMovementId ?? null,
          now,
          settledAt: input.kind === 'goodwill' ? now : null,
        });
      writeAudit(this.db, now, `${input.kind}.${input.kind === 'goodwill' ? 'recorded' : 'intent'}`, id, {
        saleId: input.saleId,
        topUpId: input.topUpId,
        approvedBy: input.approvedBy,
        reason: input.reason,
        cashRefund: input.cashRefund,
      });
    });
    return this.require(id);
  }

  markSent(id: string, now: string): Cancellation {
    transitionRow(this.db, CANCELLATION_ROWS, id, 'sent', now, { sql: 'attempts = attempts + 1' });
    return this.require(id);
  }

  /**
   * The provider cancelled the order; `also` hands the cash back and names the drawer's movement. The
   * cancel's answer is kept here; a settling read (null) was kept as it was read.
   */
  markCancelled(
    id: string,
    refund: ProviderRefund,
    answer: KeptAnswer | null,
    now: string,
    also?: () => string | null,
  ): Cancellation {
    writeTransaction(this.db, () => {
      if (answer) this.keep(id, answer, now);
      transitionRow(this.db, CANCELLATION_ROWS, id, 'cancelled', now, {
        sql: `refund_method = @method, provider_refund_minor = @amount, provider_refund_currency = @currency,
          last_error_json = NULL, settled_at = @now`,
        params: {
          method: refund.method,
          amount: refund.amount?.amount ?? null,
          currency: refund.amount?.currency ?? null,
        },
        audit: { refundMethod: refund.method, refund: refund.amount },
      });
      const movementId = also?.() ?? null;
      if (movementId) this.attachMovement(id, movementId, now);
    });
    return this.require(id);
  }

  /** The provider certainly did not cancel (a refusal, or a read showing the order still stands). */
  markRefused(id: string, error: PosError, answer: KeptAnswer | null, now: string): Cancellation {
    writeTransaction(this.db, () => {
      if (answer) this.keep(id, answer, now);
      transitionRow(this.db, CANCELLATION_ROWS, id, 'refused', now, {
        sql: 'last_error_json = @error, settled_at = @now',
        params: { error: JSON.stringify(error) },
      });
    });
    return this.require(id);
  }

  /** No answer that says what happened: settled later by reading, never by sending again unasked. */
  markUnknown(id: string, error: PosError, answer: KeptAnswer | null, now: string): Cancellation {
    writeTransaction(this.db, () => {
      if (answer) this.keep(id, answer, now);
      transitionRow(this.db, CANCELLATION_ROWS, id, 'unknown', now, {
        sql: 'last_error_json = @error',
        params: { error: JSON.stringify(error) },
      });
    });
    return this.require(id);
  }

  /** A read that did not settle it: the answer is kept, the state stays. */
  keepRead(id: string, answer: KeptAnswer, now: string): void {
    writeTransaction(this.db, () => this.keep(id, answer, now));
  }

  /**
   * The cash refund of a cancellation settled while no money could be handed over, recorded now, with
   * its record: the chain holds the cancellation as this change leaves it.
   */
  attachMovement(id: string, movementId: string, now: string): void {
    writeTransaction(this.db, () => {
      const attached = this.db
        .prepare('UPDATE cancellations SET cash_movement_id = ? WHERE id = ? AND cash_movement_id IS NULL')
        .run(movementId, id);
      if (attached.changes === 1) writeAudit(this.db, now, 'cancellation.cash_refunded', id, { movementId });
    });
  }

  /**
   * The provider's refunds of orders cancelled in a window, for the reconciliation: a refund to the
   * balance was credited when the cancellation settled; a refund request is in transit (this journal
   * learns no later credit), and so are one settled separately and one whose method was not stated.
   */
  refundsIn(window: { readonly from: Date; readonly to: Date }): RefundFact[] {
    const rows = this.db
      .prepare(
        `SELECT kind, state, order_reference, refund_method, provider_refund_minor, provider_refund_currency,
                settled_at
         FROM cancellations WHERE settled_at >= ? AND settled_at < ?`,
      )
      .all(window.from.toISOString(), window.to.toISOString()) as Record<string, unknown>[];
    return rows.flatMap((row) => refundIn(row, window) ?? []);
  }

  get(id: string): Cancellation | null {
    const row = this.db.prepare('SELECT * FROM cancellations WHERE id = ?').get(id) as
      | CancellationRow
      | undefined;
    return row ? toCancellation(row) : null;
  }

  require(id: string): Cancellation {
    const found = this.get(id);
    if (!found) throw new Error(`cancellation ${id} is not in the journal`);
    return found;
  }

  /** The sale's cancellation that is not refused (at most one), if any. */
  ofSale(saleId: string): Cancellation | null {
    const row = this.db
      .prepare(`SELECT * FROM cancellations WHERE sale_id = ? AND state != 'refused'`)
      .get(saleId) as CancellationRow | undefined;
    return row ? toCancellation(row) : null;
  }

  /**
   * Each of these sales' cancellation, by sale, in one read for a whole page: the one the provider did
   * not refuse (at most one), else the last it refused (the eSIM stays sold).
   */
  ofSales(saleIds: readonly string[]): Map<string, Cancellation> {
    const rows = this.db
      .prepare(
        `SELECT * FROM cancellations WHERE sale_id IN (SELECT value FROM json_each(?))
         ORDER BY state != 'refused', created_at, id`,
      )
      .all(JSON.stringify(saleIds)) as CancellationRow[];
    // Later rows win: a sale's standing cancellation comes after its refused ones.
    return new Map(rows.map((row) => [row.sale_id ?? '', toCancellation(row)]));
  }

  /**
   * Keeps an answer with every other the provider gave (`answers`, read with `answersOf`): the cancel
   * call is the cancellation's one send; a read that succeeded keeps no status, as a sale's settling
   * read does; a call that ended without a body is kept as an empty, cut-off one.
   */
  private keep(id: string, answer: KeptAnswer, now: string): void {
    const cancel = answer.call === 'cancel';
    keepAnswers(this.db, 'cancellation', id, [
      {
        request: REQUESTS[answer.call],
        send: cancel ? 1 : null,
        attempt: cancel ? 1 : null,
        status: !cancel && answer.httpStatus === 200 ? null : answer.httpStatus,
        whole: answer.body !== null,
        receivedAt: now,
        body: answer.body ?? '',
      },
    ]);
  }
}

function toCancellation(row: CancellationRow): Cancellation {
  const money = (amount: number | null, currency: Currency | null): Money | null =>
    amount === null || currency === null ? null : { amount: minor(amount), currency };
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    saleId: row.sale_id,
    saleCounterCode: row.sale_counter_code,
    topUpId: row.topup_id,
    receiptNumber: row.receipt_number,
    originalReceiptNumber: row.original_receipt_number,
    reason: row.reason,
    approvedBy: row.approved_by,
    cashierId: row.cashier_id,
    shiftId: row.shift_id,
    iccid: row.iccid,
    orderReference: row.order_reference,
    refundMethod: row.refund_method,
    providerRefund: money(row.provider_refund_minor, row.provider_refund_currency),
    refundInTransit: row.state === 'cancelled' && row.refund_method === 'refund_request',
    recoverable: row.recoverable === 1,
    cashRefund: money(row.cash_refund_minor, row.cash_refund_currency),
    cashRefunded: row.cash_movement_id !== null,
    attempts: row.attempts,
    lastError: row.last_error_json ? (JSON.parse(row.last_error_json) as PosError) : null,
    createdAt: row.created_at,
    settledAt: row.settled_at,
    training: row.training === 1,
  };
}
