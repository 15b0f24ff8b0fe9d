import {
  CANCELLATION_OPEN_STATES,
  CANCELLATION_TRANSITIONS,
  type CancellationState,
} from '../../../shared/domain/cancellation-states';
import { SALE_OPEN_STATES, SALE_TRANSITIONS, type SaleState } from '../../../shared/domain/sale-states';
import { SHIFT_TRANSITIONS, type ShiftState } from '../../../shared/domain/shift-states';
import { statesLeadingTo, type Transitions } from '../../../shared/domain/state-machine';
import { TOPUP_OPEN_STATES, TOPUP_TRANSITIONS, type TopUpState } from '../../../shared/domain/topup-states';
import { type AccountScope, IN_SCOPE, scopeParams } from './account-scope';
import { appendToChain } from './chain';
import type { WrittenRow } from './chain-rows';
import type { Db } from './database';
import { writeTransaction } from './journal-write';

/**
 * What the journal's stores share: a guarded state change of one row with its record, in one
 * transaction, and the record log.  Nothing here is ever held open across an await.
 */

/** A journal table whose rows move through one state machine (shared/domain, `*-states.ts`). */
export interface StateTable<S extends string> {
  readonly table: 'sales' | 'topups' | 'cancellations' | 'shifts';
  /** What its records are called: `{record}.{state}` for each move. */
  readonly record: 'sale' | 'topup' | 'cancellation' | 'shift';
  readonly transitions: Transitions<S>;
  /**
   * What a move stamps beside the state: the time of the change and when the row entered its state
   * (`since`, sales and top-ups), the time of the change only (`updated`), or nothing (a shift, whose
   * one move writes its own times).
   */
  readonly stamps: 'since' | 'updated' | 'none';
}

export const SALE_ROWS: StateTable<SaleState> = {
  table: 'sales',
  record: 'sale',
  transitions: SALE_TRANSITIONS,
  stamps: 'since',
};
export const TOPUP_ROWS: StateTable<TopUpState> = {
  table: 'topups',
  record: 'topup',
  transitions: TOPUP_TRANSITIONS,
  stamps: 'since',
};
export const CANCELLATION_ROWS: StateTable<CancellationState> = {
  table: 'cancellations',
  record: 'cancellation',
  transitions: CANCELLATION_TRANSITIONS,
  stamps: 'updated',
};
export const SHIFT_ROWS: StateTable<ShiftState> = {
  table: 'shifts',
  record: 'shift',
  transitions: SHIFT_TRANSITIONS,
  stamps: 'none',
};

/**
 * Each table's open states (not settled yet, from its transitions table) as JSON arrays, for SQL that
 * reads `state IN (SELECT value FROM json_each(@openSales))`: no statement writes the states out.
 */
export const OPEN_STATE_PARAMS = {
  openSales: JSON.stringify(SALE_OPEN_STATES),
  openTopUps: JSON.stringify(TOPUP_OPEN_STATES),
  openCancellations: JSON.stringify(CANCELLATION_OPEN_STATES),
} as const;

export interface StateChange {
  /** Extra `column = @param` assignments. */
  readonly sql?: string;
  readonly params?: Record<string, unknown>;
  /** A row that stays in the same state (another in-doubt answer) keeps the time it entered it. */
  readonly keepSince?: boolean;
  /** What the record says about the change, beyond its kind (what was charged…). Never a secret. */
  readonly audit?: unknown;
  /**
   * More writes that belong to the same change (a completed sale's eSIMs), inside its transaction;
   * never to the row itself, which the change's link holds as the UPDATE returned it.
   */
  readonly also?: () => void;
}

/** A transition the state machine does not allow from the row's current state: a bug, or a row that moved on. */
export class TransitionRefused extends Error {
  override readonly name = 'TransitionRefused';
  constructor(
    readonly table: StateTable<string>['table'],
    readonly id: string,
    readonly current: string | null,
    readonly to: string,
  ) {
    super(`${table} row ${id} cannot move from ${current ?? 'nowhere'} to ${to}`);
  }
}

/**
 * Moves row `id` of `rows` to state `to` if its state machine allows that move from the state it is
 * in, and writes the one record of that change (`{record}.{to}`), in one transaction: both are
 * recorded, or neither. A transition from the wrong state throws TransitionRefused: the guard keeps a
 * bug from corrupting money rows. Every state change of the journal's records goes through here.
 * Returns the row as the change left it (`RETURNING *`: no trigger writes to the row itself), so that
 * nobody looks it up again to tell what it became.
 */
export function transitionRow<S extends string, Row extends object>(
  db: Db,
  rows: StateTable<S>,
  id: string,
  to: S,
  now: string,
  change: StateChange,
): Row {
  const from = statesLeadingTo(rows.transitions, to);
  const since = change.keepSince ? `CASE WHEN state = @to THEN state_since ELSE @now END` : '@now';
  const stamps = {
    since: [`updated_at = @now`, `state_since = ${since}`],
    updated: [`updated_at = @now`],
    none: [],
  }[rows.stamps];
  const set = [`state = @to`, ...stamps, ...(change.sql ? [change.sql] : [])].join(', ');
  return writeTransaction(db, () => {
    const row = db
      .prepare(
        `UPDATE ${rows.table} SET ${set}
         WHERE id = @id AND state IN (SELECT value FROM json_each(@from)) RETURNING *`,
      )
      .get({ ...change.params, id, to, now, from: JSON.stringify(from) }) as Row | undefined;
    if (row === undefined) {
      const current = db.prepare(`SELECT state FROM ${rows.table} WHERE id = ?`).get(id) as
        | { state: string }
        | undefined;
      throw new TransitionRefused(rows.table, id, current?.state ?? null, to);
    }
    change.also?.();
    writeAudit(db, now, `${rows.record}.${to}`, id, change.audit ?? null, { table: rows.table, row });
    return row;
  });
}

