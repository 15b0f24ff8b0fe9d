import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendLinks } from '../../electron/core/shop/ledger-links';
import {
  addShopResolution,
  otherShopClaims,
  recordShopDay,
  shopDayNumber,
} from '../../electron/core/shop/shop-day-ledger';
import {
  type CounterJournal,
  counterJournal,
  postgresPerFile,
  sellLive,
  type TestLedger,
  twoShopCounters,
} from '../support/shop-ledger';
import { usd } from './end-of-day-support';

// Two shops on one ledger: a counter of Harbour tries to read and to change what is Main street's,
// in every table of the ledger and through every function a counter may call. Each try is refused
// or sees nothing: PostgreSQL's grants, row-level security and the functions' own checks decide,
// whatever the counter's code would do. The functions that answer about other shops answer a name
// and sums only.

const server = postgresPerFile();

const DAY = { firstDay: '2026-11-29', lastDay: '2026-11-29' };
const ICCID = '8944500000000000001';
const PIN = JSON.stringify({ salt: 's', hash: 'h', n: 16384, r: 8, p: 1 });
const SETTINGS = JSON.stringify({ prices: {}, rates: {}, end_of_day: {} });

/** The tables that hold no shop's rows: the ledger's own. Every other table has a shop. */
const SHOPLESS = ['info', 'schema_migrations'];

/** The tables Main street fills below: each must hold its rows, so that not seeing them means something. */
const FILLED = [
  'cancellation_claims',
  'counters',
  'links',
  'order_claims',
  'problems',
  'records',
  'shop_days',
  'shop_resolutions',
  'shop_settings',
  'shops',
  'staff',
  'topup_leases',
];

let ledger: TestLedger;
let mainStreet: number;
let harbourShop: number;
let front: { client: pg.Client; journal: CounterJournal };
let quay: pg.Client;
/** Front's role, Main street's first counter's login. */
let frontRole: string;

/** Each table of the ledger with the column naming its shop (null for the ledger's own). */
async function tables(): Promise<{ table: string; shopColumn: string | null }[]> {
  const result = await ledger.query<{ table: string; has_shop_id: boolean }>(
    `SELECT c.relname AS table,
       EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'shop_id' AND NOT a.attisdropped)
         AS has_shop_id
     FROM pg_class c WHERE c.relnamespace = 'ledger'::regnamespace AND c.relkind = 'r' ORDER BY 1`,
  );
  return result.rows.map(({ table, has_shop_id }) => ({
    table,
    shopColumn: table === 'shops' ? 'id' : has_shop_id ? 'shop_id' : null,
  }));
}

/** Every row of Main street in every table, as the owner reads it. */
async function mainStreetRows(): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {};
  for (const { table, shopColumn } of await tables()) {
    if (shopColumn === null) continue;
    const result = await ledger.query<{ row: unknown }>(
      `SELECT to_jsonb(t) AS row FROM ledger.${table} t WHERE ${shopColumn} = $1 ORDER BY to_jsonb(t)::text`,
      [mainStreet],
    );
    rows[table] = result.rows.map((each) => each.row);
  }
  return rows;
}

beforeAll(async () => {
  const shops = await twoShopCounters(server());
  ledger = shops.ledger;
  quay = shops.harbour.client;
  front = { client: shops.front.client, journal: counterJournal('C-FRONT') };
  frontRole = shops.front.login.user;
  const shopId = async (name: string) =>
    Number(
      (await ledger.query<{ id: string }>('SELECT id FROM ledger.shops WHERE name = $1', [name])).rows[0]?.id,
    );
  mainStreet = await shopId('Main street');
  harbourShop = await shopId('Harbour');

  // Main street's day: a sale and its order, a fork kept as a problem, its shop day and a resolution,
  // a top-up lease, its prices, its staff, a cancellation claimed by its other counter, contact marked.
  sellLive(front.journal, 'sale-main-1', 'ORD-MAIN-1', '2026-11-29T09:00:00.000Z');
  await sendLinks(front.client, front.journal.links());
  const [first] = front.journal.links(0, 1);
  await front.client.query('SELECT ledger.record_fork(1, $1, $2)', ['f'.repeat(64), first?.record]);
  await recordShopDay(front.client, await shopDayNumber(front.client, DAY), 'reconciled', {
    shop: 'Main street',
  });
  await addShopResolution(front.client, {
    counterId: 'C-FRONT',
    key: 'shop:2026-11-29:bridge_remainder:USD',
    amount: usd(149),
    classification: 'accepted',
    reason: 'checked with the bank',
    resolver: { id: 'counter:C-FRONT', name: 'Manager' },
  });
  await front.client.query('SELECT * FROM ledger.take_topup_lease($1, $2, false)', [ICCID, 'T-MAIN-1']);
  await front.client.query("SELECT ledger.put_counter_manager('Manager')");
  await front.client.query("SELECT ledger.set_shop_settings(0, 'first', $1::jsonb, 'Manager')", [SETTINGS]);
  await front.client.query("SELECT ledger.put_staff('S-ALICE', 'Alice', 'cashier', $1::jsonb, true, NULL)", [
    PIN,
  ]);
  await shops.back.client.query(
    "SELECT * FROM ledger.claim_cancellation('C-FRONT', 'sale-main-1', 'cancel-1')",
  );
  await front.client.query('SELECT ledger.mark_contact()');

  // Harbour's own: a sale of its own, its manager.
  const harbour = counterJournal('C-HARBOUR');
  sellLive(harbour, 'sale-harbour-1', 'ORD-HARBOUR-1', '2026-11-29T09:05:00.000Z');
  await sendLinks(quay, harbour.links());
  await quay.query("SELECT ledger.put_counter_manager('Manager')");
}, 120_000);

