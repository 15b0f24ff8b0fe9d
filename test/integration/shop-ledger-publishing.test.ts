import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Keychain } from '../../electron/core/credentials/keychain';
import type { Status } from '../../shared/domain/status';
import { minor } from '../../shared/money';
import { unwrap } from '../support/core-harness';
import { newLedger, postgresPerFile } from '../support/shop-ledger';
import { count, hireStaff, MANAGER_PIN, openShift, sell, usd } from './end-of-day-support';
import { cheapest, eventually, rechargeableEsim } from './money-support';
import { joinInput, shopCounter, status, untilPublished } from './shop-ledger-support';

// A counter publishes its records to the shop ledger: soon after each (told by the journal, never
// polled for), each once, from wherever the ledger's acknowledgement left off, and never a secret.

const server = postgresPerFile();

const counter = shopCounter;

describe('a counter without a shop ledger', { timeout: 120_000 }, () => {
  it('works as before: the ledger is off, and nothing waits', async () => {
    const c = await counter();
    await hireStaff(c.h);
    expect((await sell(c.h, cheapest(c.packages))).state).toBe('completed');
    const { state, waiting, ...where } = (await status(c)).shopLedger;
    expect([state, waiting]).toEqual(['off', 0]);
    expect(Object.values(where).every((value) => value === null)).toBe(true);
  });
});

describe('joining the shop ledger', { timeout: 120_000 }, () => {
  it("publishes the counter's whole journal, then each new record soon after it is written, each once", async () => {
    const ledger = await newLedger(server());
    const c = await counter();
    await hireStaff(c.h);
    const pkg = cheapest(c.packages);
    await openShift(c.h, [usd(2000)]);
    await sell(c.h, pkg, { method: 'cash', tendered: minor(pkg.retail.amount) });

    const joined = unwrap(await c.h.call<Status>('joinShopLedger', joinInput(ledger, '1', 'Front desk')));
    expect(joined.shopLedger).toMatchObject({
      address: `postgres://127.0.0.1:${ledger.server.port}/${ledger.database}?sslmode=disable`,
      shop: 'Main street',
      counterCode: '1',
      counterName: 'Front desk',
      problem: null,
    });
    const before = await untilPublished(c, ledger);
    // One more sale: the journal tells the pusher, which sends it without being asked.
    await sell(c.h, pkg, { method: 'card' });
    const after = await untilPublished(c, ledger);
    expect(after.length).toBeGreaterThan(before.length);
    const shown = await eventually('the status to say up to date', async () => {
      const now = (await status(c)).shopLedger;
      return now.state === 'up_to_date' && now.waiting === 0 ? now : null;
    });
    expect(shown.syncedAt).not.toBeNull();
    // Each record of the ledger is the newest version of the counter's own.
    const sales = await ledger.query("SELECT state FROM ledger.records WHERE type = 'sale'");
    expect(sales.rows).toEqual([{ state: 'completed' }, { state: 'completed' }]);
  });

  it('goes on after a restart from what the ledger acknowledged, sending nothing twice', async () => {
    const ledger = await newLedger(server());
    const keychainService = `esim-counter-test-ledger-${process.pid}-${Date.now()}`;
    const c = await counter({ keychainService });
    await hireStaff(c.h);
    const pkg = cheapest(c.packages);
    unwrap(await c.h.call('joinShopLedger', joinInput(ledger)));
    await sell(c.h, pkg);
    await untilPublished(c, ledger);
    await c.restart();
    await sell(c.h, pkg);
    const held = await untilPublished(c, ledger);
    expect(held.map((link) => link.seq)).toEqual(held.map((_, i) => i + 1));
    expect((await status(c)).shopLedger.state).toBe('up_to_date');
  });

  it('refuses a wrong PIN, an address it cannot use, a wrong owner password and a code the shop has', async () => {
    const ledger = await newLedger(server());
    const c = await counter();
    await hireStaff(c.h);
    const refusal = async (input: object) => {
      const result = await c.h.call('joinShopLedger', { ...joinInput(ledger), ...input });
      if (result.ok) throw new Error('the join went through');
      return result.error;
    };
    expect((await refusal({ pin: '9999' })).code).toBe('PIN_INVALID');
    expect(await refusal({ address: 'ledger.shop.lan' })).toMatchObject({
      code: 'INVALID_INPUT',
      details: {
        issues: [{ path: 'address', message: 'Write the address as postgres://host:port/database.' }],
      },
    });
    expect(await refusal({ ownerPassword: 'wrong-password' })).toMatchObject({
      code: 'SHOP_LEDGER_REFUSED',
      details: { reason: 'credentials' },
    });
    expect((await refusal({ address: 'postgres://127.0.0.1:1/none' })).code).toBe('SHOP_LEDGER_UNREACHABLE');
    expect((await refusal({ counterCode: 'toolong1' })).code).toBe('INVALID_INPUT');
    expect((await status(c)).shopLedger.state).toBe('off');

    const other = await counter();
    await hireStaff(other.h);
    unwrap(await other.h.call('joinShopLedger', joinInput(ledger, '1', 'Window')));
    expect(await refusal({})).toMatchObject({
      code: 'SHOP_LEDGER_REFUSED',
      details: { reason: 'code_taken' },
    });
  });

  it('keeps the password in the OS keychain only: not in the journal, the log or the status', async () => {
    const ledger = await newLedger(server());
    const keychainService = `esim-counter-test-ledger-${process.pid}-${Date.now()}`;
    const c = await counter({ keychainService });
    await hireStaff(c.h);
    const joined = unwrap(await c.h.call<Status>('joinShopLedger', joinInput(ledger)));
    await untilPublished(c, ledger);
    const password = await new Keychain(keychainService).readSecret('shop-ledger');
    if (!password) throw new Error('no password in the keychain');
    const db = new Database(join(c.dataDir, 'journal.sqlite'), { readonly: true });
    const role = JSON.parse(
      (db.prepare("SELECT value_json FROM settings WHERE key = 'shopLedger'").get() as { value_json: string })
        .value_json,
    ).role as string;
    db.close();
    // It is the counter's login, and the ledger takes it.
    const client = await ledger.connect(role, password);
    expect((await client.query('SELECT ledger.counter_of(current_user) AS id')).rows).toEqual([
      { id: joined.counterId },
    ]);
    unwrap(await c.h.call('leaveShopLedger', { pin: MANAGER_PIN }));
    // Leaving forgets the password too.
    expect(await new Keychain(keychainService).readSecret('shop-ledger')).toBeNull();
    expect((await status(c)).shopLedger.state).toBe('off');
    const secrets = [password, ledger.owner.password];
    for (const secret of secrets) {
      expect(c.h.logLines.join('\n')).not.toContain(secret);
      expect(JSON.stringify(joined)).not.toContain(secret);
    }
    // The files are read with the core stopped: a backup under way makes and removes files while it runs.
    await c.restart(() => {
      const files = readdirSync(c.dataDir, { recursive: true, encoding: 'utf8' }).filter((name) =>
        /journal|\.log|\.jsonl/.test(name),
      );
      for (const secret of secrets) {
        for (const file of files) {
          expect(readFileSync(join(c.dataDir, file)).includes(secret), `${file} holds a secret`).toBe(false);
        }
      }
    });
  });
});

