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
  readonly owner: OwnerViewText;
}

/** The owner's view across shops: the screen's own words, and the login's from Settings. */
export interface OwnerViewText {
  readonly title: string;
  readonly hint: string;
  readonly ownerName: string;
  readonly ownerPassword: string;
  readonly show: string;
  readonly figuresOf: string;
  readonly wholeShop: string;
  readonly notRun: string;
  /** The ledger refused the name or password typed. */
  readonly wrongLogin: string;
  /** The login typed is not the ledger owner's (a counter's, say). */
  readonly notOwner: string;
  readonly otherShopsStaff: string;
  readonly member: string;
  readonly giveAccess: string;
  readonly takeAway: (name: string) => string;
  readonly ofShop: (name: string, shop: string) => string;
  /** A change of access asks for the password again: it is kept nowhere after a read. */
  readonly retype: string;
  /** A change of access the ledger refused though the login was right: what changed since the view. */
  readonly accessUnchanged: { readonly NOT_FOUND: string; readonly INVALID_STATE: string };
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
  owner: {
    title: "The owner's view",
    hint: "Every shop's day, read with the ledger owner's login. The password is used for this read only and never kept.",
    ownerName: messagesFor('en').settings.shopLedger.ownerName,
    ownerPassword: messagesFor('en').settings.shopLedger.ownerPassword,
    show: 'Show every shop',
    figuresOf: 'Shop, counter, cashier',
    wholeShop: 'The whole shop',
    notRun: 'Shop day not run yet',
    wrongLogin: "The ledger refused this name or password. Check the owner's login.",
    notOwner: "This login is not the ledger owner's. Only the owner sees every shop.",
    otherShopsStaff: 'Staff from other shops',
    member: 'A member of another shop',
    giveAccess: 'Give access to this shop',
    takeAway: (name) => `Take away ${name}'s access`,
    ofShop: (name, shop) => `${name} (${shop})`,
    retype: "Type the owner's password again for this change.",
    accessUnchanged: {
      NOT_FOUND: 'This member or this shop is no longer in the ledger. Show every shop again.',
      INVALID_STATE: 'This member works at this shop now: they need no access to it. Show every shop again.',
    },
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
  owner: {
    title: 'نظرة المالك',
    hint: 'يوم كل متجر، مقروءًا بحساب دخول مالك الدفتر. تُستخدم كلمة المرور لهذه القراءة وحدها ولا تُحفظ.',
    ownerName: messagesFor('ar').settings.shopLedger.ownerName,
    ownerPassword: messagesFor('ar').settings.shopLedger.ownerPassword,
    show: 'عرض كل المتاجر',
    figuresOf: 'المتجر، نقطة البيع، الكاشير',
    wholeShop: 'المتجر كله',
    notRun: 'لم يُطابَق يوم المتجر بعد',
    wrongLogin: 'رفض الدفتر هذا الاسم أو كلمة المرور. تحقّق من حساب دخول المالك.',
    notOwner: 'هذا الحساب ليس حساب مالك الدفتر. المالك وحده يرى كل المتاجر.',
    otherShopsStaff: 'موظفون من متاجر أخرى',
    member: 'موظف من متجر آخر',
    giveAccess: 'منح الدخول إلى هذا المتجر',
    takeAway: (name) => `سحب دخول ${name}`,
    ofShop: (name, shop) => `${name} (${shop})`,
    retype: 'اكتب كلمة مرور المالك مرة أخرى لهذا التغيير.',
    accessUnchanged: {
      NOT_FOUND: 'لم يعد هذا الموظف أو هذا المتجر في الدفتر. اعرض كل المتاجر مرة أخرى.',
      INVALID_STATE: 'يعمل هذا الموظف في هذا المتجر الآن: لا يحتاج إلى صلاحية فيه. اعرض كل المتاجر مرة أخرى.',
    },
  },
};

export const reconcileText = byLanguage<ReconcileText>({ en: EN, ar: AR });
