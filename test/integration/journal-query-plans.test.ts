import { describe, expect, it } from 'vitest';
import type { Db } from '../../electron/core/journal/database';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { TopUpsJournal } from '../../electron/core/journal/topups-journal';
import { ReceiptLog } from '../../electron/core/receipts/receipt-log';
import { ReconciliationJournal } from '../../electron/core/reconciliation/reconciliation-journal';
import { shiftFigures } from '../../electron/core/reports/shift-figures';
import { ACCOUNT, newSale, newTopUp, saleCompletion } from '../support/journal-records';
import { journalAtVersion, versionOf } from '../support/journal-versions';
import { tempJournalPerTest } from '../support/temp-journal';

/**
 * The background checkers run their due queries every few seconds for as long as the counter is
 * open, over a journal that only grows: they must read the due rows from an index, in due order,
 * never the whole table.
 */

const journal = tempJournalPerTest('journal-plans');

interface Query {
  readonly sql: string;
  readonly args: readonly unknown[];
}

/** The journal's database, recording every query it reads with: the SQL the stores really run. */
function recording(db: Db, seen: Query[]): Db {
  return new Proxy(db, {
    get(target, property) {
      if (property !== 'prepare') {
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (sql: string) => {
        const statement = target.prepare(sql);
        return new Proxy(statement, {
          get(inner, name) {
            const value = Reflect.get(inner, name, inner);
            if (typeof value !== 'function') return value;
            if (name !== 'all' && name !== 'get') return value.bind(inner);
            return (...args: unknown[]) => {
              seen.push({ sql, args });
              return value.apply(inner, args);
            };
          },
        });
      };
    },
  });
}

function plan(db: Db, query: Query): string[] {
  return (db.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...query.args) as { detail: string }[]).map(
    (row) => row.detail,
  );
}

/** The plans of the queries `run` makes through the journal, in the order it makes them. */
function plansOf(db: Db, run: (db: Db) => void): string[][] {
  const seen: Query[] = [];
  run(recording(db, seen));
  return seen.map((query) => plan(db, query));
}

const scope = { training: true, accountRef: ACCOUNT };
const at = '2026-11-22T10:00:00.000Z';

describe('the due-check queries', () => {
  it.each([
    {
      table: 'sales',
      what: 'pending sales due a poll',
      seed: (db: Db) => new SalesJournal(db).createIntent(newSale(), at),
      run: (db: Db) => {
        const sales = new SalesJournal(db);
        sales.pendingDue(scope, at);
        sales.nextPendingCheck(scope);
      },
    },
    {
      table: 'topups',
      what: 'in-doubt top-ups due a look',
      seed: (db: Db) => new TopUpsJournal(db).createIntent(newTopUp({ training: true }), at, at, () => {}),
      run: (db: Db) => {
        const topUps = new TopUpsJournal(db);
        topUps.inDoubtDue(scope, at);
        topUps.nextInDoubtCheck(scope);
      },
    },
  ])('read $what from the index, in due order, never scanning $table', ({ table, seed, run }) => {
    const db = journal.open();
    seed(db);
    const plans = plansOf(db, run);
    expect(plans).toHaveLength(2);
    for (const steps of plans) {
      expect(steps.join('\n')).not.toMatch(new RegExp(`\\bSCAN ${table}\\b|TEMP B-TREE`));
      expect(steps[0]).toMatch(new RegExp(`^SEARCH ${table} USING INDEX \\w+ \\(state=\\? AND training=\\?`));
    }
    expect(plans[0]?.[0]).toMatch(/next_check_at<\?\)$/);
  });
});

