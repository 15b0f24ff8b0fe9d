import type pg from 'pg';
import type { OutboxLink } from './outbox';

/** A counter's last link in the ledger. */
export interface LedgerHead {
  readonly seq: number;
  readonly hash: string;
}

/** What the ledger answered to links sent: the counter's head after them, and the link refused as a fork. */
export interface PushAnswer {
  readonly head: LedgerHead | null;
  /** Set when the ledger holds another link with this number: none of the links sent was stored. */
  readonly forkSeq: number | null;
}

/**
 * Sends links of the calling counter's chain, in order, in one statement: the ledger stores those it
 * does not hold yet after checking each against the one before (see the ledger's first migration).
 */
export async function sendLinks(client: pg.ClientBase, links: readonly OutboxLink[]): Promise<PushAnswer> {
  const result = await client.query<{
    head_seq: string | null;
    head_hash: string | null;
    fork_seq: string | null;
  }>('SELECT head_seq, head_hash, fork_seq FROM ledger.push($1::bigint[], $2::text[], $3::text[])', [
    links.map((link) => link.seq),
    links.map((link) => link.hash),
    links.map((link) => link.record),
  ]);
  const row = result.rows[0];
  return {
    head:
      row?.head_seq == null || row.head_hash == null
        ? null
        : { seq: Number(row.head_seq), hash: row.head_hash },
    forkSeq: row?.fork_seq == null ? null : Number(row.fork_seq),
  };
}

/** The ledger's last link of `counterId`, or null before its first. */
export async function ledgerHead(client: pg.ClientBase, counterId: string): Promise<LedgerHead | null> {
  const result = await client.query<{ seq: string; hash: string }>(
    'SELECT seq, hash FROM ledger.links WHERE counter_id = $1 ORDER BY seq DESC LIMIT 1',
    [counterId],
  );
  const row = result.rows[0];
  return row ? { seq: Number(row.seq), hash: row.hash } : null;
}

/** The hash the ledger holds for link `seq` of `counterId`, or null. */
export async function ledgerHashAt(
  client: pg.ClientBase,
  counterId: string,
  seq: number,
): Promise<string | null> {
  const result = await client.query<{ hash: string }>(
    'SELECT hash FROM ledger.links WHERE counter_id = $1 AND seq = $2',
    [counterId, seq],
  );
  return result.rows[0]?.hash ?? null;
}

/** Marks the calling counter's contact with the ledger now, by the server's clock (ledger migration 0003). */
export async function markContact(client: pg.ClientBase): Promise<void> {
  await client.query('SELECT ledger.mark_contact()');
}
