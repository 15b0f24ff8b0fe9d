import { byLanguage } from './by-language';
import { counterWords } from './counter-words';
import type { Language } from './domain/common';
import type {
  BridgeCause,
  OtherCurrencyOrders,
  ReconcileKind,
  ReconcileRow,
  ReconcileSeverity,
  ResolutionClass,
} from './domain/reconciliation';
import type { CashReason } from './domain/shift';
import type { ShopCounterDay, ShopDayResult, ShopDrawerCash } from './domain/shop-day';
import type { TenderMethod } from './domain/till';
import type { Money } from './money';

/**
 * Every word of an X or Z report, per language: the core prints them and the counter shows them, so
 * the report on screen and on paper say the same. Amounts, dates and numbers are formatted with `Intl`
 * before they reach these functions. Plain data: the renderer bundles it.
 */
/** The reconciliation's words, on the Reconcile screen and on its printed report. */
export interface LedgerText {
  readonly runAt: (at: string) => string;
  readonly confirmedAt: (at: string) => string;
  readonly unconfirmed: (reason: string) => string;
  readonly exceptions: string;
  readonly rows: string;
  readonly severities: Readonly<Record<ReconcileSeverity, string>>;
  readonly severity: string;
  readonly reference: string;
  readonly receipt: string;
  readonly note: string;
  readonly candidates: (receipts: string) => string;
  readonly resolvedAs: (classification: string, by: string, reason: string) => string;
  readonly classes: Readonly<Record<ResolutionClass, string>>;
  readonly firstSeen: string;
  readonly journalCost: string;
  readonly providerAmount: string;
  readonly period: string;
  readonly bridge: string;
  readonly opening: string;
  readonly charges: string;
  readonly refunds: string;
  readonly deposits: string;
  /** The bridge of a shop day whose account other shops share: their sums, as lines of their own. */
  readonly otherShopsDeposits: string;
  readonly otherShopsRefunds: string;
  readonly expectedClosing: string;
  readonly closing: string;
  readonly remainder: string;
  readonly likelyCauses: string;
  /** A bridge's likely cause in words; one a run stored in words (an older run), as it was stored. */
  readonly bridgeCause: (cause: BridgeCause | string, money: (value: Money) => string) => string;
  /** Orders of the period the list does not show, paid in another currency; an older run's words as stored. */
  readonly otherCurrency: (note: OtherCurrencyOrders | string) => string;
  readonly notRead: string;
  readonly cash: string;
  readonly cashCompleted: string;
  readonly cashTaken: string;
  readonly cashHeld: string;
  readonly cashRefunds: string;
  readonly cashRefunded: string;
  readonly cashRecovered: string;
  readonly cashNotYetRecovered: string;
  readonly cashNotRecoverable: string;
  /** The counter of the shop whose record holds an order (`other_counter`). */
  readonly heldBy: (code: string, name: string) => string;
  /** Said in place of the bridge's remainder at a counter in a shop. */
  readonly shopBridge: string;
  /** The shop ledger could not be read, so orders no record here holds are not attributed. */
  readonly ledgerUnreachable: (problem: string) => string;
  readonly amountLabel: string;
  readonly package: string;
  /**
   * What a row means, from its facts, in the reader's language. The core's own `note` (English, with
   * every detail it read) stays for support and the CSV files.
   */
  readonly rowNote: (row: NotedRow, money: (value: Money) => string) => string;
}

/**
 * The shop day's words, on the screen and on its printed report. Z numbers and receipt numbers reach
 * them as the paper prints them (`Z2-000001`); a counter is named by its code and name, never by an id.
 */
export interface ShopDayText {
  readonly title: string;
  readonly results: Readonly<Record<ShopDayResult, string>>;
  readonly number: (n: string) => string;
  readonly attributed: (n: string, of: string) => string;
  /** The orders of the period another shop of the account holds, after `attributed`. */
  readonly otherShopOrders: (shop: string, n: string) => string;
  readonly counters: string;
  /** A counter of the shop as people know it: its code and its name. */
  readonly counter: (code: string, name: string) => string;
  readonly closed: string;
  /** A shift open, the counter in touch with the ledger at `since`. */
  readonly open: (since: string) => string;
  /** A shift open in the ledger, the counter out of touch since `since`: its close may be waiting there. */
  readonly outOfContact: (since: string) => string;
  readonly notSynced: (since: string) => string;
  readonly never: string;
  /** INCOMPLETE names the counters whose day the ledger does not hold whole. */
  readonly waitingFor: (counters: string) => string;
  readonly zHead: (z: string, seq: string) => string;
  readonly zHeadMissing: (z: string, seq: string) => string;
  readonly cashPerDrawer: string;
  readonly cashTotal: string;
  /** A second drawer of one counter, named with its counter. */
  readonly drawer: (counter: string, drawer: string) => string;
  readonly resolvedFor: (amount: string) => string;
  /** The printed report's own words: who ran it, and each counter's last link in the ledger. */
  readonly runBy: string;
  readonly ledgerHead: (seq: string) => string;
}

/**
 * A row its words are said of: a counter's own reconciliation row, or a shop day's, whose counter is
 * null rather than left out when no counter holds it.
 */
type NotedRow = Omit<ReconcileRow, 'counter'> & {
  readonly counter?: { readonly code: string; readonly name: string } | null | undefined;
};

/** The facts a row's words are made from, with its amounts already formatted. */
interface NoteFacts {
  readonly row: NotedRow;
  readonly amount: string;
  readonly journal: string;
  readonly provider: string;
  readonly state: string;
  readonly status: string;
}

