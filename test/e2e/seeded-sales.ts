import { openJournal } from '../../electron/core/journal/database';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { money } from '../../shared/money';

/**
 * Writes failed sales (they touch no balance) straight into a counter's journal, each at its own
 * instant: a day of sales, or sales on either side of a cut-off, without waiting for the hours between.
 */
export function seedFailedSales(
  dataDir: string,
  sales: readonly { readonly at: number; readonly packageName: string }[],
): void {
  const db = openJournal({ file: `${dataDir}/journal.sqlite` });
  try {
    // The counter's own id: receipt numbers are counted per counter and unique across the journal.
    const { counterId } = db
      .prepare(`SELECT json_extract(value_json, '$') AS counterId FROM settings WHERE key = 'counter.id'`)
      .get() as { counterId: string };
    const journal = new SalesJournal(db);
    db.transaction(() => {
      sales.forEach(({ at, packageName }, i) => {
        const when = new Date(at).toISOString();
        const id = `seed-${String(i).padStart(4, '0')}`;
        journal.createIntent(
          {
            id,
            counterId,
            cashierId: null,
            shiftId: null,
            training: true,
            accountRef: 'seed-account',
            packageCode: `SEED-${i}`,
            packageName,
            quantity: 1,
            idempotencyKey: `SEED-${id}`,
            retailUnit: money(500, 'USD'),
            retailTotal: money(500, 'USD'),
            quotedCost: money(400, 'USD'),
          },
          when,
        );
        journal.markSent(id, when);
        journal.markFailed(id, { code: 'INSUFFICIENT_BALANCE', message: 'not enough balance' }, when);
      });
    })();
  } finally {
    db.close();
  }
}
