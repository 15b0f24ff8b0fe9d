import { byLanguage } from '../../../shared/by-language';
import { counterWords } from '../../../shared/counter-words';
import type { CancelRefusal, RefundMethod } from '../../../shared/domain/cancellation';
import type { CancellationState } from '../../../shared/domain/cancellation-states';
import { messagesFor } from '../i18n/messages';

/** The counter's words for cancelling a sold eSIM, per language. */
export interface CareText {
  readonly cancelEsim: string;
  readonly cancelTitle: string;
  readonly reading: string;
  readonly esimState: (iccid: string, status: string) => string;
  /** In place of an eSIM's status the provider's answer left out. */
  readonly statusNotStated: string;
  readonly installed: string;
  readonly notInstalled: string;
  /** In place of whether an eSIM is installed, when the provider's answer does not say. */
  readonly installedNotStated: string;
  readonly refusals: Record<CancelRefusal, string>;
  readonly allowed: string;
  /** In place of `allowed` when the provider's answer leaves out whether an eSIM is installed. */
  readonly allowedIfProviderAgrees: string;
  readonly reason: string;
  readonly cashBack: string;
  readonly cashAmount: (currency: string) => string;
  /** What the customer paid, and what may still be refunded (less the record's refunds before). */
  readonly refundable: (paid: string, most: string) => string;
  /** In place of `refundable` when all that was paid has been refunded. */
  readonly allRefunded: (paid: string) => string;
  readonly confirm: string;
  readonly back: string;
  readonly states: Record<CancellationState, string>;
  readonly methods: Record<RefundMethod, string>;
  /** A cancellation the provider answered without a refund method the counter knows. */
  readonly methodNotStated: string;
  readonly cancellationReceipt: (receipt: string, original: string) => string;
  /** The button of a cancellation receipt's line on Today, before its number: it opens the sale. */
  readonly cancellationDetails: string;
  /** A sale's details and its line on Today once the provider cancelled it, or while that is in doubt. */
  readonly saleCancelled: string;
  readonly cancellationInDoubt: string;
  /** A sale whose cancellation the provider refused: still sold, and counted. */
  readonly cancellationRefused: string;
  readonly cancelledBy: (receipt: string) => string;
  /** A sale cancelled at another counter of the shop: its cancellation and cash back are that counter's. */
  readonly cancelledElsewhere: (code: string, receipt: string) => string;
  /** A cancelled sale's own receipt, printed again with its CANCELLED mark. */
  readonly printCancelledSale: string;
  readonly cashRefunded: (amount: string) => string;
  readonly cashOwed: (amount: string) => string;
  readonly checkWithProvider: string;
  readonly care: string;
  readonly findHint: string;
  readonly readLive: string;
  readonly disputePack: string;
  readonly installedOn: (model: string) => string;
  readonly usage: (used: string, total: string) => string;
  readonly activated: (at: string) => string;
  readonly expires: (at: string) => string;
  readonly events: (count: string, wrong: string) => string;
  /** In place of `events` when the provider's answer counts none of them. */
  readonly eventsNotStated: string;
  readonly topUpDetails: string;
  readonly goodwill: string;
  readonly goodwillTitle: string;
  readonly goodwillWhy: string;
  readonly goodwillConfirm: string;
  readonly amountNeeded: string;
  readonly goodwillDone: (amount: string) => string;
  readonly goodwillReceipt: (receipt: string, topUpReceipt: string) => string;
}

