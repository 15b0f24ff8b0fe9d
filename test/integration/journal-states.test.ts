import { beforeEach, describe, expect, it } from 'vitest';
import { CancellationJournal } from '../../electron/core/care/cancellation-journal';
import type { Db } from '../../electron/core/journal/database';
import { SalesJournal } from '../../electron/core/journal/sales-journal';
import type { StateTable } from '../../electron/core/journal/state-rows';
import { TopUpsJournal } from '../../electron/core/journal/topups-journal';
import { ShiftJournal } from '../../electron/core/shifts/shift-journal';
import {
  CANCELLATION_STATES,
  CANCELLATION_TRANSITIONS,
  type CancellationState,
} from '../../shared/domain/cancellation-states';
import { SALE_STATES, SALE_TRANSITIONS, type SaleState } from '../../shared/domain/sale-states';
import { SHIFT_STATES, SHIFT_TRANSITIONS, type ShiftState } from '../../shared/domain/shift-states';
import type { Transitions } from '../../shared/domain/state-machine';
import { TOPUP_STATES, TOPUP_TRANSITIONS, type TopUpState } from '../../shared/domain/topup-states';
import type { PosError } from '../../shared/errors';
import { money } from '../../shared/money';
import { keptAnswer, newSale, newTopUp } from '../support/journal-records';
import { tempJournalPerTest } from '../support/temp-journal';

/**
 * The states of sales, top-ups, cancellations and shifts are declared once, in shared/domain: the SQL
 * CHECK constraints must name the same states, and the journals must perform exactly the moves the
 * transitions tables allow.
 */

const journal = tempJournalPerTest('journal-states');
let db: Db;

beforeEach(() => {
  db = journal.open();
});

/** The states a table's CHECK constraint on `state` allows, read from the schema SQLite keeps. */
function checkedStates(table: StateTable<string>['table']): string[] {
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
  const machines = [
    { record: 'sale', table: 'sales', states: SALE_STATES },
    { record: 'top-up', table: 'topups', states: TOPUP_STATES },
    { record: 'cancellation', table: 'cancellations', states: CANCELLATION_STATES },
    { record: 'shift', table: 'shifts', states: SHIFT_STATES },
  ] as const;
  for (const { record, table, states } of machines) {
    it(`allow exactly the ${record} states of the enum`, () => {
      expect(new Set(checkedStates(table))).toEqual(new Set(states));
      expect(checkedStates(table)).toHaveLength(states.length);
    });
  }
});

const T = (second: number): string => `2026-11-22T10:00:${String(second).padStart(2, '0')}.000Z`;
const lost: PosError = { code: 'TIMEOUT', message: 'no answer' };

/**
 * Asks the journal to move a record already in `from` to `to`, and says whether it did. A refused move
 * must leave the row as it was.
 */
