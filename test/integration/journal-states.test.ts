import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../electron/core/journal/database';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import { TopUpsJournal } from '../../electron/core/journal/topups-journal';
import { SALE_STATES, SALE_TRANSITIONS, type SaleState } from '../../shared/domain/sale-states';
import type { Transitions } from '../../shared/domain/state-machine';
import { TOPUP_STATES, TOPUP_TRANSITIONS, type TopUpState } from '../../shared/domain/topup-states';
import type { PosError } from '../../shared/errors';
import { money } from '../../shared/money';
import { keptAnswer, newSale, newTopUp } from '../support/journal-records';
import { tempJournalPerTest } from '../support/temp-journal';

/**
 * The states of sales and top-ups are declared once, in shared/domain: the SQL CHECK constraints must
 * name the same states, and the journals must perform exactly the moves the transitions tables allow.
 */

const journal = tempJournalPerTest('journal-states');
let db: Db;

beforeEach(() => {
  db = journal.open();
});

/** The states a table's CHECK constraint on `state` allows, read from the schema SQLite keeps. */
function checkedStates(table: 'sales' | 'topups'): string[] {
  const { sql } = db
    .prepare(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?`)
    .get(table) as {
    sql: string;
  };
  const list = /CHECK\s*\(\s*state\s+IN\s*\(([^)]*)\)\s*\)/i.exec(sql)?.[1];
  if (list === undefined) throw new Error(`no CHECK on ${table}.state in: ${sql}`);
  return list.split(',').map((item) => item.trim().replace(/^'(.*)'$/, '$1'));
}

describe('the CHECK constraints on state', () => {
  it('allow exactly the sale states of the enum', () => {
    expect(new Set(checkedStates('sales'))).toEqual(new Set(SALE_STATES));
    expect(checkedStates('sales')).toHaveLength(SALE_STATES.length);
  });

  it('allow exactly the top-up states of the enum', () => {
    expect(new Set(checkedStates('topups'))).toEqual(new Set(TOPUP_STATES));
    expect(checkedStates('topups')).toHaveLength(TOPUP_STATES.length);
  });
});

const T = (second: number): string => `2026-11-22T10:00:${String(second).padStart(2, '0')}.000Z`;
const lost: PosError = { code: 'TIMEOUT', message: 'no answer' };

/**
 * Puts a record straight into `from` with SQL (as a crash or an older app may leave it), asks the
 * journal to move it to `to`, and says whether it did. A refused move must leave the row as it was.
 */
function tryMove<S extends string>(
  table: 'sales' | 'topups',
  id: string,
  from: S,
  move: () => unknown,
): boolean {
  db.prepare(`UPDATE ${table} SET state = ? WHERE id = ?`).run(from, id);
  const before = db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id);
  try {
    move();
    return true;
  } catch (error) {
    expect(String(error)).toMatch(`cannot move from ${from}`);
    expect(db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id)).toEqual(before);
    return false;
  }
}

/** Every (from, to) pair the journal moved, to compare with the table. */
function performed<S extends string>(
  states: readonly S[],
  movers: Record<S, ((id: string) => unknown) | null>,
  create: () => string,
  table: 'sales' | 'topups',
): Transitions<S> {
  const moves = Object.fromEntries(states.map((s) => [s, [] as S[]])) as Record<S, S[]>;
  for (const from of states) {
    for (const to of states) {
      const mover = movers[to];
      if (mover === null) continue;
      const id = create();
      if (tryMove(table, id, from, () => mover(id))) moves[from].push(to);
    }
  }
  return moves;
}

describe('the journals move records only as the transitions tables say', () => {
  it('sales: every allowed move is performed, every other is refused', () => {
    const sales = new SalesJournal(db);
    let second = 0;
    const movers: Record<SaleState, ((id: string) => unknown) | null> = {
      // A sale is created in intent; no move leads back to it.
      intent: null,
      sent: (id) => sales.markSent(id, T(second)),
      in_doubt: (id) => sales.markInDoubt(id, lost, T(second)),
      pending: (id) =>
        sales.markPending(
          id,
          {
            orderReference: 'ORD-1',
            cost: money(900, 'USD'),
            nextCheckAt: T(30),
            giveUpAt: T(59),
            answers: [keptAnswer('{}')],
          },
          T(second),
        ),
      completed: (id) =>
        sales.markCompleted(
          id,
          {
            orderReference: 'ORD-1',
            cost: money(900, 'USD'),
            newBalance: null,
            esims: [
              {
                iccid: '8988000000000000001',
                lpa: 'LPA:1$smdp.example$CODE',
                smdpAddress: 'smdp.example',
                activationCode: 'CODE',
                appleInstallUrl: null,
                androidInstallUrl: null,
                status: null,
                totalVolumeBytes: null,
                validityDays: null,
                expiresAt: null,
              },
            ],
            answers: [keptAnswer('{}')],
          },
          T(second),
        ),
      support: (id) => sales.markSupport(id, null, T(second)),
      failed: (id) => sales.markFailed(id, lost, T(second)),
    };
    const create = (): string => {
      second += 1;
      return sales.createIntent(newSale(), T(second)).id;
    };
    expect(performed(SALE_STATES, movers, create, 'sales')).toEqual(SALE_TRANSITIONS);
    expect(Object.values(SALE_TRANSITIONS).flat()).not.toContain('intent');
  });

  it('top-ups: every allowed move is performed, every other is refused', () => {
    const topUps = new TopUpsJournal(db);
    let second = 0;
    const movers: Record<TopUpState, ((id: string) => unknown) | null> = {
      intent: null,
      sent: (id) => topUps.markSent(id, T(second)),
      in_doubt: (id) => topUps.markInDoubt(id, lost, T(30), T(second)),
      completed: (id) =>
        topUps.markCompleted(
          id,
          {
            orderReference: 'TOP-1',
            cost: money(450, 'USD'),
            newBalance: null,
            newTotalGb: 2,
            newRemainingGb: 1,
            newExpiresAt: null,
            inferred: false,
            answers: [keptAnswer('{}')],
          },
          T(second),
        ),
      failed: (id) => topUps.markFailed(id, lost, T(second)),
    };
    const create = (): string => {
      second += 1;
      return topUps.createIntent(newTopUp({ iccid: `898800000000000${second}` }), T(second), T(0), () => {})
        .id;
    };
    expect(performed(TOPUP_STATES, movers, create, 'topups')).toEqual(TOPUP_TRANSITIONS);
    expect(Object.values(TOPUP_TRANSITIONS).flat()).not.toContain('intent');
  });
});
