import type { Language } from '../../../shared/domain/common';
import type { StorageTrouble } from '../../../shared/domain/status';
import type { ErrorCode, PosError } from '../../../shared/errors';
import { dateTime, integer, moneyText, time } from './format';
import { inputProblemText } from './input-problems';
import { ar } from './messages-ar';
import { en } from './messages-en';
import { counted, SECONDS } from './plural';
import { esimStatusText } from './provider-words';

/**
 * What the cashier reads for every error code, in both languages: the one place the cashier's words
 * for errors live. The record is keyed by the whole ErrorCode union, so a code added to
 * shared/errors.ts does not compile until it has its words here; a sentence that uses the error's
 * data receives the error with its details typed for that code (the core checked them at the
 * bridge). The core's own message is for logs and support and is never the cashier's sentence.
 */

type Words<C extends ErrorCode> = string | ((error: PosError<C>, language: Language) => string);
type ErrorWords = { readonly [C in ErrorCode]: { readonly en: Words<C>; readonly ar: Words<C> } };

interface JournalWords {
  readonly why: Readonly<Record<StorageTrouble, string>>;
  readonly sale: (id: string) => string;
  readonly topUp: (id: string) => string;
  /** The provider answered a sale or top-up the journal could not record. */
  readonly answerKept: (why: string, record: string) => string;
  /** A write refused before anything was sent. */
  readonly refused: (why: string) => string;
}

const JOURNAL_WORDS: Readonly<Record<Language, JournalWords>> = {
  en: {
    why: {
      busy: 'another program is holding it',
      full: 'the disk is full',
      readonly: 'the disk is read-only',
      io: 'the disk failed to read or write',
      corrupt: 'the journal file is damaged',
    },
    sale: (id) => `Sale ${id}`,
    topUp: (id) => `Top-up ${id}`,
    answerKept: (why, record) =>
      `The provider answered, but this counter could not record the answer (${why}). ${record} is in doubt: do not sell it again. The answer is kept and recorded as soon as the journal can take it; call support if this lasts.`,
    refused: (why) =>
      `This counter cannot write its journal (${why}), so it cannot sell now. Nothing was charged by this action. Call support.`,
  },
  ar: {
    why: {
      busy: 'برنامج آخر يستخدمه',
      full: 'القرص ممتلئ',
      readonly: 'القرص للقراءة فقط',
      io: 'تعذّرت القراءة أو الكتابة على القرص',
      corrupt: 'ملف السجل تالف',
    },
    sale: (id) => `البيع ${id}`,
    topUp: (id) => `التعبئة ${id}`,
    answerKept: (why, record) =>
      `ردّ المزوّد، لكن نقطة البيع لم تتمكن من تسجيل الرد (${why}). ${record} غير مؤكَّد: لا تبِعه مرة أخرى. الرد محفوظ وسيُسجَّل فور أن يقبله السجل؛ اتصل بالدعم إن استمر ذلك.`,
    refused: (why) =>
      `لا تستطيع نقطة البيع الكتابة في سجلها (${why})، فلا يمكنها البيع الآن. لم يُخصم أي مبلغ بهذه العملية. اتصل بالدعم.`,
  },
};

/** JOURNAL_UNAVAILABLE: with a sale or top-up id, the provider had answered and the record is in doubt. */
function journalUnavailable({ details }: PosError<'JOURNAL_UNAVAILABLE'>, language: Language): string {
  const words = JOURNAL_WORDS[language];
  const why = words.why[details?.reason ?? 'io'];
  const record = details?.saleId
    ? words.sale(details.saleId)
    : details?.topUpId
      ? words.topUp(details.topUpId)
      : null;
  return record ? words.answerKept(why, record) : words.refused(why);
}

