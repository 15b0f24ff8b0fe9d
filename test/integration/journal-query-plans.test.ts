import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../electron/core/journal/database';
import { MIGRATIONS } from '../../electron/core/journal/migrations';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { TopUpsJournal } from '../../electron/core/journal/topups-journal';
import { ACCOUNT, newSale, newTopUp } from '../support/journal-records';
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
    const old = new Database(journal.file);
    for (const migration of MIGRATIONS.slice(0, 2)) migration.up(old);
    old.pragma('user_version = 2');
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
