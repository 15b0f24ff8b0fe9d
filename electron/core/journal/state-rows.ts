import { type AccountScope, IN_SCOPE, scopeParams } from './account-scope';
import { appendToChain } from './chain';
import type { Db } from './database';

/**
 * What the sale and top-up stores share: a guarded state change of one row, and the audit log. Every
 * caller runs these inside its own synchronous transaction or as one statement, never across an await.
 */

export interface StateChange {
  /** Extra `column = @param` assignments. */
  readonly sql: string;
  readonly params?: Record<string, unknown>;
  /** A row that stays in the same state (another in-doubt answer) keeps the time it entered it. */
  readonly keepSince?: boolean;
}

/**
 * Moves row `id` of `table` to state `to` if it is in one of `from`, or throws naming both states:
 * a transition from the wrong state is a bug, and the guard keeps it from corrupting money rows.
 */
export function transitionRow(
  db: Db,
  table: 'sales' | 'topups',
  id: string,
  from: readonly string[],
  to: string,
  now: string,
  change: StateChange,
): void {
  const since = change.keepSince ? `CASE WHEN state = @to THEN state_since ELSE @now END` : '@now';
  const result = db
    .prepare(
      `UPDATE ${table} SET state = @to, updated_at = @now, state_since = ${since}, ${change.sql}
       WHERE id = @id AND state IN (SELECT value FROM json_each(@from))`,
    )
    .run({ ...change.params, id, to, now, from: JSON.stringify(from) });
  if (result.changes !== 1) {
    const current = db.prepare(`SELECT state FROM ${table} WHERE id = ?`).get(id) as
      | { state: string }
      | undefined;
    throw new Error(`${table} row ${id} cannot move from ${current?.state ?? 'nowhere'} to ${to}`);
  }
}

/**
 * Appends to the audit log, and the same record to the tamper-evident chain (see chain.ts). Never
 * pass a secret here.
 */
export function writeAudit(db: Db, at: string, kind: string, subject: string | null, detail: unknown): void {
  db.prepare('INSERT INTO audit (at, kind, subject, detail_json) VALUES (?, ?, ?, ?)').run(
    at,
    kind,
    subject,
    detail === null ? null : JSON.stringify(detail),
  );
  appendToChain(db, { at, kind, subject, detail });
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

/**
 * The rows of one table that belong to the connected account, as recovery and the background
 * checkers read them. The stores name these queries for what they mean (unresolved sales, due pending
 * checks…); the SQL is written once, here.
 */
export class ScopedRows<Row, Record> {
  constructor(
    private readonly db: Db,
    private readonly table: 'sales' | 'topups',
    private readonly toRecord: (row: Row) => Record,
  ) {}

  /** Rows in any of `states`, oldest first. */
  inStates(states: readonly string[], scope: AccountScope): Record[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM ${this.table} WHERE state IN (SELECT value FROM json_each(@states)) AND ${IN_SCOPE}
         ORDER BY created_at`,
      )
      .all({ ...scopeParams(scope), states: JSON.stringify(states) }) as Row[];
    return rows.map(this.toRecord);
  }

  /** Rows in `state` whose next check is due by `at`, the longest overdue first. */
  due(state: string, scope: AccountScope, at: string): Record[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM ${this.table} WHERE state = @state AND next_check_at <= @at AND ${IN_SCOPE}
         ORDER BY next_check_at`,
      )
      .all({ ...scopeParams(scope), state, at }) as Row[];
    return rows.map(this.toRecord);
  }

  /** When the next row in `state` is due for a check; null when there is none. */
  nextCheck(state: string, scope: AccountScope): string | null {
    const row = this.db
      .prepare(`SELECT min(next_check_at) AS at FROM ${this.table} WHERE state = @state AND ${IN_SCOPE}`)
      .get({ ...scopeParams(scope), state }) as { at: string | null };
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