describe('migration 0003 (due-check indexes)', () => {
  it('adds the due-check indexes to a journal of version 2, whose due sales it then finds', () => {
    const old = journalAtVersion(journal.file, versionOf('-due-check-indexes') - 1);
    old
      .prepare(
        `INSERT INTO sales (id, receipt_number, counter_id, training, account_ref, state, package_code, package_name,
           quantity, idempotency_key, currency, retail_unit_minor, retail_total_minor, created_at, updated_at,
           state_since, next_check_at)
         VALUES ('kept', 1, 'C1', 1, @account, 'pending', 'PKG', 'Iraq 5 GB', 1, 'C1-kept', 'USD', 1500, 1500,
           @at, @at, @at, @at)`,
      )
      .run({ account: ACCOUNT, at });
    old.close();
    const db = journal.open();
    const indexes = (
      db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL`).all() as {
        name: string;
      }[]
    ).map((row) => row.name);
    expect(indexes).toEqual(expect.arrayContaining(['sales_due_checks', 'topups_due_checks']));
    expect(indexes).not.toContain('sales_by_state');
    expect(indexes).not.toContain('topups_by_state');
    expect(new SalesJournal(db).pendingDue(scope, at).map((sale) => sale.id)).toEqual(['kept']);
  });
});

/**
 * A receipt's print history, read by subject from the chain and from the records it does not hold
 * (migration 0018; migration 0014 had indexed the audit log's receipts).
 */
const RECEIPT_HISTORY_PLAN =
  /SEARCH chain USING INDEX chain_by_subject \(subject=\?\)\n(.*\n)*SEARCH unchained_records USING COVERING INDEX unchained_records_by_subject \(subject=\?\)/;

describe('migrations 0014 and 0018 (receipt history)', () => {
  it('keeps the receipts a journal of version 13 printed, whose history it then reads by subject', () => {
    const old = journalAtVersion(journal.file, versionOf('-receipt-history') - 1);
    const audit = old.prepare('INSERT INTO audit (at, kind, subject, detail_json) VALUES (?, ?, ?, NULL)');
    audit.run(at, 'sale.completed', 'printed');
    audit.run(at, 'receipt.original', 'printed');
    audit.run(at, 'receipt.copy', 'printed');
    audit.run(at, 'receipt.copy', 'printed');
    audit.run(at, 'receipt.copy', 'another sale');
    old.close();
    const db = journal.open();
    const receipts = new ReceiptLog(db);
    expect(receipts.history('printed')).toEqual({ originalIssued: true, copies: 2 });
    expect(receipts.history('never printed')).toEqual({ originalIssued: false, copies: 0 });
    const plans = plansOf(db, (db) => new ReceiptLog(db).history('printed'));
    expect(plans[0]?.join('\n')).toMatch(RECEIPT_HISTORY_PLAN);
  });
});

/** A table read whole, row after row (json_each, the list of states a query is given, is no table). */
const FULL_SCAN = /\bSCAN (?!json_each\b)\w+/;

describe('the queries the counter runs while selling, over a journal that only grows', () => {
  const day = '2026-11-22T00:00:00.000Z';
  it.each([
    {
      what: 'start-up recovery',
      run: (db: Db) => {
        const sales = new SalesJournal(db);
        sales.neverSent();
        sales.unresolved(scope);
        new TopUpsJournal(db).interrupted(scope);
      },
      reads: [
        /^SEARCH sales USING INDEX sales_due_checks \(state=\?/,
        /^SEARCH sales USING INDEX sales_due_checks \(state=\?/,
        /^SEARCH topups USING INDEX topups_due_checks \(state=\?/,
      ],
    },
    {
      what: 'the status counts',
      run: (db: Db) => new SalesJournal(db).openCounts(),
      reads: [/^SEARCH sales USING COVERING INDEX sales_due_checks \(state=\?/],
    },
    {
      what: "Today's list",
      run: (db: Db) => {
        new SalesJournal(db).list({ from: day, limit: 1000 });
        new TopUpsJournal(db).list({ from: day, limit: 1000 });
      },
      reads: [
        /^SEARCH sales USING INDEX sales_listed \(created_at>\?\)/,
        /^SEARCH topups USING INDEX topups_listed \(created_at>\?\)/,
      ],
    },
    {
      what: "Today's search",
      // '8988' reads as a receipt number too: that receipt first, then the rest of what matches.
      run: (db: Db) => new SalesJournal(db).list({ from: day, search: '8988', limit: 1000 }),
      reads: [
        /^SEARCH sales USING INDEX sales_listed \(created_at>\?\)/,
        /^SEARCH sales USING INDEX sales_listed \(created_at>\?\)/,
      ],
    },
    {
      what: "a receipt's print history",
      run: (db: Db) => new ReceiptLog(db).history(newSale().id),
      reads: [RECEIPT_HISTORY_PLAN],
    },
  ])('read $what from indexes, in the order wanted, never a whole table', ({ run, reads }) => {
    const db = journal.open();
    new SalesJournal(db).createIntent(newSale(), at);
    const plans = plansOf(db, run);
    expect(plans).toHaveLength(reads.length);
    plans.forEach((steps, index) => {
      expect(steps.join('\n')).not.toMatch(FULL_SCAN);
      expect(steps.join('\n')).not.toMatch(/TEMP B-TREE/);
      expect(steps.join('\n')).toMatch(reads[index]!);
    });
  });

  it("search each of the day's sales' eSIMs by the sale's key, never the eSIM tables whole", () => {
    const db = journal.open();
    const plans = plansOf(db, (db) => new SalesJournal(db).list({ from: day, search: '8988', limit: 1000 }));
    const steps = plans.at(-1)!.join('\n');
    expect(steps).toMatch(
      /SEARCH sale_esims USING (COVERING )?INDEX sqlite_autoindex_sale_esims_1 \(sale_id=\?\)/,
    );
    expect(steps).toMatch(
      /SEARCH answer_esims USING (COVERING )?INDEX sqlite_autoindex_answer_esims_1 \(sale_id=\?\)/,
    );
  });

  it("rank best sellers from the top of the week's totals, never from the sales", () => {
    const db = journal.open();
    const sales = new SalesJournal(db);
    // The first read of a day counts the week's totals from the per-day summary; those after read them.
    sales.bestSellers(at, 12);
    const plans = plansOf(db, (db) => new SalesJournal(db).bestSellers(at, 12));
    expect(plans).toEqual([
      ['SEARCH sales_sold_week_start USING INTEGER PRIMARY KEY (rowid=?)'],
      // No sort: the index gives the rows in rank order, so the read stops after `limit` of them.
      ['SCAN sales_sold_week USING COVERING INDEX sales_sold_week_ranked'],
    ]);
  });

  it("sum a period's cash for the reconciliation from the shift index ranges alone", () => {
    const db = journal.open();
    const period = { firstDay: '2026-11-22', lastDay: '2026-11-22' };
    const plans = plansOf(db, (db) => new ReconciliationJournal(db, 'C1').cashTaken(period));
    const steps = plans[0]!.join('\n');
    // The union of the two ranges is itself read whole (`SCAN taken`): the tables never are.
    expect(steps).not.toMatch(/\bSCAN (sales|topups)\b/);
    expect(steps).toMatch(/SEARCH sales USING COVERING INDEX sales_by_shift \(shift_id=\?\)/);
    expect(steps).toMatch(/SEARCH topups USING COVERING INDEX topups_by_shift \(shift_id=\?\)/);
  });

  it("read a period's records and its cash taken outside shifts from index ranges alone", () => {
    const db = journal.open();
    const period = { firstDay: '2026-11-22', lastDay: '2026-11-22' };
    const window = { from: new Date('2026-11-22T04:00:00.000Z'), to: new Date('2026-11-23T04:00:00.000Z') };
    for (const plans of [
      plansOf(db, (db) => new ReconciliationJournal(db, 'C1').recordsOf(period, window, scope, 'USD')),
      plansOf(db, (db) => new ReconciliationJournal(db, 'C1').cashOutsideShifts(window)),
    ]) {
      const steps = plans[0]!.join('\n');
      expect(steps).not.toMatch(/\bSCAN (sales|topups)\b/);
      expect(steps).toMatch(/SEARCH sales USING INDEX sales_listed \(created_at>\? AND created_at<\?\)/);
      expect(steps).toMatch(/SEARCH topups USING INDEX topups_listed \(created_at>\? AND created_at<\?\)/);
    }
  });

  it('sum a shift for its Z from the shift index ranges alone', () => {
    const db = journal.open();
    const plans = plansOf(db, (db) => shiftFigures(db, 'shift-1', [], ['USD']));
    expect(plans.length).toBeGreaterThanOrEqual(3);
    for (const steps of plans) expect(steps.join('\n')).not.toMatch(FULL_SCAN);
    expect(plans[0]?.[0]).toMatch(/^SEARCH sales USING COVERING INDEX sales_by_shift \(shift_id=\?\)/);
    expect(plans[1]?.[0]).toMatch(/^SEARCH topups USING COVERING INDEX topups_by_shift \(shift_id=\?\)/);
  });
});

describe('best sellers from the per-day summary', () => {
  it('counts the eSIMs of sales completed, by the day they were sold, and only those', () => {
    const db = journal.open();
    const sales = new SalesJournal(db);
    const sell = (code: string, quantity: number, when: string, complete: boolean): void => {
      const sale = sales.createIntent(newSale({ packageCode: code, quantity }), when);
      sales.markSent(sale.id, when);
      if (complete) sales.markCompleted(sale.id, saleCompletion({ orderReference: `ORD-${sale.id}` }), when);
    };
    sell('OLD', 10, '2026-11-01T10:00:00.000Z', true);
    sell('A', 1, '2026-11-20T10:00:00.000Z', true);
    sell('B', 3, '2026-11-21T09:00:00.000Z', true);
    sell('A', 1, '2026-11-22T08:00:00.000Z', true);
    sell('C', 9, '2026-11-22T09:00:00.000Z', false);
    expect(sales.bestSellers('2026-11-15T10:00:00.000Z', 10)).toEqual(['B', 'A']);
    expect(
      db.prepare('SELECT day, package_code, sold FROM sales_sold_daily ORDER BY day, package_code').all(),
    ).toEqual([
      { day: '2026-11-01', package_code: 'OLD', sold: 10 },
      { day: '2026-11-20', package_code: 'A', sold: 1 },
      { day: '2026-11-21', package_code: 'B', sold: 3 },
      { day: '2026-11-22', package_code: 'A', sold: 1 },
    ]);
  });
});
