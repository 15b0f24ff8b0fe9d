import { byLanguage } from '../../../shared/by-language';
import { counterWords } from '../../../shared/counter-words';
import type { ReconcileKind, ReconcileResult } from '../../../shared/domain/reconciliation';
import { type LedgerText, reportText, type ShopDayText } from '../../../shared/report-text';
import { messagesFor } from '../i18n/messages';

/** The Reconcile view's words, per language. */
export interface ReconcileText extends LedgerText {
  readonly title: string;
  readonly hint: string;
  readonly day: string;
  readonly reconcile: string;
  readonly print: string;
  readonly running: string;
  readonly never: string;
  readonly results: Readonly<Record<ReconcileResult, string>>;
  readonly openExceptions: (n: number) => string;
  readonly kinds: Readonly<Record<ReconcileKind, string>>;
  readonly age: string;
  readonly resolve: string;
  readonly classification: string;
  readonly reason: string;
  readonly saveResolution: string;
  readonly cancel: string;
  readonly addDeposit: string;
  readonly amount: (currency: string) => string;
  readonly depositNote: string;
  readonly saveDeposit: string;
  readonly badAmount: string;
  readonly shop: ShopDayScreenText;
}

/** The shop day's words: those of its report, and the screen's own. */
export interface ShopDayScreenText extends ShopDayText {
  readonly hint: string;
  readonly reconcile: string;
  readonly print: string;
}

const EN: ReconcileText = {
  ...reportText('en').ledger,
  title: reportText('en').reconciliation,
  hint: "The journal, the provider's orders and balance, and the counted cash, for one business day.",
  day: reportText('en').businessDay,
  reconcile: 'Reconcile',
  print: 'Print the reconciliation (A4 or PDF)',
  running: 'Reconciling…',
  never: 'This day has not been reconciled yet.',
  results: reportText('en').reconciliationResults,
  openExceptions: (n) => (n === 1 ? '1 exception open' : `${n} exceptions open`),
  kinds: reportText('en').reconcileKinds,
  age: 'Age',
  resolve: 'Resolve',
  classification: 'Classification',
  reason: counterWords('en').reason,
  saveResolution: 'Save the resolution',
  cancel: messagesFor('en').cancel,
  addDeposit: 'Enter a deposit to the provider account',
  amount: (currency) => `Amount (${currency})`,
  depositNote: messagesFor('en').note,
  saveDeposit: 'Save the deposit',
  badAmount: 'Type an amount greater than zero.',
  shop: {
    ...reportText('en').shop,
    hint: "Every counter of the shop, from the shop ledger, against the provider's orders and balance read once.",
    reconcile: 'Reconcile the shop',
    print: 'Print the shop day',
  },
};

const AR: ReconcileText = {
  ...reportText('ar').ledger,
  title: reportText('ar').reconciliation,
  hint: 'السجل، وطلبات المزوّد ورصيده، والنقد المعدود، ليوم عمل واحد.',
  day: reportText('ar').businessDay,
  reconcile: 'مطابقة',
  print: 'طباعة المطابقة (A4 أو PDF)',
  running: 'جارٍ المطابقة…',
  never: 'لم تتم مطابقة هذا اليوم بعد.',
  results: reportText('ar').reconciliationResults,
  openExceptions: (n) => (n === 1 ? 'استثناء واحد مفتوح' : `${n} استثناءات مفتوحة`),
  kinds: reportText('ar').reconcileKinds,
  age: 'العمر',
  resolve: 'حسم',
  classification: 'التصنيف',
  reason: counterWords('ar').reason,
  saveResolution: 'حفظ الحسم',
  cancel: messagesFor('ar').cancel,
  addDeposit: 'تسجيل إيداع في حساب المزوّد',
  amount: (currency) => `المبلغ (${currency})`,
  depositNote: messagesFor('ar').note,
  saveDeposit: 'حفظ الإيداع',
  badAmount: 'اكتب مبلغًا أكبر من صفر.',
  shop: {
    ...reportText('ar').shop,
    hint: 'كل نقاط بيع المتجر، من سجل المتجر، مقابل طلبات المزوّد ورصيده مقروءة مرة واحدة.',
    reconcile: 'مطابقة المتجر',
    print: 'طباعة يوم المتجر',
  },
};

export const reconcileText = byLanguage<ReconcileText>({ en: EN, ar: AR });