function noteFacts(
  row: NotedRow,
  money: (value: Money) => string,
  unknown: string,
  word: (state: string) => string,
): NoteFacts {
  const amount = row.amount ?? row.providerAmount ?? row.journalCost;
  return {
    row,
    amount: amount ? money(amount) : unknown,
    journal: row.journalCost ? money(row.journalCost) : unknown,
    provider: row.providerAmount ? money(row.providerAmount) : unknown,
    state: word(row.journalState ?? unknown),
    status: word(row.providerStatus ?? unknown),
  };
}

/** A row's words, per kind, in one language. */
type NoteWords = Readonly<Record<ReconcileKind, (facts: NoteFacts) => string>>;

/** The order list could not be read to its end: the bridge finding named by `orders`, not a currency. */
function aboutOrderList(row: NotedRow): boolean {
  return row.key.endsWith(':orders');
}

/** A bridge without a remainder because orders could not be priced or placed (bridgeFindings). */
function aboutUnplacedOrders(row: NotedRow): boolean {
  return row.key.endsWith(':unplaced');
}

/** A bridge's causes' words, per cause, in one language. */
type CauseWords = {
  readonly [K in BridgeCause['cause']]: (
    cause: Extract<BridgeCause, { cause: K }>,
    money: (value: Money) => string,
  ) => string;
};

function causeWords(words: CauseWords): LedgerText['bridgeCause'] {
  return (cause, money) =>
    typeof cause === 'string'
      ? cause
      : (words[cause.cause] as (cause: BridgeCause, money: (value: Money) => string) => string)(cause, money);
}

function storedAsWords(words: (note: OtherCurrencyOrders) => string): LedgerText['otherCurrency'] {
  return (note) => (typeof note === 'string' ? note : words(note));
}

const enOtherCurrency = ({ listed, records }: OtherCurrencyOrders): string =>
  `The provider's order list shows only ${listed} orders: ${records} of this period's records were paid in another currency and were read one by one.`;

const EN_CAUSES: CauseWords = {
  no_opening_reading: () => 'No balance was read when the day opened (nor at an earlier close).',
  no_closing_reading: () => 'No balance was read at the close yet.',
  order_undated: ({ orderReference }) =>
    `Order ${orderReference} has no date precise enough to place it: it may be in this bridge or not.`,
  order_unpriced: ({ orderReference }) =>
    `Order ${orderReference} lists no amount, and no record here says what it charged.`,
  order_failed: ({ orderReference }) =>
    `Order ${orderReference} failed: if its charge was returned after the close, the bridge counts it twice.`,
  order_cancelled: ({ orderReference, amount }, money) =>
    `Order ${orderReference} was cancelled: a refund of ${money(amount)} may have reached the balance unrecorded.`,
  deposit_not_entered: () => 'A deposit to the provider account that was not entered.',
  other_currency: ({ orders }) => enOtherCurrency(orders),
  clock_straddle: () =>
    "An order dated by the provider's clock on the other side of a balance reading's time.",
};

const arOtherCurrency = ({ listed, records }: OtherCurrencyOrders): string =>
  `لا تعرض قائمة طلبات المزوّد إلا الطلبات بعملة ${listed}: دُفع ${records} من سجلات هذه الفترة بعملة أخرى، فقُرئت واحدًا واحدًا.`;

const AR_CAUSES: CauseWords = {
  no_opening_reading: () => 'لم يُقرأ الرصيد عند افتتاح اليوم (ولا عند إغلاق سابق).',
  no_closing_reading: () => 'لم يُقرأ الرصيد عند الإغلاق بعد.',
  order_undated: ({ orderReference }) =>
    `الطلب ${orderReference} بلا تاريخ دقيق بما يكفي لتحديد موضعه: قد يدخل في هذه المطابقة وقد لا يدخل.`,
  order_unpriced: ({ orderReference }) =>
    `الطلب ${orderReference} مذكور دون مبلغه، ولا يذكر أي سجل هنا ما خُصم له.`,
  order_failed: ({ orderReference }) =>
    `فشل الطلب ${orderReference}: إن أُعيد مبلغه بعد الإغلاق فإن المطابقة تحسبه مرتين.`,
  order_cancelled: ({ orderReference, amount }, money) =>
    `أُلغي الطلب ${orderReference}: ربما وصل إلى الرصيد استرداد قدره ${money(amount)} دون أن يُسجَّل.`,
  deposit_not_entered: () => 'إيداع في حساب المزوّد لم يُسجَّل.',
  other_currency: ({ orders }) => arOtherCurrency(orders),
  clock_straddle: () => 'طلب أرّخته ساعة المزوّد على الجانب الآخر من وقت قراءة الرصيد.',
};

