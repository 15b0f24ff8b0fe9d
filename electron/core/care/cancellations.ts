import { randomUUID } from 'node:crypto';
import type {
  CancelCheck,
  Cancellation,
  CancelRefusal,
  GoodwillCheck,
  RefundMethod,
} from '../../../shared/domain/cancellation';
import { CANCELLATION_SETTLEABLE_STATES } from '../../../shared/domain/cancellation-states';
import type { Approval } from '../../../shared/domain/cashier';
import type { Sale, SaleSummary } from '../../../shared/domain/sale';
import type { TopUp } from '../../../shared/domain/topup';
import type { Money } from '../../../shared/money';
import { ApiFailure, type ResellerClient } from '../api';
import type { CashierTable } from '../cashiers/cashier-table';
import type { Db } from '../journal/database';
import { writeTransaction } from '../journal/journal-write';
import type { SalesJournal } from '../journal/sales-journal';
import type { TopUpsJournal } from '../journal/topups-journal';
import type { Logger } from '../log';
import { certainlyNotPerformed } from '../money/definite-refusal';
import { invalidField, PosFailure } from '../pos/failure';
import type { CashRefunds, RefundedRecord } from '../shifts/cash-refunds';
import type { ShiftJournal } from '../shifts/shift-journal';
import { MAIN_DRAWER } from '../shifts/till';
import {
  type CancellationClaim,
  ledgerNeededToCancel,
  type Seller,
  type ServingShop,
  saleToServe,
} from '../shop/shop-sales';
import { CancellationJournal, type KeptAnswer } from './cancellation-journal';
import { isInstalled } from './installed';

export interface CancellationDeps {
  readonly db: Db;
  readonly counterId: string;
  readonly sales: SalesJournal;
  readonly topUps: TopUpsJournal;
  readonly cashiers: CashierTable;
  readonly shifts: ShiftJournal;
  /** The one check of every cash refund (what was paid, the drawer). */
  readonly refunds: CashRefunds;
  readonly client: () => ResellerClient;
  readonly now: () => Date;
  /** The shop's other counters' sales, and the one claim per sale, at a counter in a shop ledger. */
  readonly shop: ServingShop;
  readonly log: Logger;
}

/** eSIM statuses after which nothing is left to cancel. */
const ENDED = new Set(['EXPIRED', 'DEPLETED', 'DELETED', 'USED_EXPIRED']);

/**
 * The one status that says an eSIM has been used on a network and is not over. A status the API
 * does not list says nothing: the prediction is only a courtesy, the provider's answer to the cancel
 * decides, and refusing on a word nobody listed would keep a customer's refund from them.
 */
const IN_USE = 'ACTIVE';

/**
 * Cancelling a sold eSIM with the provider, and goodwill refunds of top-ups. Cancellation is a money
 * path: the eSIM is read first so nothing is promised that the provider's rules refuse; the intent is
 * journalled before the one send; every answer is kept; an answer that does not say what happened is
 * settled by reading the order only, and the cancel is never sent again without a manager asking.
 */
export class Cancellations {
  readonly journal: CancellationJournal;

  constructor(private readonly deps: CancellationDeps) {
    this.journal = new CancellationJournal(deps.db);
  }

  /** Reads each eSIM of the sale live and says whether the provider's rules allow a cancellation. */
  async check(saleId: string): Promise<CancelCheck> {
    const { sale, seller } = await this.saleToServe(saleId);
    const open = this.journal.ofSale(sale.id);
    const base = {
      saleId: sale.id,
      receiptNumber: sale.receiptNumber,
      paid: paidOf(sale),
      refundable: this.deps.refunds.refundable(saleRecord(sale)),
      cancellation: open,
    };
    if (sale.state !== 'completed') {
      return { ...base, orderReference: null, refusal: 'not_sold', esims: [] };
    }
    const client = this.deps.client();
    const esims = await Promise.all(
      sale.esims.map(async ({ iccid }) => {
        const live = await client.getLiveStatus({ iccid });
        const status = live.status?.toUpperCase() ?? null;
        return {
          iccid,
          status,
          installed: isInstalled(live),
          activated: live.activatedAt !== null || status === IN_USE,
        };
      }),
    );
    // Another counter's cancellation of it, as the ledger holds it, cancels it for every counter.
    const elsewhere = seller && sale.cancellation?.state === 'cancelled';
    const refusal = elsewhere ? 'already_cancelled' : refusalOf(esims, open);
    return { ...base, orderReference: sale.orderReference, refusal, esims };
  }