const ERROR_TEXT: ErrorWords = {
  INVALID_API_KEY: {
    en: 'The provider does not recognise our access code. The manager must check the API credentials in Settings.',
    ar: 'المزوّد لا يتعرّف على رمز الوصول. على المدير مراجعة بيانات الدخول في الإعدادات.',
  },
  INVALID_SIGNATURE: {
    en: 'The provider rejected our signature: the secret key is probably wrong. The manager must re-enter it in Settings.',
    ar: 'رفض المزوّد توقيع الطلب: المفتاح السري غالبًا خاطئ. على المدير إدخاله من جديد في الإعدادات.',
  },
  HMAC_REQUIRED: {
    en: 'The provider asked for a signed request. The counter is misconfigured: call support.',
    ar: 'طلب المزوّد طلبًا موقّعًا. إعدادات نقطة البيع خاطئة: اتصل بالدعم.',
  },
  INVALID_TIMESTAMP: {
    en: "This computer's clock is too far from the provider's. Ask the manager to set the date and time.",
    ar: 'ساعة هذا الجهاز بعيدة جدًا عن ساعة المزوّد. اطلب من المدير ضبط التاريخ والوقت.',
  },
  INVALID_REQUEST_ID: {
    en: 'The provider rejected the request number. Try again; if it repeats, call support.',
    ar: 'رفض المزوّد رقم الطلب. أعد المحاولة؛ وإن تكرر فاتصل بالدعم.',
  },
  DUPLICATE_REQUEST: {
    en: 'The same order is still being processed. Wait a moment and look in Pending before trying again.',
    ar: 'الطلب نفسه ما زال قيد المعالجة. انتظر قليلًا وراجع قائمة الانتظار قبل المحاولة مرة أخرى.',
  },
  INVALID_USER: {
    en: 'This provider account is not a business account and cannot sell. The manager must use business credentials.',
    ar: 'حساب المزوّد هذا ليس حساب أعمال ولا يمكنه البيع. على المدير استخدام بيانات حساب أعمال.',
  },
  MISSING_PACKAGE_CODE: {
    en: 'No package was chosen. Choose a package and sell again.',
    ar: 'لم تُختر أي باقة. اختر باقة وبِع مرة أخرى.',
  },
  INVALID_PACKAGE: {
    en: 'The provider no longer sells this package. Sync the catalogue and choose another one.',
    ar: 'لم يعد المزوّد يبيع هذه الباقة. حدّث قائمة الباقات واختر باقة أخرى.',
  },
  PACKAGE_NOT_FOUND: {
    en: 'This package is not available to our account. Choose another one.',
    ar: 'هذه الباقة غير متاحة لحسابنا. اختر باقة أخرى.',
  },
  PRICE_MISMATCH: {
    en: "The provider's price has changed. Sync the catalogue and check the price with the customer.",
    ar: 'تغيّر سعر المزوّد. حدّث قائمة الباقات وراجع السعر مع الزبون.',
  },
  PRICE_CHANGED: {
    en: ({ details }, language) =>
      details
        ? `The price changed from ${moneyText(details.quoted, language)} to ${moneyText(details.current, language)}: quote again. Nothing was charged.`
        : 'The price changed: quote again. Nothing was charged.',
    ar: ({ details }, language) =>
      details
        ? `تغيّر السعر من ${moneyText(details.quoted, language)} إلى ${moneyText(details.current, language)}: أعد إبلاغ الزبون بالسعر. لم يُخصم أي مبلغ.`
        : 'تغيّر السعر: أعد إبلاغ الزبون بالسعر. لم يُخصم أي مبلغ.',
  },
  INSUFFICIENT_BALANCE: {
    en: ({ details }, language) => {
      const need = details?.needToLoad;
      return need
        ? `Not enough balance: load at least ${moneyText(need, language)} into the account, then sell again. Nothing was charged.`
        : 'Not enough balance in the account: load more, then sell again. Nothing was charged.';
    },
    ar: ({ details }, language) => {
      const need = details?.needToLoad;
      return need
        ? `الرصيد غير كافٍ: اشحن الحساب بمبلغ ${moneyText(need, language)} على الأقل ثم بِع مرة أخرى. لم يُخصم أي مبلغ.`
        : 'الرصيد غير كافٍ: اشحن الحساب ثم بِع مرة أخرى. لم يُخصم أي مبلغ.';
    },
  },
  ORDER_PROCESSING_ERROR: {
    en: 'The provider could not process the order. Nothing was charged; try again in a moment.',
    ar: 'لم يتمكن المزوّد من معالجة الطلب. لم يُخصم أي مبلغ؛ أعد المحاولة بعد قليل.',
  },
  MISSING_ICCID: {
    en: 'No ICCID was given. Scan or type the ICCID.',
    ar: 'لم يُدخل رقم ICCID. امسحه أو اكتبه.',
  },
  ESIM_NOT_TOPPABLE: {
    en: ({ details }) => {
      const status = details?.esimStatus;
      const why = status ? ` Its status: ${esimStatusText(status, en)}.` : '';
      return `This eSIM cannot be topped up now.${why} Top-ups are possible once it is active, used up or expired.`;
    },
    ar: ({ details }) => {
      const status = details?.esimStatus;
      const why = status ? ` حالتها: ${esimStatusText(status, ar)}.` : '';
      return `لا يمكن تعبئة هذه الشريحة الآن.${why} التعبئة ممكنة عندما تكون مفعّلة أو مستهلكة أو منتهية.`;
    },
  },
  ESIM_ACCESS_DENIED: {
    en: 'This eSIM was not sold from our account, so we cannot top it up. The customer must go back to the seller.',
    ar: 'هذه الشريحة لم تُبع من حسابنا، فلا يمكننا تعبئتها. على الزبون مراجعة الجهة التي باعتها.',
  },
  MISSING_IDENTIFIER: {
    en: 'No ICCID was given. Scan or type the ICCID.',
    ar: 'لم يُدخل رقم ICCID. امسحه أو اكتبه.',
  },
  FORBIDDEN: {
    en: 'This eSIM belongs to another account. We cannot act on it.',
    ar: 'هذه الشريحة تابعة لحساب آخر. لا يمكننا التعامل معها.',
  },
  ESIM_NOT_FOUND: {
    en: 'No eSIM has this ICCID. Check the digits or scan again.',
    ar: 'لا توجد شريحة بهذا الرقم. تحقّق من الأرقام أو امسح مرة أخرى.',
  },
  PROVIDER_ERROR: {
    en: 'The mobile network did not answer the provider. Try again in a few minutes.',
    ar: 'لم تردّ شبكة الهاتف على المزوّد. أعد المحاولة بعد بضع دقائق.',
  },
  RATE_LIMIT_EXCEEDED: {
    en: ({ details }, language) => {
      const budget = details?.budget;
      if (budget) {
        const until = dateTime(budget.resetAt, language);
        if (!budget.keptForSales) {
          return `The provider takes no more requests from this account until ${until}: nothing can be sold, topped up or looked up until then. The drawer, receipts and reports still work.`;
        }
        const left =
          budget.limit === null
            ? counted('en', budget.left, { one: '# request', other: '# requests' })
            : `${integer(budget.left, language)} of ${integer(budget.limit, language)} requests`;
        return `The provider's request budget is nearly spent: ${left} left until ${until}, kept for sales. Selling eSIMs still works; lookups, top-ups and checks with the provider wait until then.`;
      }
      return details?.retryAt
        ? `Too many requests to the provider just now. Try again after ${time(details.retryAt, language)}.`
        : 'Too many requests to the provider just now. Wait a minute, then try again.';
    },
    ar: ({ details }, language) => {
      const budget = details?.budget;
      if (budget) {
        const until = dateTime(budget.resetAt, language);
        if (!budget.keptForSales) {
          return `لا يقبل المزوّد أي طلب آخر من هذا الحساب حتى ${until}: لا يمكن البيع ولا التعبئة ولا البحث حتى ذلك الوقت. الدرج والإيصالات والتقارير تعمل كالمعتاد.`;
        }
        const left =
          budget.limit === null
            ? counted('ar', budget.left, {
                zero: '# طلب',
                one: 'طلب واحد',
                two: 'طلبان',
                few: '# طلبات',
                many: '# طلبًا',
                other: '# طلب',
              })
            : `${integer(budget.left, language)} من ${integer(budget.limit, language)} طلب`;
        return `رصيد الطلبات لدى المزوّد يكاد ينفد: بقي ${left} حتى ${until}، محجوزة للبيع. بيع الشرائح ما زال يعمل؛ أما البحث والتعبئة والتحقق لدى المزوّد فتنتظر حتى ذلك الوقت.`;
      }
      return details?.retryAt
        ? `طلبات كثيرة جدًا إلى المزوّد الآن. أعد المحاولة بعد ${time(details.retryAt, language)}.`
        : 'طلبات كثيرة جدًا إلى المزوّد الآن. انتظر دقيقة ثم أعد المحاولة.';
    },
  },
  ORDER_NOT_FOUND: {
    en: 'The provider has no order with this reference. Call support with the receipt number.',
    ar: 'لا يوجد لدى المزوّد طلب بهذا المرجع. اتصل بالدعم وأعطهم رقم الإيصال.',
  },
  MISSING_FIELDS: {
    en: 'The top-up request was incomplete. Choose the eSIM and the package again.',
    ar: 'طلب التعبئة ناقص. اختر الشريحة والباقة من جديد.',
  },
  INVALID_TOPUP_PACKAGE: {
    en: 'This top-up package does not fit this eSIM. Choose one from the list shown for it.',
    ar: 'باقة التعبئة هذه لا تناسب هذه الشريحة. اختر من القائمة المعروضة لها.',
  },
  TOPUP_NOT_SUPPORTED: {
    en: "This eSIM's network does not allow top-ups. Sell a new eSIM instead.",
    ar: 'شبكة هذه الشريحة لا تسمح بالتعبئة. بِع شريحة جديدة بدلًا منها.',
  },
  NOT_ELIGIBLE: {
    en: 'This eSIM is not eligible for this action.',
    ar: 'هذه الشريحة غير مؤهلة لهذا الإجراء.',
  },
  ALREADY_CANCELLED: {
    en: 'This eSIM or order is already cancelled.',
    ar: 'هذه الشريحة أو الطلب ملغى مسبقًا.',
  },
  UNSUPPORTED_PROVIDER: {
    en: "This eSIM's network does not support this action.",
    ar: 'شبكة هذه الشريحة لا تدعم هذا الإجراء.',
  },
  NOT_SUPPORTED: {
    en: 'This is not available here yet.',
    ar: 'هذا غير متاح هنا بعد.',
  },
  SMS_NOT_SUPPORTED: {
    en: 'This eSIM cannot receive SMS from the provider.',
    ar: 'لا يمكن لهذه الشريحة استقبال رسائل من المزوّد.',
  },
  INVALID_ACTION: {
    en: 'The provider does not know this action.',
    ar: 'المزوّد لا يعرف هذا الإجراء.',
  },
  MISSING_MESSAGE: {
    en: 'The message is empty. Write a message first.',
    ar: 'الرسالة فارغة. اكتب رسالة أولًا.',
  },
  MESSAGE_TOO_LONG: {
    en: 'The message is too long: 500 characters at most.',
    ar: 'الرسالة طويلة جدًا: 500 حرف على الأكثر.',
  },
  SMS_FAILED: {
    en: 'The SMS could not be sent. Try again later.',
    ar: 'تعذّر إرسال الرسالة. أعد المحاولة لاحقًا.',
  },
  UNAUTHENTICATED: {
    en: 'The provider did not accept our credentials. The manager must check them in Settings.',
    ar: 'لم يقبل المزوّد بيانات الدخول. على المدير مراجعتها في الإعدادات.',
  },
  USER_NOT_FOUND: {
    en: 'The provider does not know our account. The manager must check the API credentials.',
    ar: 'المزوّد لا يعرف حسابنا. على المدير مراجعة بيانات الدخول.',
  },
  API_ERROR: {
    en: 'The provider answered with an error we do not know. Try again; if it repeats, call support.',
    ar: 'ردّ المزوّد بخطأ غير معروف. أعد المحاولة؛ وإن تكرر فاتصل بالدعم.',
  },
  // The provider not answering is not the shop's internet failing: a counter cannot tell the two apart,
  // so the words name the provider. Nothing was charged only when the request never reached it.
  OFFLINE: {
    en: ({ details }) =>
      details?.outcome === 'rejected'
        ? 'The provider is not answering: no connection to it could be made. Nothing was charged; try again in a moment.'
        : 'The connection to the provider broke before its answer came. A sale whose answer was lost waits in Pending: press Check now there before selling again.',
    ar: ({ details }) =>
      details?.outcome === 'rejected'
        ? 'المزوّد لا يستجيب: تعذّر الاتصال به. لم يُخصم أي مبلغ؛ أعد المحاولة بعد قليل.'
        : 'انقطع الاتصال بالمزوّد قبل وصول ردّه. البيع الذي ضاع رده ينتظر في قائمة الانتظار: اضغط «افحص الآن» هناك قبل البيع مرة أخرى.',
  },
  TIMEOUT: {
    en: 'The provider did not answer in time. A sale whose answer was lost waits in Pending: press Check now there before selling again.',
    ar: 'لم يردّ المزوّد في الوقت المحدد. البيع الذي ضاع رده ينتظر في قائمة الانتظار: اضغط «افحص الآن» هناك قبل البيع مرة أخرى.',
  },
  BAD_RESPONSE: {
    en: ({ details }) => {
      const field = details?.field;
      return `The provider sent an answer we cannot read${field ? ` (${field})` : ''}. Call support.`;
    },
    ar: ({ details }) => {
      const field = details?.field;
      return `أرسل المزوّد ردًا لا يمكن قراءته${field ? ` (${field})` : ''}. اتصل بالدعم.`;
    },
  },
  KEYCHAIN_UNAVAILABLE: {
    en: 'This computer has no OS keychain, so credentials cannot be stored safely. The manager must install or unlock one.',
    ar: 'لا توجد خزنة مفاتيح في هذا الجهاز، فلا يمكن حفظ بيانات الدخول بأمان. على المدير تثبيتها أو فتحها.',
  },
  NOT_CONFIGURED: {
    en: 'No API credentials are set up. The manager must enter them in Settings.',
    ar: 'لم تُضبط بيانات دخول الواجهة. على المدير إدخالها في الإعدادات.',
  },
  INVALID_INPUT: {
    en: (error) =>
      inputProblemText(error, 'en') ?? 'Something entered is not valid. Check the highlighted field.',
    ar: (error) => inputProblemText(error, 'ar') ?? 'أحد المدخلات غير صالح. راجع الحقل المحدد.',
  },
  NOT_FOUND: {
    en: 'This record does not exist on this counter.',
    ar: 'هذا السجل غير موجود في نقطة البيع هذه.',
  },
  CONFIRMATION_REQUIRED: {
    en: 'This needs your confirmation first.',
    ar: 'هذا يحتاج إلى تأكيدك أولًا.',
  },
  PIN_REQUIRED: {
    en: 'This needs the manager PIN.',
    ar: 'هذا يحتاج إلى رمز المدير.',
  },
  PIN_INVALID: {
    en: ({ details }, language) => {
      if (typeof details?.retryAfterSeconds === 'number') {
        return `Too many wrong PINs. Try again in ${counted(language, details.retryAfterSeconds, SECONDS('en'))}.`;
      }
      if (typeof details?.cashier === 'string') {
        return details.inactive
          ? `${details.cashier} is no longer a cashier here. Ask the manager.`
          : `That is not ${details.cashier}'s PIN.`;
      }
      return 'Wrong manager PIN.';
    },
    ar: ({ details }, language) => {
      if (typeof details?.retryAfterSeconds === 'number') {
        return `محاولات خاطئة كثيرة. أعد المحاولة بعد ${counted(language, details.retryAfterSeconds, SECONDS('ar'))}.`;
      }
      if (typeof details?.cashier === 'string') {
        return details.inactive
          ? `${details.cashier} لم يعد كاشيرًا هنا. اسأل المدير.`
          : `هذا ليس رمز ${details.cashier}.`;
      }
      return 'رمز المدير خاطئ.';
    },
  },
  SIGN_IN_REQUIRED: {
    en: 'Sign in first: this needs someone signed in at the counter. Use “Switch cashier” and your PIN.',
    ar: 'سجّل الدخول أولًا: يحتاج هذا إلى شخص مسجّل الدخول في نقطة البيع. استخدم «تبديل الكاشير» ورمزك.',
  },
  INVALID_STATE: {
    en: 'This cannot be done in its current state. Refresh and look again.',
    ar: 'لا يمكن تنفيذ هذا في حالته الحالية. حدّث الشاشة وتحقّق من جديد.',
  },
  PRINT_FAILED: {
    en: ({ details }) => {
      const printer = details?.printer;
      return `The receipt did not print${printer ? ` on ${printer}` : ''}. Check that the printer is on, has paper and is chosen in Settings, then print again.`;
    },
    ar: ({ details }) => {
      const printer = details?.printer;
      return `لم يُطبع الإيصال${printer ? ` على ${printer}` : ''}. تأكّد أن الطابعة تعمل وفيها ورق ومختارة في الإعدادات، ثم اطبع مرة أخرى.`;
    },
  },
  JOURNAL_UNAVAILABLE: { en: journalUnavailable, ar: journalUnavailable },
  DECIDED_NOT_CHARGED: {
    en: "A manager decided that none of the provider's orders is this top-up: it was not charged. Give the customer back what they paid for it.",
    ar: 'قرّر المدير أن أيًّا من طلبات المزوّد ليس هذه التعبئة: لم يُخصم ثمنها. أعِد إلى الزبون ما دفعه مقابلها.',
  },
  INTERNAL: {
    en: 'Something went wrong inside the counter. Nothing was lost; try again or call support.',
    ar: 'حدث خطأ داخل نقطة البيع. لم يُفقد شيء؛ أعد المحاولة أو اتصل بالدعم.',
  },
  HOST_UNREACHABLE: {
    en: 'The counter service does not answer. Check that the counter app is running.',
    ar: 'خدمة نقطة البيع لا تردّ. تأكد من أن تطبيق نقطة البيع يعمل.',
  },
  HOST_UNAUTHORIZED: {
    en: 'This window is no longer signed in to the counter. Open the counter again from the link it printed.',
    ar: 'هذه النافذة لم تعد مسجّلة في نقطة البيع. افتح نقطة البيع من جديد من الرابط الذي أظهرته.',
  },
  SHOP_LEDGER_UNREACHABLE: {
    en: 'The shop ledger does not answer at this address. Check the address and that its server is running; the counter keeps selling meanwhile.',
    ar: 'دفتر المتجر لا يجيب على هذا العنوان. تحقّق من العنوان ومن أن خادمه يعمل؛ نقطة البيع تواصل البيع في الأثناء.',
  },
  SHOP_LEDGER_REFUSED: { en: shopLedgerRefused, ar: shopLedgerRefused },
  TOPUP_LEASE_HELD: {
    en: ({ details }, language) =>
      details
        ? `Counter ${details.counterCode} (${details.counterName}) has been topping up this eSIM since ${time(details.since, language)}. Nothing was sent. Wait for it to finish, then look the eSIM up again.`
        : 'Another counter is topping up this eSIM now. Nothing was sent. Wait for it to finish, then look the eSIM up again.',
    ar: ({ details }, language) =>
      details
        ? `نقطة البيع ${details.counterCode} (${details.counterName}) تعبّئ هذه الشريحة منذ ${time(details.since, language)}. لم يُرسَل شيء. انتظر حتى تنتهي، ثم ابحث عن الشريحة من جديد.`
        : 'نقطة بيع أخرى تعبّئ هذه الشريحة الآن. لم يُرسَل شيء. انتظر حتى تنتهي، ثم ابحث عن الشريحة من جديد.',
  },
  COUNTER_STARTING: {
    en: 'The counter is still starting: it is updating its journal. Nothing was sold or changed; try again when it is ready.',
    ar: 'نقطة البيع ما زالت تبدأ: إنها تحدّث سجلها. لم يُبع شيء ولم يتغيّر شيء؛ أعد المحاولة حين تصبح جاهزة.',
  },
};

/** SHOP_LEDGER_REFUSED: what the ledger refused, said for the manager who can change it. */
function shopLedgerRefused({ details }: PosError<'SHOP_LEDGER_REFUSED'>, language: Language): string {
  return { en, ar }[language].shopLedger.problems[details?.reason ?? 'credentials'];
}

/** The cashier's sentence for an error, in the language; the core's own message stays for support. */
export function errorMessage(error: PosError, language: Language): string {
  // The words are looked up by this error's own code, so they take this very error.
  const words = ERROR_TEXT[error.code][language] as Words<ErrorCode>;
  return typeof words === 'string' ? words : words(error, language);
}
