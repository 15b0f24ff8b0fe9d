import { describe, expect, it } from 'vitest';
import { accountRefOf } from '../../electron/core/journal/account-scope';
import { checkChain } from '../../electron/core/journal/chain-check';
import { MIGRATIONS } from '../../electron/core/journal/migrations';
import { ReconciliationJournal } from '../../electron/core/reconciliation/reconciliation-journal';
import { money } from '../../shared/money';
import { insertRow, journalAtVersion, sellAsBefore, versionOf } from '../support/journal-versions';
import { tempJournalPerTest } from '../support/temp-journal';

/**
 * Migration 0008 adds the reconciliation's tables beside a journal that already sells and closes
 * shifts. A journal built at version 7 by the real migrations, with a manager and a day's sales as
 * version 7 wrote them, is opened: the reconciliation reads those sales, takes the day's balances and
 * a deposit the old manager enters, and keeps every row it writes as evidence.
 */

const journal = tempJournalPerTest('journal-reconciliation-migration');

const COUNTER = 'C1';
const SCOPE = { training: false, accountRef: accountRefOf('RT-SHOP') };
const DAY = '2026-11-20';

function journalAtVersion7(): void {
  const old = journalAtVersion(journal.file, versionOf('-reconciliation') - 1);
  try {
    insertRow(old, 'settings', { key: 'counter.id', value_json: JSON.stringify(COUNTER) });
    insertRow(old, 'cashiers', {
      id: 'M1',
      name: 'Layla',
      role: 'manager',
      pin_json: null,
      created_at: `${DAY}T07:00:00.000Z`,
    });
    const sale = { accountRef: SCOPE.accountRef, packageCode: 'IQ-5GB' };
    sellAsBefore(old, COUNTER, { ...sale, id: 'done', at: `${DAY}T09:00:00.000Z` }, 'text');
    sellAsBefore(
      old,
      COUNTER,
      { ...sale, id: 'refused', at: `${DAY}T10:00:00.000Z`, outcome: 'failed' },
      'text',
    );
    // Sold before the shop's journal named its account: read with whichever account the counter uses.
    sellAsBefore(old, COUNTER, { id: 'older', at: `${DAY}T11:00:00.000Z` }, 'text');
  } finally {
    old.close();
  }
}

describe('migration 0008 (reconciliation)', () => {
  it("reads a version-7 journal's sales, and keeps the balances and deposits of its old manager as evidence", () => {
    journalAtVersion7();
    const db = journal.open();
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    const reconciliation = new ReconciliationJournal(db, COUNTER);

    const window = { from: new Date(`${DAY}T00:00:00.000Z`), to: new Date(`${DAY}T23:59:59.999Z`) };
    expect(
      reconciliation
        .recordsOf({ firstDay: DAY, lastDay: DAY }, window, SCOPE, 'USD')
        .map((record) => [record.ref.id, record.state, record.cost]),
    ).toEqual([
      ['done', 'completed', money(1100, 'USD')],
      ['refused', 'failed', null],
      ['older', 'completed', money(1100, 'USD')],
    ]);
    expect(reconciliation.recordsByReference('ORD-done', SCOPE, 'USD').map((record) => record.ref)).toEqual([
      { kind: 'sale', id: 'done', receiptNumber: 1 },
    ]);

    const opening = {
      purpose: 'opening',
      takenAt: `${DAY}T07:30:00.000Z`,
      balance: money(50_000, 'USD'),
    } as const;
    const closing = {
      purpose: 'closing',
      takenAt: `${DAY}T20:00:00.000Z`,
      balance: money(47_800, 'USD'),
    } as const;
    reconciliation.addSnapshot(SCOPE, DAY, opening);
    reconciliation.addSnapshot(SCOPE, DAY, closing);
    expect(reconciliation.openingOf(SCOPE, DAY)).toEqual(opening);
    expect(reconciliation.closingOf(SCOPE, DAY)).toEqual(closing);
    const deposit = reconciliation.addDeposit(SCOPE, {
      businessDay: DAY,
      amount: money(10_000, 'USD'),
      note: 'bank transfer',
      enteredBy: { id: 'M1', name: 'Layla' },
      at: `${DAY}T12:00:00.000Z`,
    });
    expect(reconciliation.deposits(SCOPE, { firstDay: DAY, lastDay: DAY })).toEqual([deposit]);
    expect(() =>
      reconciliation.addDeposit(SCOPE, {
        businessDay: DAY,
        amount: money(1, 'USD'),
        note: 'by nobody',
        enteredBy: { id: 'nobody', name: 'Nobody' },
        at: `${DAY}T12:01:00.000Z`,
      }),
    ).toThrow(/FOREIGN KEY/);

    expect(() => db.prepare('UPDATE balance_snapshots SET amount_minor = 0').run()).toThrow(/never changed/);
    expect(() => db.prepare('DELETE FROM provider_deposits').run()).toThrow(/never removed/);
    // The chain version 7 wrote (three links a sale) still holds, with the manager its records never
    // named adopted by migration 0017, and the balances and the deposit follow it.
    expect(checkChain(db, COUNTER)).toMatchObject({ links: 9 + 1 + 3, firstBreak: null, unlinked: [] });
  });
});
