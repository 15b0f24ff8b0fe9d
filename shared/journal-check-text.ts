import { byLanguage } from './by-language';
import { counterWords } from './counter-words';
import type { Language } from './domain/common';
import type { ChainBreak, JournalCheck } from './domain/journal-check';
import { reportText } from './report-text';

/**
 * The words of the journal's chain check, per language: the Z prints them, and the manager's check
 * and the exports say them on the screen, so paper and screen name a break the same way. Numbers come
 * formatted (`Intl`) by the caller. A record of the chain is "record N", as the manager's check has
 * always counted them.
 */
export interface JournalCheckText {
  readonly title: string;
  /** The chain, every Z's head and every money row hold. */
  readonly holds: (records: string, zHeads: string) => string;
  /** The first break, by its kind at its place. */
  readonly broken: (first: ChainBreak, number: (value: number) => string) => string;
  /** Money rows with no record, besides the one a first break names: they prove nothing. */
  readonly unlinked: (count: string) => string;
  readonly checkedAt: string;
}

/**
 * What each chained table's row is called, as a break names it. English writes it inside a sentence,
 * in small letters; Arabic says the counter's own word.
 */
type RowWords = Readonly<Record<string, string>>;

const EN_ROWS: RowWords = {
  sales: 'sale',
  topups: 'top-up',
  shifts: 'shift',
  cash_movements: 'cash movement',
  drawer_counts: 'drawer count',
  corrections: 'correction',
  z_reports: reportText('en').zTitle,
  exchange_rates: 'exchange rate',
  cashiers: 'cashier',
  cancellations: 'cancellation',
  provider_deposits: 'provider deposit',
  balance_snapshots: 'balance reading',
  reconciliation_runs: 'reconciliation',
  reconciliation_resolutions: 'reconciliation decision',
};

const AR_ROWS: RowWords = {
  sales: 'البيع',
  topups: 'إعادة التعبئة',
  shifts: counterWords('ar').shift,
  cash_movements: 'حركة النقد',
  drawer_counts: 'عدّ الدرج',
  corrections: 'التصحيح',
  z_reports: reportText('ar').zTitle,
  exchange_rates: counterWords('ar').exchangeRate,
  cashiers: counterWords('ar').cashier,
  cancellations: 'الإلغاء',
  provider_deposits: 'الإيداع لدى المزوّد',
  balance_snapshots: 'قراءة الرصيد',
  reconciliation_runs: 'المطابقة',
  reconciliation_resolutions: 'قرار المطابقة',
};

const EN_KINDS: Readonly<Record<ChainBreak['kind'], string>> = {
  gap: 'a gap',
  reorder: 'out of order',
  changed_link: 'an edited record',
  changed_row: 'a changed row',
  deleted_row: 'a deleted row',
  unlinked_row: 'a row with no record',
  z_head: 'a rewritten chain',
};

const AR_KINDS: Readonly<Record<ChainBreak['kind'], string>> = {
  gap: 'فجوة',
  reorder: 'خلل في الترتيب',
  changed_link: 'قيد معدَّل',
  changed_row: 'صف تغيّر',
  deleted_row: 'صف محذوف',
  unlinked_row: 'صف بلا قيد',
  z_head: 'سلسلة أُعيدت كتابتها',
};

/** "record 12 (sale.completed, <subject>)": the record at a place, as it reads. */
function recordAt(word: string, first: ChainBreak, n: string): string {
  const about = [first.recordKind, first.subject].filter((part) => part !== null).join(', ');
  return about ? `${word} ${n} (${about})` : `${word} ${n}`;
}

const EN: JournalCheckText = {
  title: 'Journal check',
  holds: (records, zHeads) =>
    `The journal holds, nothing changed: ${records} records, ${zHeads} Z heads and every money row checked.`,
  broken: (first, number) => {
    const n = (value: number | null): string => number(value ?? 0);
    const row = `the ${EN_ROWS[first.table ?? ''] ?? first.table} ${first.rowId}`;
    const what = {
      gap:
        first.seq === first.otherSeq
          ? `record ${n(first.seq)} is missing`
          : `records ${n(first.seq)} to ${n(first.otherSeq)} are missing`,
      reorder: `${recordAt('record', first, n(first.seq))} stands out of its order: it is record ${n(first.otherSeq)}`,
      changed_link: `${recordAt('record', first, n(first.seq))} was edited`,
      changed_row: `${row} changed after ${recordAt('record', first, n(first.seq))} wrote it`,
      deleted_row: `${row} was deleted after ${recordAt('record', first, n(first.seq))} wrote it`,
      unlinked_row: `${row} has no record in the chain: it was written behind the journal's back`,
      z_head: `the chain no longer holds record ${n(first.seq)} as Z ${n(first.zNumber)} printed it: it was rewritten`,
    }[first.kind];
    return `THE JOURNAL IS BROKEN. First break, ${EN_KINDS[first.kind]}: ${what}.`;
  },
  unlinked: (count) => `Money rows with no record in the chain, which prove nothing: ${count}.`,
  checkedAt: 'Checked',
};

const AR: JournalCheckText = {
  title: 'فحص السجل',
  holds: (records, zHeads) =>
    `السجل سليم ولم يتغير شيء. القيود المفحوصة: ${records}؛ رؤوس تقارير Z: ${zHeads}؛ وكل قيود المال.`,
  broken: (first, number) => {
    const n = (value: number | null): string => number(value ?? 0);
    const row = `${AR_ROWS[first.table ?? ''] ?? first.table} ${first.rowId}`;
    const what = {
      gap:
        first.seq === first.otherSeq
          ? `القيد ${n(first.seq)} مفقود`
          : `القيود من ${n(first.seq)} إلى ${n(first.otherSeq)} مفقودة`,
      reorder: `${recordAt('القيد', first, n(first.seq))} في غير موضعه: إنه القيد ${n(first.otherSeq)}`,
      changed_link: `${recordAt('القيد', first, n(first.seq))} عُدّل`,
      changed_row: `تغيّر ${row} بعد أن كتبه ${recordAt('القيد', first, n(first.seq))}`,
      deleted_row: `حُذف ${row} بعد أن كتبه ${recordAt('القيد', first, n(first.seq))}`,
      unlinked_row: `${row} ليس له قيد في السلسلة: كُتب من وراء السجل`,
      z_head: `لم تعد السلسلة تحمل القيد ${n(first.seq)} كما طبعه تقرير Z رقم ${n(first.zNumber)}: أُعيدت كتابتها`,
    }[first.kind];
    return `السجل مكسور. أول كسر، ${AR_KINDS[first.kind]}: ${what}.`;
  },
  unlinked: (count) => `قيود مال ليس لها قيد في السلسلة، فلا تُثبت شيئًا: ${count}.`,
  checkedAt: 'وقت الفحص',
};

export const journalCheckText = byLanguage<JournalCheckText>({ en: EN, ar: AR });

/** The check in one sentence (or two, when rows have no record besides the one the first break names). */
export function journalCheckSentence(
  check: JournalCheck,
  language: Language,
  number: (value: number) => string,
): string {
  const text = journalCheckText(language);
  if (!check.firstBreak) return text.holds(number(check.links), number(check.zHeads));
  const named = check.firstBreak.kind === 'unlinked_row' ? 1 : 0;
  const more = check.unlinkedCount > named ? ` ${text.unlinked(number(check.unlinkedCount))}` : '';
  return `${text.broken(check.firstBreak, number)}${more}`;
}
