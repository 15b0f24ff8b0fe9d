import { byLanguage } from '../../../shared/by-language';
import { counterWords } from '../../../shared/counter-words';
import type { TenderMethod } from '../../../shared/domain/till';
import { DEVICE_INSTALL_STEPS, ROAMING_STEP } from '../../../shared/install-steps';
import { pluralForm } from '../../../shared/plural-forms';

/**
 * Every word a receipt prints, per language. Numbers, dates, money and units are formatted by
 * `Intl` before they reach these functions, so a translation only places them.
 */
export interface ReceiptText {
  readonly saleTitle: string;
  readonly topUpTitle: string;
  /** Printed on every receipt made in training mode: nothing was sold. */
  readonly training: string;
  readonly trainingNote: string;
  readonly copy: (copyNumber: string) => string;
  readonly copyPrinted: (when: string) => string;
  /** A sale's receipt printed again after the provider cancelled it: the mark, and where to look. */
  readonly cancelled: string;
  readonly seeCancellation: (receipt: string) => string;
  readonly date: string;
  readonly cashier: string;
  readonly receiptNumber: string;
  readonly package: string;
  readonly data: string;
  readonly unlimited: string;
  readonly validity: string;
  readonly fromFirstUse: (days: string) => string;
  readonly fromPurchase: (days: string) => string;
  readonly coverage: string;
  readonly countries: (count: number, formatted: string) => string;
  readonly price: string;
  readonly quantityTimes: (quantity: string, unit: string) => string;
  readonly total: string;
  readonly esimOf: (index: string, count: string) => string;
  readonly scanToInstall: string;
  readonly mainQrLabel: string;
  readonly manualEntry: string;
  readonly smdpAddress: string;
  readonly activationCode: string;
  readonly iccid: string;
  readonly orderReference: string;
  readonly installTitle: string;
  readonly installSteps: readonly string[];
  readonly installOnce: string;
  readonly packageAdded: string;
  readonly newData: string;
  readonly remainingData: (remaining: string) => string;
  readonly validUntil: string;
  readonly topUpNoNewQr: string;
  readonly cancellationTitle: string;
  readonly goodwillTitle: string;
  readonly originalReceipt: string;
  readonly reason: string;
  readonly providerRefund: string;
  readonly refundMethods: Readonly<Record<'balance' | 'refund_request' | 'separate', string>>;
  readonly cashRefund: string;
  readonly cashRefundPending: string;
  readonly notRecoverable: string;
  readonly thanks: string;
  readonly paidBy: string;
  readonly tenderMethods: Readonly<Record<TenderMethod, string>>;
  readonly amountPaid: string;
  readonly rate: string;
  /** Beside what the shop's rounding step added to the price at the rate ("+IQD 35"). */
  readonly roundedUp: string;
  readonly cashReceived: string;
  readonly change: string;
}

const EN_WORDS = counterWords('en');
const AR_WORDS = counterWords('ar');

const EN: ReceiptText = {
  saleTitle: 'eSIM receipt',
  topUpTitle: 'eSIM top-up receipt',
  training: 'TRAINING',
  trainingNote: 'Training mode: nothing was sold, this eSIM does not work.',
  copy: (n) => `COPY ${n}`,
  copyPrinted: (when) => `Reprinted ${when}`,
  cancelled: 'CANCELLED',
  seeCancellation: (receipt) => `CANCELLED — see cancellation receipt No. ${receipt}`,
  date: 'Date',
  cashier: EN_WORDS.cashier,
  receiptNumber: 'Receipt no.',
  package: EN_WORDS.package,
  data: EN_WORDS.data,
  unlimited: EN_WORDS.unlimited,
  validity: EN_WORDS.validity,
  fromFirstUse: (days) => `${days} from first use`,
  fromPurchase: (days) => `${days} from today`,
  coverage: EN_WORDS.coverage,
  countries: (count, formatted) => pluralForm('en', count, EN_WORDS.countries, formatted),
  price: EN_WORDS.price,
  quantityTimes: (quantity, unit) => `${quantity} × ${unit}`,
  total: EN_WORDS.total,
  esimOf: EN_WORDS.esimOf,
  scanToInstall: 'Scan to install',
  mainQrLabel: 'eSIM installation QR code',
  manualEntry: 'Manual entry',
  smdpAddress: EN_WORDS.smdpAddress,
  activationCode: EN_WORDS.activationCode,
  iccid: 'ICCID',
  orderReference: EN_WORDS.orderReference,
  installTitle: 'How to install',
  // The menu path, then scanning the code above (or typing it), then roaming.
  installSteps: [...DEVICE_INSTALL_STEPS.en, ROAMING_STEP.en],
  installOnce: 'The QR code installs only once. Keep it private and do not delete the eSIM.',
  packageAdded: 'Package added',
  newData: EN_WORDS.dataNow,
  remainingData: (remaining) => `${remaining} left`,
  validUntil: 'Valid until',
  topUpNoNewQr: 'The data was added to the eSIM already on the phone: nothing to install.',
  cancellationTitle: 'eSIM cancellation',
  goodwillTitle: EN_WORDS.goodwillRefund,
  originalReceipt: 'Original receipt',
  reason: EN_WORDS.reason,
  providerRefund: 'Refunded by the provider',
  refundMethods: {
    balance: 'to the account balance',
    refund_request: 'refund requested (in transit)',
    separate: 'settled separately',
  },
  cashRefund: 'Cash refunded',
  cashRefundPending: 'Cash refund: when the provider confirms',
  notRecoverable: 'Not recoverable from the provider',
  thanks: 'Thank you',
  paidBy: 'Paid by',
  tenderMethods: EN_WORDS.tenders,
  amountPaid: 'Amount paid',
  rate: EN_WORDS.exchangeRate,
  roundedUp: 'Rounded up',
  cashReceived: EN_WORDS.cashReceived,
  change: EN_WORDS.change,
};

