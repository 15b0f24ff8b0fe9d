import type pg from 'pg';
import { TOPUP_OPEN_STATES } from '../../../shared/domain/topup-states';

/**
 * The top-up leases of the ledger (ledger migration 0005) and the shop's top-ups of one eSIM, as the
 * counter's own role: row-level security shows it its own shop only, and the ledger's functions let
 * it take and release its own leases only.
 */

/** A top-up of an eSIM at another counter of the shop, as the ledger knows it. */
export interface ShopTopUp {
  readonly id: string;
  /** Its state as the ledger last heard it (`sent` while the ledger knows only its lease). */
  readonly state: string;
  readonly createdAt: string;
  readonly counterCode: string;
  readonly counterName: string;
}

/** A lease the ledger answered about: the counter holding it, since when and until when. */
export interface TopUpLease {
  readonly counterId: string;
  readonly counterCode: string;
  readonly counterName: string;
  readonly topUpId: string;
  readonly takenAt: string;
  readonly expiresAt: string;
  /** How its top-up ended, once its counter told the ledger. */
  readonly outcome: 'completed' | 'failed' | 'in_doubt' | null;
}

export type LeaseAnswer =
  | { readonly answer: 'taken'; readonly lease: TopUpLease }
  /** Another counter's top-up of this eSIM is on its way. */
  | { readonly answer: 'held'; readonly lease: TopUpLease }
  /** Another counter's top-up of this eSIM within ten minutes may have charged. */
  | { readonly answer: 'repeat'; readonly lease: TopUpLease };

/**
 * The other counters' top-ups of `iccid` that may have charged: begun since `since` (by their
 * counter's clock), or still not settled whenever they began. Failed ones charged nothing.
 */
export async function otherCountersTopUps(
  client: pg.ClientBase,
  iccid: string,
  since: Date,
): Promise<ShopTopUp[]> {
  const result = await client.query<{
    id: string;
    state: string | null;
    created_at: string | null;
    first_at: Date;
    code: string;
    name: string;
  }>(
    `SELECT r.subject AS id, r.state, r.record->'rows'->0->>'created_at' AS created_at, r.first_at,
            c.code, c.name
     FROM ledger.records r JOIN ledger.counters c ON c.id = r.counter_id
     WHERE r.type = 'topup' AND r.counter_id IS DISTINCT FROM ledger.counter_of(current_user)
       AND r.record->'rows'->0->>'iccid' = $1 AND r.state IS DISTINCT FROM 'failed'
       AND (r.first_at >= $2 OR r.state = ANY($3))
     ORDER BY r.first_at DESC`,
    [iccid, since, TOPUP_OPEN_STATES],
  );
  return result.rows.map((row) => ({
    id: row.id,
    state: row.state ?? 'sent',
    createdAt: row.created_at ?? row.first_at.toISOString(),
    counterCode: row.code,
    counterName: row.name,
  }));
}

/**
 * Another counter's lease on `iccid` that holds now (neither released nor expired, as
 * `take_topup_lease` judges it), or null.
 */
export async function leaseHeldElsewhere(client: pg.ClientBase, iccid: string): Promise<TopUpLease | null> {
  const result = await client.query<LeaseRow>(
    `SELECT l.counter_id, c.code AS counter_code, c.name AS counter_name, l.topup_id, l.taken_at,
            l.expires_at, l.outcome
     FROM ledger.topup_leases l JOIN ledger.counters c ON c.id = l.counter_id
     WHERE l.iccid = $1 AND l.counter_id IS DISTINCT FROM ledger.counter_of(current_user)
       AND l.released_at IS NULL AND l.expires_at > now()`,
    [iccid],
  );
  const row = result.rows[0];
  return row ? leaseOf(row) : null;
}

interface LeaseRow {
  counter_id: string;
  counter_code: string;
  counter_name: string;
  topup_id: string;
  taken_at: Date;
  expires_at: Date;
  outcome: TopUpLease['outcome'];
}

function leaseOf(row: LeaseRow): TopUpLease {
  return {
    counterId: row.counter_id,
    counterCode: row.counter_code,
    counterName: row.counter_name,
    topUpId: row.topup_id,
    takenAt: row.taken_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    outcome: row.outcome,
  };
}

/**
 * Takes the lease on `iccid` for this counter's top-up `topUpId`, unless another counter's lease
 * holds, or (without `repeatConfirmed`) another counter's top-up of the last ten minutes may have
 * charged. See ledger migration 0005.
 */
export async function takeTopUpLease(
  client: pg.ClientBase,
  input: { readonly iccid: string; readonly topUpId: string; readonly repeatConfirmed: boolean },
): Promise<LeaseAnswer> {
  const result = await client.query<LeaseRow & { answer: LeaseAnswer['answer'] }>(
    'SELECT * FROM ledger.take_topup_lease($1, $2, $3)',
    [input.iccid, input.topUpId, input.repeatConfirmed],
  );
  const row = result.rows[0];
  if (!row) throw new Error('the ledger answered no lease');
  return { answer: row.answer, lease: leaseOf(row) };
}

/**
 * Tells the ledger how this counter's top-up under its lease ended; false when the lease is no longer
 * the ledger's latest for the eSIM (it expired and another replaced it) or was released already.
 */
export async function releaseTopUpLease(
  client: pg.ClientBase,
  input: {
    readonly iccid: string;
    readonly topUpId: string;
    readonly outcome: 'completed' | 'failed' | 'in_doubt';
  },
): Promise<boolean> {
  const result = await client.query<{ released: boolean }>(
    'SELECT ledger.release_topup_lease($1, $2, $3) AS released',
    [input.iccid, input.topUpId, input.outcome],
  );
  return result.rows[0]?.released === true;
}
