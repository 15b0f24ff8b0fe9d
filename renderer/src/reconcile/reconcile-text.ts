import { byLanguage } from '../../../shared/by-language';
import type { ReconcileKind, ReconcileResult } from '../../../shared/domain/reconciliation';
import type { ShopDayResult } from '../../../shared/domain/shop-day';
import { type LedgerText, reportText } from '../../../shared/report-text';

/** The Reconcile view's words, per language. The three results stay in English capitals on both: they are names. */
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
  readonly shop: ShopDayText;
}

/** The shop day's words: every counter of the shop, reconciled once from the shop ledger. */
export interface ShopDayText {
  readonly title: string;
  readonly hint: string;
  readonly reconcile: string;
  readonly results: Readonly<Record<ShopDayResult, string>>;
  readonly number: (n: string) => string;
  readonly attributed: (n: string, of: string) => string;
  readonly counters: string;
  readonly closed: string;
  readonly open: (since: string) => string;
  readonly notSynced: (since: string) => string;
  readonly never: string;
  readonly zHead: (z: string, seq: string) => string;
  readonly zHeadMissing: (z: string, seq: string) => string;
  readonly cashPerDrawer: string;
  readonly cashTotal: string;
  readonly drawer: (counter: string, drawer: string) => string;
  readonly resolvedFor: (amount: string) => string;
}

/** The results, names in English capitals in both languages. */
const RESULTS = {
  reconciled: 'RECONCILED',
  not_reconciled: 'NOT RECONCILED',
  unconfirmed: 'UNCONFIRMED',
} as const;

const EN: ReconcileText = {
  ...reportText('en').ledger,
  title: 'Reconciliation with the provider',
  hint: "The journal, the provider's orders and balance, and the counted cash, for one business day.",
  day: 'Business day',
  reconcile: 'Reconcile',
  print: 'Print the reconciliation (A4 or PDF)',
  running: 'Reconciling…',
  never: 'This day has not been reconciled yet.',
  results: RESULTS,
  openExceptions: (n) => (n === 1 ? '1 exception open' : `${n} exceptions open`),
  kinds: reportText('en').reconcileKinds,
  age: 'Age',
  resolve: 'Resolve',
  classification: 'Classification',
  reason: 'Reason',
  saveResolution: 'Save the resolution',
  cancel: 'Cancel',
  addDeposit: 'Enter a deposit to the provider account',
  amount: (currency) => `Amount (${currency})`,
  depositNote: 'Note',
  saveDeposit: 'Save the deposit',
  badAmount: 'Type an amount greater than zero.',
  shop: {
    title: 'The shop day',
    hint: "Every counter of the shop, from the shop ledger, against the provider's orders and balance read once.",
    reconcile: 'Reconcile the shop',
    results: { ...RESULTS, incomplete: 'INCOMPLETE' },
    number: (n) => `Shop day ${n}`,
    attributed: (n, of) => `${n} of ${of} provider orders attributed to a counter`,
    counters: 'Counters',
    closed: 'closed',
    open: (since) => `a shift still open, or its close not synced (last record received ${since})`,
    notSynced: (since) => `not synced since ${since}`,
    never: 'nothing received yet',
    zHead: (z, seq) => `Z${z}: chain head ${seq} received`,
    zHeadMissing: (z, seq) => `Z${z}: chain head ${seq} not received as printed`,
    cashPerDrawer: 'Cash per drawer',
    cashTotal: 'Cash in total',
    drawer: (counter, drawer) => `${counter}, drawer ${drawer}`,
    resolvedFor: (amount) => `for ${amount}`,
  },
};

const AR: ReconcileText = {
  ...reportText('ar').ledger,
  title: 'المطابقة مع المزوّد',
  hint: 'السجل، وطلبات المزوّد ورصيده، والنقد المعدود، ليوم عمل واحد.',
  day: 'يوم العمل',
  reconcile: 'مطابقة',
  print: 'طباعة المطابقة (A4 أو PDF)',
  running: 'جارٍ المطابقة…',
  never: 'لم تتم مطابقة هذا اليوم بعد.',
  results: EN.results,
  openExceptions: (n) => (n === 1 ? 'استثناء واحد مفتوح' : `${n} استثناءات مفتوحة`),
  kinds: reportText('ar').reconcileKinds,
  age: 'العمر',
  resolve: 'حسم',
  classification: 'التصنيف',
  reason: 'السبب',
  saveResolution: 'حفظ الحسم',
  cancel: 'إلغاء',
  addDeposit: 'تسجيل إيداع في حساب المزوّد',
  amount: (currency) => `المبلغ (${currency})`,
  depositNote: 'ملاحظة',
  saveDeposit: 'حفظ الإيداع',
  badAmount: 'اكتب مبلغًا أكبر من صفر.',
  shop: {
    title: 'يوم المتجر',
    hint: 'كل نقاط بيع المتجر، من سجل المتجر، مقابل طلبات المزوّد ورصيده مقروءة مرة واحدة.',
    reconcile: 'مطابقة المتجر',
    results: EN.shop.results,
    number: (n) => `يوم المتجر رقم ${n}`,
    attributed: (n, of) => `${n} من ${of} من طلبات المزوّد منسوبة إلى نقطة بيع`,
    counters: 'نقاط البيع',
    closed: 'مغلقة',
    open: (since) => `وردية ما زالت مفتوحة، أو لم يُرسل إغلاقها (آخر سجل وصل ${since})`,
    notSynced: (since) => `غير متزامنة منذ ${since}`,
    never: 'لم يصل شيء بعد',
    zHead: (z, seq) => `Z${z}: رأس السلسلة ${seq} وصل`,
    zHeadMissing: (z, seq) => `Z${z}: رأس السلسلة ${seq} لم يصل كما طُبع`,
    cashPerDrawer: 'النقد لكل درج',
    cashTotal: 'مجموع النقد',
    drawer: (counter, drawer) => `${counter}، الدرج ${drawer}`,
    resolvedFor: (amount) => `عن ${amount}`,
  },
};

export const reconcileText = byLanguage<ReconcileText>({ en: EN, ar: AR });