const EN_NOTES: NoteWords = {
  matched: ({ row }) => (row.journalState === 'failed' ? 'Failed at both.' : ''),
  cost_differs: ({ journal, provider }) => `The journal recorded ${journal}; the provider lists ${provider}.`,
  settled_now: () => 'The provider had completed it; settled now from its records (nothing was sent).',
  journal_open: ({ row, state, status }) =>
    row.orderReference === null
      ? row.severity === 'info'
        ? `No answer (${state}); proposed as the journal record of an order the provider lists.`
        : `No answer yet (${state}) and no provider order that could be it.`
      : row.severity === 'info'
        ? 'Pending at both: carried forward until the provider finishes it.'
        : `The journal says ${state}; the provider says ${status}.`,
  provider_not_charged: ({ state, status }) =>
    `The journal says ${state}; the provider says ${status}. The customer may be owed money.`,
  failed_but_charged: ({ status, provider }) =>
    `The journal says failed; the provider says ${status} and charged ${provider}.`,
  unrecorded: ({ row }) =>
    row.severity === 'info'
      ? 'Not journalled here; failed at the provider, so nothing was charged.'
      : row.candidates.length > 0
        ? 'Not journalled here. It may be the lost answer of a record in doubt: a manager decides.'
        : 'Not journalled here: another counter or the provider dashboard placed it, or its answer was lost.',
  other_counter: ({ row }) =>
    row.counter
      ? `Counter ${row.counter.code} (${row.counter.name}) of this shop claims it in the shop ledger.`
      : 'Another counter of this shop claims it in the shop ledger.',
  other_shop: ({ row }) =>
    `The shop ${row.shop ?? ''} claims it in the shop ledger: its order, not this shop's.`,
  unattributed: () =>
    'Not journalled here, and the shop ledger was not reached: whether another counter holds it is not known.',
  missing_at_provider: ({ state, journal }) =>
    `The journal says ${state} for ${journal}; the provider does not know this order.`,
  refund_in_transit: ({ amount }) => `Refund of ${amount} requested, not yet credited to the balance.`,
  refunded: ({ amount }) => `Refunded ${amount} to the balance.`,
  currency_hidden: () =>
    "Paid in another currency: the provider's order list does not show it, so its status was read on its own.",
  boundary: ({ row }) =>
    row.record === null
      ? 'Dated in the margin around the cut-off: it belongs to another day.'
      : 'Dated on another day by the journal or by the provider.',
  bridge_remainder: ({ amount }) => `The balance closed ${amount} away from the expected closing balance.`,
  bridge_incomplete: ({ row }) =>
    aboutOrderList(row)
      ? 'The order list could not be read to its end (an unreadable item, or more orders than one run reads).'
      : aboutUnplacedOrders(row)
        ? 'The provider lists orders without their amount or a precise time, and no record here states them: the bridge cannot be closed.'
        : 'A balance reading is missing (at the opening or at the close): the bridge cannot be closed.',
  bridge_shop: () =>
    "The account is the shop's: its balance is bridged once, by the shop day, with every counter's charges and refunds.",
  cash_differs: ({ amount }) =>
    `The drawer's takings, less the cash held for open records, differ by ${amount} from the cash due for completed ones.`,
  cash_outside_shifts: ({ amount }) =>
    `${amount} was taken in cash while no shift was open: no drawer's count checks it.`,
  chain_fork: ({ row }) =>
    `The shop ledger holds another link of ${row.counter ? `counter ${row.counter.code}` : 'a counter'}: its journal was restored from an older copy or changed. What it wrote since is not in the ledger.`,
  second_claim: () => 'A second record claims an order the shop ledger had already given to another record.',
};

const AR_NOTES: NoteWords = {
  matched: ({ row }) => (row.journalState === 'failed' ? 'فشل لدى الطرفين.' : ''),
  cost_differs: ({ journal, provider }) => `سجّل السجل ${journal}؛ ويذكر المزوّد ${provider}.`,
  settled_now: () => 'أكمله المزوّد؛ سُوّي الآن من سجلاته (لم يُرسل شيء).',
  journal_open: ({ row, state, status }) =>
    row.orderReference === null
      ? row.severity === 'info'
        ? `لا إجابة (${state})؛ مقترح بوصفه سجل طلب يذكره المزوّد.`
        : `لا إجابة بعد (${state}) ولا طلب لدى المزوّد يمكن أن يكونه.`
      : row.severity === 'info'
        ? 'قيد التجهيز لدى الطرفين: يُرحَّل حتى يُنهيه المزوّد.'
        : `السجل يقول ${state}؛ والمزوّد يقول ${status}.`,
  provider_not_charged: ({ state, status }) =>
    `السجل يقول ${state}؛ والمزوّد يقول ${status}. قد يكون للزبون مال مستحق.`,
  failed_but_charged: ({ status, provider }) => `السجل يقول فاشل؛ والمزوّد يقول ${status} وخصم ${provider}.`,
  unrecorded: ({ row }) =>
    row.severity === 'info'
      ? 'غير مسجل هنا؛ فشل لدى المزوّد، فلم يُخصم شيء.'
      : row.candidates.length > 0
        ? 'غير مسجل هنا. قد يكون الإجابة الضائعة لسجل غير مؤكد: يقرر المدير.'
        : 'غير مسجل هنا: أجرته نقطة بيع أخرى أو لوحة المزوّد، أو ضاعت إجابته.',
  other_counter: ({ row }) =>
    row.counter
      ? `تطالب به نقطة البيع ${row.counter.code} (${row.counter.name}) من هذا المتجر في دفتر المتجر.`
      : 'تطالب به نقطة بيع أخرى من هذا المتجر في دفتر المتجر.',
  other_shop: ({ row }) => `يطالب به المتجر ${row.shop ?? ''} في دفتر المتجر: طلبه، لا طلب هذا المتجر.`,
  unattributed: () => 'غير مسجل هنا، وتعذّر الوصول إلى دفتر المتجر: لا يُعرف إن كانت نقطة بيع أخرى تحمله.',
  missing_at_provider: ({ state, journal }) =>
    `السجل يقول ${state} بمبلغ ${journal}؛ والمزوّد لا يعرف هذا الطلب.`,
  refund_in_transit: ({ amount }) => `طُلب استرداد ${amount}، ولم يُضف إلى الرصيد بعد.`,
  refunded: ({ amount }) => `أُعيد ${amount} إلى الرصيد.`,
  currency_hidden: () => 'دُفع بعملة أخرى: قائمة طلبات المزوّد لا تُظهره، فقُرئت حالته وحده.',
  boundary: ({ row }) =>
    row.record === null
      ? 'مؤرَّخ في الهامش حول وقت الإقفال: ينتمي إلى يوم آخر.'
      : 'مؤرَّخ في يوم آخر لدى السجل أو لدى المزوّد.',
  bridge_remainder: ({ amount }) => `أُقفل الرصيد بفارق ${amount} عن الرصيد الختامي المتوقع.`,
  bridge_incomplete: ({ row }) =>
    aboutOrderList(row)
      ? 'تعذّرت قراءة قائمة الطلبات إلى آخرها (عنصر غير مقروء، أو طلبات أكثر مما تقرؤه مطابقة واحدة).'
      : aboutUnplacedOrders(row)
        ? 'يذكر المزوّد طلبات دون مبلغها أو وقت دقيق لها، ولا يذكرهما أي سجل هنا: لا يمكن إقفال مطابقة الرصيد.'
        : 'قراءة للرصيد ناقصة (عند الافتتاح أو عند الإغلاق): لا يمكن إقفال مطابقة الرصيد.',
  bridge_shop: () => 'الحساب للمتجر: يُطابَق رصيده مرة واحدة في يوم المتجر، بمبيعات كل نقاط البيع ومستردّاتها.',
  cash_differs: ({ amount }) =>
    `ما دخل الدرج، بعد النقد المحجوز للسجلات المفتوحة، يختلف بمقدار ${amount} عن النقد المستحق للمكتملة.`,
  cash_outside_shifts: ({ amount }) => `قُبض ${amount} نقدًا دون وردية مفتوحة: لا يتحقق منه عدّ أي درج.`,
  chain_fork: ({ row }) =>
    `يحمل دفتر المتجر حلقة أخرى لـ${row.counter ? `نقطة البيع ${row.counter.code}` : 'نقطة بيع'}: استُعيد سجلها من نسخة أقدم أو غُيّر. ما كتبته منذئذ ليس في دفتر المتجر.`,
  second_claim: () => 'سجلّ ثانٍ يطالب بطلب كان دفتر المتجر قد نسبه إلى سجلّ آخر.',
};

