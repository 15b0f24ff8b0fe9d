import { byLanguage } from '../../../shared/by-language';
import { counterWords } from '../../../shared/counter-words';
import type { CashReason } from '../../../shared/domain/shift';
import type { TenderMethod } from '../../../shared/domain/till';
import { reportText } from '../../../shared/report-text';
import { messagesFor } from '../i18n/messages';

/** The counter's words for cashiers, the drawer, the tender and the X and Z reports, per language. */
export interface ShiftText {
  readonly title: string;
  readonly cashier: string;
  readonly noCashier: string;
  readonly manager: string;
  readonly switchCashier: string;
  readonly signIn: string;
  readonly signOut: string;
  readonly who: string;
  readonly pin: string;
  readonly noShift: string;
  readonly shiftOpen: (since: string, by: string) => string;
  readonly businessDay: (day: string) => string;
  readonly openShift: string;
  readonly openingFloat: (currency: string) => string;
  readonly lastCount: (amounts: string) => string;
  readonly useLastCount: string;
  readonly signInFirst: string;
  /** A live counter with nobody signed in: why the screen asks for a sign-in. */
  readonly liveSignIn: string;
  readonly xReport: string;
  readonly closeShift: string;
  readonly countTitle: string;
  readonly countHint: string;
  readonly counted: (currency: string) => string;
  readonly countCash: string;
  readonly countAgain: string;
  readonly expected: string;
  readonly variance: string;
  readonly withinTolerance: string;
  readonly aboveTolerance: string;
  /** Where a cashier who counts blind finds what was expected. */
  readonly expectedOnZ: string;
  readonly recountNeedsManager: string;
  readonly reason: string;
  readonly managerApproval: string;
  readonly approvingManager: string;
  readonly managerPin: string;
  readonly approveTools: string;
  readonly approveToolsHint: string;
  readonly approve: string;
  readonly approvalExpired: string;
  readonly choosePinHere: string;
  readonly chooseAndApprove: string;
  readonly back: string;
  readonly printZ: string;
  readonly printX: string;
  readonly printZOf: (z: string) => string;
  readonly paper: string;
  readonly a4: string;
  readonly cashMoves: string;
  readonly moveKind: string;
  readonly moveKinds: Readonly<Record<'pay_in' | 'pay_out' | 'refund', string>>;
  readonly moveReason: string;
  readonly reasons: Readonly<Record<CashReason, string>>;
  readonly currency: string;
  readonly amount: string;
  readonly note: string;
  readonly record: string;
  readonly recorded: string;
  readonly noSale: string;
  readonly noSaleDone: string;
  readonly payment: string;
  readonly methods: Readonly<Record<TenderMethod, string>>;
  readonly paidIn: string;
  readonly toPay: string;
  readonly tendered: string;
  readonly tenderedHint: string;
  readonly change: string;
  readonly tooLittle: string;
  readonly noRate: (base: string, quote: string) => string;
  readonly recent: string;
  readonly shiftsOfDay: string;
  readonly exportCsv: (z: string) => string;
  readonly accountantPack: string;
  readonly month: string;
  readonly downloadPack: string;
  /** A shop's pack (a counter in a shop ledger): every counter in it, or whose rows stop short. */
  readonly shopPackWhole: (shop: string) => string;
  readonly shopPackOpen: (codes: string) => string;
  readonly shopPackNotSynced: (codes: string) => string;
  readonly states: Readonly<Record<'open' | 'closed' | 'not_counted', string>>;
  readonly countedLater: string;
  readonly countLater: string;
  readonly managerTools: string;
  readonly forceClose: string;
  readonly forceCloseHint: string;
  readonly correct: string;
  readonly correctHint: string;
  readonly rateTitle: string;
  readonly rateBuy: (base: string, quote: string) => string;
  readonly rateSell: (base: string, quote: string) => string;
  readonly setRate: string;
  readonly rateNow: (base: string, quote: string, buy: string, sell: string) => string;
  readonly rateExample: (sale: string, asked: string) => string;
  readonly rateMoved: (base: string, buy: string, sell: string, quote: string) => string;
  readonly rateMovedExample: (sale: string, before: string, after: string) => string;
  readonly rateConfirm: string;
  readonly addCashier: string;
  readonly editCashier: string;
  readonly cashierToEdit: string;
  readonly activeCashier: string;
  /** Leave empty to keep the PIN. */
  readonly replacePin: string;
  /** In a shop ledger: the staff are the shop's, and a change needs the ledger. */
  readonly staffOfShop: string;
  readonly inactive: string;
  readonly newPin: string;
  readonly name: string;
  readonly role: string;
  readonly roles: Readonly<Record<'cashier' | 'manager', string>>;
  readonly checkChain: string;
  readonly saved: string;
  readonly settingsTitle: string;
  readonly drawerCurrencies: string;
  readonly sellingCurrency: string;
  readonly priceCurrency: string;
  readonly cutOff: string;
  readonly tolerance: (currency: string) => string;
  readonly payOutLimit: (currency: string) => string;
  readonly showExpected: string;
  readonly requireShift: string;
  readonly save: string;
}