const EN: CareText = {
  cancelEsim: 'Cancel eSIM',
  cancelTitle: 'Cancel this eSIM',
  reading: 'Reading the eSIM from the provider…',
  esimState: (iccid, status) => `eSIM ${iccid}: ${status}`,
  statusNotStated: 'status not stated by the provider',
  installed: 'installed on a device',
  notInstalled: 'not installed',
  installedNotStated: 'installation not stated by the provider',
  refusals: {
    installed: 'The eSIM is installed on a device: the provider no longer cancels it.',
    activated: 'The eSIM has been used on a network: the provider no longer cancels it.',
    ended: 'The eSIM has ended: there is nothing left to cancel.',
    already_cancelled: 'This eSIM is already cancelled.',
    not_sold: 'Only a completed sale can be cancelled.',
  },
  allowed: 'The provider still allows a cancellation. It cancels the whole order, every eSIM of this sale.',
  allowedIfProviderAgrees:
    'The provider did not say whether the eSIM is installed: it decides when asked, and may refuse. A cancellation cancels the whole order, every eSIM of this sale.',
  reason: counterWords('en').reason,
  cashBack: 'Give the customer cash back from the drawer',
  cashAmount: (currency) => `Cash back (${currency})`,
  refundable: (paid, most) => `The customer paid ${paid}. At most ${most} can still be refunded.`,
  allRefunded: (paid) => `The customer paid ${paid}, and all of it has been refunded: nothing more can be.`,
  confirm: 'Cancel the order',
  back: messagesFor('en').back,
  states: {
    intent: 'Recorded, not sent yet',
    sent: 'Sent to the provider',
    cancelled: 'Cancelled',
    refused: 'Refused by the provider',
    unknown: 'No answer: not known whether the provider cancelled it',
    recorded: counterWords('en').recorded,
  },
  methods: {
    balance: 'Refunded to the account balance now',
    refund_request: 'Refund requested from the provider: refund in transit',
    separate: 'Refund settled separately with the provider',
  },
  methodNotStated: 'Refund method not stated by the provider',
  cancellationReceipt: (receipt, original) =>
    `Cancellation receipt No. ${receipt} for receipt No. ${original}`,
  cancellationDetails: 'Cancellation details',
  saleCancelled: 'Sale cancelled',
  cancellationInDoubt: 'Cancellation in doubt',
  cancellationRefused: 'Cancellation refused by the provider — the eSIM stays sold',
  cancelledBy: (receipt) => `Cancelled, receipt No. ${receipt}`,
  cancelledElsewhere: (code, receipt) =>
    `Cancelled at counter ${code}, receipt No. ${receipt}: any cash was given back there.`,
  printCancelledSale: 'Print the sale receipt, marked cancelled',
  cashRefunded: (amount) => `${amount} given back from the drawer`,
  cashOwed: (amount) => `${amount} to give back once the provider has cancelled (open a shift)`,
  checkWithProvider: 'Check with the provider',
  care: 'eSIM care',
  findHint:
    'A sale is found on Today by its receipt number or a scanned ICCID. The counter keeps no customer phone numbers, so it cannot search by phone.',
  readLive: 'Read the eSIM now',
  disputePack: 'Dispute pack for support',
  installedOn: (model) => `installed on ${model}`,
  usage: (used, total) => `${used} used of ${total}`,
  activated: (at) => `activated ${at}`,
  expires: (at) => `expires ${at}`,
  events: (count, wrong) => `${count} network events, ${wrong} on a network the package does not cover`,
  eventsNotStated: 'network events not stated by the provider',
  topUpDetails: 'Top-up details',
  goodwill: counterWords('en').goodwillRefund,
  goodwillTitle: 'Give money back for this top-up',
  goodwillWhy:
    'A top-up cannot be cancelled with the provider. A goodwill refund is cash from the drawer, approved by a manager, and the shop does not get it back.',
  goodwillConfirm: 'Give the refund',
  amountNeeded: 'Enter the cash to give back.',
  goodwillDone: (amount) => `${amount} given back from the drawer (not recoverable).`,
  goodwillReceipt: (receipt, topUpReceipt) =>
    `Refund receipt No. ${receipt} for top-up receipt No. ${topUpReceipt}`,
};

