import { byLanguage } from '../../shared/by-language';
import { counterWords } from '../../shared/counter-words';
import { DEVICE_INSTALL_STEPS, ROAMING_STEP } from '../../shared/install-steps';

/** What the customer reads on the screen facing them, in their language. */
export interface CustomerText {
  readonly title: string;
  readonly welcome: string;
  readonly idle: string;
  readonly ready: string;
  readonly esimOf: (index: string, count: string) => string;
  readonly qrLabel: string;
  readonly training: string;
  readonly stepsTitle: string;
  readonly steps: readonly string[];
  readonly manualEntry: string;
  readonly smdpAddress: string;
  readonly activationCode: string;
  readonly receiptNote: string;
  readonly disconnected: string;
  readonly preparing: string;
  readonly preparingBody: string;
  readonly toPay: string;
  /** The price in the package's own currency, beneath an amount asked in another. */
  readonly priceIs: (price: string) => string;
  readonly previous: string;
  readonly next: string;
}

const EN_WORDS = counterWords('en');
const AR_WORDS = counterWords('ar');

const EN: CustomerText = {
  title: 'Customer display',
  welcome: 'Welcome',
  idle: 'Your eSIM’s QR code will appear here as soon as your purchase is complete.',
  ready: 'Your eSIM is ready',
  esimOf: EN_WORDS.esimOf,
  qrLabel: 'QR code to install your eSIM',
  training: 'TRAINING: this eSIM is not real and will not work.',
  stepsTitle: 'Install it now',
  steps: [
    ...DEVICE_INSTALL_STEPS.en,
    'Point your phone’s camera at the QR code on this screen.',
    ROAMING_STEP.en,
  ],
  manualEntry: 'No camera? Enter these by hand:',
  smdpAddress: EN_WORDS.smdpAddress,
  activationCode: EN_WORDS.activationCode,
  receiptNote: 'Your receipt has the same QR code. It installs only once: keep it private.',
  disconnected: 'This screen has lost the counter. Please ask the cashier.',
  preparing: 'Your eSIM is being prepared',
  preparingBody:
    'It is paid. The provider is preparing it; the cashier will show it to you when it is ready.',
  toPay: 'Amount to pay',
  priceIs: (price) => `Price: ${price}`,
  previous: 'Previous eSIM',
  next: 'Next eSIM',
};

const AR: CustomerText = {
  title: 'شاشة الزبون',
  welcome: 'أهلًا وسهلًا',
  idle: 'سيظهر هنا رمز QR لشريحتك الإلكترونية فور إتمام الشراء.',
  ready: 'شريحتك الإلكترونية جاهزة',
  esimOf: AR_WORDS.esimOf,
  qrLabel: 'رمز QR لتثبيت شريحتك الإلكترونية',
  training: 'تدريب: هذه الشريحة ليست حقيقية ولن تعمل.',
  stepsTitle: 'ثبّتها الآن',
  steps: [...DEVICE_INSTALL_STEPS.ar, 'وجّه كاميرا الهاتف إلى رمز QR على هذه الشاشة.', ROAMING_STEP.ar],
  manualEntry: 'لا تعمل الكاميرا؟ أدخل هذه البيانات يدويًا:',
  smdpAddress: AR_WORDS.smdpAddress,
  activationCode: AR_WORDS.activationCode,
  receiptNote: 'في إيصالك رمز QR نفسه. يُثبَّت مرة واحدة فقط: احتفظ به لنفسك.',
  disconnected: 'انقطع اتصال هذه الشاشة بنقطة البيع. يرجى إبلاغ الكاشير.',
  preparing: 'يجري تجهيز شريحتك الإلكترونية',
  preparingBody: 'تم الدفع. المزوّد يجهّز الشريحة؛ سيعرضها عليك الكاشير عندما تجهز.',
  toPay: 'المبلغ المطلوب',
  priceIs: (price) => `السعر: ${price}`,
  previous: 'الشريحة السابقة',
  next: 'الشريحة التالية',
};

export const customerText = byLanguage<CustomerText>({ en: EN, ar: AR });
