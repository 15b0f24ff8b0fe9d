import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CounterJoin, JoinRefused, joinCounter } from '../../electron/core/shop/joining';
import { sendLinks } from '../../electron/core/shop/ledger-links';
import {
  type CounterJournal,
  counterJournal,
  joinedCounter,
  newLedger,
  postgresPerFile,
  type TestLedger,
} from '../support/shop-ledger';

// Each counter logs in as its own PostgreSQL role. What it may do is decided by PostgreSQL itself
// (grants and row-level security), not by the counter's code: these tests log in as a counter and try.

const server = postgresPerFile();

let ledger: TestLedger;
let front: { journal: CounterJournal; client: pg.Client };
let back: { journal: CounterJournal; client: pg.Client };
let airport: { journal: CounterJournal; client: pg.Client };

async function counter(
  shop: string,
  code: string,
  id: string,
): Promise<{ journal: CounterJournal; client: pg.Client }> {
  const journal = counterJournal(id);
  const { client } = await joinedCounter(ledger, { shop, counterId: id, code, name: `Counter ${code}` });
  journal.record('cashier.signed_in', 'cashier-1');
  journal.record('settings.changed', null, { field: 'language' });
  await sendLinks(client, journal.links());
  return { journal, client };
}

beforeAll(async () => {
  ledger = await newLedger(server());
  front = await counter('Main street', '1', 'C-FRONT');
  back = await counter('Main street', '2', 'C-BACK');
  airport = await counter('Airport', '1', 'C-AIRPORT');
});

describe('a counter role', () => {
  it("reads its own shop's counters, links and records, and nothing of another shop", async () => {
    const counters = await front.client.query('SELECT id, code FROM ledger.counters ORDER BY id');
    expect(counters.rows).toEqual([
      { id: 'C-BACK', code: '2' },
      { id: 'C-FRONT', code: '1' },
    ]);
    const links = await front.client.query('SELECT DISTINCT counter_id FROM ledger.links ORDER BY 1');
    expect(links.rows.map((r) => r.counter_id)).toEqual(['C-BACK', 'C-FRONT']);
    const records = await front.client.query(
      "SELECT count(*)::int AS n FROM ledger.records WHERE counter_id = 'C-AIRPORT'",
    );
    expect(records.rows[0].n).toBe(0);
    const shops = await front.client.query('SELECT name FROM ledger.shops');
    expect(shops.rows).toEqual([{ name: 'Main street' }]);
    // The airport's counter sees only its own shop.
    const seen = await airport.client.query('SELECT DISTINCT counter_id FROM ledger.links');
    expect(seen.rows).toEqual([{ counter_id: 'C-AIRPORT' }]);
  });

  it("cannot add a link to another counter's chain, even a link that is right", async () => {
    back.journal.record('cashier.signed_out', 'cashier-1');
    const [next] = back.journal.links(2);
    if (!next) throw new Error('no link');
    await expect(
      front.client.query('INSERT INTO ledger.links (counter_id, seq, hash, record) VALUES ($1, $2, $3, $4)', [
        'C-BACK',
        next.seq,
        next.hash,
        next.record,
      ]),
    ).rejects.toThrow(/new row violates row-level security policy for table "links"/);
    // Its own push sends to its own chain only: the other counter's link does not chain onto it.
    await expect(sendLinks(front.client, [next])).rejects.toThrow(/does not hash to its hash/);
    // The rightful counter sends it.
    expect((await sendLinks(back.client, [next])).head?.seq).toBe(3);
  });

  it('cannot change or remove a link, nor write what the ledger derives from links', async () => {
    for (const statement of [
      "UPDATE ledger.links SET record = '{}' WHERE counter_id = 'C-FRONT'",
      "DELETE FROM ledger.links WHERE counter_id = 'C-FRONT'",
      "UPDATE ledger.records SET state = 'completed'",
      "INSERT INTO ledger.order_claims VALUES ('ORD-1', 'C-FRONT', 1, 'sale', 's', 1, now())",
      'DELETE FROM ledger.problems',
      "INSERT INTO ledger.counters (id, shop_id, code, name, role) VALUES ('C-X', 1, '9', 'X', 'x')",
      "INSERT INTO ledger.shops (name) VALUES ('Elsewhere')",
      'TRUNCATE ledger.links',
    ]) {
      await expect(front.client.query(statement), statement).rejects.toThrow(/permission denied for table/);
    }
  });

  it('cannot alter the schema, its security or its own role', async () => {
    for (const [statement, refusal] of [
      ['ALTER TABLE ledger.links DISABLE ROW LEVEL SECURITY', /must be owner of table links/],
      ['DROP POLICY shop_reads ON ledger.links', /must be owner of relation links/],
      ['ALTER TABLE ledger.links ADD COLUMN note text', /must be owner of table links/],
      ['DROP TRIGGER link_arrives ON ledger.links', /must be owner of relation links/],
      ['CREATE TABLE ledger.mine (id int)', /permission denied for schema ledger/],
      ['CREATE TABLE public.mine (id int)', /permission denied for schema public/],
      [
        'CREATE OR REPLACE FUNCTION ledger.counter_of(who name) RETURNS text LANGUAGE sql AS $$ SELECT $$',
        /permission denied for schema ledger/,
      ],
      ['CREATE ROLE sneaky LOGIN', /permission denied to create role/],
      ['ALTER ROLE CURRENT_USER CREATEROLE', /permission denied/],
      ['DELETE FROM ledger.schema_migrations', /permission denied for table schema_migrations/],
    ] as const) {
      await expect(front.client.query(statement), statement).rejects.toThrow(refusal);
    }
  });

  it('cannot record a fork in the name of another counter', async () => {
    // record_fork takes the caller from its login: whatever it is given, it can only speak for itself.
    const [held] = back.journal.links(0, 1);
    if (!held) throw new Error('no link');
    await front.client.query('SELECT ledger.record_fork(1, $1, $2)', ['f'.repeat(64), held.record]);
    const problems = await back.client.query(
      "SELECT counter_id FROM ledger.problems WHERE kind = 'chain_fork'",
    );
    expect(problems.rows).toEqual([{ counter_id: 'C-FRONT' }]);
  });
});