export interface ReportText {
  /** A shift's state, on the Z and the shift screens. */
  readonly shiftStates: Readonly<Record<'open' | 'closed' | 'not_counted', string>>;
  readonly xTitle: string;
  readonly xNote: string;
  readonly zTitle: string;
  readonly notCounted: string;
  readonly notCountedNote: string;
  readonly businessDay: string;
  readonly counter: string;
  readonly opened: string;
  readonly closed: string;
  readonly openedBy: string;
  readonly closedBy: string;
  readonly cashiers: string;
  readonly sales: string;
  readonly topUps: string;
  readonly count: string;
  readonly esims: string;
  readonly retail: string;
  readonly cost: string;
  readonly margin: string;
  readonly none: string;
  /** Sales the provider cancelled on the shift: how many, what came off the takings, the cash given back. */
  readonly cancelledSales: string;
  readonly offTheTakings: string;
  readonly netTakings: string;
  readonly cashGivenBack: string;
  readonly tenders: string;
  readonly methods: Readonly<Record<TenderMethod, string>>;
  readonly tenderLine: (method: string, count: string) => string;
  readonly untendered: string;
  readonly cash: (currency: string) => string;
  readonly opening: string;
  readonly cashIn: string;
  readonly change: string;
  readonly refunds: string;
  readonly payIns: string;
  readonly payOuts: string;
  readonly expected: string;
  readonly expectedHidden: string;
  readonly counted: string;
  readonly variance: string;
  /** The closing counts, each recount among them: "Count 2 · 14:05 · Bob". */
  readonly counts: string;
  readonly countLine: (n: string, at: string, by: string) => string;
  readonly reason: string;
  readonly approvedBy: string;
  readonly movements: string;
  readonly movementKinds: Readonly<Record<'pay_in' | 'pay_out' | 'refund', string>>;
  readonly reasons: Readonly<Record<CashReason, string>>;
  /** A line of the pay-ins and pay-outs: its kind, its reason and how many. */
  readonly movementLine: (kind: string, reason: string, count: string) => string;
  readonly floatDifference: string;
  readonly noSaleOpens: string;
  readonly reprints: string;
  readonly carriedForward: string;
  readonly states: Readonly<Record<string, string>>;
  readonly receiptNo: (number: string) => string;
  readonly cashHeld: string;
  readonly corrections: string;
  readonly lateCount: (z: string) => string;
  readonly adjustment: (z: string) => string;
  readonly rates: string;
  readonly rateBuy: (base: string) => string;
  readonly rateSell: (base: string) => string;
  readonly chainHead: string;
  readonly chainNote: string;
  readonly printed: string;
  readonly reconciliation: string;
  readonly reconciliationNotRun: string;
  readonly reconciliationResults: Readonly<Record<'reconciled' | 'not_reconciled' | 'unconfirmed', string>>;
  readonly exceptionsOpen: string;
  readonly balanceUnexplained: string;
  /** What each reconciliation row is, on the printed Z and on the screen. */
  readonly reconcileKinds: Readonly<Record<ReconcileKind, string>>;
  readonly ledger: LedgerText;
  readonly shop: ShopDayText;
}

