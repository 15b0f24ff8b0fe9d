import type pg from 'pg';

/**
 * What the shop's ledger holds, read as the shop's counters (and the shop day) need it. Each read
 * runs as whoever the client logged in as: a counter's role sees its own shop only (row-level
 * security), the ledger's owner sees every shop.
 */

export interface LedgerCounter {
  readonly id: string;
  readonly shopId: string;
  readonly shop: string;
  readonly code: string;
  readonly name: string;
  readonly role: string;
  readonly joinedAt: Date;
  /** The counter's last link in the ledger: what it acknowledged, when it arrived; null before any. */
  readonly head: {
    readonly seq: number;
    readonly hash: string;
    readonly at: Date;
    readonly receivedAt: Date;
  } | null;
  /** The counter's last contact with the ledger, and how long ago it was, by the server's clock; null before any. */
  readonly contact: { readonly at: Date; readonly ageMs: number } | null;
}

/** The shop's counters (every shop's, for the owner), each with its head in the ledger. */
export async function ledgerCounters(client: pg.ClientBase): Promise<LedgerCounter[]> {
  const result = await client.query<{
    id: string;
    shop_id: string;
    shop: string;
    code: string;
    name: string;
    role: string;
    joined_at: Date;
    seq: string | null;
    hash: string | null;
    at: Date | null;
    received_at: Date | null;
    contact_at: Date | null;
    contact_age_ms: number | null;
  }>(
    `SELECT c.id, c.shop_id, s.name AS shop, c.code, c.name, c.role, c.joined_at, h.seq, h.hash, h.at, h.received_at,
       c.contact_at, (extract(epoch FROM now() - c.contact_at) * 1000)::float8 AS contact_age_ms
     FROM ledger.counters c
     JOIN ledger.shops s ON s.id = c.shop_id
     LEFT JOIN LATERAL (
       SELECT seq, hash, at, received_at FROM ledger.links l WHERE l.counter_id = c.id ORDER BY seq DESC LIMIT 1
     ) h ON true
     ORDER BY s.name, c.code`,
  );
  return result.rows.map((row) => ({
    id: row.id,
    shopId: row.shop_id,
    shop: row.shop,
    code: row.code,
    name: row.name,
    role: row.role,
    joinedAt: row.joined_at,
    head:
      row.seq === null || row.hash === null || row.at === null || row.received_at === null
        ? null
        : { seq: Number(row.seq), hash: row.hash, at: row.at, receivedAt: row.received_at },
    contact:
      row.contact_at === null || row.contact_age_ms === null
        ? null
        : { at: row.contact_at, ageMs: row.contact_age_ms },
  }));
}

/**
 * A record as the ledger keeps it: its newest version (the link `seq` wrote), the columns the shop's
 * queries use, and the whole record as the counter's chain holds it (`rows` as the change left them,
 * `detail`, who and which shift). Records of every kind and record version come the same way.
 */
export interface LedgerRecord {
  readonly counterId: string;
  /** The kind's first word: sale, topup, shift, cash, count, z, cancellation, provider, balance… */
  readonly type: string;
  readonly subject: string;
  /** The kind of its newest link (`sale.completed`) and that link's number. */
  readonly kind: string;
  readonly seq: number;
  /** When the record began (its first link) and when it last changed, by its counter's clock. */
  readonly firstAt: Date;
  readonly at: Date;
  readonly version: number;
  readonly state: string | null;
  readonly orderReference: string | null;
  readonly training: boolean | null;
  readonly shiftId: string | null;
  readonly cashierId: string | null;
  readonly record: Readonly<Record<string, unknown>>;
}

export interface RecordFilter {
  /** Only these types (all when absent). */
  readonly types?: readonly string[];
  /** Records begun at or after `from` and before `to` (by their counter's clock). */
  readonly from?: Date;
  readonly to?: Date;
  readonly counterId?: string;
  /** Only records holding one of these provider orders (records of any time). */
  readonly orderReferences?: readonly string[];
  /** Only records of these ids (of any time). */
  readonly subjects?: readonly string[];
}

