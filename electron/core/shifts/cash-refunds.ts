import type { Shift } from '../../../shared/domain/shift';
import type { Tender } from '../../../shared/domain/till';
import { type Currency, formatMoney, type Money, minor } from '../../../shared/money';
import { mostRefundable, type Payment } from '../../../shared/refund-limit';
import type { Db } from '../journal/database';
import { amountAbove, invalidField, PosFailure } from '../pos/failure';
import { shiftFigures } from '../reports/shift-figures';
import type { EndOfDaySettingsStore } from './end-of-day-settings';
import type { ShiftJournal } from './shift-journal';
import { MAIN_DRAWER } from './till';

/** A sale or top-up cash is handed back for: how it was priced and paid. */
export interface RefundedRecord {
  readonly kind: 'sale' | 'topup';
  readonly id: string;
  readonly price: Money;
  readonly tender: Tender | null;
}

/** The cash refunds of a record decided before (every cancellation or goodwill refund not refused). */
const REFUNDED = {
  sale: `SELECT cash_refund_minor AS amount, cash_refund_currency AS currency FROM cancellations
    WHERE sale_id = ? AND state != 'refused' AND cash_refund_minor IS NOT NULL`,
  topup: `SELECT cash_refund_minor AS amount, cash_refund_currency AS currency FROM cancellations
    WHERE topup_id = ? AND state != 'refused' AND cash_refund_minor IS NOT NULL`,
} as const;

/**
 * The one check every cash refund passes before it is recorded: a cancellation's cash back, a
 * goodwill refund of a top-up, and a refund moved by hand (`moveCash`). Cash leaves only the drawer
 * of an open shift, in a currency it holds, never more than that drawer should hold now (its
 * expected cash in that currency), and, for a record, never more than the customer paid for it over
 * all its refunds (shared/refund-limit.ts). A refusal names the most that could be given.
 */
export class CashRefunds {
  constructor(
    private readonly deps: {
      readonly db: Db;
      readonly counterId: string;
      readonly shifts: ShiftJournal;
      readonly settings: EndOfDaySettingsStore;
    },
  ) {}

  /**
   * Checks a cash refund of `amount` (entered in `field`) for `record`, or for no record; returns
   * the open shift whose drawer gives it. Call it after the manager approved the refund: its words
   * name the drawer's expected cash, which a cashier who counts blind does not see.
   */
  check(field: string, amount: Money, record: RefundedRecord | null): Shift {
    if (amount.amount <= 0) throw invalidField(field, 'not_above_zero', 'Enter an amount above zero.');
    const shift = this.deps.shifts.openOn(this.deps.counterId, MAIN_DRAWER);
    if (!shift) {
      throw new PosFailure('INVALID_STATE', 'Open a shift first: a cash refund comes from its drawer.');
    }
    if (!this.deps.settings.get().currencies.includes(amount.currency)) {
      throw invalidField(field, 'currency_not_in_drawer', `This drawer does not hold ${amount.currency}.`);
    }
    if (record) this.checkPaid(field, amount, record);
    const held = this.held(shift, amount.currency);
    if (amount.amount > held.amount) {
      throw amountAbove(
        field,
        'more_than_drawer',
        `The drawer should hold ${formatMoney(held)}: a refund cannot be more.`,
        held,
      );
    }
    return shift;
  }

  /**
   * The open shift whose drawer holds `amount` now, or null. A refund decided before its provider
   * answered (a cancellation) is handed over only from such a drawer; otherwise it stays owed.
   */
  drawerFor(amount: Money): Shift | null {
    const shift = this.deps.shifts.openOn(this.deps.counterId, MAIN_DRAWER);
    if (!shift || !this.deps.settings.get().currencies.includes(amount.currency)) return null;
    return amount.amount <= this.held(shift, amount.currency).amount ? shift : null;
  }

  /**
   * What may still be refunded for `record`, in the currency the customer paid: what was paid, less
   * its refunds before. The refund screens show it; it names nothing of the drawer.
   */
  refundable(record: RefundedRecord): Money {
    const payment = paymentOf(record);
    return mostRefundable(payment, this.refunded(record), payment.paid.currency) ?? payment.paid;
  }

  private checkPaid(field: string, amount: Money, record: RefundedRecord): void {
    const payment = paymentOf(record);
    const refunded = this.refunded(record);
    const most = mostRefundable(payment, refunded, amount.currency);
    if (most === null) {
      const inPaid = mostRefundable(payment, refunded, payment.paid.currency) ?? payment.paid;
      throw amountAbove(
        field,
        'currency_not_paid',
        `The customer paid in ${payment.paid.currency}: refund at most ${formatMoney(inPaid)}.`,
        inPaid,
      );
    }
    if (amount.amount > most.amount) {
      throw amountAbove(
        field,
        'more_than_paid',
        `At most ${formatMoney(most)} can be refunded: what the customer paid, less what was refunded before.`,
        most,
      );
    }
  }

  /** The record's cash refunds decided before. */
  private refunded(record: RefundedRecord): Money[] {
    const rows = this.deps.db.prepare(REFUNDED[record.kind]).all(record.id) as {
      amount: number;
      currency: Currency;
    }[];
    return rows.map((row) => ({ amount: minor(row.amount), currency: row.currency }));
  }

  /** What the drawer should hold now in `currency` (never below zero). */
  private held(shift: Shift, currency: Currency): Money {
    const { cash } = shiftFigures(this.deps.db, shift.id, shift.opening, this.deps.settings.get().currencies);
    const expected = cash.find((line) => line.currency === currency)?.expected?.amount ?? 0;
    return { amount: minor(Math.max(expected, 0)), currency };
  }
}

/** What the customer paid for a record, and the rate its tender recorded from the price's currency. */
function paymentOf(record: RefundedRecord): Payment {
  const { tender, price } = record;
  return {
    paid: tender?.due ?? price,
    priceRate:
      tender && tender.ratePer100 !== null && tender.due.currency !== price.currency
        ? { currency: price.currency, ratePer100: tender.ratePer100 }
        : null,
  };
}