/** A reconciliation's result, in the reader's language. */
const EN_RESULTS = {
  reconciled: 'RECONCILED',
  not_reconciled: 'NOT RECONCILED',
  unconfirmed: 'UNCONFIRMED',
} as const;
const AR_RESULTS = { reconciled: 'مُطابَق', not_reconciled: 'غير مُطابَق', unconfirmed: 'غير مؤكَّد' } as const;

const EN_WORDS = counterWords('en');
const AR_WORDS = counterWords('ar');

/** The provider's order states in Arabic, beside the journal's own (`states`); a word not listed is shown as it came. */
const AR_ORDER_STATES: Readonly<Record<string, string>> = {
  completed: AR_WORDS.saleStates.completed,
  failed: 'فاشل',
  cancelled: 'ملغى',
  unknown: 'غير معروف',
};

const EN_SHIFT_STATES = { open: 'Open', closed: 'Closed', not_counted: 'Not counted' } as const;

const EN: ReportText = {
  shiftStates: EN_SHIFT_STATES,
  xTitle: 'X report',
  xNote: 'X — not a closing',
  zTitle: 'Z report',
  notCounted: EN_SHIFT_STATES.not_counted.toUpperCase(),
  notCountedNote: 'Closed without a count. A later count is a correction on the next Z.',
  businessDay: 'Business day',
  counter: 'Counter',
  opened: 'Opened',
  closed: 'Closed',
  openedBy: 'Opened by',
  closedBy: 'Closed by',
  cashiers: 'Cashiers',
  sales: 'Sales',
  topUps: 'Top-ups',
  count: 'Count',
  esims: 'eSIMs',
  retail: 'Retail',
  cost: 'Cost',
  margin: 'Margin',
  none: 'None',
  cancelledSales: 'Cancelled sales',
  offTheTakings: 'Off the takings',
  netTakings: 'Net takings',
  cashGivenBack: 'Cash given back',
  tenders: 'Tenders',
  methods: EN_WORDS.tenders,
  tenderLine: (method, count) => `${method} (${count})`,
  untendered: 'No tender recorded',
  cash: (currency) => `Cash ${currency}`,
  opening: 'Opening float',
  cashIn: EN_WORDS.cashReceived,
  change: 'Change given',
  refunds: 'Refunds',
  payIns: 'Pay-ins',
  payOuts: 'Pay-outs',
  expected: 'Expected',
  expectedHidden: 'Counted blind: expected shown after the count',
  counted: 'Counted',
  variance: 'Variance',
  counts: 'Drawer counts',
  countLine: (n, at, by) => `Count ${n} · ${at}${by ? ` · ${by}` : ''}`,
  reason: EN_WORDS.reason,
  approvedBy: 'Approved by',
  movements: 'Pay-ins and pay-outs',
  movementKinds: { ...EN_WORDS.cashMoves, refund: 'Refund' },
  reasons: EN_WORDS.cashReasons,
  // The reason follows a colon, inside the line: it starts with a small letter.
  movementLine: (kind, reason, count) => `${kind}: ${reason.toLowerCase()} (${count})`,
  floatDifference: 'Float against the last count',
  noSaleOpens: 'No-sale drawer opens',
  reprints: 'Receipt reprints',
  carriedForward: 'Carried forward: not delivered yet',
  states: EN_WORDS.saleStates,
  receiptNo: (number) => `No. ${number}`,
  cashHeld: 'Cash held for undelivered eSIMs',
  corrections: 'Corrections to earlier reports',
  lateCount: (z) => `Late count of ${z}`,
  adjustment: (z) => `Correction of ${z}`,
  rates: "Day's rates",
  rateBuy: (base) => `Buy 100 ${base}`,
  rateSell: (base) => `Sell 100 ${base}`,
  chainHead: 'Journal chain head',
  chainNote: 'Tamper-evident journal, not a fiscal certification.',
  printed: 'Printed',
  reconciliation: 'Reconciliation with the provider',
  reconciliationNotRun: 'Not run yet',
  reconciliationResults: EN_RESULTS,
  exceptionsOpen: 'Exceptions open',
  balanceUnexplained: 'Balance unexplained',
  reconcileKinds: {
    matched: 'Matched',
    cost_differs: 'Cost differs',
    settled_now: 'Completed by the provider, settled now',
    journal_open: 'Still open in the journal',
    provider_not_charged: 'Failed, cancelled or refunded at the provider',
    failed_but_charged: 'Failed here, charged by the provider',
    unrecorded: 'Not in this journal',
    other_counter: 'Another counter of the shop',
    other_shop: 'Another shop of the account',
    unattributed: 'Not attributed: the shop ledger was not reached',
    missing_at_provider: 'Unknown to the provider',
    refund_in_transit: 'Refund in transit',
    refunded: 'Refunded',
    currency_hidden: 'Hidden by the currency filter',
    boundary: 'Another day',
    bridge_remainder: 'Balance does not bridge',
    bridge_incomplete: 'Balance bridge incomplete',
    bridge_shop: "Balance bridged by the shop's day",
    cash_differs: 'Cash differs',
    cash_outside_shifts: 'Cash taken with no shift open',
    chain_fork: "A counter's chain forked in the shop ledger",
    second_claim: 'An order claimed by two records',
  },
  ledger: {
    runAt: (at) => `Run at ${at}`,
    confirmedAt: (at) => `Confirmed by the provider at ${at}`,
    unconfirmed: (reason) =>
      `The provider could not be asked (${reason}). The cash close stands; the reconciliation runs again by itself when the provider answers.`,
    exceptions: 'Exceptions',
    rows: 'Every order',
    severities: { critical: 'Critical', warning: 'Warning', info: 'Information' },
    reference: EN_WORDS.orderReference,
    receipt: EN_WORDS.receipt,
    note: 'What it means',
    candidates: (receipts) => `Could be receipt ${receipts}`,
    resolvedAs: (classification, by, reason) => `Resolved: ${classification}, by ${by} (${reason})`,
    classes: {
      other_channel: 'Another counter or the provider dashboard',
      record_in_doubt: 'The lost answer of a record in doubt',
      customer_refunded: 'The customer was refunded',
      provider_error: "The provider's error, taken up with them",
      accepted: 'Accepted as it is',
    },
    bridge: 'Provider balance',
    opening: 'Opening balance',
    charges: 'Charges',
    refunds: 'Refunds',
    deposits: 'Deposits',
    otherShopsDeposits: 'Other shops: deposits',
    otherShopsRefunds: 'Other shops: refunds',
    expectedClosing: 'Expected closing balance',
    closing: 'Closing balance',
    remainder: 'Unexplained',
    likelyCauses: 'Likely causes',
    bridgeCause: causeWords(EN_CAUSES),
    otherCurrency: storedAsWords(enOtherCurrency),
    notRead: 'not read',
    cash: 'Cash',
    cashCompleted: 'For completed sales and top-ups',
    cashTaken: 'Taken into the drawer',
    cashHeld: 'Held for open ones',
    cashRefunds: 'Cash refunded to customers',
    cashRefunded: 'Handed back',
    cashRecovered: 'Recovered from the provider',
    cashNotYetRecovered: 'Refunded to the customer, not yet recovered',
    cashNotRecoverable: 'Goodwill, not recoverable',
    heldBy: (code, name) => `Held by counter ${code} (${name}) of this shop`,
    shopBridge:
      "This account is the shop's: every counter's orders move its balance. The shop's day bridges it once, for every counter; this counter's reconciliation leaves it open.",
    ledgerUnreachable: (problem) =>
      `The shop ledger could not be read (${problem}): orders another counter may hold are not attributed. Reconcile again when it is back.`,
    period: 'Business days',
    firstSeen: 'First found',
    journalCost: 'Cost in the journal',
    providerAmount: 'Charged by the provider',
    severity: 'Severity',
    amountLabel: EN_WORDS.amount,
    package: EN_WORDS.package,
    rowNote: (row, money) =>
      EN_NOTES[row.kind](
        noteFacts(row, money, 'unknown', (state) => EN.states[state] ?? state.replace('_', ' ')),
      ),
  },
  shop: {
    title: 'The shop day',
    results: { ...EN_RESULTS, incomplete: 'INCOMPLETE' },
    number: (n) => `Shop day ${n}`,
    attributed: (n, of) => `${n} of ${of} provider orders attributed to a counter`,
    otherShopOrders: (shop, n) => `${n} to ${shop}, another shop`,
    counters: 'Counters',
    counter: (code, name) => `${code} · ${name}`,
    // A counter's state in a sentence: its shift's word, in small letters.
    closed: EN_SHIFT_STATES.closed.toLowerCase(),
    open: (since) => `a shift still open (in touch with the ledger at ${since})`,
    outOfContact: (since) =>
      `a shift open in the ledger, perhaps closed at the counter: not synced since ${since}`,
    notSynced: (since) => `not synced since ${since}`,
    never: 'nothing received yet',
    waitingFor: (counters) => `waiting for ${counters}`,
    zHead: (z, seq) => `${z}: chain head ${seq} received`,
    zHeadMissing: (z, seq) => `${z}: chain head ${seq} not received as printed`,
    cashPerDrawer: 'Cash per drawer',
    cashTotal: 'Cash in total',
    drawer: (counter, drawer) => `${counter}, drawer ${drawer}`,
    resolvedFor: (amount) => `for ${amount}`,
    runBy: 'Run at counter',
    ledgerHead: (seq) => `Last link in the shop ledger #${seq}`,
  },
};