describe('what the ledger holds after a day', { timeout: 120_000 }, () => {
  it('no activation code, no API secret and no password: only what the chain carries', async () => {
    const ledger = await newLedger(server());
    const c = await counter();
    const staff = await hireStaff(c.h);
    unwrap(await c.h.call('joinShopLedger', joinInput(ledger)));
    const pkg = cheapest(c.packages);
    await openShift(c.h, [usd(5000)]);
    const sold = [
      await sell(c.h, pkg, { method: 'cash', tendered: minor(pkg.retail.amount) }),
      await sell(c.h, pkg, { method: 'card' }),
    ];
    const { sale: rechargeable, iccid, option } = await rechargeableEsim(c);
    unwrap(await c.h.call('topUp', { iccid, packageCode: option.code, tender: { method: 'card' } }));
    unwrap(
      await c.h.call('cancelSale', {
        saleId: sold[1]?.id,
        reason: 'Customer changed their mind',
        cashRefund: null,
        approval: staff.approval,
      }),
    );
    const { countId } = await count(c.h, [usd(5000 + pkg.retail.amount)]);
    unwrap(await c.h.call('closeShift', { countId }));
    const day = new Date().toISOString().slice(0, 10);
    await c.h.call('reconcile', { firstDay: day });
    await untilPublished(c, ledger);

    const everything = await ledger.query<{ text: string }>(
      `SELECT string_agg(record, '\n') AS text FROM (
         SELECT record FROM ledger.links UNION ALL SELECT record::text FROM ledger.records
         UNION ALL SELECT detail::text FROM ledger.problems) AS held`,
    );
    const held = everything.rows[0]?.text ?? '';
    expect(held).toContain(sold[0]?.id);
    const codes = [...sold, rechargeable].flatMap((sale) =>
      sale?.state === 'completed' ? sale.esims.flatMap((esim) => [esim.lpa, esim.activationCode]) : [],
    );
    expect(codes.length).toBeGreaterThan(2);
    for (const secret of [...codes, c.sim.defaultAccount.secretKey, ledger.owner.password]) {
      expect(secret.length).toBeGreaterThan(8);
      expect(held).not.toContain(secret);
    }
  });
});

describe("a counter's own connection to its ledger", { timeout: 120_000 }, () => {
  it('reads its shop as the counter, is refused while the counter is in none, and ends after the work', async () => {
    const ledger = await newLedger(server());
    const c = await counter();
    await hireStaff(c.h);
    await expect(c.h.core.shopLedger.withClient(async () => 'read')).rejects.toMatchObject({
      code: 'INVALID_STATE',
    });
    const joined = unwrap(await c.h.call<Status>('joinShopLedger', joinInput(ledger)));
    const seen = await c.h.core.shopLedger.withClient(async (client) => {
      const me = await client.query<{ id: string }>('SELECT ledger.counter_of(current_user) AS id');
      return { id: me.rows[0]?.id, client };
    });
    expect(seen.id).toBe(joined.counterId);
    // Ended after the work: the client refuses another query.
    await expect(seen.client.query('SELECT 1')).rejects.toThrow();
    unwrap(await c.h.call('leaveShopLedger', { pin: MANAGER_PIN }));
    await expect(c.h.core.shopLedger.withClient(async () => 'read')).rejects.toMatchObject({
      code: 'INVALID_STATE',
    });
  });
});
