import { byLanguage } from '../../../../shared/by-language';
import { counterWords } from '../../../../shared/counter-words';
import { messagesFor } from '../../i18n/messages';

/**
 * The words for a top-up whose answer was lost, per language: the orders the counter found and why
 * each may or may not be the top-up's own, and the manager's decision.
 */
export interface DoubtText {
  readonly ordersTitle: string;
  readonly why: string;
  readonly otherCountersUnchecked: string;
  readonly incomplete: string;
  readonly notLookedYet: string;
  readonly noOrders: string;
  readonly wire: (sent: string, stopped: string) => string;
  readonly order: string;
  readonly placed: string;
  readonly package: string;
  readonly amount: string;
  readonly verdict: string;
  readonly notStated: string;
  readonly maybe: (after: string, before: string) => string;
  readonly maybeUntimed: string;
  readonly placedAfterWait: (after: string) => string;
  readonly placedBeforeSend: (before: string) => string;
  readonly claimedHere: (receipt: string) => string;
  readonly claimedElsewhere: string;
  readonly otherPackage: string;
  readonly notCharged: string;
  readonly decisionTitle: string;
  readonly ours: (reference: string) => string;
  readonly none: string;
  readonly decide: string;
  readonly deciding: string;
  readonly decidedOurs: (name: string, reference: string) => string;
  readonly decidedNone: (name: string) => string;
}

const EN_WORDS = counterWords('en');
const AR_WORDS = counterWords('ar');

const EN: DoubtText = {
  ordersTitle: "The provider's orders of this eSIM around this top-up",
  why: "Nothing in an order says who placed it: another counter, the provider's dashboard or the customer's app makes orders that look exactly like this counter's. An order nothing rules out may be this top-up's, or someone else's.",
  otherCountersUnchecked:
    'Other counters of the shop cannot be checked from here: an order another counter made looks the same. Ask them before choosing.',
  incomplete: "The provider's order list could not be read in full: an order may be missing here.",
  notLookedYet: "The counter has not read the provider's orders yet. Open this top-up again in a moment.",
  noOrders: 'The provider lists no order of this eSIM around this top-up.',
  wire: (sent, stopped) =>
    `Sent at ${sent}; the counter stopped waiting at ${stopped} (the provider's clock).`,
  order: 'Order',
  placed: 'Placed',
  package: EN_WORDS.package,
  amount: messagesFor('en').amount,
  verdict: "May it be this top-up's?",
  notStated: 'not stated',
  maybe: (after, before) =>
    `Maybe: placed ${after} after this counter sent it and ${before} before it stopped waiting`,
  maybeUntimed: 'Maybe: nothing the provider states rules it out',
  placedAfterWait: (after) => `No: placed ${after} after this counter stopped waiting`,
  placedBeforeSend: (before) => `No: placed ${before} before this counter sent it`,
  claimedHere: (receipt) => `No: receipt ${receipt} of this counter holds it`,
  claimedElsewhere: 'No: another counter of the shop holds it',
  otherPackage: 'No: another package',
  notCharged: 'No: not charged (failed or cancelled)',
  decisionTitle: "Manager's decision",
  ours: (reference) => `Order ${reference} is this top-up's: it was charged`,
  none: "None of them is this top-up's: it was not charged, and the customer gets their money back",
  decide: 'Record the decision',
  deciding: 'Recording…',
  decidedOurs: (name, reference) => `${name} took the provider's order ${reference} as this top-up's.`,
  decidedNone: (name) => `${name} decided that none of the provider's orders is this top-up's.`,
};

const AR: DoubtText = {
  ordersTitle: 'طلبات المزوّد لهذه الشريحة في وقت هذه التعبئة',
  why: 'لا شيء في الطلب يدل على من قدّمه: نقطة بيع أخرى أو لوحة تحكم المزوّد أو تطبيق الزبون تُنشئ طلبات مطابقة تمامًا لطلبات نقطة البيع هذه. الطلب الذي لا يستبعده شيء قد يكون طلب هذه التعبئة، وقد يكون طلب غيرها.',
  otherCountersUnchecked:
    'لا يمكن التحقق من نقاط البيع الأخرى في المحل من هنا: الطلب الذي قدّمته نقطة بيع أخرى يبدو مطابقًا. اسألهم قبل الاختيار.',
  incomplete: 'تعذّرت قراءة قائمة طلبات المزوّد كاملة: قد ينقص هنا طلب.',
  notLookedYet: 'لم تقرأ نقطة البيع طلبات المزوّد بعد. افتح هذه التعبئة مرة أخرى بعد قليل.',
  noOrders: 'لا يذكر المزوّد أي طلب لهذه الشريحة في وقت هذه التعبئة.',
  wire: (sent, stopped) =>
    `أُرسلت الساعة ${sent}؛ وتوقّفت نقطة البيع عن الانتظار الساعة ${stopped} (بساعة المزوّد).`,
  order: 'الطلب',
  placed: 'وقت الطلب',
  package: AR_WORDS.package,
  amount: messagesFor('ar').amount,
  verdict: 'هل قد يكون طلب هذه التعبئة؟',
  notStated: 'غير مذكور',
  maybe: (after, before) =>
    `ربما: قُدّم بعد ${after} من إرسال نقطة البيع للتعبئة وقبل ${before} من توقّفها عن الانتظار`,
  maybeUntimed: 'ربما: لا شيء مما يذكره المزوّد يستبعده',
  placedAfterWait: (after) => `لا: قُدّم بعد ${after} من توقّف نقطة البيع عن الانتظار`,
  placedBeforeSend: (before) => `لا: قُدّم قبل ${before} من إرسال نقطة البيع للتعبئة`,
  claimedHere: (receipt) => `لا: الإيصال ${receipt} في نقطة البيع هذه يحمله`,
  claimedElsewhere: 'لا: نقطة بيع أخرى في المحل تحمله',
  otherPackage: 'لا: باقة أخرى',
  notCharged: 'لا: لم يُخصم (فشل أو أُلغي)',
  decisionTitle: 'قرار المدير',
  ours: (reference) => `الطلب ${reference} هو طلب هذه التعبئة: خُصم ثمنها`,
  none: 'لا أحد منها طلب هذه التعبئة: لم يُخصم ثمنها، ويستعيد الزبون ما دفعه',
  decide: 'سجّل القرار',
  deciding: 'جارٍ التسجيل…',
  decidedOurs: (name, reference) => `اعتمد ${name} طلب المزوّد ${reference} طلبًا لهذه التعبئة.`,
  decidedNone: (name) => `قرّر ${name} أن أيًّا من طلبات المزوّد ليس طلب هذه التعبئة.`,
};

export const doubtText = byLanguage<DoubtText>({ en: EN, ar: AR });