  /**
   * Cancels the sale's whole order with a manager's approval, and hands the customer's cash back as a
   * refund of the open shift's drawer once the provider has cancelled. A refusal the rules predict is
   * said before anything is sent.
   */
  async cancel(input: {
    saleId: string;
    reason: string;
    cashRefund: Money | null;
    approval?: Approval | undefined;
  }): Promise<Cancellation> {
    const { cashiers, counterId, now } = this.deps;
    const reason = input.reason.trim();
    if (reason === '') throw invalidField('reason', 'reason_needed', 'Say why the eSIM is cancelled.');
    const manager = cashiers.approve(input.approval, 'Cancelling an eSIM');
    const check = await this.check(input.saleId);
    if (check.cancellation && check.cancellation.state !== 'cancelled') {
      throw new PosFailure(
        'INVALID_STATE',
        'This sale has a cancellation whose answer is not known yet: check it with the provider instead.',
      );
    }
    if (check.refusal) throw refusalFailure(check.refusal);
    const { sale, seller } = await this.saleToServe(input.saleId);
    if (sale.state !== 'completed') throw refusalFailure('not_sold');
    const shiftId = input.cashRefund
      ? this.deps.refunds.check('cashRefund', input.cashRefund, saleRecord(sale)).id
      : (this.deps.shifts.openOn(counterId, MAIN_DRAWER)?.id ?? null);
    const iccid = sale.esims[0]?.iccid ?? null;
    // Claimed in the shop ledger before anything is written or sent: two counters never both refund.
    const id = randomUUID();
    await this.claim(sale.id, seller, id);
    const intent = this.journal.create(
      {
        id,
        kind: 'cancellation',
        saleId: sale.id,
        saleCounterCode: seller?.counterCode ?? null,
        topUpId: null,
        originalReceiptNumber: sale.receiptNumber,
        counterId,
        training: sale.training,
        cashierId: cashiers.current()?.id ?? null,
        shiftId,
        approvedBy: manager.id,
        reason,
        iccid,
        orderReference: sale.orderReference,
        cashRefund: input.cashRefund,
      },
      now().toISOString(),
    );
    return this.send(intent.id, iccid ?? '');
  }

  /**
   * Settles a cancellation whose answer was lost, by reading the order only: cancelled at the
   * provider, or still standing (then nothing was done and the manager may try again). The order's
   * record says which when its status is a word of the API's list; when it words it otherwise (or
   * not at all), the provider's own order list, filtered by each of the two statuses, says where the
   * provider files the order. Every read is kept with the cancellation's answers.
   */
  async settle(id: string): Promise<Cancellation> {
    const cancellation = this.journal.get(id);
    if (!cancellation) throw new PosFailure('NOT_FOUND', 'No such cancellation.');
    if (!CANCELLATION_SETTLEABLE_STATES.includes(cancellation.state)) return cancellation;
    const reference = cancellation.orderReference;
    if (!reference) throw new PosFailure('INVALID_STATE', 'This cancellation has no order to read.');
    const at = (): string => this.deps.now().toISOString();
    const client = this.deps.client();
    const order = await this.read(id, 'read', () => client.getOrder(reference));
    const standing = standingOf(order.status) ?? (await this.standingFiled(id, reference));
    if (standing === 'cancelled') {
      return this.journal.markCancelled(
        id,
        { method: methodOfPayment(order.paymentStatus), amount: order.cost },
        null,
        at(),
        () => this.refundCash(this.journal.require(id)),
      );
    }
    if (standing === 'completed') {
      const refused = this.journal.markRefused(
        id,
        { code: 'NOT_ELIGIBLE', message: 'The provider did not cancel this order: it still stands.' },
        null,
        at(),
      );
      await this.release(refused);
      return refused;
    }
    return this.journal.require(id);
  }

  /**
   * Where the provider files an order in its own list (GET /orders filtered by status and searched by
   * the reference): the filter is the provider's, so an order listed under `cancelled` is cancelled
   * whatever word its record uses. Null when neither list holds it.
   */
  private async standingFiled(id: string, reference: string): Promise<Standing | null> {
    for (const status of STANDINGS) {
      const page = await this.read(id, 'list', () =>
        this.deps.client().listOrders({ status, search: reference, limit: 100 }),
      );
      if (page.orders.some((order) => order.orderReference === reference)) return status;
    }
    return null;
  }

  /** One read of a settling, its answer (or the failure's) kept with the cancellation's answers at once. */
  private async read<T extends { readonly raw: string }>(
    id: string,
    call: KeptAnswer['call'],
    reading: () => Promise<T>,
  ): Promise<T> {
    const at = (): string => this.deps.now().toISOString();
    try {
      const answer = await reading();
      this.journal.keepRead(id, { call, httpStatus: 200, body: answer.raw }, at());
      return answer;
    } catch (error) {
      if (error instanceof ApiFailure) {
        this.journal.keepRead(id, { call, httpStatus: error.status, body: error.raw }, at());
      }
      throw error;
    }
  }

