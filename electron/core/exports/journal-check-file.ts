import type { JournalCheck } from '../../../shared/domain/journal-check';
import { type CsvCell, csvDocument, timeCells } from './csv';

/**
 * The journal's chain check as one more file of an export: when it ran, what it checked, and whether
 * the chain holds or where it first breaks (its kind at its place), and the money rows the chain has
 * no record of (they prove nothing: the first twenty, as table/key, and how many), so a file handed
 * to an accountant says whether the journal it came from was intact. Times are the shop's (timeCells).
 */
export function journalCheckCsv(check: JournalCheck, counterCode: string | null, timeZone: string): string {
  const first = check.firstBreak;
  const text = (value: string | null | undefined): CsvCell => ({ text: value ?? null });
  const count = (value: number | null | undefined): CsvCell => ({ count: value ?? null });
  return csvDocument(
    [
      'counter',
      'checked_at',
      'checked_at_local',
      'counter_id',
      'result',
      'records',
      'head_record',
      'head_hash',
      'z_heads_checked',
      'break_kind',
      'break_record',
      'break_other_record',
      'break_record_kind',
      'break_subject',
      'break_at',
      'break_at_local',
      'break_table',
      'break_row',
      'break_z_number',
      'rows_with_no_record',
      'rows_with_no_record_listed',
    ],
    [
      [
        // The counter as every other file names it (export-tables.ts, COUNTER).
        text(counterCode ?? check.counterId),
        ...timeCells(check.checkedAt, timeZone),
        text(check.counterId),
        text(first ? 'broken' : 'holds'),
        count(check.links),
        count(check.head?.seq),
        text(check.head?.hash),
        count(check.zHeads),
        text(first?.kind),
        count(first?.seq),
        count(first?.otherSeq),
        text(first?.recordKind),
        text(first?.subject),
        ...timeCells(first?.at, timeZone),
        text(first?.table),
        text(first?.rowId),
        count(first?.zNumber),
        count(check.unlinkedCount),
        text(check.unlinked.map((row) => `${row.table}/${row.id}`).join(' ') || null),
      ],
    ],
  );
}
