import type { RecordOrigin } from '../../../shared/domain/record-origin';
import type { Db } from './database';

/**
 * The one place receipt numbers come from: a sequence per counter and mode (training or live), shared
 * by sales and top-ups, so a number names one receipt of that counter. It is taken inside the
 * transaction that writes the record: a record that is not written gives its number back, so the
 * sequence has no gaps, and a number once written is never given again, as the end-of-day report
 * needs.
 */
export function nextReceiptNumber(db: Db, origin: Pick<RecordOrigin, 'counterId' | 'training'>): number {
  if (!db.inTransaction) {
    throw new Error('a receipt number is taken only inside the transaction that writes its record');
  }
  const row = db
    .prepare(
      `INSERT INTO receipt_counters (counter_id, training, last_number) VALUES (@counterId, @training, 1)
       ON CONFLICT (counter_id, training) DO UPDATE SET last_number = last_number + 1
       RETURNING last_number`,
    )
    .get({ counterId: origin.counterId, training: origin.training ? 1 : 0 }) as { last_number: number };
  return row.last_number;
}