  /** What a goodwill refund of the top-up may still give back: what was paid, less its refunds before. */
  checkGoodwill(topUpId: string): GoodwillCheck {
    const topUp = this.requireTopUp(topUpId);
    return {
      topUpId: topUp.id,
      paid: topUp.tender?.due ?? topUp.retail,
      refundable: this.deps.refunds.refundable(topUpRecord(topUp)),
    };
  }

  /**
   * Money given back for a top-up (top-ups are never cancelled): a reasoned cash refund of the open
   * shift, approved by a manager and marked not recoverable from the provider.
   */
  goodwillRefund(input: {
    topUpId: string;
    amount: Money;
    reason: string;
    approval?: Approval | undefined;
  }): Cancellation {
    const { cashiers, shifts, counterId, now, db } = this.deps;
    const reason = input.reason.trim();
    if (reason === '') throw invalidField('reason', 'reason_needed', 'Say why the money is given back.');
    const topUp = this.requireTopUp(input.topUpId);
    if (topUp.state !== 'completed') {
      throw new PosFailure('INVALID_STATE', 'Only a completed top-up is refunded: nothing else was charged.');
    }
    const manager = cashiers.approve(input.approval, 'A goodwill refund');
    const at = now().toISOString();
    // Checked in the transaction that records it: the refunds it is added to are those it sees.
    return writeTransaction(db, () => {
      const shiftId = this.deps.refunds.check('amount', input.amount, topUpRecord(topUp)).id;
      const movement = shifts.recordMovement(
        {
          shiftId,
          kind: 'refund',
          reason: 'customer_refund',
          amount: input.amount,
          note: `Goodwill refund, top-up receipt ${topUp.receiptNumber}: ${reason} (not recoverable)`,
          cashierId: cashiers.current()?.id ?? null,
          approvedBy: manager.id,
        },
        counterId,
        at,
      );
      return this.journal.create(
        {
          kind: 'goodwill',
          saleId: null,
          topUpId: topUp.id,
          originalReceiptNumber: topUp.receiptNumber,
          counterId,
          training: topUp.training,
          cashierId: cashiers.current()?.id ?? null,
          shiftId,
          approvedBy: manager.id,
          reason,
          iccid: topUp.iccid,
          orderReference: topUp.state === 'completed' ? topUp.orderReference : null,
          cashRefund: input.amount,
          cashMovementId: movement.id,
        },
        at,
      );
    });
  }

  /** The one send of a journalled intent: its answer decides the state, and none is lost. */
  private async send(id: string, iccid: string): Promise<Cancellation> {
    const at = (): string => this.deps.now().toISOString();
    this.journal.markSent(id, at());
    try {
      const result = await this.deps.client().cancelEsim({ iccid });
      return this.journal.markCancelled(
        id,
        { method: result.refundMethod, amount: result.refunded },
        { call: 'cancel', httpStatus: 200, body: result.raw },
        at(),
        () => this.refundCash(this.journal.require(id)),
      );
    } catch (error) {
      const posError =
        error instanceof PosFailure
          ? error.toPosError()
          : { code: 'INTERNAL' as const, message: 'The cancellation could not be completed.' };
      const answer: KeptAnswer | null =
        error instanceof ApiFailure ? { call: 'cancel', httpStatus: error.status, body: error.raw } : null;
      if (certainlyNotPerformed(error) && answer) {
        const refused = this.journal.markRefused(id, posError, answer, at());
        await this.release(refused);
        return refused;
      }
      return this.journal.markUnknown(id, posError, answer, at());
    }
  }

  /**
   * Hands the customer's cash refund over from the open shift's drawer, once the provider cancelled;
   * null (the refund stays owed) when no drawer open now holds it.
   */
  private refundCash(cancellation: Cancellation): string | null {
    const { shifts, counterId, now } = this.deps;
    if (!cancellation.cashRefund || cancellation.cashRefunded) return null;
    const shift = this.deps.refunds.drawerFor(cancellation.cashRefund);
    if (!shift) return null;
    return shifts.recordMovement(
      {
        shiftId: shift.id,
        kind: 'refund',
        reason: 'customer_refund',
        amount: cancellation.cashRefund,
        note: `Cancellation of receipt ${cancellation.originalReceiptNumber}: ${cancellation.reason}`,
        cashierId: this.deps.cashiers.current()?.id ?? null,
        approvedBy: cancellation.approvedBy,
      },
      counterId,
      now().toISOString(),
    ).id;
  }

