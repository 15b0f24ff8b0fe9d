import { byLanguage } from './by-language';
import type { CashMovementKind, CashReason } from './domain/shift';
import type { TenderMethod } from './domain/till';

/**
 * The words the counter's screens and its paper (receipts, the X and Z reports) both say, once per
 * language, so that a screen and a page never disagree. A word only one screen says lives beside
 * that screen. Plain data: the renderer bundles it and the core prints it.
 */
export interface CounterWords {
  /** How the customer paid, on the tender buttons, the receipt and the report's tenders. */
  readonly tenders: Readonly<Record<TenderMethod, string>>;
  /** Money put into or taken out of the drawer (a cash refund is worded where it is shown). */
  readonly cashMoves: Readonly<Record<Exclude<CashMovementKind, 'refund'>, string>>;
  /** Why cash moved, as the cashier picks it and the report lists it. */
  readonly cashReasons: Readonly<Record<CashReason, string>>;
}

const EN: CounterWords = {
  tenders: { cash: 'Cash', card: 'Card', transfer: 'Transfer' },
  cashMoves: { pay_in: 'Pay-in', pay_out: 'Pay-out' },
  cashReasons: {
    expense: 'Expense',
    owner_drop: 'Owner drop',
    bank_deposit: 'Bank deposit',
    provider_deposit: 'Deposit to the provider account',
    change_float: 'Change for the drawer',
    customer_refund: 'Customer refund',
    other: 'Other',
  },
};

const AR: CounterWords = {
  tenders: { cash: 'نقدًا', card: 'بطاقة', transfer: 'تحويل' },
  cashMoves: { pay_in: 'إيداع', pay_out: 'سحب' },
  cashReasons: {
    expense: 'مصروف',
    owner_drop: 'سحب المالك',
    bank_deposit: 'إيداع في البنك',
    provider_deposit: 'إيداع في حساب المزوّد',
    change_float: 'فكّة للدرج',
    customer_refund: 'استرداد لزبون',
    other: 'أخرى',
  },
};

export const counterWords = byLanguage<CounterWords>({ en: EN, ar: AR });