const EN_WORDS = counterWords('en');
const AR_WORDS = counterWords('ar');
const EN_REPORT = reportText('en');
const AR_REPORT = reportText('ar');
const EN_SCREEN = messagesFor('en');
const AR_SCREEN = messagesFor('ar');

const EN: ShiftText = {
  title: 'Shift and drawer',
  cashier: EN_WORDS.cashier,
  noCashier: 'No cashier signed in',
  manager: 'manager',
  switchCashier: 'Switch cashier',
  signIn: 'Sign in',
  signOut: 'Sign out',
  who: 'Who',
  pin: 'PIN',
  noShift: 'No shift is open on this drawer.',
  shiftOpen: (since, by) => `Shift open since ${since}, opened by ${by}`,
  businessDay: (day) => `${EN_REPORT.businessDay} ${day}`,
  openShift: 'Open shift',
  openingFloat: (currency) => `Opening float ${currency}`,
  lastCount: (amounts) => `The last close counted ${amounts}.`,
  useLastCount: 'Use the last count',
  signInFirst: 'Sign in as a cashier first.',
  liveSignIn:
    'This counter is live: it sells, tops up and shows its records only with someone signed in. Choose who you are and type your PIN.',
  xReport: EN_REPORT.xTitle,
  closeShift: 'Close shift',
  countTitle: 'Count the drawer',
  countHint:
    'Count the cash in each currency and type what you counted. What was expected is on the Z, once the shift is closed.',
  counted: (currency) => `Counted ${currency}`,
  countCash: 'Count cash',
  countAgain: 'Count again',
  expected: EN_REPORT.expected,
  variance: EN_REPORT.variance,
  withinTolerance: 'within tolerance',
  aboveTolerance: 'above tolerance: a reason and a manager are needed',
  expectedOnZ: 'On the Z',
  recountNeedsManager: 'a count before this one was above tolerance: a reason and a manager are needed',
  reason: EN_WORDS.reason,
  managerApproval: 'Manager approval',
  approvingManager: 'Manager',
  managerPin: EN_SCREEN.managerPin,
  approveTools: 'Approve the manager tools',
  approveToolsHint:
    'A manager approves once; the tools stay open for 5 minutes at most, until they are closed.',
  approve: 'Approve',
  approvalExpired: 'The approval ran out after 5 minutes: approve again.',
  choosePinHere:
    'No manager PIN is set on this counter yet. Manager: choose one now (4 to 8 digits); it approves these tools and will guard reprints and Settings.',
  chooseAndApprove: 'Choose the PIN and approve',
  back: EN_SCREEN.back,
  printZ: 'Print Z report',
  printX: 'Print X',
  printZOf: (z) => `Print ${z}`,
  paper: 'Paper',
  a4: 'A4 page (PDF)',
  cashMoves: 'Pay in or pay out',
  moveKind: 'Movement',
  moveKinds: { ...EN_WORDS.cashMoves, refund: 'Cash refund' },
  moveReason: EN_WORDS.reason,
  reasons: EN_WORDS.cashReasons,
  currency: 'Currency',
  amount: EN_SCREEN.amount,
  note: EN_SCREEN.note,
  record: 'Record',
  recorded: 'Recorded.',
  noSale: 'No sale (open drawer)',
  noSaleDone: 'Drawer opened: logged.',
  payment: 'Payment',
  methods: EN_WORDS.tenders,
  paidIn: 'Paid in',
  toPay: 'To pay',
  tendered: 'Tendered',
  tenderedHint: 'Empty: the exact amount',
  change: EN_WORDS.change,
  tooLittle: 'Less than the amount to pay',
  noRate: (base, quote) => `No ${base} to ${quote} rate for today: ask the manager to set it.`,
  recent: 'Recent shifts',
  shiftsOfDay: EN_REPORT.businessDay,
  exportCsv: (z) => `Export ${z} as CSV`,
  accountantPack: "The accountant's pack",
  month: 'Month',
  downloadPack: 'Download the pack',
  shopPackWhole: (shop) => `The pack of ${shop}: every counter is closed and in it.`,
  shopPackOpen: (codes) =>
    `Not complete: counter ${codes} still has a shift open in the shop ledger. Its rows stop at what the ledger holds; make the pack again once it is closed.`,
  shopPackNotSynced: (codes) =>
    `Not complete: counter ${codes} has not sent everything to the shop ledger. Make the pack again once it has.`,
  states: EN_REPORT.shiftStates,
  countedLater: 'counted later',
  countLater: 'Count it now',
  managerTools: 'Manager',
  forceClose: 'Close without a count',
  forceCloseHint: 'For a shift left open: it closes as not counted (never as zero) and can be counted later.',
  correct: 'Correct a closed shift',
  correctHint:
    'A correction is a new record on the next Z; the closed Z is never changed. Negative for less cash.',
  rateTitle: "Today's exchange rate",
  rateBuy: (base, quote) => `Buy: 1 ${base} = … ${quote}`,
  rateSell: (base, quote) => `Sell: 1 ${base} = … ${quote}`,
  setRate: 'Set rate',
  rateNow: (base, quote, buy, sell) => `1 ${base} = ${buy} ${quote} to buy, ${sell} ${quote} to sell`,
  rateExample: (sale, asked) => `At this selling rate, a sale of ${sale} asks ${asked}.`,
  rateMoved: (base, buy, sell, quote) =>
    `This rate is more than 10 % away from the last one (1 ${base} = ${buy} ${quote} to buy, ${sell} ${quote} to sell). Check it before it applies.`,
  rateMovedExample: (sale, before, after) => `A sale of ${sale} would ask ${after} instead of ${before}.`,
  rateConfirm: 'Set this rate anyway',
  addCashier: 'Add cashier',
  editCashier: 'Change cashier',
  cashierToEdit: EN_WORDS.cashier,
  activeCashier: 'Works here (untick when they leave: their records stay)',
  replacePin: 'New PIN (leave empty to keep theirs)',
  staffOfShop:
    "The staff are the shop's: a change here reaches every counter. It needs the shop ledger; signing in works without it.",
  inactive: 'left',
  newPin: 'Their PIN',
  name: 'Name',
  role: 'Role',
  roles: { cashier: EN_WORDS.cashier, manager: 'Manager' },
  checkChain: 'Check the journal',
  saved: 'Saved.',
  settingsTitle: 'End-of-day settings',
  drawerCurrencies: 'Drawer currencies',
  sellingCurrency: 'Customers pay in',
  priceCurrency: 'The price’s currency',
  cutOff: 'Business day ends at',
  tolerance: (currency) => `Variance tolerance ${currency}`,
  payOutLimit: (currency) => `Pay-out limit ${currency}`,
  showExpected: 'Cashiers see the expected cash before counting',
  requireShift: 'Sell only while a shift is open',
  save: 'Save',
};

