import type { Language } from '../../../shared/domain/common';
import type { InputProblem, PosError } from '../../../shared/errors';
import { moneyText } from './format';

/**
 * What the cashier reads for a field the core refused, by the problem it named. `field` is the
 * issue's path: for a drawer count it is the currency counted, which the words name. `limit` is the
 * most the field may hold, in the reader's language, when the core named it.
 */
type ProblemWords = Readonly<Record<InputProblem, (field: string, limit: string | null) => string>>;

const currencyOf = (field: string): string => (/^[A-Z]{3}$/.test(field) ? field : '');

const WORDS: Readonly<Record<Language, ProblemWords>> = {
  en: {
    not_above_zero: () => 'Enter an amount above zero.',
    zero_amount: () => 'A correction must move some money: enter an amount other than zero.',
    below_zero: (field) => `A count is never below zero. Check the ${currencyOf(field)} count.`,
    not_a_number: () => 'Enter a number, for example 1310 or 1310.50.',
    reason_needed: () => 'Write the reason in the highlighted field.',
    currency_not_in_drawer: (field) =>
      `This drawer does not hold ${currencyOf(field) || 'that currency'}. Choose one of the drawer's currencies.`,
    same_currency: () => 'A rate is between two different currencies.',
    unknown_time_zone: () => 'That is not a time zone. Use a name such as Asia/Baghdad.',
    counted_twice: () => 'Each currency is counted once.',
    count_missing: (field) =>
      currencyOf(field)
        ? `Count the ${currencyOf(field)} too: every currency in the drawer is counted.`
        : 'Count every currency of the drawer, even at zero.',
    count_not_summed: (field) =>
      `The ${currencyOf(field)} notes and coins do not add up to the amount counted.`,
    less_than_due: () => 'The cash handed over is less than the amount due.',
    exact_amount_only: () => 'A card or transfer payment is for the amount due exactly.',
    name_taken: () => 'There is already a cashier with this name. Choose another.',
    first_manager_stays: () => 'The first manager signs in with the manager PIN and stays an active manager.',
    manager_pin_in_settings: () => "The first manager's PIN is the manager PIN: change it in Settings.",
    more_than_paid: (_field, limit) =>
      limit
        ? `At most ${limit} can be refunded: what the customer paid, less what was refunded before.`
        : 'A refund is never more than the customer paid.',
    currency_not_paid: (_field, limit) =>
      `The customer did not pay in this currency. Refund in the currency paid${limit ? `: at most ${limit}` : ''}.`,
    more_than_drawer: (_field, limit) =>
      limit
        ? `The drawer should hold only ${limit} in this currency: a refund cannot be more.`
        : 'A refund is never more than the drawer holds.',
    no_such_z: () => 'No closed shift has this Z number. Type the number printed on the Z report.',
  },
  ar: {
    not_above_zero: () => 'أدخل مبلغًا أكبر من صفر.',
    zero_amount: () => 'التصحيح يحرّك مبلغًا: أدخل مبلغًا غير الصفر.',
    below_zero: (field) => `العدّ لا يكون أقل من صفر. راجع عدّ ${currencyOf(field)}.`,
    not_a_number: () => 'أدخل رقمًا، مثل 1310 أو 1310.50.',
    reason_needed: () => 'اكتب السبب في الحقل المحدد.',
    currency_not_in_drawer: (field) =>
      `هذا الدرج لا يحمل ${currencyOf(field) || 'هذه العملة'}. اختر إحدى عملات الدرج.`,
    same_currency: () => 'السعر يكون بين عملتين مختلفتين.',
    unknown_time_zone: () => 'هذه ليست منطقة زمنية. استخدم اسمًا مثل Asia/Baghdad.',
    counted_twice: () => 'تُعدّ كل عملة مرة واحدة.',
    count_missing: (field) =>
      currencyOf(field)
        ? `اعدد ${currencyOf(field)} أيضًا: تُعدّ كل عملات الدرج.`
        : 'اعدد كل عملات الدرج، ولو كانت صفرًا.',
    count_not_summed: (field) => `أوراق وقطع ${currencyOf(field)} لا يساوي مجموعها المبلغ المعدود.`,
    less_than_due: () => 'النقد المدفوع أقل من المبلغ المستحق.',
    exact_amount_only: () => 'الدفع بالبطاقة أو التحويل يكون بالمبلغ المستحق تمامًا.',
    name_taken: () => 'يوجد كاشير بهذا الاسم. اختر اسمًا آخر.',
    first_manager_stays: () => 'المدير الأول يدخل برمز المدير ويبقى مديرًا نشطًا.',
    manager_pin_in_settings: () => 'رمز المدير الأول هو رمز المدير: غيّره من الإعدادات.',
    more_than_paid: (_field, limit) =>
      limit
        ? `أقصى ما يمكن ردّه ${limit}: ما دفعه الزبون مطروحًا منه ما رُدّ إليه من قبل.`
        : 'لا يزيد الاسترداد أبدًا على ما دفعه الزبون.',
    currency_not_paid: (_field, limit) =>
      `لم يدفع الزبون بهذه العملة. ردّ المبلغ بالعملة التي دفع بها${limit ? `: ${limit} كحدّ أقصى` : ''}.`,
    more_than_drawer: (_field, limit) =>
      limit
        ? `يُفترض ألّا يحوي الدرج من هذه العملة إلا ${limit}: لا يمكن أن يزيد الاسترداد على ذلك.`
        : 'لا يزيد الاسترداد أبدًا على ما في الدرج.',
    no_such_z: () => 'لا توجد وردية مغلقة بهذا الرقم. اكتب الرقم المطبوع على تقرير Z.',
  },
};

/** The words for the first issue that names its problem, or null when none does. */
export function inputProblemText(error: PosError<'INVALID_INPUT'>, language: Language): string | null {
  const issue = error.details?.issues.find((each) => each.problem !== undefined);
  if (!issue?.problem) return null;
  return WORDS[language][issue.problem](issue.path, issue.limit ? moneyText(issue.limit, language) : null);
}