const AR_SHIFT_STATES = { open: 'مفتوحة', closed: 'مغلقة', not_counted: 'لم تُعدّ' } as const;

const AR: ReportText = {
  shiftStates: AR_SHIFT_STATES,
  xTitle: 'تقرير X',
  xNote: 'X — ليس إغلاقًا',
  zTitle: 'تقرير Z',
  // The mark carries the English capitals too, as the training mark does.
  notCounted: `${AR_SHIFT_STATES.not_counted} · ${EN.notCounted}`,
  notCountedNote: 'أُغلق دون عدّ النقد. العدّ اللاحق يظهر تصحيحًا في تقرير Z التالي.',
  businessDay: 'يوم العمل',
  counter: 'نقطة البيع',
  opened: 'الفتح',
  closed: 'الإغلاق',
  openedBy: 'فتحها',
  closedBy: 'أغلقها',
  cashiers: 'الكاشيرون',
  sales: 'المبيعات',
  topUps: 'إعادات التعبئة',
  count: 'العدد',
  esims: 'الشرائح',
  retail: 'سعر البيع',
  cost: 'التكلفة',
  margin: 'الربح',
  none: 'لا شيء',
  cancelledSales: 'المبيعات الملغاة',
  offTheTakings: 'مخصوم من المبيعات',
  netTakings: 'صافي المبيعات',
  cashGivenBack: 'النقد المُرجَع',
  tenders: 'طرق الدفع',
  methods: AR_WORDS.tenders,
  tenderLine: (method, count) => `${method} (${count})`,
  untendered: 'دون طريقة دفع مسجلة',
  cash: (currency) => `النقد ${currency}`,
  opening: 'رصيد الافتتاح',
  cashIn: AR_WORDS.cashReceived,
  change: 'الباقي المُعاد',
  refunds: 'المبالغ المستردة',
  payIns: 'الإيداعات',
  payOuts: 'المسحوبات',
  expected: 'المتوقع',
  expectedHidden: 'عدّ أعمى: يظهر المتوقع بعد العدّ',
  counted: 'المعدود',
  variance: 'الفرق',
  counts: 'عدّات الدرج',
  countLine: (n, at, by) => `العدّ ${n} · ${at}${by ? ` · ${by}` : ''}`,
  reason: AR_WORDS.reason,
  approvedBy: 'وافق عليه',
  movements: 'الإيداعات والمسحوبات',
  movementKinds: { ...AR_WORDS.cashMoves, refund: 'استرداد' },
  reasons: AR_WORDS.cashReasons,
  movementLine: (kind, reason, count) => `${kind}: ${reason} (${count})`,
  floatDifference: 'رصيد الافتتاح مقابل آخر عدّ',
  noSaleOpens: 'مرات فتح الدرج دون بيع',
  reprints: 'إعادة طباعة الإيصالات',
  carriedForward: 'مُرحَّل: لم يُسلَّم بعد',
  states: AR_WORDS.saleStates,
  receiptNo: (number) => `رقم ${number}`,
  cashHeld: 'نقد محجوز لشرائح لم تُسلَّم',
  corrections: 'تصحيحات لتقارير سابقة',
  lateCount: (z) => `عدّ لاحق لـ ${z}`,
  adjustment: (z) => `تصحيح ${z}`,
  rates: 'أسعار الصرف لليوم',
  rateBuy: (base) => `شراء 100 ${base}`,
  rateSell: (base) => `بيع 100 ${base}`,
  chainHead: 'رأس سلسلة السجل',
  chainNote: 'سجل يكشف التلاعب، وليس شهادة ضريبية رسمية.',
  printed: 'طُبع',
  reconciliation: 'المطابقة مع المزوّد',
  reconciliationNotRun: 'لم تُجرَ بعد',
  reconciliationResults: AR_RESULTS,
  exceptionsOpen: 'استثناءات مفتوحة',
  balanceUnexplained: 'رصيد غير مفسَّر',
  reconcileKinds: {
    matched: 'مطابق',
    cost_differs: 'التكلفة مختلفة',
    settled_now: 'أكمله المزوّد، وسُوّي الآن',
    journal_open: 'ما زال مفتوحًا في السجل',
    provider_not_charged: 'فشل أو أُلغي أو رُدّ لدى المزوّد',
    failed_but_charged: 'فشل هنا وخصمه المزوّد',
    unrecorded: 'ليس في هذا السجل',
    other_counter: 'نقطة بيع أخرى في المتجر',
    other_shop: 'متجر آخر على الحساب',
    unattributed: 'لم يُنسب: تعذّر الوصول إلى دفتر المتجر',
    missing_at_provider: 'لا يعرفه المزوّد',
    refund_in_transit: 'استرداد في الطريق',
    refunded: 'مُسترد',
    currency_hidden: 'مخفي بفلتر العملة',
    boundary: 'يوم آخر',
    bridge_remainder: 'الرصيد لا يتطابق',
    bridge_incomplete: 'مطابقة الرصيد ناقصة',
    bridge_shop: 'يطابق يومُ المتجر الرصيدَ',
    cash_differs: 'النقد مختلف',
    cash_outside_shifts: 'نقد قُبض دون وردية مفتوحة',
    chain_fork: 'تفرّعت سلسلة نقطة بيع في سجل المتجر',
    second_claim: 'طلب يطالب به سجلّان',
  },
  ledger: {
    runAt: (at) => `أُجريت في ${at}`,
    confirmedAt: (at) => `أكّدها المزوّد في ${at}`,
    unconfirmed: (reason) =>
      `تعذّر سؤال المزوّد (${reason}). إغلاق النقد نهائي؛ وتُعاد المطابقة تلقائيًا عندما يجيب المزوّد.`,
    exceptions: 'الاستثناءات',
    rows: 'كل الطلبات',
    severities: { critical: 'حرج', warning: 'تنبيه', info: 'معلومة' },
    reference: AR_WORDS.orderReference,
    receipt: AR_WORDS.receipt,
    note: 'المعنى',
    candidates: (receipts) => `قد يكون الإيصال ${receipts}`,
    resolvedAs: (classification, by, reason) => `حُسم: ${classification}، بواسطة ${by} (${reason})`,
    classes: {
      other_channel: 'نقطة بيع أخرى أو لوحة المزوّد',
      record_in_doubt: 'الإجابة الضائعة لسجل مشكوك فيه',
      customer_refunded: 'رُدّ المبلغ للزبون',
      provider_error: 'خطأ المزوّد، تمت مراجعته معه',
      accepted: 'مقبول كما هو',
    },
    bridge: 'رصيد المزوّد',
    opening: 'الرصيد الافتتاحي',
    charges: 'الخصومات',
    refunds: 'المستردات',
    deposits: 'الإيداعات',
    otherShopsDeposits: 'المتاجر الأخرى: الإيداعات',
    otherShopsRefunds: 'المتاجر الأخرى: المستردات',
    expectedClosing: 'الرصيد الختامي المتوقع',
    closing: 'الرصيد الختامي',
    remainder: 'غير مفسَّر',
    likelyCauses: 'أسباب محتملة',
    bridgeCause: causeWords(AR_CAUSES),
    otherCurrency: storedAsWords(arOtherCurrency),
    notRead: 'لم يُقرأ',
    cash: 'النقد',
    cashCompleted: 'للمبيعات والشحنات المكتملة',
    cashTaken: 'دخل الدرج',
    cashHeld: 'محجوز للمفتوحة',
    cashRefunds: 'نقد رُدّ للزبائن',
    cashRefunded: 'رُدّ',
    cashRecovered: 'استُرد من المزوّد',
    cashNotYetRecovered: 'رُدّ للزبون ولم يُسترد بعد',
    cashNotRecoverable: 'مجاملة، لا يُسترد',
    heldBy: (code, name) => `لدى نقطة البيع ${code} (${name}) في هذا المتجر`,
    shopBridge:
      'هذا الحساب للمتجر: طلبات كل نقاط البيع تحرّك رصيده. يطابقه يوم المتجر مرة واحدة لكل نقاط البيع، وتتركه مطابقة نقطة البيع هذه مفتوحًا.',
    ledgerUnreachable: (problem) =>
      `تعذّرت قراءة دفتر المتجر (${problem}): لم تُنسب الطلبات التي قد تكون لدى نقطة بيع أخرى. أعد المطابقة عندما يعود.`,
    period: 'أيام العمل',
    firstSeen: 'ظهر أول مرة',
    journalCost: 'التكلفة في السجل',
    providerAmount: 'ما خصمه المزوّد',
    severity: 'الخطورة',
    amountLabel: AR_WORDS.amount,
    package: AR_WORDS.package,
    rowNote: (row, money) =>
      AR_NOTES[row.kind](
        noteFacts(
          row,
          money,
          'unknown',
          (state) => AR.states[state] ?? AR_ORDER_STATES[state.toLowerCase()] ?? state,
        ),
      ),
  },
  shop: {
    title: 'يوم المتجر',
    results: { ...AR_RESULTS, incomplete: 'غير مكتمل' },
    number: (n) => `يوم المتجر رقم ${n}`,
    attributed: (n, of) => `${n} من ${of} من طلبات المزوّد منسوبة إلى نقطة بيع`,
    otherShopOrders: (shop, n) => `${n} إلى ${shop}، متجر آخر`,
    counters: 'نقاط البيع',
    counter: (code, name) => `${code} · ${name}`,
    closed: AR_SHIFT_STATES.closed,
    open: (since) => `وردية ما زالت مفتوحة (على اتصال بالسجل ${since})`,
    outOfContact: (since) => `وردية مفتوحة في السجل، ربما أُغلقت في نقطة البيع: غير متزامنة منذ ${since}`,
    notSynced: (since) => `غير متزامنة منذ ${since}`,
    never: 'لم يصل شيء بعد',
    waitingFor: (counters) => `بانتظار ${counters}`,
    zHead: (z, seq) => `${z}: رأس السلسلة ${seq} وصل`,
    zHeadMissing: (z, seq) => `${z}: رأس السلسلة ${seq} لم يصل كما طُبع`,
    cashPerDrawer: 'النقد لكل درج',
    cashTotal: 'مجموع النقد',
    drawer: (counter, drawer) => `${counter}، الدرج ${drawer}`,
    resolvedFor: (amount) => `عن ${amount}`,
    runBy: 'شُغّل في نقطة البيع',
    ledgerHead: (seq) => `آخر حلقة في سجل المتجر #${seq}`,
  },
};