function tryMove<S extends string>(
  table: StateTable<string>['table'],
  id: string,
  from: S,
  move: () => unknown,
): boolean {
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

/**
 * Every (from, to) pair the journal moved, to compare with the table. `createIn` makes a record in
 * state `from`; `movers` names the journal's method that moves one to each state (null: none does).
 */
function performed<S extends string>(
  states: readonly S[],
  movers: Record<S, ((id: string) => unknown) | null>,
  createIn: (from: S) => string,
  table: StateTable<string>['table'],
): Transitions<S> {
  const moves = Object.fromEntries(states.map((s) => [s, [] as S[]])) as Record<S, S[]>;
  for (const from of states) {
    for (const to of states) {
      const mover = movers[to];
      if (mover === null) continue;
      const id = createIn(from);
      if (tryMove(table, id, from, () => mover(id))) moves[from].push(to);
    }
  }
  return moves;
}

/**
 * The movers of a journal whose moves return the record (sales, top-ups), each checked to return it as
 * a fresh read finds it: the row the change left, never the one before it.
 */
function tellingWhatTheyLeft<S extends string>(
  journal: { get(id: string): unknown },
  movers: Record<S, ((id: string) => unknown) | null>,
): Record<S, ((id: string) => unknown) | null> {
  const checked = (mover: (id: string) => unknown) => (id: string) => {
    const told = mover(id);
    expect(told).toEqual(journal.get(id));
    return told;
  };
  return Object.fromEntries(
    Object.entries<((id: string) => unknown) | null>(movers).map(([to, mover]) => [
      to,
      mover && checked(mover),
    ]),
  ) as Record<S, ((id: string) => unknown) | null>;
}

/** The manager M1, who approves cancellations and opens and closes shifts. */
function addManager(): void {
  db.prepare(
    `INSERT INTO cashiers (id, name, role, pin_json, created_at) VALUES ('M1', 'Manager', 'manager', NULL, ?)`,
  ).run(T(0));
}

/** A record made by `create`, put straight into `from` with SQL (as a crash or an older app may leave it). */
function placedIn<S extends string>(
  table: StateTable<string>['table'],
  create: () => string,
): (from: S) => string {
  return (from) => {
    const id = create();
    db.prepare(`UPDATE ${table} SET state = ? WHERE id = ?`).run(from, id);
    return id;
  };
}

describe('the journals move records only as the transitions tables say', () => {
  it('sales: every allowed move is performed and returns the sale it left, every other is refused', () => {
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
      const intent = sales.createIntent(newSale(), T(second));
      expect(intent).toEqual(sales.get(intent.id));
      return intent.id;
    };
    const checked = tellingWhatTheyLeft(sales, movers);
    expect(performed(SALE_STATES, checked, placedIn('sales', create), 'sales')).toEqual(SALE_TRANSITIONS);
    expect(Object.values(SALE_TRANSITIONS).flat()).not.toContain('intent');
  });

  it('top-ups: every allowed move is performed and returns the top-up it left, every other is refused', () => {
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
      const intent = topUps.createIntent(
        newTopUp({ iccid: `898800000000000${second}` }),
        T(second),
        T(0),
        () => {},
      );
      expect(intent).toEqual(topUps.get(intent.id));
      return intent.id;
    };
    const checked = tellingWhatTheyLeft(topUps, movers);
    expect(performed(TOPUP_STATES, checked, placedIn('topups', create), 'topups')).toEqual(TOPUP_TRANSITIONS);
    expect(Object.values(TOPUP_TRANSITIONS).flat()).not.toContain('intent');
  });

  it('cancellations: every allowed move is performed, every other is refused', () => {
    addManager();
    const cancellations = new CancellationJournal(db);
    let second = 0;
    const refusal: PosError = { code: 'NOT_ELIGIBLE', message: 'installed' };
    const movers: Record<CancellationState, ((id: string) => unknown) | null> = {
      // A cancellation is created in intent, a goodwill refund in recorded; no move leads to either.
      intent: null,
      recorded: null,
      sent: (id) => cancellations.markSent(id, T(second)),
      cancelled: (id) =>
        cancellations.markCancelled(id, { method: 'balance', amount: money(900, 'USD') }, null, T(second)),
      refused: (id) => cancellations.markRefused(id, refusal, null, T(second)),
      unknown: (id) => cancellations.markUnknown(id, lost, null, T(second)),
    };
    const decided = {
      originalReceiptNumber: 1,
      counterId: 'C1',
      training: true,
      cashierId: null,
      shiftId: null,
      approvedBy: 'M1',
      reason: 'Changed their mind',
      iccid: null,
      orderReference: 'ORD-1',
      cashRefund: null,
    };
    const cancellation = (): string => {
      second += 1;
      const sale = new SalesJournal(db).createIntent(newSale(), T(second));
      return cancellations.create(
        { ...decided, kind: 'cancellation', saleId: sale.id, topUpId: null },
        T(second),
      ).id;
    };
    const goodwill = (): string => {
      second += 1;
      const topUp = new TopUpsJournal(db).createIntent(
        newTopUp({ iccid: `898800000000000${second}` }),
        T(second),
        T(0),
        () => {},
      );
      return cancellations.create(
        { ...decided, kind: 'goodwill', saleId: null, topUpId: topUp.id },
        T(second),
      ).id;
    };
    const createIn = (from: CancellationState): string =>
      from === 'recorded' ? goodwill() : placedIn<CancellationState>('cancellations', cancellation)(from);
    expect(performed(CANCELLATION_STATES, movers, createIn, 'cancellations')).toEqual(
      CANCELLATION_TRANSITIONS,
    );
  });

  it('shifts: every allowed move is performed, every other is refused', () => {
    addManager();
    const shifts = new ShiftJournal(db);
    let z = 0;
    const close = (id: string, countId: string | null): void => {
      z += 1;
      shifts.close(id, { countId, closedBy: 'M1', zNumber: z, varianceReason: null, approvedBy: null }, T(z));
    };
    const movers: Record<ShiftState, ((id: string) => unknown) | null> = {
      // A shift is opened in open; no move leads back to it.
      open: null,
      closed: (id) => close(id, `count-${id}`),
      not_counted: (id) => close(id, null),
    };
    // Each on a drawer of its own: one shift is open per drawer.
    let drawer = 0;
    const createIn = (from: ShiftState): string => {
      drawer += 1;
      const id = shifts.open(
        {
          counterId: 'C1',
          drawer: `drawer-${drawer}`,
          businessDay: '2026-11-22',
          openedBy: 'M1',
          previousShiftId: null,
          floats: [],
        },
        T(0),
      ).id;
      if (from !== 'open') close(id, from === 'closed' ? `count-${id}` : null);
      return id;
    };
    expect(performed(SHIFT_STATES, movers, createIn, 'shifts')).toEqual(SHIFT_TRANSITIONS);
  });
});
