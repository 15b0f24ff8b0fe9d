import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { LedgerLogin } from './ledger-address';
import { scramVerifier } from './scram';

/**
 * A counter joins its shop in the ledger, through the ledger owner's login (which a manager gives
 * once, at the counter, and which is not kept): the shop is created if it is new, the counter gets a
 * role of its own with a password made here (sent to PostgreSQL only as a SCRAM verifier), and from
 * then on the counter logs in as that role, which may add links of its own chain and read its shop's
 * records, nothing else. The password is the counter's to keep (in the OS keychain).
 */

export interface CounterJoin {
  readonly shop: string;
  /** The counter's own id, the one its chain names. */
  readonly counterId: string;
  /** Short, unique in the shop, printed on its receipts and Zs (`2-000123`). */
  readonly code: string;
  readonly name: string;
}

export type JoinRefusal =
  /** Another counter of the shop has this code. */
  | 'code_taken'
  /** This counter already belongs to another shop of the ledger. */
  | 'other_shop'
  /** The login given may not create roles: it is not the ledger's owner. */
  | 'not_owner';

export class JoinRefused extends Error {
  override readonly name = 'JoinRefused';
  constructor(
    readonly reason: JoinRefusal,
    message: string,
  ) {
    super(message);
  }
}

/** Held while a counter joins, so two counters taking one code at once cannot both have it. */
const JOIN_LOCK = 7_307_112_028;

/** Joins (or joins again: a new password, the name and code given) and answers the counter's login. */
export async function joinCounter(owner: pg.ClientBase, join: CounterJoin): Promise<LedgerLogin> {
  const password = randomBytes(24).toString('base64url');
  const verifier = pg.escapeLiteral(scramVerifier(password));
  await owner.query('BEGIN');
  try {
    await owner.query('SELECT pg_advisory_xact_lock($1)', [JOIN_LOCK]);
    await owner.query('INSERT INTO ledger.shops (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [
      join.shop,
    ]);
    const shop = await one<{ id: string }>(owner, 'SELECT id FROM ledger.shops WHERE name = $1', [join.shop]);
    const existing = await maybe<{ shop_id: string; role: string; shop: string }>(
      owner,
      `SELECT c.shop_id, c.role, s.name AS shop FROM ledger.counters c JOIN ledger.shops s ON s.id = c.shop_id
       WHERE c.id = $1`,
      [join.counterId],
    );
    if (existing && existing.shop_id !== shop.id) {
      throw new JoinRefused('other_shop', `This counter already belongs to the shop "${existing.shop}".`);
    }
    const holder = await maybe<{ id: string; name: string }>(
      owner,
      'SELECT id, name FROM ledger.counters WHERE shop_id = $1 AND code = $2',
      [shop.id, join.code],
    );
    if (holder && holder.id !== join.counterId) throw codeTaken(join, holder.name);
    let role: string;
    if (existing) {
      role = existing.role;
      await owner.query('UPDATE ledger.counters SET code = $2, name = $3 WHERE id = $1', [
        join.counterId,
        join.code,
        join.name,
      ]);
      await owner.query(`ALTER ROLE ${pg.escapeIdentifier(role)} PASSWORD ${verifier}`);
    } else {
      role = `ledger_counter_${randomBytes(6).toString('hex')}`;
      const group = await one<{ counter_group: string }>(owner, 'SELECT counter_group FROM ledger.info', []);
      await owner.query(
        `CREATE ROLE ${pg.escapeIdentifier(role)} LOGIN PASSWORD ${verifier} IN ROLE ${pg.escapeIdentifier(group.counter_group)}`,
      );
      await owner.query(
        'INSERT INTO ledger.counters (id, shop_id, code, name, role) VALUES ($1, $2, $3, $4, $5)',
        [join.counterId, shop.id, join.code, join.name, role],
      );
    }
    await owner.query('COMMIT');
    return { user: role, password };
  } catch (error) {
    await owner.query('ROLLBACK').catch(() => undefined);
    throw refusalOf(error, join) ?? error;
  }
}

function codeTaken(join: CounterJoin, holderName: string): JoinRefused {
  return new JoinRefused(
    'code_taken',
    `The code ${join.code} is already the counter "${holderName}"'s in the shop "${join.shop}": choose another.`,
  );
}

/** PostgreSQL's own refusals, said as what they mean for the join. */
function refusalOf(error: unknown, join: CounterJoin): JoinRefused | null {
  if (error instanceof JoinRefused) return error;
  const code = (error as { code?: unknown }).code;
  // A second counter took the code in a race the lock did not cover (another version of the app).
  if (code === '23505') return codeTaken(join, 'another counter');
  if (code === '42501') {
    return new JoinRefused(
      'not_owner',
      "This login may not add counters to the ledger: give the ledger owner's login (see docs/shop-ledger.md).",
    );
  }
  return null;
}

async function one<R extends pg.QueryResultRow>(
  client: pg.ClientBase,
  sql: string,
  params: unknown[],
): Promise<R> {
  const row = await maybe<R>(client, sql, params);
  if (!row) throw new Error(`no row for ${sql}`);
  return row;
}

async function maybe<R extends pg.QueryResultRow>(
  client: pg.ClientBase,
  sql: string,
  params: unknown[],
): Promise<R | null> {
  return (await client.query<R>(sql, params)).rows[0] ?? null;
}