const AR: ShiftText = {
  title: 'الوردية والدرج',
  cashier: AR_WORDS.cashier,
  noCashier: 'لم يسجّل أي كاشير دخوله',
  manager: 'مدير',
  switchCashier: 'تبديل الكاشير',
  signIn: 'تسجيل الدخول',
  signOut: 'تسجيل الخروج',
  who: 'من',
  pin: 'الرمز السري',
  noShift: 'لا توجد وردية مفتوحة على هذا الدرج.',
  shiftOpen: (since, by) => `وردية مفتوحة منذ ${since}، فتحها ${by}`,
  businessDay: (day) => `${AR_REPORT.businessDay} ${day}`,
  openShift: 'فتح الوردية',
  openingFloat: (currency) => `رصيد الافتتاح ${currency}`,
  lastCount: (amounts) => `عُدّ في آخر إغلاق ${amounts}.`,
  useLastCount: 'استخدام آخر عدّ',
  signInFirst: 'سجّل دخولك ككاشير أولًا.',
  liveSignIn:
    'نقطة البيع هذه تعمل فعليًا: لا تبيع ولا تعبّئ ولا تعرض سجلاتها إلا مع شخص مسجّل الدخول. اختر من أنت واكتب رمزك السري.',
  xReport: AR_REPORT.xTitle,
  closeShift: 'إغلاق الوردية',
  countTitle: 'عُدّ الدرج',
  countHint: 'عُدّ النقد بكل عملة واكتب ما عددته. المبلغ المتوقع على تقرير Z بعد إغلاق الوردية.',
  counted: (currency) => `المعدود ${currency}`,
  countCash: 'تسجيل العدّ',
  countAgain: 'العدّ من جديد',
  expected: AR_REPORT.expected,
  variance: AR_REPORT.variance,
  withinTolerance: 'ضمن الحد المسموح',
  aboveTolerance: 'فوق الحد المسموح: يلزم سبب وموافقة المدير',
  expectedOnZ: 'على تقرير Z',
  recountNeedsManager: 'كان عدّ سابق فوق الحد المسموح: يلزم سبب وموافقة المدير',
  reason: AR_WORDS.reason,
  managerApproval: 'موافقة المدير',
  approvingManager: 'المدير',
  managerPin: AR_SCREEN.managerPin,
  approveTools: 'موافقة المدير على أدوات المدير',
  approveToolsHint: 'يوافق المدير مرة واحدة؛ تبقى الأدوات مفتوحة 5 دقائق على الأكثر، حتى تُغلق.',
  approve: 'موافقة',
  approvalExpired: 'انتهت الموافقة بعد 5 دقائق: وافق مرة أخرى.',
  choosePinHere:
    'لم يُحدَّد رمز للمدير على نقطة البيع هذه بعد. أيها المدير: اختر رمزًا الآن (من 4 إلى 8 أرقام)؛ يوافق على هذه الأدوات وسيحمي إعادة الطباعة والإعدادات.',
  chooseAndApprove: 'اختر الرمز ووافق',
  back: AR_SCREEN.back,
  printZ: 'طباعة تقرير Z',
  printX: 'طباعة X',
  printZOf: (z) => `طباعة ${z}`,
  paper: 'الورق',
  a4: 'صفحة A4 (PDF)',
  cashMoves: 'إيداع أو سحب',
  moveKind: 'الحركة',
  moveKinds: { ...AR_WORDS.cashMoves, refund: 'استرداد نقدي' },
  moveReason: AR_WORDS.reason,
  reasons: AR_WORDS.cashReasons,
  currency: 'العملة',
  amount: AR_SCREEN.amount,
  note: AR_SCREEN.note,
  record: 'تسجيل',
  recorded: 'سُجّل.',
  noSale: 'فتح الدرج دون بيع',
  noSaleDone: 'فُتح الدرج: سُجّل ذلك.',
  payment: 'الدفع',
  methods: AR_WORDS.tenders,
  paidIn: 'عملة الدفع',
  toPay: 'المطلوب',
  tendered: 'المبلغ المستلم',
  tenderedHint: 'فارغ: المبلغ المطلوب تمامًا',
  change: AR_WORDS.change,
  tooLittle: 'أقل من المبلغ المطلوب',
  noRate: (base, quote) => `لا يوجد سعر صرف من ${base} إلى ${quote} لليوم: اطلب من المدير تحديده.`,
  recent: 'الورديات الأخيرة',
  shiftsOfDay: AR_REPORT.businessDay,
  exportCsv: (z) => `تصدير ${z} بصيغة CSV`,
  accountantPack: 'حزمة المحاسب',
  month: 'الشهر',
  downloadPack: 'تنزيل الحزمة',
  shopPackWhole: (shop) => `حزمة ${shop}: كل نقاط البيع مغلقة وموجودة فيها.`,
  shopPackOpen: (codes) =>
    `غير مكتملة: لنقطة البيع ${codes} وردية ما زالت مفتوحة في دفتر المتجر. تتوقف صفوفها عند ما يحمله الدفتر؛ أعد إنشاء الحزمة بعد إغلاقها.`,
  shopPackNotSynced: (codes) =>
    `غير مكتملة: لم ترسل نقطة البيع ${codes} كل شيء إلى دفتر المتجر. أعد إنشاء الحزمة بعد أن ترسله.`,
  states: AR_REPORT.shiftStates,
  countedLater: 'عُدّت لاحقًا',
  countLater: 'عدّها الآن',
  managerTools: 'المدير',
  forceClose: 'الإغلاق دون عدّ',
  forceCloseHint: 'لوردية تُركت مفتوحة: تُغلق على أنها لم تُعدّ (وليس صفرًا) ويمكن عدّها لاحقًا.',
  correct: 'تصحيح وردية مغلقة',
  correctHint: 'التصحيح سجل جديد يظهر في تقرير Z التالي؛ ولا يتغير تقرير Z المغلق أبدًا. بالسالب لنقد أقل.',
  rateTitle: 'سعر الصرف لليوم',
  // The Latin equations are isolated left to right, or right-to-left text reorders "1 USD = … IQD".
  rateBuy: (base, quote) => `شراء: \u20661 ${base} = … ${quote}\u2069`,
  rateSell: (base, quote) => `بيع: \u20661 ${base} = … ${quote}\u2069`,
  setRate: 'تحديد السعر',
  rateNow: (base, quote, buy, sell) =>
    `\u20661 ${base} = ${buy} ${quote}\u2069 للشراء، \u2066${sell} ${quote}\u2069 للبيع`,
  rateExample: (sale, asked) => `بسعر البيع هذا، تُطلب ${asked} لبيع بقيمة ${sale}.`,
  rateMoved: (base, buy, sell, quote) =>
    `يختلف هذا السعر بأكثر من 10 % عن السعر السابق (\u20661 ${base} = ${buy} ${quote}\u2069 للشراء، \u2066${sell} ${quote}\u2069 للبيع). تحقق منه قبل أن يُطبَّق.`,
  rateMovedExample: (sale, before, after) => `بيع بقيمة ${sale} سيطلب ${after} بدلًا من ${before}.`,
  rateConfirm: 'تحديد هذا السعر على أي حال',
  addCashier: 'إضافة كاشير',
  editCashier: 'تعديل كاشير',
  cashierToEdit: AR_WORDS.cashier,
  activeCashier: 'يعمل هنا (ألغِ التحديد عند مغادرته: تبقى سجلاته)',
  replacePin: 'رمز جديد (اتركه فارغًا للإبقاء على رمزه)',
  staffOfShop:
    'الموظفون للمتجر كله: يصل أي تغيير هنا إلى كل نقاط البيع. يحتاج التغيير إلى دفتر المتجر، ويعمل تسجيل الدخول بدونه.',
  inactive: 'غادر',
  newPin: 'رمزه السري',
  name: 'الاسم',
  role: 'الدور',
  roles: { cashier: AR_WORDS.cashier, manager: 'المدير' },
  checkChain: 'افحص السجل',
  saved: 'حُفظ.',
  settingsTitle: 'إعدادات نهاية اليوم',
  drawerCurrencies: 'عملات الدرج',
  sellingCurrency: 'يدفع الزبائن بـ',
  priceCurrency: 'عملة السعر',
  cutOff: 'ينتهي يوم العمل عند',
  tolerance: (currency) => `الفرق المسموح ${currency}`,
  payOutLimit: (currency) => `حد السحب ${currency}`,
  showExpected: 'يرى الكاشير النقد المتوقع قبل العدّ',
  requireShift: 'البيع فقط أثناء وردية مفتوحة',
  save: 'حفظ',
};

export const shiftText = byLanguage<ShiftText>({ en: EN, ar: AR });
