import { byLanguage } from './by-language';
import type { SaleState } from './domain/sale-states';
import type { CashMovementKind, CashReason } from './domain/shift';
import type { TenderMethod } from './domain/till';
import type { PluralForms } from './plural-forms';

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
  /** A package's facts, on the sell screen and the receipt. */
  readonly package: string;
  /** A sum of money, as a field's or a column's label. */
  readonly amount: string;
  readonly data: string;
  readonly validity: string;
  readonly coverage: string;
  readonly price: string;
  /** Data with no limit, as a package's data reads (Arabic agrees with "البيانات"). */
  readonly unlimited: string;
  /** How many countries a package covers. */
  readonly countries: PluralForms;
  /** What a sale costs the customer in all, on the sell screen and the receipt. */
  readonly total: string;
  /** The data an eSIM holds after a top-up. */
  readonly dataNow: string;
  /** Which of a sale's eSIMs this is, on the sale screen, the customer display and the receipt. */
  readonly esimOf: (index: string, count: string) => string;
  /** The manual install codes, on the same three. */
  readonly smdpAddress: string;
  readonly activationCode: string;
  /** A sale's receipt, as the screens' lists and the reconciliation name it. */
  readonly receipt: string;
  /** Written down in the journal: a sale not sent yet, a goodwill refund. */
  readonly recorded: string;
  /** Where a sale stands, on the screens and among the report's undelivered sales. */
  readonly saleStates: Readonly<Record<SaleState, string>>;
  /** The provider's reference of an order, on the receipts and the reconciliation. */
  readonly orderReference: string;
  /** Who sold it or counted it: the receipt, the shift screens, a journal break's row. */
  readonly cashier: string;
  /** The shift a drawer is open for: the Shift screen, a journal break's row. */
  readonly shift: string;
  /** Why money moved or a record was decided: cash moves, cancellations, recounts, resolutions. */
  readonly reason: string;
  /** The cash the customer handed over, on a receipt and summed on the report. */
  readonly cashReceived: string;
  /** The change handed back, on the payment step and the receipt. */
  readonly change: string;
  /** The day's exchange rate, on the receipt and a journal break's row. */
  readonly exchangeRate: string;
  /** Cash a manager gives back for a top-up the provider cannot cancel. */
  readonly goodwillRefund: string;
}

/** "SM-DP+" in an Arabic line: isolated, so it stays left to right. */
export const AR_SMDP = '\u2066SM-DP+\u2069';

const EN_RECORDED = 'Recorded';

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
  package: 'Package',
  amount: 'Amount',
  data: 'Data',
  validity: 'Validity',
  coverage: 'Coverage',
  price: 'Price',
  unlimited: 'Unlimited',
  countries: { one: '# country', other: '# countries' },
  total: 'Total',
  dataNow: 'Data now',
  esimOf: (index, count) => `eSIM ${index} of ${count}`,
  smdpAddress: 'SM-DP+ address',
  activationCode: 'Activation code',
  receipt: 'Receipt',
  recorded: EN_RECORDED,
  saleStates: {
    intent: EN_RECORDED,
    sent: 'Sending',
    in_doubt: 'No answer yet',
    pending: 'Being prepared',
    completed: 'Completed',
    support: 'With provider support',
    failed: 'Failed',
  },
  orderReference: 'Order ref.',
  cashier: 'Cashier',
  shift: 'Shift',
  reason: 'Reason',
  cashReceived: 'Cash received',
  change: 'Change',
  exchangeRate: 'Exchange rate',
  goodwillRefund: 'Goodwill refund',
};

const AR_RECORDED = 'مسجّل';

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
  package: 'الباقة',
  amount: 'المبلغ',
  data: 'البيانات',
  validity: 'الصلاحية',
  coverage: 'التغطية',
  price: 'السعر',
  unlimited: 'غير محدودة',
  countries: { one: 'دولة واحدة', two: 'دولتان', few: '# دول', other: '# دولة' },
  // "الإجمالي" is what an Arabic receipt prints under its lines; the screen says the same.
  total: 'الإجمالي',
  dataNow: 'البيانات الآن',
  esimOf: (index, count) => `شريحة eSIM ${index} من ${count}`,
  smdpAddress: `عنوان ${AR_SMDP}`,
  activationCode: 'رمز التفعيل',
  receipt: 'الإيصال',
  recorded: AR_RECORDED,
  saleStates: {
    intent: AR_RECORDED,
    sent: 'قيد الإرسال',
    in_doubt: 'لا رد بعد',
    pending: 'قيد التجهيز',
    completed: 'مكتمل',
    support: 'لدى دعم المزوّد',
    failed: 'فشل',
  },
  orderReference: 'مرجع الطلب',
  cashier: 'الكاشير',
  shift: 'الوردية',
  reason: 'السبب',
  cashReceived: 'النقد المستلم',
  change: 'الباقي',
  exchangeRate: 'سعر الصرف',
  goodwillRefund: 'استرداد ودّي',
};

export const counterWords = byLanguage<CounterWords>({ en: EN, ar: AR });
