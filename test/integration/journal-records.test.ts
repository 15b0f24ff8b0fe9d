import { describe, expect, it } from 'vitest';
import { nextReceiptNumber } from '../../electron/core/journal/receipt-numbers';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { TopUpsJournal } from '../../electron/core/journal/topups-journal';
import { ACCOUNT, newSale, newTopUp } from '../support/journal-records';
import { journalAtVersion, versionOf } from '../support/journal-versions';
import { tempJournalPerTest } from '../support/temp-journal';

/** What every sale and top-up carries from its birth: where it comes from, and its receipt number. */

const journal = tempJournalPerTest('journal-records');

const at = (second: number): string => `2026-11-22T10:00:${String(second).padStart(2, '0')}.000Z`;

describe('a record origin', () => {
  it('is written and read the same way for sales and top-ups, with the account kept in the journal only', () => {
    const db = journal.open();
    const origin = { counterId: 'C7', cashierId: 'K1', shiftId: 'S1', training: false, accountRef: ACCOUNT };
    const sale = new SalesJournal(db).createIntent(newSale({ id: 's1', ...origin }), at(1));
    const topUp = new TopUpsJournal(db).createIntent(
      newTopUp({ id: 't1', ...origin }),
      at(2),
      at(0),
      () => {},
    );
    const { accountRef, ...shown } = origin;
    expect(sale).toMatchObject({ id: 's1', ...shown });
    expect(topUp).toMatchObject({ id: 't1', ...shown });
    expect(sale).not.toHaveProperty('accountRef');
    for (const table of ['sales', 'topups']) {
      expect(db.prepare(`SELECT account_ref FROM ${table}`).get()).toEqual({ account_ref: accountRef });
    }
  });
});

describe('receipt numbers', () => {
  it('are one sequence per counter and mode, shared by sales and top-ups', () => {
    const db = journal.open();
    const sales = new SalesJournal(db);
    const topUps = new TopUpsJournal(db);
    const numbers = [
      sales.createIntent(newSale({ training: true }), at(1)).receiptNumber,
      topUps.createIntent(newTopUp({ training: true }), at(2), at(0), () => {}).receiptNumber,
      sales.createIntent(newSale({ training: true }), at(3)).receiptNumber,
      sales.createIntent(newSale({ training: false }), at(4)).receiptNumber,
      topUps.createIntent(newTopUp({ training: false, iccid: '8988000000000000002' }), at(5), at(0), () => {})
        .receiptNumber,
    ];
    expect(numbers).toEqual([1, 2, 3, 1, 2]);
  });

  it('have no gaps: a record that is not written gives its number back', () => {
    const db = journal.open();
    const sales = new SalesJournal(db);
    const topUps = new TopUpsJournal(db);
    sales.createIntent(newSale({ idempotencyKey: 'same' }), at(1));
    expect(() => sales.createIntent(newSale({ idempotencyKey: 'same' }), at(2))).toThrow(/UNIQUE/);
    expect(() =>
      topUps.createIntent(newTopUp({ training: true }), at(3), at(0), () => {
        throw new Error('refused by the repeat guard');
      }),
    ).toThrow('refused');
    expect(sales.createIntent(newSale(), at(4)).receiptNumber).toBe(2);
  });

  it('are taken only inside the transaction that writes the record', () => {
    const db = journal.open();
    expect(() => nextReceiptNumber(db, { counterId: 'C1', training: true })).toThrow(
      /inside the transaction/,
    );
  });
});

describe('migration 0004 (receipt counters)', () => {
  it('continues after the largest number either table holds, per counter and mode', () => {
    const old = journalAtVersion(journal.file, versionOf('-receipt-counters') - 1);
    const sale = old.prepare(
      `INSERT INTO sales (id, receipt_number, counter_id, training, state, package_code, package_name, quantity,
         idempotency_key, currency, retail_unit_minor, retail_total_minor, created_at, updated_at, state_since)
       VALUES (@id, @receipt, 'C1', @training, 'failed', 'PKG', 'Iraq 5 GB', 1, @id, 'USD', 1500, 1500, @at, @at,
         @at)`,
    );
    const topUp = old.prepare(
      `INSERT INTO topups (id, receipt_number, counter_id, training, state, iccid, package_code, package_name,
         currency, retail_minor, quoted_cost_minor, before_taken_at, before_raw, created_at, updated_at, state_since)
       VALUES (@id, @receipt, 'C1', @training, 'failed', '8988000000000000001', 'TOP', 'Top-up 1 GB', 'USD', 600,
         450, @at, '{}', @at, @at, @at)`,
    );
    // Before version 4 each table counted its own: live sales reached 7, live top-ups 9, training sales 3.
    sale.run({ id: 'live-sale', receipt: 7, training: 0, at: at(0) });
    topUp.run({ id: 'live-topup', receipt: 9, training: 0, at: at(0) });
    sale.run({ id: 'training-sale', receipt: 3, training: 1, at: at(0) });
    old.close();
    const db = journal.open();
    const sales = new SalesJournal(db);
    expect(sales.createIntent(newSale({ training: false }), at(1)).receiptNumber).toBe(10);
    expect(sales.createIntent(newSale({ training: true }), at(2)).receiptNumber).toBe(4);
    expect(
      new TopUpsJournal(db).createIntent(newTopUp({ training: false }), at(3), at(0), () => {}).receiptNumber,
    ).toBe(11);
  });
});
