import type { RecordOrigin } from '../../../shared/domain/record-origin';
import type { Db } from './database';
import { issuedNumbersOf } from './issued-numbers';

/**
 * The one place receipt numbers come from: a sequence per counter and mode (training or live), shared
 * by sales and top-ups, so a number names one receipt of that counter. It is taken inside the
 * transaction that writes the record: a record that is not written gives its number back, so the
 * sequence has no gaps, and a number once written is never given again, as the end-of-day report
 * needs: not even by a journal brought back from before it (issued-numbers.ts).
 */
export function nextReceiptNumber(db: Db, origin: Pick<RecordOrigin, 'counterId' | 'training'>): number {
  if (!db.inTransaction) {
    throw new Error('a receipt number is taken only inside the transaction that writes its record');
  }
  const sequence = { kind: 'receipt', counterId: origin.counterId, training: origin.training } as const;
  const numbers = issuedNumbersOf(db);
  // Above every number this counter issued, also those a journal brought back no longer holds.
  const issued = numbers?.highest(sequence) ?? 0;
  const row = db
    .prepare(
      `INSERT INTO receipt_counters (counter_id, training, last_number) VALUES (@counterId, @training, @issued + 1)
       ON CONFLICT (counter_id, training) DO UPDATE SET last_number = max(last_number, @issued) + 1
       RETURNING last_number`,
    )
    .get({ counterId: origin.counterId, training: origin.training ? 1 : 0, issued }) as {
    last_number: number;
  };
  numbers?.taken(sequence, row.last_number);
  return row.last_number;
}