const AR: ReceiptText = {
  saleTitle: 'إيصال شريحة eSIM',
  topUpTitle: 'إيصال إعادة تعبئة eSIM',
  training: 'تدريب · TRAINING',
  trainingNote: 'وضع التدريب: لم يتم بيع شيء، وهذه الشريحة لا تعمل.',
  copy: (n) => `نسخة ${n} · COPY`,
  copyPrinted: (when) => `أعيدت طباعته ${when}`,
  cancelled: 'ملغاة · CANCELLED',
  seeCancellation: (receipt) => `ملغاة — انظر إيصال الإلغاء رقم ${receipt}`,
  date: 'التاريخ',
  cashier: AR_WORDS.cashier,
  receiptNumber: 'رقم الإيصال',
  package: AR_WORDS.package,
  data: AR_WORDS.data,
  unlimited: AR_WORDS.unlimited,
  validity: AR_WORDS.validity,
  fromFirstUse: (days) => `${days} من أول استخدام`,
  fromPurchase: (days) => `${days} من اليوم`,
  coverage: AR_WORDS.coverage,
  countries: (count, formatted) => pluralForm('ar', count, AR_WORDS.countries, formatted),
  price: AR_WORDS.price,
  quantityTimes: (quantity, unit) => `${quantity} × ${unit}`,
  total: AR_WORDS.total,
  esimOf: AR_WORDS.esimOf,
  scanToInstall: 'امسح الرمز للتثبيت',
  mainQrLabel: 'رمز QR لتثبيت الشريحة',
  manualEntry: 'الإدخال اليدوي',
  smdpAddress: AR_WORDS.smdpAddress,
  activationCode: AR_WORDS.activationCode,
  iccid: 'ICCID',
  orderReference: AR_WORDS.orderReference,
  installTitle: 'طريقة التثبيت',
  installSteps: [...DEVICE_INSTALL_STEPS.ar, ROAMING_STEP.ar],
  installOnce: 'يُثبَّت رمز QR مرة واحدة فقط. احتفظ به لنفسك ولا تحذف الشريحة بعد تثبيتها.',
  packageAdded: 'الباقة المضافة',
  newData: AR_WORDS.dataNow,
  remainingData: (remaining) => `المتبقي ${remaining}`,
  validUntil: 'صالحة حتى',
  topUpNoNewQr: 'أُضيفت البيانات إلى الشريحة المثبتة على الهاتف: لا حاجة لتثبيت أي شيء.',
  cancellationTitle: 'إلغاء شريحة eSIM',
  goodwillTitle: AR_WORDS.goodwillRefund,
  originalReceipt: 'الإيصال الأصلي',
  reason: AR_WORDS.reason,
  providerRefund: 'ما أعاده المزوّد',
  refundMethods: {
    balance: 'إلى رصيد الحساب',
    refund_request: 'طُلب الاسترداد (في الطريق)',
    separate: 'يُسوّى على حدة',
  },
  cashRefund: 'المبلغ المُرجع نقدًا',
  cashRefundPending: 'الإرجاع النقدي: عند تأكيد المزوّد',
  notRecoverable: 'لا يُسترد من المزوّد',
  thanks: 'شكرًا لكم',
  paidBy: 'طريقة الدفع',
  tenderMethods: AR_WORDS.tenders,
  amountPaid: 'المبلغ المدفوع',
  rate: AR_WORDS.exchangeRate,
  roundedUp: 'مقرّب للأعلى',
  cashReceived: AR_WORDS.cashReceived,
  change: AR_WORDS.change,
};

export const receiptText = byLanguage<ReceiptText>({ en: EN, ar: AR });