export const reportText = byLanguage<ReportText>({ en: EN, ar: AR });

/**
 * A drawer of the shop day as people know it: by its counter's code and name. The drawer's own name
 * is added only when its counter has more than one.
 */
export function shopDrawerName(
  language: Language,
  drawers: readonly Pick<ShopDrawerCash, 'counter' | 'drawer'>[],
  drawer: Pick<ShopDrawerCash, 'counter' | 'drawer'>,
): string {
  const words = reportText(language).shop;
  const counter = words.counter(drawer.counter.code, drawer.counter.name);
  const several = drawers.filter((each) => each.counter.id === drawer.counter.id).length > 1;
  return several ? words.drawer(counter, drawer.drawer) : counter;
}

/** What INCOMPLETE waits for: the counters whose day the ledger does not hold whole, by code and name. */
export function shopDayWaitingFor(
  language: Language,
  counters: readonly Pick<ShopCounterDay, 'code' | 'name' | 'state'>[],
): string {
  const words = reportText(language).shop;
  return words.waitingFor(
    counters
      .filter((counter) => counter.state !== 'closed')
      .map((counter) => words.counter(counter.code, counter.name))
      .join(', '),
  );
}

/**
 * A counter's state on the shop day, in a sentence: an open shift with the time the counter was last
 * in touch, a counter not synced with the time the ledger last received its records. `dateTime`
 * formats an ISO time for the screen or the paper.
 */
export function shopCounterState(
  language: Language,
  counter: Pick<ShopCounterDay, 'state' | 'syncedAt' | 'contactAt'>,
  dateTime: (iso: string) => string,
): string {
  const words = reportText(language).shop;
  const at = (iso: string | null): string => (iso ? dateTime(iso) : words.never);
  switch (counter.state) {
    case 'closed':
      return words.closed;
    case 'open':
      return words.open(at(counter.contactAt ?? counter.syncedAt));
    case 'out_of_contact':
      return words.outOfContact(at(counter.contactAt ?? counter.syncedAt));
    case 'not_synced':
      return words.notSynced(at(counter.syncedAt));
  }
}