  /** This counter's sale, or another counter's of the shop as the ledger holds it. */
  private saleToServe(id: string) {
    return saleToServe<Sale>(id, this.deps.sales.get(id), this.deps.shop);
  }

  /**
   * Claims the sale in the shop ledger for this cancellation. Another counter's sale is cancelled only
   * with the claim: a ledger out of reach refuses it. This counter's own sale is cancelled with the
   * ledger down too (its journal holds one cancellation per sale); with the ledger up it takes the claim.
   */
  private async claim(saleId: string, seller: Seller | null, cancellationId: string): Promise<void> {
    if (!this.deps.shop.inShop()) return;
    const sale = { counterId: seller?.counterId ?? this.deps.counterId, id: saleId };
    let claim: CancellationClaim;
    try {
      claim = await this.deps.shop.sales.claim(sale, cancellationId);
    } catch (error) {
      if (seller) throw ledgerNeededToCancel(seller.counterCode);
      this.deps.log.warn('a sale of this counter is cancelled without the shop ledger', {
        saleId,
        error: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    if (!claim.granted) {
      throw new PosFailure(
        'NOT_ELIGIBLE',
        `This sale is cancelled at counter ${claim.counterCode} already (or being cancelled there): it is cancelled once, at one counter.`,
        { refusal: 'already_cancelled' },
      );
    }
  }

  /** A refused cancellation lets its claim go, so the sale may be cancelled later; best effort. */
  private async release(cancellation: Cancellation): Promise<void> {
    if (cancellation.kind !== 'cancellation' || !this.deps.shop.inShop()) return;
    await this.deps.shop.sales.release(cancellation.id).catch((error: unknown) => {
      this.deps.log.warn('a refused cancellation keeps its claim in the shop ledger', {
        cancellationId: cancellation.id,
        error: error instanceof Error ? error.message : String(error),
      });
    });
  }

  private requireTopUp(id: string): TopUp {
    const topUp = this.deps.topUps.get(id);
    if (!topUp) throw new PosFailure('NOT_FOUND', `No top-up with id ${id}.`);
    return topUp;
  }
}

/** What the customer paid for a sale: the tender's amount due, else the price. */
function paidOf(sale: Sale | SaleSummary): Money {
  return sale.tender?.due ?? sale.retailTotal;
}

function saleRecord(sale: Sale | SaleSummary): RefundedRecord {
  return { kind: 'sale', id: sale.id, price: sale.retailTotal, tender: sale.tender };
}

function topUpRecord(topUp: TopUp): RefundedRecord {
  return { kind: 'topup', id: topUp.id, price: topUp.retail, tender: topUp.tender };
}

function refusalOf(
  esims: readonly { status: string | null; installed: boolean | null; activated: boolean }[],
  open: Cancellation | null,
): CancelRefusal | null {
  if (open?.state === 'cancelled' || esims.some((esim) => esim.status === 'CANCELLED')) {
    return 'already_cancelled';
  }
  if (esims.some((esim) => esim.status !== null && ENDED.has(esim.status))) return 'ended';
  if (esims.some((esim) => esim.activated)) return 'activated';
  if (esims.some((esim) => esim.installed === true)) return 'installed';
  return null;
}

const REFUSAL_WORDS: Record<CancelRefusal, string> = {
  installed: 'The eSIM is installed on a device: the provider no longer cancels it.',
  activated: 'The eSIM has been used on a network: the provider no longer cancels it.',
  ended: 'The eSIM has ended: there is nothing left to cancel.',
  already_cancelled: 'This eSIM is already cancelled.',
  not_sold: 'Only a completed sale is cancelled.',
};

function refusalFailure(refusal: CancelRefusal): PosFailure {
  return new PosFailure('NOT_ELIGIBLE', REFUSAL_WORDS[refusal], { refusal });
}

/** What the provider did with an order a cancellation was sent for: cancelled it, or left it standing. */
type Standing = 'cancelled' | 'completed';
const STANDINGS: readonly Standing[] = ['cancelled', 'completed'];

/** The standing an order's status states, when it is one of the two words of the API's list. */
function standingOf(status: string | null): Standing | null {
  const word = status?.toLowerCase();
  return STANDINGS.find((standing) => standing === word) ?? null;
}

/**
 * The refund method a settled order's payment status names (the order read says no more); null when
 * it names none the counter knows, as a cancel answer's unlisted method is.
 */
function methodOfPayment(paymentStatus: string | null): RefundMethod | null {
  switch (paymentStatus?.toLowerCase()) {
    case 'refunded':
      return 'balance';
    case 'refund_requested':
      return 'refund_request';
    case 'refunded_separately':
      return 'separate';
    default:
      return null;
  }
}