describe("a counter of Harbour, against Main street's rows", () => {
  it('reads none of them, in any table of the ledger', async () => {
    const all = await tables();
    // A table without a shop is the ledger's own: any new table names its shop, or is listed here.
    expect(all.filter((each) => each.shopColumn === null).map((each) => each.table)).toEqual(SHOPLESS);
    const held = await mainStreetRows();
    for (const table of FILLED) expect(held[table]?.length ?? 0, table).toBeGreaterThan(0);
    for (const { table, shopColumn } of all) {
      if (shopColumn === null) continue;
      const seen = await quay.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ledger.${table} WHERE ${shopColumn} = $1`,
        [mainStreet],
      );
      expect(seen.rows[0]?.n, table).toBe(0);
    }
    // It reads its own shop: the policies are not simply closed.
    const own = await quay.query('SELECT code FROM ledger.counters ORDER BY code');
    expect(own.rows).toEqual([{ code: '1' }, { code: '2' }]);
    expect((await quay.query('SELECT order_reference FROM ledger.order_claims')).rows).toEqual([
      { order_reference: 'ORD-HARBOUR-1' },
    ]);
  });

  it('changes none of them: no statement, and no function a counter may call', async () => {
    const before = await mainStreetRows();
    for (const { table, shopColumn } of await tables()) {
      if (shopColumn === null) continue;
      for (const statement of [
        // A shop's id is an identity: its name is set instead.
        `UPDATE ledger.${table} SET ${table === 'shops' ? 'name = name' : `${shopColumn} = ${shopColumn}`} WHERE ${shopColumn} = ${mainStreet}`,
        `DELETE FROM ledger.${table} WHERE ${shopColumn} = ${mainStreet}`,
      ]) {
        await expect(quay.query(statement), statement).rejects.toThrow(/permission denied/);
      }
    }
    // The only tables a counter inserts into, each refusing a row of another shop or counter.
    const insertable = await quay.query<{ table: string }>(
      `SELECT c.relname AS table FROM pg_class c
       WHERE c.relnamespace = 'ledger'::regnamespace AND c.relkind = 'r'
         AND has_table_privilege(c.oid, 'INSERT') ORDER BY 1`,
    );
    expect(insertable.rows.map((row) => row.table)).toEqual([]);
    const columnInserts = await quay.query<{ table: string }>(
      `SELECT DISTINCT table_name AS table FROM information_schema.column_privileges
       WHERE table_schema = 'ledger' AND privilege_type = 'INSERT' AND grantee <> current_user ORDER BY 1`,
    );
    expect(columnInserts.rows.map((row) => row.table)).toEqual(['links', 'shop_resolutions']);
    // Front's next link, right in every way but whose it is.
    front.journal.record('cashier.signed_out', 'cashier-1');
    const link = front.journal.links().at(-1);
    await expect(
      quay.query('INSERT INTO ledger.links (counter_id, seq, hash, record) VALUES ($1, $2, $3, $4)', [
        'C-FRONT',
        link?.seq,
        link?.hash,
        link?.record,
      ]),
    ).rejects.toThrow(/row-level security/);
    await expect(
      quay.query(
        `INSERT INTO ledger.shop_resolutions (shop_id, exception_key, classification, reason, resolver_id,
           resolver_name, counter_id) VALUES ($1, 'k', 'accepted', 'mine now', 'x', 'x', 'C-HARBOUR')`,
        [mainStreet],
      ),
    ).rejects.toThrow(/row-level security/);

    // Every function a counter may call, each tried on Main street's rows. A function added later
    // is tried here too, or this list fails.
    const tries: Record<string, () => Promise<unknown>> = {
      // Who a role is: its own ids only. Front's role name is there to read in pg_roles, as every
      // role's is, yet asking about it answers nothing.
      counter_of: async () => {
        const named = await quay.query('SELECT count(*)::int AS n FROM pg_roles WHERE rolname = $1', [
          frontRole,
        ]);
        expect(named.rows).toEqual([{ n: 1 }]);
        expect((await quay.query('SELECT ledger.counter_of($1) AS id', [frontRole])).rows).toEqual([
          { id: null },
        ]);
        expect((await quay.query('SELECT ledger.counter_of(current_user) AS id')).rows).toEqual([
          { id: 'C-HARBOUR' },
        ]);
      },
      shop_of: async () => {
        expect((await quay.query('SELECT ledger.shop_of($1)::int AS id', [frontRole])).rows).toEqual([
          { id: null },
        ]);
        expect((await quay.query('SELECT ledger.shop_of(current_user)::int AS id')).rows).toEqual([
          { id: harbourShop },
        ]);
      },
      // Front's link sent as Harbour's own: a fork of Harbour's chain, nothing of Front's.
      push: async () => expect((await sendLinks(quay, front.journal.links(0, 1))).forkSeq).toBe(1),
      record_fork: () => quay.query('SELECT ledger.record_fork(1, $1, $2)', ['e'.repeat(64), link?.record]),
      // Numbers and runs of its own shop's day.
      shop_day_number: () => shopDayNumber(quay, DAY),
      record_shop_day: () => recordShopDay(quay, 1, 'not_reconciled', { shop: 'Main street?' }),
      mark_contact: () => quay.query('SELECT ledger.mark_contact()'),
      // Main street's lease neither seen nor ended: the eSIM's lease in Harbour is Harbour's.
      take_topup_lease: async () => {
        const taken = await quay.query('SELECT answer FROM ledger.take_topup_lease($1, $2, false)', [
          ICCID,
          'T-HARBOUR-1',
        ]);
        expect(taken.rows).toEqual([{ answer: 'taken' }]);
      },
      release_topup_lease: async () => {
        const released = await quay.query(
          "SELECT ledger.release_topup_lease($1, 'T-MAIN-1', 'failed') AS r",
          [ICCID],
        );
        expect(released.rows).toEqual([{ r: false }]);
      },
      // Prices of its own shop only, from its own versions, approved by its own manager (null).
      set_shop_settings: () =>
        quay.query("SELECT ledger.set_shop_settings(0, 'prices', $1::jsonb, NULL)", [SETTINGS]),
      claim_cancellation: () =>
        expect(
          quay.query("SELECT * FROM ledger.claim_cancellation('C-FRONT', 'sale-main-1', 'cancel-h')"),
        ).rejects.toThrow(/not a counter of this shop/),
      release_cancellation: () => quay.query("SELECT ledger.release_cancellation('cancel-1')"),
      put_staff: () =>
        expect(
          quay.query("SELECT ledger.put_staff('S-ALICE', 'Mallory', 'manager', $1::jsonb, true, NULL)", [
            PIN,
          ]),
        ).rejects.toThrow(/no such member of this shop's staff/),
      put_counter_manager: () => quay.query("SELECT ledger.put_counter_manager('Mallory')"),
      pin_tried: () =>
        expect(quay.query("SELECT ledger.pin_tried('S-ALICE', false, 5)")).rejects.toThrow(
          /no such member of this shop's staff/,
        ),
      // Whether a member works in a shop, of the members it sees: its own shop's.
      works_in: async () => {
        const answers = await quay.query<{ works: boolean }>(
          'SELECT ledger.works_in(s, $1::bigint) AS works FROM ledger.staff s',
          [mainStreet],
        );
        expect(answers.rows.map((row) => row.works)).toEqual([false]);
      },
      other_shop_claims: () => otherShopClaims(quay, ['ORD-MAIN-1']),
      other_shops_money: () =>
        quay.query(
          "SELECT * FROM ledger.other_shops_money('2026-11-29', '2026-11-29', now() - interval '1 day', now(), 'a', false)",
        ),
    };
    const callable = await quay.query<{ name: string }>(
      `SELECT DISTINCT p.proname AS name FROM pg_proc p
       WHERE p.pronamespace = 'ledger'::regnamespace AND has_function_privilege(p.oid, 'EXECUTE') ORDER BY 1`,
    );
    expect(callable.rows.map((row) => row.name)).toEqual(Object.keys(tries).sort());
    for (const [name, attempt] of Object.entries(tries))
      await attempt().catch((error: unknown) => {
        throw new Error(`${name}: ${String(error)}`);
      });
    expect(await mainStreetRows()).toEqual(before);
  });

  it('learns of Main street only its name for an order it claims, and of its money sums per currency', async () => {
    expect(await otherShopClaims(quay, ['ORD-MAIN-1', 'ORD-HARBOUR-1', 'ORD-NOBODY'])).toEqual(
      new Map([['ORD-MAIN-1', 'Main street']]),
    );
    // What each function may answer, by its declared result: nothing but a name, or sums.
    const results = await quay.query<{ name: string; result: string }>(
      `SELECT p.proname AS name, pg_get_function_result(p.oid) AS result FROM pg_proc p
       WHERE p.pronamespace = 'ledger'::regnamespace AND p.proname IN ('other_shop_claims', 'other_shops_money')
       ORDER BY 1`,
    );
    expect(results.rows).toEqual([
      { name: 'other_shop_claims', result: 'TABLE(order_reference text, shop text)' },
      {
        name: 'other_shops_money',
        result: 'TABLE(currency text, deposits_minor bigint, refunds_minor bigint)',
      },
    ]);
    // Only a counter calls them, as itself: the owner's login is no counter.
    await expect(ledger.query("SELECT * FROM ledger.other_shop_claims(ARRAY['ORD-MAIN-1'])")).rejects.toThrow(
      /is not a counter of this ledger/,
    );
  });
});