const AR: CareText = {
  cancelEsim: 'إلغاء الشريحة',
  cancelTitle: 'إلغاء هذه الشريحة',
  reading: 'جارٍ قراءة الشريحة من المزوّد…',
  // The ICCID and a status in Latin letters kept whole inside the right-to-left sentence.
  esimState: (iccid, status) => `الشريحة \u2066${iccid}\u2069: \u2068${status}\u2069`,
  statusNotStated: 'لم يذكر المزوّد حالتها',
  installed: 'مثبّتة على جهاز',
  notInstalled: 'غير مثبّتة',
  installedNotStated: 'لم يذكر المزوّد إن كانت مثبّتة',
  refusals: {
    installed: 'الشريحة مثبّتة على جهاز: لم يعد المزوّد يلغيها.',
    activated: 'استُخدمت الشريحة على شبكة: لم يعد المزوّد يلغيها.',
    ended: 'انتهت الشريحة: لم يبقَ ما يُلغى.',
    already_cancelled: 'هذه الشريحة ملغاة بالفعل.',
    not_sold: 'لا يُلغى إلا بيع مكتمل.',
  },
  allowed: 'ما زال المزوّد يسمح بالإلغاء. يُلغي الطلب كله، أي كل شرائح هذا البيع.',
  allowedIfProviderAgrees:
    'لم يذكر المزوّد إن كانت الشريحة مثبّتة: يقرّر حين يُطلب منه، وقد يرفض. الإلغاء يُلغي الطلب كله، أي كل شرائح هذا البيع.',
  reason: counterWords('ar').reason,
  cashBack: 'إرجاع المبلغ نقدًا للزبون من الدرج',
  cashAmount: (currency) => `المبلغ المُرجع (${currency})`,
  refundable: (paid, most) => `دفع الزبون ${paid}. أقصى ما يمكن ردّه بعدُ ${most}.`,
  allRefunded: (paid) => `دفع الزبون ${paid} ورُدّ إليه كله: لا يمكن ردّ المزيد.`,
  confirm: 'إلغاء الطلب',
  back: messagesFor('ar').back,
  states: {
    intent: 'مسجّل، لم يُرسل بعد',
    sent: 'أُرسل إلى المزوّد',
    cancelled: 'أُلغي',
    refused: 'رفضه المزوّد',
    unknown: 'لا جواب: لا يُعرف هل ألغاه المزوّد',
    recorded: counterWords('ar').recorded,
  },
  methods: {
    balance: 'أُعيد المبلغ إلى رصيد الحساب الآن',
    refund_request: 'طُلب الاسترداد من المزوّد: المبلغ في الطريق',
    separate: 'يُسوّى الاسترداد مع المزوّد على حدة',
  },
  methodNotStated: 'لم يذكر المزوّد طريقة الاسترداد',
  cancellationReceipt: (receipt, original) => `إيصال الإلغاء رقم ${receipt} للإيصال رقم ${original}`,
  cancellationDetails: 'تفاصيل الإلغاء',
  saleCancelled: 'أُلغي البيع',
  cancellationInDoubt: 'الإلغاء غير مؤكد',
  cancellationRefused: 'رفض المزوّد الإلغاء — تبقى الشريحة مبيعة',
  cancelledBy: (receipt) => `أُلغي، إيصال رقم ${receipt}`,
  cancelledElsewhere: (code, receipt) =>
    `أُلغي في نقطة البيع ${code}، إيصال رقم ${receipt}: أُعيد أي مبلغ نقدي هناك.`,
  printCancelledSale: 'طباعة إيصال البيع مع علامة الإلغاء',
  cashRefunded: (amount) => `أُرجع ${amount} من الدرج`,
  cashOwed: (amount) => `يُرجع ${amount} بعد أن يلغي المزوّد (افتح وردية)`,
  checkWithProvider: 'التحقق لدى المزوّد',
  care: 'العناية بالشريحة',
  findHint:
    'يُعثر على البيع في «اليوم» برقم الإيصال أو بمسح رقم ICCID. لا تحفظ نقطة البيع أرقام هواتف الزبائن، فلا بحث بالهاتف.',
  readLive: 'قراءة الشريحة الآن',
  disputePack: 'حزمة النزاع للدعم',
  installedOn: (model) => `مثبّتة على ${model}`,
  usage: (used, total) => `استُخدم ${used} من ${total}`,
  activated: (at) => `فُعّلت ${at}`,
  expires: (at) => `تنتهي ${at}`,
  events: (count, wrong) => `${count} أحداث شبكة، ${wrong} على شبكة لا تغطيها الباقة`,
  eventsNotStated: 'لم يذكر المزوّد أحداث الشبكة',
  topUpDetails: 'تفاصيل الشحنة',
  goodwill: counterWords('ar').goodwillRefund,
  goodwillTitle: 'ردّ مبلغ عن هذه الشحنة',
  goodwillWhy:
    'لا يمكن إلغاء الشحنة لدى المزوّد. الاسترداد الودّي نقد من الدرج بموافقة المدير، ولا يستعيده المتجر.',
  goodwillConfirm: 'ردّ المبلغ',
  amountNeeded: 'أدخل المبلغ النقدي المردود.',
  goodwillDone: (amount) => `رُدّ ${amount} من الدرج (لا يُسترد).`,
  goodwillReceipt: (receipt, topUpReceipt) =>
    `إيصال الاسترداد رقم ${receipt} لإيصال الشحنة رقم ${topUpReceipt}`,
};

export const careText = byLanguage<CareText>({ en: EN, ar: AR });
