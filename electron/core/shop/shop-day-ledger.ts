import type pg from 'pg';
import type { ResolutionClass } from '../../../shared/domain/reconciliation';
import type { ShopResolution } from '../../../shared/domain/shop-day';
import { type Currency, type Money, minor } from '../../../shared/money';
import type { Period } from '../reconciliation/reconciliation-journal';

/**
 * The shop day's reads and writes of the ledger (ledger migrations 0002 and 0010), as the counter's
 * own role: its number, its latest run, the shop's resolutions, whether the ledger holds the links Zs
 * printed as their heads, and what the other shops of the account did to its orders and balance.
 */

/** The period's number in the shop: the one it was given, or the shop's next. */
export async function shopDayNumber(client: pg.ClientBase, period: Period): Promise<number> {
  const result = await client.query<{ number: number }>(
    'SELECT ledger.shop_day_number($1::date, $2::date) AS number',
    [period.firstDay, period.lastDay],
  );
  const number = result.rows[0]?.number;
  if (number === undefined) throw new Error('the ledger gave the shop day no number');
  return number;
}

/** Keeps a run as the shop day's latest. */
export async function recordShopDay(
  client: pg.ClientBase,
  number: number,
  result: string,
  report: unknown,
): Promise<void> {
  await client.query('SELECT ledger.record_shop_day($1, $2, $3::jsonb)', [
    number,
    result,
    JSON.stringify(report),
  ]);
}

/** The shop day's latest run, as stored; null before its first. */
export async function latestShopDay(client: pg.ClientBase, period: Period): Promise<unknown> {
  const result = await client.query<{ report: unknown }>(
    `SELECT report FROM ledger.shop_days WHERE first_day = $1::date AND last_day = $2::date AND report IS NOT NULL`,
    [period.firstDay, period.lastDay],
  );
  return result.rows[0]?.report ?? null;
}

/**
 * The latest run of every shop day that overlaps these business days, oldest period first, as
 * stored: what an accountant's pack of the month holds.
 */
export async function shopDaysWithin(
  client: pg.ClientBase,
  days: { readonly from: string; readonly to: string },
): Promise<unknown[]> {
  const result = await client.query<{ report: unknown }>(
    `SELECT report FROM ledger.shop_days
     WHERE report IS NOT NULL AND first_day <= $2::date AND last_day >= $1::date
     ORDER BY first_day, last_day, number`,
    [days.from, days.to],
  );
  return result.rows.map((row) => row.report);
}

/**
 * The shop's resolutions of these exceptions, each with the amount it was given for. The owner, who
 * reads every shop's, names the shop: two shops' days share their exceptions' keys.
 */
export async function shopResolutions(
  client: pg.ClientBase,
  keys: readonly string[],
  shopId: string | null = null,
): Promise<Map<string, ShopResolution[]>> {
  const result = await client.query<{
    exception_key: string;
    amount_minor: string | null;
    currency: Currency | null;
    classification: ResolutionClass;
    reason: string;
    resolver_name: string;
    counter_id: string;
    at: Date;
  }>(
    `SELECT exception_key, amount_minor, currency, classification, reason, resolver_name, counter_id, at
     FROM ledger.shop_resolutions WHERE exception_key = ANY($1) AND ($2::bigint IS NULL OR shop_id = $2)
     ORDER BY at, id`,
    [keys, shopId],
  );
  const found = new Map<string, ShopResolution[]>();
  for (const row of result.rows) {
    const resolution: ShopResolution = {
      at: row.at.toISOString(),
      by: row.resolver_name,
      classification: row.classification,
      reason: row.reason,
      recordId: null,
      amount:
        row.amount_minor === null || row.currency === null
          ? null
          : { amount: minor(Number(row.amount_minor)), currency: row.currency },
      counter: row.counter_id,
    };
    found.set(row.exception_key, [...(found.get(row.exception_key) ?? []), resolution]);
  }
  return found;
}

/** Adds a resolution for the amount given; answers false when one for that amount is already held. */
export async function addShopResolution(
  client: pg.ClientBase,
  input: {
    readonly counterId: string;
    readonly key: string;
    readonly amount: Money | null;
    readonly classification: ResolutionClass;
    readonly reason: string;
    readonly resolver: { readonly id: string; readonly name: string };
  },
): Promise<boolean> {
  const result = await client.query(
    `INSERT INTO ledger.shop_resolutions (shop_id, exception_key, amount_minor, currency, classification, reason,
       resolver_id, resolver_name, counter_id)
     VALUES (ledger.shop_of(current_user), $1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT DO NOTHING`,
    [
      input.key,
      input.amount?.amount ?? null,
      input.amount?.currency ?? null,
      input.classification,
      input.reason,
      input.resolver.id,
      input.resolver.name,
      input.counterId,
    ],
  );
  return result.rowCount === 1;
}

/** Of these links (a counter's number and hash), the ones the ledger holds exactly so. */
export async function heldLinks(
  client: pg.ClientBase,
  links: readonly { readonly counterId: string; readonly seq: number; readonly hash: string }[],
): Promise<Set<string>> {
  if (links.length === 0) return new Set();
  const result = await client.query<{ counter_id: string; seq: string; hash: string }>(
    `SELECT l.counter_id, l.seq, l.hash FROM ledger.links l
     JOIN unnest($1::text[], $2::bigint[]) AS t(counter_id, seq) ON l.counter_id = t.counter_id AND l.seq = t.seq`,
    [links.map((link) => link.counterId), links.map((link) => link.seq)],
  );
  return new Set(result.rows.map((row) => `${row.counter_id}:${row.seq}:${row.hash}`));
}

/** Of these orders, each one a record of another shop of the ledger claims, with that shop's name. */
export async function otherShopClaims(
  client: pg.ClientBase,
  references: readonly string[],
): Promise<Map<string, string>> {
  if (references.length === 0) return new Map();
  const result = await client.query<{ order_reference: string; shop: string }>(
    'SELECT order_reference, shop FROM ledger.other_shop_claims($1::text[])',
    [references],
  );
  return new Map(result.rows.map((row) => [row.order_reference, row.shop]));
}

/** What the other shops of the account added to its balance: their deposits and refunds, per currency. */
export interface OtherShopsMoney {
  readonly deposits: Money;
  readonly refunds: Money;
}

/**
 * The other shops' deposits of the period's business days, and their cancellations' refunds that
 * reached the balance after one reading and until another, in the account and mode given.
 */
export async function otherShopsMoney(
  client: pg.ClientBase,
  input: {
    readonly period: Period;
    readonly after: string;
    readonly until: string;
    readonly accountRef: string;
    readonly training: boolean;
  },
): Promise<Map<Currency, OtherShopsMoney>> {
  const result = await client.query<{ currency: Currency; deposits_minor: string; refunds_minor: string }>(
    `SELECT currency, deposits_minor, refunds_minor
     FROM ledger.other_shops_money($1::date, $2::date, $3::timestamptz, $4::timestamptz, $5, $6)`,
    [input.period.firstDay, input.period.lastDay, input.after, input.until, input.accountRef, input.training],
  );
  return new Map(
    result.rows.map((row) => [
      row.currency,
      {
        deposits: { amount: minor(Number(row.deposits_minor)), currency: row.currency },
        refunds: { amount: minor(Number(row.refunds_minor)), currency: row.currency },
      },
    ]),
  );
}
