import { describe, expect, it } from 'vitest';
import { joinCounter } from '../../electron/core/shop/joining';
import { sendLinks } from '../../electron/core/shop/ledger-links';
import { LEDGER_MIGRATIONS, latestLedgerVersion } from '../../electron/core/shop/ledger-migrations';
import { LedgerNewerThanCode, ledgerVersion, migrateLedger } from '../../electron/core/shop/ledger-schema';
import { counterJournal, newLedger, postgresPerFile } from '../support/shop-ledger';

const server = postgresPerFile();

describe('the shop ledger migrations', () => {
  it('carry their versions explicitly: 1, 2, 3… in order, each named for its file', () => {
    expect(LEDGER_MIGRATIONS.map((m) => m.version)).toEqual(LEDGER_MIGRATIONS.map((_, i) => i + 1));
    for (const m of LEDGER_MIGRATIONS)
      expect(m.name.startsWith(String(m.version).padStart(4, '0'))).toBe(true);
    expect(latestLedgerVersion()).toBe(LEDGER_MIGRATIONS.length);
  });

  it('create the ledger in an empty database as its owner, once, and record who applied each step', async () => {
    const ledger = await newLedger(server());
    const owner = await ledger.connect();
    expect(await ledgerVersion(owner)).toBe(0);
    expect(await migrateLedger(owner)).toEqual({ from: 0, to: latestLedgerVersion() });
    expect(await migrateLedger(owner)).toEqual({ from: latestLedgerVersion(), to: latestLedgerVersion() });
    const applied = await owner.query(
      'SELECT version, name, applied_by FROM ledger.schema_migrations ORDER BY 1',
    );
    expect(applied.rows).toEqual(
      LEDGER_MIGRATIONS.map((m) => ({ version: m.version, name: m.name, applied_by: ledger.owner.user })),
    );
  });

  it('run once when two counters join at the same moment', async () => {
    const ledger = await newLedger(server());
    const [a, b] = await Promise.all([ledger.connect(), ledger.connect()]);
    const results = await Promise.all([migrateLedger(a), migrateLedger(b)]);
    expect(results.map((r) => r.from).sort()).toEqual([0, latestLedgerVersion()]);
    const applied = await a.query('SELECT count(*)::int AS n FROM ledger.schema_migrations');
    expect(applied.rows[0].n).toBe(LEDGER_MIGRATIONS.length);
  });

  it('leave the database as it was when a step fails: every step is in one transaction', async () => {
    const ledger = await newLedger(server());
    const owner = await ledger.connect();
    const broken = [
      ...LEDGER_MIGRATIONS,
      {
        version: LEDGER_MIGRATIONS.length + 1,
        name: 'broken',
        async up(client: typeof owner) {
          await client.query('CREATE TABLE ledger.half_done (id int)');
          await client.query('SELECT * FROM no_such_table');
        },
      },
    ];
    await expect(migrateLedger(owner, broken)).rejects.toThrow(/no_such_table/);
    expect(await ledgerVersion(owner)).toBe(0);
    const schema = await owner.query("SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = 'ledger'");
    expect(schema.rows[0].n).toBe(0);
    const groups = await owner.query(
      "SELECT count(*)::int AS n FROM pg_roles WHERE rolname LIKE 'ledger_counters_%'",
    );
    const before = groups.rows[0].n;
    // The failed run's counter group was rolled back with the rest: a good run makes exactly one more.
    await migrateLedger(owner);
    const after = await owner.query(
      "SELECT count(*)::int AS n FROM pg_roles WHERE rolname LIKE 'ledger_counters_%'",
    );
    expect(after.rows[0].n).toBe(before + 1);
  });

  it('refuse a ledger newer than this code, and change nothing in it', async () => {
    const ledger = await newLedger(server());
    const owner = await ledger.connect();
    await migrateLedger(owner);
    const next = latestLedgerVersion() + 1;
    await owner.query("INSERT INTO ledger.schema_migrations (version, name) VALUES ($1, 'from-the-future')", [
      next,
    ]);
    const refused = await migrateLedger(owner).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LedgerNewerThanCode);
    expect((refused as Error).message).toBe(
      `The shop ledger is at schema version ${next}, newer than this counter's ${latestLedgerVersion()}: update the app on this counter.`,
    );
    expect(await ledgerVersion(owner)).toBe(next);
  });
});