/**
 * A new sale or top-up as the counter sends it: `insert` writes its row in intent and returns it, and
 * it is marked sent by `sent`, in one transaction. Nothing can read the row between the two, so one
 * link holds both: `{record}.sent`, with `detail` (what the intent asked for). Returns the row in each
 * state, as `read` makes it, for the events that tell each.
 */
export function insertSent<S extends string, Row extends object, R>(
  db: Db,
  rows: StateTable<S>,
  id: string,
  now: string,
  write: {
    readonly insert: () => Row;
    readonly sent: S & 'sent';
    readonly change: StateChange;
    readonly detail: unknown;
  },
  read: (row: Row) => R,
): { readonly intent: R; readonly sent: R } {
  return writeTransaction(db, () => {
    const intent = read(write.insert());
    const sent = transitionRow<S, Row>(db, rows, id, write.sent, now, {
      ...write.change,
      audit: write.detail,
    });
    return { intent, sent: read(sent) };
  });
}

/**
 * Appends a record to the journal's record log, the tamper-evident chain (chain.ts), inside the
 * caller's transaction. Never pass a secret here.
 */
export function writeAudit(
  db: Db,
  at: string,
  kind: string,
  subject: string | null,
  detail: unknown,
  written?: WrittenRow,
): void {
  appendToChain(db, { at, kind, subject, detail, ...(written ? { written } : {}) });
}

/** The filters every journal list takes: a creation-time range and a set of states. */
export interface PeriodAndStates {
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly states?: readonly string[] | undefined;
  readonly limit: number;
}

/**
 * The WHERE conditions and parameters for a list filtered by period and states, to which a store adds
 * its own conditions before `listQuery` puts the statement together.
 */
export function periodAndStates(filter: PeriodAndStates): {
  where: string[];
  params: Record<string, unknown>;
} {
  const where: string[] = [];
  const params: Record<string, unknown> = { limit: filter.limit };
  if (filter.from) {
    where.push('created_at >= @from');
    params.from = filter.from;
  }
  if (filter.to) {
    where.push('created_at < @to');
    params.to = filter.to;
  }
  if (filter.states?.length) {
    where.push('state IN (SELECT value FROM json_each(@states))');
    params.states = JSON.stringify(filter.states);
  }
  return { where, params };
}

/** Newest first, as every journal screen lists its records. */
export function listQuery(table: 'sales' | 'topups', where: readonly string[]): string {
  return `SELECT * FROM ${table} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
          ORDER BY created_at DESC, receipt_number DESC LIMIT @limit`;
}

/** The rows in `@state` of one account due for a check by `@at`, the longest overdue first. */
export function dueQuery(table: 'sales' | 'topups'): string {
  return `SELECT * FROM ${table} WHERE state = @state AND next_check_at <= @at AND ${IN_SCOPE}
          ORDER BY next_check_at`;
}

/** When the next row in `@state` of one account is due for a check. */
export function nextCheckQuery(table: 'sales' | 'topups'): string {
  return `SELECT min(next_check_at) AS at FROM ${table} WHERE state = @state AND ${IN_SCOPE}`;
}

/**
 * The rows of one table that belong to the connected account, as recovery and the background
 * checkers read them. The stores name these queries for what they mean (unresolved sales, due pending
 * checks…); the SQL is written once, here.
 */
export class ScopedRows<Row, Record, State extends string> {
  constructor(
    private readonly db: Db,
    private readonly table: 'sales' | 'topups',
    private readonly toRecord: (row: Row) => Record,
  ) {}

  /**
   * Rows in any of `states`, oldest first. Read from the due-check index, which starts with the
   * state: only those rows, however long the history. They are few (open records), so they are put
   * in order here rather than by a sort in SQLite.
   */
  inStates(states: readonly State[], scope: AccountScope): Record[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM ${this.table} WHERE state IN (SELECT value FROM json_each(@states)) AND ${IN_SCOPE}`,
      )
      .all({ ...scopeParams(scope), states: JSON.stringify(states) }) as (Row & { created_at: string })[];
    return oldestFirst(rows).map(this.toRecord);
  }

  /** Rows in `state` whose next check is due by `at`, the longest overdue first. */
  due(state: State, scope: AccountScope, at: string): Record[] {
    const rows = this.db.prepare(dueQuery(this.table)).all({ ...scopeParams(scope), state, at }) as Row[];
    return rows.map(this.toRecord);
  }

  /** When the next row in `state` is due for a check; null when there is none. */
  nextCheck(state: State, scope: AccountScope): string | null {
    const row = this.db.prepare(nextCheckQuery(this.table)).get({ ...scopeParams(scope), state }) as {
      at: string | null;
    };
    return row.at;
  }

  /** Whether row `id` belongs to the account. */
  has(id: string, scope: AccountScope): boolean {
    return (
      this.db
        .prepare(`SELECT 1 FROM ${this.table} WHERE id = @id AND ${IN_SCOPE}`)
        .get({ id, ...scopeParams(scope) }) !== undefined
    );
  }
}

/** Rows in the order they were created (ISO 8601 times sort as text); a stable sort keeps ties as read. */
export function oldestFirst<Row extends { readonly created_at: string }>(rows: Row[]): Row[] {
  return rows.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
}