/** The shop's records, oldest first. */
export async function ledgerRecords(
  client: pg.ClientBase,
  filter: RecordFilter = {},
): Promise<LedgerRecord[]> {
  const result = await client.query<{
    counter_id: string;
    type: string;
    subject: string;
    kind: string;
    seq: string;
    first_at: Date;
    at: Date;
    version: number;
    state: string | null;
    order_reference: string | null;
    training: boolean | null;
    shift_id: string | null;
    cashier_id: string | null;
    record: Record<string, unknown>;
  }>(
    `SELECT counter_id, type, subject, kind, seq, first_at, at, version, state, order_reference, training,
            shift_id, cashier_id, record
     FROM ledger.records
     WHERE ($1::text[] IS NULL OR type = ANY($1))
       AND ($2::timestamptz IS NULL OR first_at >= $2)
       AND ($3::timestamptz IS NULL OR first_at < $3)
       AND ($4::text IS NULL OR counter_id = $4)
       AND ($5::text[] IS NULL OR order_reference = ANY($5))
       AND ($6::text[] IS NULL OR subject = ANY($6))
     ORDER BY first_at, counter_id, first_seq`,
    [
      filter.types ?? null,
      filter.from ?? null,
      filter.to ?? null,
      filter.counterId ?? null,
      filter.orderReferences ?? null,
      filter.subjects ?? null,
    ],
  );
  return result.rows.map((row) => ({
    counterId: row.counter_id,
    type: row.type,
    subject: row.subject,
    kind: row.kind,
    seq: Number(row.seq),
    firstAt: row.first_at,
    at: row.at,
    version: row.version,
    state: row.state,
    orderReference: row.order_reference,
    training: row.training,
    shiftId: row.shift_id,
    cashierId: row.cashier_id,
    record: row.record,
  }));
}

/** Which counter's record owns each provider order (live sales and top-ups only). */
export interface OrderClaim {
  readonly orderReference: string;
  readonly counterId: string;
  readonly type: string;
  readonly subject: string;
  readonly seq: number;
  readonly claimedAt: Date;
}

/** The shop's claims, of the references given (every claim when absent). */
export async function orderClaims(
  client: pg.ClientBase,
  references: readonly string[] | null = null,
): Promise<OrderClaim[]> {
  const result = await client.query<{
    order_reference: string;
    counter_id: string;
    type: string;
    subject: string;
    seq: string;
    claimed_at: Date;
  }>(
    `SELECT order_reference, counter_id, type, subject, seq, claimed_at FROM ledger.order_claims
     WHERE $1::text[] IS NULL OR order_reference = ANY($1) ORDER BY claimed_at, order_reference`,
    [references],
  );
  return result.rows.map((row) => ({
    orderReference: row.order_reference,
    counterId: row.counter_id,
    type: row.type,
    subject: row.subject,
    seq: Number(row.seq),
    claimedAt: row.claimed_at,
  }));
}

/** What the ledger found critical: a counter's chain forked, or a second claim on an order. */
export interface LedgerProblem {
  readonly counterId: string;
  readonly kind: 'chain_fork' | 'second_claim';
  /** The link that was refused (a fork) or that made the second claim. */
  readonly seq: number;
  readonly detail: Readonly<Record<string, unknown>>;
  readonly foundAt: Date;
}

export async function ledgerProblems(client: pg.ClientBase): Promise<LedgerProblem[]> {
  const result = await client.query<{
    counter_id: string;
    kind: 'chain_fork' | 'second_claim';
    seq: string;
    detail: Record<string, unknown>;
    found_at: Date;
  }>('SELECT counter_id, kind, seq, detail, found_at FROM ledger.problems ORDER BY found_at, id');
  return result.rows.map((row) => ({
    counterId: row.counter_id,
    kind: row.kind,
    seq: Number(row.seq),
    detail: row.detail,
    foundAt: row.found_at,
  }));
}