describe('migration 0001 (the ledger)', () => {
  it('makes one group role for the counters, row-level security on every shop table, and keeps others out', async () => {
    const ledger = await newLedger(server());
    const owner = await ledger.connect();
    await migrateLedger(owner);
    const group = (await owner.query('SELECT counter_group FROM ledger.info')).rows[0].counter_group;
    const role = await owner.query('SELECT rolcanlogin FROM pg_roles WHERE rolname = $1', [group]);
    expect(role.rows).toEqual([{ rolcanlogin: false }]);
    const tables = await owner.query(
      `SELECT relname, relrowsecurity FROM pg_class WHERE relnamespace = 'ledger'::regnamespace AND relkind = 'r'
       ORDER BY relname`,
    );
    expect(tables.rows).toEqual([
      // Migration 0007's: one claim per sale a counter cancels.
      { relname: 'cancellation_claims', relrowsecurity: true },
      { relname: 'counters', relrowsecurity: true },
      { relname: 'info', relrowsecurity: false },
      { relname: 'links', relrowsecurity: true },
      { relname: 'order_claims', relrowsecurity: true },
      { relname: 'problems', relrowsecurity: true },
      { relname: 'records', relrowsecurity: true },
      { relname: 'schema_migrations', relrowsecurity: false },
      // Migration 0002's: the shop day's numbers and runs, and the shop's resolutions.
      { relname: 'shop_days', relrowsecurity: true },
      { relname: 'shop_resolutions', relrowsecurity: true },
      // Migration 0006's: the shop's prices, rates and end-of-day rules, by version.
      { relname: 'shop_settings', relrowsecurity: true },
      { relname: 'shops', relrowsecurity: true },
      // Migration 0008's: the shop's staff.
      { relname: 'staff', relrowsecurity: true },
      // Migration 0011's: staff given access to another shop.
      { relname: 'staff_access', relrowsecurity: true },
      // Migration 0005's: each eSIM's latest top-up lease in its shop.
      { relname: 'topup_leases', relrowsecurity: true },
    ]);
    // Another login on the same server may not even connect to the ledger's database.
    await server().createRole(`${ledger.database}_stranger`, 'stranger-password');
    await expect(ledger.connect(`${ledger.database}_stranger`, 'stranger-password')).rejects.toThrow(
      /permission denied for database/,
    );
  });
});

describe('migration 0012 (who a role is, for its own login only)', () => {
  it("answers a counter of an 0011 ledger its own counter and shop, and nothing of another's role", async () => {
    const ledger = await newLedger(server());
    const owner = await ledger.connect();
    await migrateLedger(owner, LEDGER_MIGRATIONS.slice(0, 11));
    const join = async (shop: string, counterId: string) => {
      const login = await joinCounter(owner, { shop, counterId, code: '1', name: counterId });
      const shopId = await owner.query<{ id: string }>('SELECT id FROM ledger.shops WHERE name = $1', [shop]);
      return {
        role: login.user,
        shop: shopId.rows[0]?.id,
        client: await ledger.connect(login.user, login.password),
      };
    };
    const front = await join('Main street', 'C-FRONT');
    const quay = await join('Harbour', 'C-HARBOUR');
    const ask = async (client: typeof owner, role: string) =>
      (await client.query('SELECT ledger.counter_of($1) AS counter, ledger.shop_of($1) AS shop', [role]))
        .rows[0];
    const policies = () =>
      owner.query(
        "SELECT tablename, policyname, qual, with_check FROM pg_policies WHERE schemaname = 'ledger' ORDER BY 1, 2",
      );
    // Before: any role's name, read in pg_roles, answered its counter and shop.
    expect(await ask(quay.client, front.role)).toEqual({ counter: 'C-FRONT', shop: front.shop });
    const before = await policies();

    expect(await migrateLedger(owner)).toEqual({ from: 11, to: latestLedgerVersion() });
    expect(await ask(quay.client, front.role)).toEqual({ counter: null, shop: null });
    expect(await ask(front.client, quay.role)).toEqual({ counter: null, shop: null });
    expect(await ask(quay.client, quay.role)).toEqual({ counter: 'C-HARBOUR', shop: quay.shop });
    expect(await ask(front.client, front.role)).toEqual({ counter: 'C-FRONT', shop: front.shop });
    // The owner's login is no counter, and asking about a counter's role answers it nothing either.
    expect(await ask(owner, ledger.owner.user)).toEqual({ counter: null, shop: null });
    expect(await ask(owner, front.role)).toEqual({ counter: null, shop: null });

    // The policies are the same, and read by the calling counter still: it pushes its own chain
    // (ledger.push asks counter_of as the caller) and reads its own shop only; the owner reads both.
    expect((await policies()).rows).toEqual(before.rows);
    const journal = counterJournal('C-HARBOUR');
    journal.record('cashier.signed_in', 'cashier-1');
    expect((await sendLinks(quay.client, journal.links())).head?.seq).toBe(1);
    const counters = 'SELECT id FROM ledger.counters ORDER BY id';
    expect((await quay.client.query(counters)).rows).toEqual([{ id: 'C-HARBOUR' }]);
    expect((await front.client.query(counters)).rows).toEqual([{ id: 'C-FRONT' }]);
    expect((await front.client.query('SELECT count(*)::int AS n FROM ledger.links')).rows).toEqual([
      { n: 0 },
    ]);
    expect((await owner.query(counters)).rows).toEqual([{ id: 'C-FRONT' }, { id: 'C-HARBOUR' }]);
    expect((await owner.query('SELECT counter_id FROM ledger.links')).rows).toEqual([
      { counter_id: 'C-HARBOUR' },
    ]);
  });
});
