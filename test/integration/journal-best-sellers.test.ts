import { describe, expect, it } from 'vitest';
import type { Db } from '../../electron/core/journal/database';
import { MIGRATIONS } from '../../electron/core/journal/migrations';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { newSale, saleCompletion } from '../support/journal-records';
import { journalAtVersion, sellAsBefore, versionOf } from '../support/journal-versions';
import { tempJournalPerTest } from '../support/temp-journal';

/**
 * Best sellers are read from the week's totals (migration 0013), kept as sales complete and summed
 * again from the per-day summary when the week starts another day. Whatever the order of sales,
 * completions and days asked for, they rank exactly as the completed sales of the week do.
 */

const journal = tempJournalPerTest('journal-best-sellers');

interface Seller {
  readonly sales: SalesJournal;
  /** Journals a sale sent at `when`, completed at once or left pending; returns its id. */
  sell(code: string, quantity: number, when: string, complete?: boolean): string;
  complete(id: string, when: string): void;
}

function seller(db: Db): Seller {
  const sales = new SalesJournal(db);
  const complete = (id: string, when: string): void => {
    sales.markCompleted(id, saleCompletion({ orderReference: `ORD-${id}` }), when);
  };
  return {
    sales,
    complete,
    sell(code, quantity, when, completeNow = true) {
      const { id } = sales.createIntent(newSale({ packageCode: code, quantity }), when);
      sales.markSent(id, when);
      if (completeNow) complete(id, when);
      return id;
    },
  };
}

/** The ranking straight from the sales: what the week's totals must always agree with. */
function rankedFromSales(db: Db, firstDay: string): string[] {
  return (
    db
      .prepare(
        `SELECT package_code FROM sales WHERE state = 'completed' AND substr(created_at, 1, 10) >= ?
         GROUP BY package_code ORDER BY sum(quantity) DESC, max(created_at) DESC`,
      )
      .all(firstDay) as { package_code: string }[]
  ).map((row) => row.package_code);
}

describe("best sellers from the week's totals", () => {
  it('count the week again when it starts another day, forwards or back', () => {
    const { sales, sell } = seller(journal.open());
    sell('OLD', 10, '2026-11-01T10:00:00.000Z');
    sell('A', 1, '2026-11-20T10:00:00.000Z');
    sell('B', 3, '2026-11-21T09:00:00.000Z');
    sell('A', 1, '2026-11-22T08:00:00.000Z');
    expect(sales.bestSellers('2026-11-15T10:00:00.000Z', 10)).toEqual(['B', 'A']);
    expect(sales.bestSellers('2026-11-22T07:00:00.000Z', 10)).toEqual(['A']);
    // The clock put back: the week starts earlier again, and its days are counted again.
    expect(sales.bestSellers('2026-10-30T10:00:00.000Z', 10)).toEqual(['OLD', 'B', 'A']);
    expect(sales.bestSellers('2026-10-30T10:00:00.000Z', 2)).toEqual(['OLD', 'B']);
  });

  it('add a sale as it completes, late ones too, but only for a day inside the week', () => {
    const db = journal.open();
    const { sales, sell, complete } = seller(db);
    const before = sell('EARLY', 5, '2026-11-14T23:00:00.000Z', false);
    const inside = sell('LATE', 2, '2026-11-16T09:00:00.000Z', false);
    sell('A', 1, '2026-11-16T10:00:00.000Z');
    expect(sales.bestSellers('2026-11-15T10:00:00.000Z', 10)).toEqual(['A']);
    sell('B', 1, '2026-11-22T10:00:00.000Z');
    // A tie in eSIMs sold goes to the package sold last.
    expect(sales.bestSellers('2026-11-15T10:00:00.000Z', 10)).toEqual(['B', 'A']);
    complete(inside, '2026-11-22T10:05:00.000Z');
    complete(before, '2026-11-22T10:06:00.000Z');
    expect(sales.bestSellers('2026-11-15T10:00:00.000Z', 10)).toEqual(['LATE', 'B', 'A']);
    expect(sales.bestSellers('2026-11-14T10:00:00.000Z', 10)).toEqual(rankedFromSales(db, '2026-11-14'));
    expect(sales.bestSellers('2026-11-14T10:00:00.000Z', 1)).toEqual(['EARLY']);
  });

  it('rank as the completed sales of the week do, through any order of sales, completions and days', () => {
    const db = journal.open();
    const { sales, sell, complete } = seller(db);
    let seed = 7;
    const next = (below: number): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    const pending: string[] = [];
    const dayOf = (n: number): string => `2026-11-${String(1 + n).padStart(2, '0')}`;
    for (let step = 0; step < 600; step++) {
      const day = Math.floor(step / 30);
      const when = `${dayOf(day)}T${String(8 + Math.floor((step % 30) / 3)).padStart(2, '0')}:${String(10 + (step % 3) * 20)}:00.000Z`;
      const id = sell(`PKG-${next(9)}`, 1 + next(3), when, next(4) !== 0);
      if (sales.require(id).state !== 'completed') pending.push(id);
      if (pending.length > 0 && next(3) === 0)
        complete(pending.splice(next(pending.length), 1)[0] ?? '', when);
      if (step % 7 === 0) {
        const firstDay = dayOf(Math.max(0, day - 7 + next(3) - 1));
        expect(sales.bestSellers(`${firstDay}T12:00:00.000Z`, 20), `${when}, from ${firstDay}`).toEqual(
          rankedFromSales(db, firstDay),
        );
      }
    }
  });
});

describe('migration 0013 (best sellers of the week)', () => {
  it("ranks a journal's completed sales of before the migration", () => {
    const old = journalAtVersion(journal.file, versionOf('-best-sellers-week') - 1);
    const sold = (id: string, packageCode: string, quantity: number, at: string, completed = true): void =>
      sellAsBefore(old, 'C1', { id, packageCode, quantity, at, outcome: completed ? 'completed' : 'sent' });
    sold('a', 'A', 2, '2026-11-20T10:00:00.000Z');
    sold('b1', 'B', 1, '2026-11-21T10:00:00.000Z');
    sold('b2', 'B', 2, '2026-11-21T11:00:00.000Z');
    sold('c', 'C', 9, '2026-11-21T12:00:00.000Z', false);
    old.close();
    const db = journal.open();
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    const { sales, sell: sellNow } = seller(db);
    expect(sales.bestSellers('2026-11-15T10:00:00.000Z', 10)).toEqual(['B', 'A']);
    sellNow('A', 2, '2026-11-22T10:00:00.000Z');
    expect(sales.bestSellers('2026-11-15T10:00:00.000Z', 10)).toEqual(['A', 'B']);
  });
});
