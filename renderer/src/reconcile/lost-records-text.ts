import { byLanguage } from '../../../shared/by-language';
import { counterWords } from '../../../shared/counter-words';
import type { Language } from '../../../shared/domain/common';
import type { MissingNumbers } from '../../../shared/domain/lost-records';
import type { ProviderOrder } from '../../../shared/domain/provider-order';
import { careText } from '../care/care-text';
import { integer } from '../i18n/format';
import { messagesFor } from '../i18n/messages';
import { doubtText } from '../screens/topup/doubt-text';

/** The words of what a journal brought back lacks, per language. */
export interface LostRecordsText {
  readonly title: string;
  readonly broughtBack: (at: string, from: string | null) => string;
  readonly since: (at: string) => string;
  readonly numbers: (numbers: readonly MissingNumbers[]) => string;
  readonly notRead: string;
  readonly candidatesHint: string;
  readonly none: string;
  readonly incomplete: string;
  readonly reference: string;
  readonly placedAt: string;
  readonly packageName: string;
  readonly amount: string;
  readonly status: string;
  readonly statuses: Readonly<Record<NonNullable<ProviderOrder['status']>, string>>;
  readonly acknowledge: string;
  readonly seen: (by: string, at: string) => string;
}

function span(numbers: MissingNumbers, language: Language): string {
  const from = integer(numbers.from, language);
  return numbers.from === numbers.to ? from : `${from}–${integer(numbers.to, language)}`;
}

const EN_WORDS = counterWords('en');
const AR_WORDS = counterWords('ar');
const EN_SCREEN = messagesFor('en');
const AR_SCREEN = messagesFor('ar');
const EN_DOUBT = doubtText('en');
const AR_DOUBT = doubtText('ar');

/** A provider order's status in the words a sale's state and a cancellation's say it. */
function orderStatuses(language: Language): LostRecordsText['statuses'] {
  const { saleStates } = counterWords(language);
  return {
    completed: saleStates.completed,
    pending: saleStates.pending,
    failed: saleStates.failed,
    cancelled: careText(language).states.cancelled,
  };
}

const EN: LostRecordsText = {
  title: 'Records the journal lacks',
  broughtBack: (at, from) =>
    from === null
      ? `The journal was opened as it is on ${at}, after its write-ahead log was lost.`
      : `The journal was brought back from a backup on ${at} (${from}).`,
  since: (at) => `Everything recorded after ${at} is not in it.`,
  numbers: (numbers) =>
    `Issued meanwhile, not in the journal: ${numbers
      .map((each) =>
        each.kind === 'z'
          ? `Z ${span(each, 'en')}`
          : `${each.training ? 'training receipts' : 'receipts'} ${span(each, 'en')}`,
      )
      .join(', ')}. Numbering continues above them.`,
  notRead: "The provider's orders of that time are not read yet; the counter keeps trying.",
  candidatesHint:
    "The provider's orders of that time that no record holds. Each may be a lost sale or top-up of this counter, or another writer's on the account. Nothing was sent again and nothing was booked.",
  none: 'The provider lists no such order.',
  incomplete: 'The order list could not be read to its end: there may be more.',
  reference: EN_DOUBT.order,
  placedAt: EN_DOUBT.placed,
  packageName: EN_WORDS.package,
  amount: EN_SCREEN.amount,
  status: EN_SCREEN.status,
  statuses: orderStatuses('en'),
  acknowledge: 'A manager has seen these',
  seen: (by, at) => `Seen by ${by} on ${at}.`,
};

const AR: LostRecordsText = {
  title: 'سجلات ينقصها السجل',
  broughtBack: (at, from) =>
    from === null
      ? `فُتح السجل كما هو في ${at}، بعد فقد سجل الكتابة المسبقة.`
      : `استُعيد السجل من نسخة احتياطية في ${at} (${from}).`,
  since: (at) => `كل ما سُجّل بعد ${at} ليس فيه.`,
  numbers: (numbers) =>
    `أرقام صدرت في تلك المدة وليست في السجل: ${numbers
      .map((each) =>
        each.kind === 'z'
          ? `Z ${span(each, 'ar')}`
          : `${each.training ? 'إيصالات التدريب' : 'الإيصالات'} ${span(each, 'ar')}`,
      )
      .join('، ')}. يستمر الترقيم بعدها.`,
  notRead: 'لم تُقرأ طلبات المزوّد في تلك المدة بعد؛ يواصل الجهاز المحاولة.',
  candidatesHint:
    'طلبات المزوّد في تلك المدة التي لا يحملها أي سجل. قد يكون كل منها عملية بيع أو شحن مفقودة لهذا الجهاز، أو لجهة أخرى على الحساب. لم يُرسل شيء مرة أخرى ولم يُسجَّل شيء.',
  none: 'لا يذكر المزوّد أي طلب كهذا.',
  incomplete: 'تعذّرت قراءة قائمة الطلبات إلى نهايتها: قد يكون هناك المزيد.',
  reference: AR_DOUBT.order,
  placedAt: AR_DOUBT.placed,
  packageName: AR_WORDS.package,
  amount: AR_SCREEN.amount,
  status: AR_SCREEN.status,
  statuses: orderStatuses('ar'),
  acknowledge: 'اطّلع المدير على هذه الطلبات',
  seen: (by, at) => `اطّلع عليها ${by} في ${at}.`,
};

export const lostRecordsText = byLanguage<LostRecordsText>({ en: EN, ar: AR });
