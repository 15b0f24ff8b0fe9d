import type { Language } from '../../../shared/domain/common';
import type {
  ReconcileKind,
  ReconcileResult,
  ReconcileSeverity,
  ResolutionClass,
} from '../../../shared/domain/reconciliation';
import { reportText } from '../../../shared/report-text';

/** The Reconcile view's words, per language. The three results stay in English capitals on both: they are names. */
export interface ReconcileText {
  readonly title: string;
  readonly hint: string;
  readonly day: string;
  readonly reconcile: string;
  readonly running: string;
  readonly never: string;
  readonly results: Readonly<Record<ReconcileResult, string>>;
  readonly openExceptions: (n: number) => string;
  readonly runAt: (at: string) => string;
  readonly confirmedAt: (at: string) => string;
  readonly unconfirmed: (reason: string) => string;
  readonly exceptions: string;
  readonly rows: string;
  readonly kinds: Readonly<Record<ReconcileKind, string>>;
  readonly severities: Readonly<Record<ReconcileSeverity, string>>;
  readonly reference: string;
  readonly receipt: string;
  readonly age: string;
  readonly note: string;
  readonly candidates: (receipts: string) => string;
  readonly resolve: string;
  readonly resolvedAs: (classification: string, by: string, reason: string) => string;
  readonly classification: string;
  readonly classes: Readonly<Record<ResolutionClass, string>>;
  readonly reason: string;
  readonly saveResolution: string;
  readonly cancel: string;
  readonly bridge: string;
  readonly opening: string;
  readonly charges: string;
  readonly refunds: string;
  readonly deposits: string;
  readonly expectedClosing: string;
  readonly closing: string;
  readonly remainder: string;
  readonly likelyCauses: string;
  readonly notRead: string;
  readonly cash: string;
  readonly cashCompleted: string;
  readonly cashTaken: string;
  readonly cashHeld: string;
  readonly addDeposit: string;
  readonly amount: (currency: string) => string;
  readonly depositNote: string;
  readonly saveDeposit: string;
  readonly badAmount: string;
}

const EN: ReconcileText = {
  title: 'Reconciliation with the provider',
  hint: "The journal, the provider's orders and balance, and the counted cash, for one business day.",
  day: 'Business day',
  reconcile: 'Reconcile',
  running: 'Reconciling…',
  never: 'This day has not been reconciled yet.',
  results: { reconciled: 'RECONCILED', not_reconciled: 'NOT RECONCILED', unconfirmed: 'UNCONFIRMED' },
  openExceptions: (n) => (n === 1 ? '1 exception open' : `${n} exceptions open`),
  runAt: (at) => `Run at ${at}`,
  confirmedAt: (at) => `Confirmed by the provider at ${at}`,
  unconfirmed: (reason) =>
    `The provider could not be asked (${reason}). The cash close stands; the reconciliation runs again by itself when the provider answers.`,
  exceptions: 'Exceptions',
  rows: 'Every order',
  kinds: reportText('en').reconcileKinds,
  severities: { critical: 'Critical', warning: 'Warning', info: 'Information' },
  reference: 'Order reference',
  receipt: 'Receipt',
  age: 'Age',
  note: 'What it means',
  candidates: (receipts) => `Could be receipt ${receipts}`,
  resolve: 'Resolve',
  resolvedAs: (classification, by, reason) => `Resolved: ${classification}, by ${by} (${reason})`,
  classification: 'Classification',
  classes: {
    other_channel: 'Another counter or the provider dashboard',
    record_in_doubt: 'The lost answer of a record in doubt',
    customer_refunded: 'The customer was refunded',
    provider_error: "The provider's error, taken up with them",
    accepted: 'Accepted as it is',
  },
  reason: 'Reason',
  saveResolution: 'Save the resolution',
  cancel: 'Cancel',
  bridge: 'Provider balance',
  opening: 'Opening balance',
  charges: 'Charges',
  refunds: 'Refunds',
  deposits: 'Deposits',
  expectedClosing: 'Expected closing balance',
  closing: 'Closing balance',
  remainder: 'Unexplained',
  likelyCauses: 'Likely causes',
  notRead: 'not read',
  cash: 'Cash',
  cashCompleted: 'For completed sales and top-ups',
  cashTaken: 'Taken into the drawer',
  cashHeld: 'Held for open ones',
  addDeposit: 'Enter a deposit to the provider account',
  amount: (currency) => `Amount (${currency})`,
  depositNote: 'Note',
  saveDeposit: 'Save the deposit',
  badAmount: 'Type an amount greater than zero.',
};

const AR: ReconcileText = {
  title: 'المطابقة مع المزوّد',
  hint: 'السجل، وطلبات المزوّد ورصيده، والنقد المعدود، ليوم عمل واحد.',
  day: 'يوم العمل',
  reconcile: 'مطابقة',
  running: 'جارٍ المطابقة…',
  never: 'لم تتم مطابقة هذا اليوم بعد.',
  results: EN.results,
  openExceptions: (n) => (n === 1 ? 'استثناء واحد مفتوح' : `${n} استثناءات مفتوحة`),
  runAt: (at) => `أُجريت في ${at}`,
  confirmedAt: (at) => `أكّدها المزوّد في ${at}`,
  unconfirmed: (reason) =>
    `تعذّر سؤال المزوّد (${reason}). إغلاق النقد نهائي؛ وتُعاد المطابقة تلقائيًا عندما يجيب المزوّد.`,
  exceptions: 'الاستثناءات',
  rows: 'كل الطلبات',
  kinds: reportText('ar').reconcileKinds,
  severities: { critical: 'حرج', warning: 'تنبيه', info: 'معلومة' },
  reference: 'مرجع الطلب',
  receipt: 'الإيصال',
  age: 'العمر',
  note: 'المعنى',
  candidates: (receipts) => `قد يكون الإيصال ${receipts}`,
  resolve: 'حسم',
  resolvedAs: (classification, by, reason) => `حُسم: ${classification}، بواسطة ${by} (${reason})`,
  classification: 'التصنيف',
  classes: {
    other_channel: 'نقطة بيع أخرى أو لوحة المزوّد',
    record_in_doubt: 'الإجابة الضائعة لسجل مشكوك فيه',
    customer_refunded: 'رُدّ المبلغ للزبون',
    provider_error: 'خطأ المزوّد، تمت مراجعته معه',
    accepted: 'مقبول كما هو',
  },
  reason: 'السبب',
  saveResolution: 'حفظ الحسم',
  cancel: 'إلغاء',
  bridge: 'رصيد المزوّد',
  opening: 'الرصيد الافتتاحي',
  charges: 'الخصومات',
  refunds: 'المستردات',
  deposits: 'الإيداعات',
  expectedClosing: 'الرصيد الختامي المتوقع',
  closing: 'الرصيد الختامي',
  remainder: 'غير مفسَّر',
  likelyCauses: 'أسباب محتملة',
  notRead: 'لم يُقرأ',
  cash: 'النقد',
  cashCompleted: 'للمبيعات والشحنات المكتملة',
  cashTaken: 'دخل الدرج',
  cashHeld: 'محجوز للمفتوحة',
  addDeposit: 'تسجيل إيداع في حساب المزوّد',
  amount: (currency) => `المبلغ (${currency})`,
  depositNote: 'ملاحظة',
  saveDeposit: 'حفظ الإيداع',
  badAmount: 'اكتب مبلغًا أكبر من صفر.',
};

export function reconcileText(language: Language): ReconcileText {
  return language === 'ar' ? AR : EN;
}