function joining(shop: string, counterId: string, code: string, name: string): CounterJoin {
  return { shop, counterId, code, name };
}

/** The refusal a join ends in (the test fails if it joins). */
async function joinRefusal(owner: pg.Client, join: CounterJoin): Promise<JoinRefused> {
  const error = await joinCounter(owner, join).then(
    () => null,
    (refused: unknown) => refused,
  );
  if (!(error instanceof JoinRefused)) throw new Error(`expected a refused join, got ${String(error)}`);
  return error;
}

describe('joining', () => {
  it('refuses a second counter with a code its shop already has, and allows that code in another shop', async () => {
    const owner = await ledger.connect();
    const refused = await joinRefusal(owner, joining('Main street', 'C-NEW', '2', 'Window'));
    expect(refused.reason).toBe('code_taken');
    expect(refused.message).toBe(
      'The code 2 is already the counter "Counter 2"\'s in the shop "Main street": choose another.',
    );
    await expect(
      owner.query(
        "INSERT INTO ledger.counters (id, shop_id, code, name, role) SELECT 'C-RAW', shop_id, '2', 'Raw', 'raw' FROM ledger.counters WHERE id = 'C-BACK'",
      ),
    ).rejects.toThrow(/duplicate key value violates unique constraint "counters_shop_id_code_key"/);
    await joinCounter(owner, joining('Airport', 'C-NEW', '2', 'Window'));
  });

  it('joins the same counter again with a new password, and refuses it in another shop', async () => {
    const owner = await ledger.connect();
    const again = await joinCounter(owner, joining('Main street', 'C-FRONT', '1', 'Front'));
    const client = await ledger.connect(again.user, again.password);
    expect((await client.query('SELECT ledger.counter_of(current_user) AS id')).rows).toEqual([
      { id: 'C-FRONT' },
    ]);
    const moved = await joinRefusal(owner, joining('Airport', 'C-FRONT', '7', 'Front'));
    expect(moved.reason).toBe('other_shop');
  });

  it("refuses a login that is not the ledger's owner, and a counter cannot add counters", async () => {
    const refused = await joinRefusal(back.client, joining('Main street', 'C-SNEAK', '5', 'Sneak'));
    expect(refused.reason).toBe('not_owner');
  });
});
