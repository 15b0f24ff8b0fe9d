import { afterEach, describe, expect, it } from 'vitest';
import {
  addShopSettings,
  newestShopSettings,
  StaleShopSettings,
} from '../../electron/core/shop/shop-settings-ledger';
import { startSimulator } from '../../electron/simulator/index';
import type { Cashier } from '../../shared/domain/cashier';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Pricing } from '../../shared/domain/pricing';
import type { Sale } from '../../shared/domain/sale';
import type { TillView } from '../../shared/domain/shift';
import type { ShopSettingsView } from '../../shared/domain/shop-settings';
import type { ExchangeRate } from '../../shared/domain/till';
import { unwrap } from '../support/core-harness';
import {
  joinedCounter,
  newLedger,
  postgresPerFile,
  type TestLedger,
  twoShopCounters,
} from '../support/shop-ledger';
import { startTcpGate, type TcpGate } from '../support/tcp-gate';
import { cutOffBehind, hireStaff, iqd, MANAGER_PIN, openShift, type Staff, usd } from './end-of-day-support';
import { type Counter, cheapest, eventually, SEED } from './money-support';
import { joinInput, shopCounter, status } from './shop-ledger-support';

// One price list, one rate and one set of end-of-day rules per shop, versioned in the shop ledger
// (ledger migration 0006), on a real PostgreSQL with two live counters on one simulator account.

const server = postgresPerFile();

const gates: TcpGate[] = [];
afterEach(async () => {
  await Promise.all(gates.splice(0).map((gate) => gate.close()));
});

/** A markup of `percent` on every package. */
function markup(percent: number): Pricing {
  return {
    rules: [{ scope: { kind: 'all' }, markup: { kind: 'percent', basisPoints: percent * 100 } }],
    roundingSteps: {},
  };
}

interface ShopCounter {
  readonly c: Counter;
  readonly staff: Staff;
  readonly gate: TcpGate;
}

/** A counter of the shop on `sim`, its staff hired, joined through a gate of its own. */
async function joined(ledger: TestLedger, sim: Counter['sim'], code: string): Promise<ShopCounter> {
  const c = await shopCounter({ sim });
  const staff = await hireStaff(c.h);
  const gate = await startTcpGate(ledger.server.port);
  gates.push(gate);
  unwrap(
    await c.h.call('joinShopLedger', {
      ...joinInput(ledger, code),
      address: `postgres://127.0.0.1:${gate.port}/${ledger.database}`,
    }),
  );
  return { c, staff, gate };
}

async function shopSettingsOf(c: Counter): Promise<ShopSettingsView | null> {
  return (await status(c)).shopSettings;
}

/** Waits until the counter's status says it sells from `expected`. */
async function untilSettings(c: Counter, expected: Partial<ShopSettingsView>): Promise<void> {
  await eventually(`the shop's settings to read ${JSON.stringify(expected)}`, async () => {
    const view = await shopSettingsOf(c);
    return view &&
      Object.entries(expected).every(([key, value]) => view[key as keyof ShopSettingsView] === value)
      ? view
      : null;
  });
}

async function retailOf(c: Counter, code: string): Promise<CataloguePackage['retail']> {
  const { packages } = unwrap(await c.h.call<{ packages: CataloguePackage[] }>('listPackages'));
  const found = packages.find((pkg) => pkg.code === code);
  if (!found) throw new Error(`${code} is not in the catalogue`);
  return found.retail;
}

describe("the shop's settings in the ledger (migration 0006)", () => {
  it("are versioned per shop; a counter reads and adds its own shop's only, on top of the newest", async () => {
    const ledger = await newLedger(server());
    const main = await joinedCounter(ledger, {
      shop: 'Main street',
      counterId: 'C-MAIN',
      code: '1',
      name: 'Front',
    });
    const market = await joinedCounter(ledger, {
      shop: 'Market',
      counterId: 'C-MARKET',
      code: '1',
      name: 'Front',
    });
    const set = { prices: markup(20), rates: [], end_of_day: { currencies: ['USD'] } };
    // Each counter's own manager (its manager PIN) approves its changes: null names them.
    await main.client.query("SELECT ledger.put_counter_manager('Manager')");

    expect(await newestShopSettings(main.client)).toBeNull();
    expect(
      await addShopSettings(main.client, { after: 0, part: 'first', settings: set, manager: 'm1' }),
    ).toBe(1);
    expect(
      await addShopSettings(main.client, {
        after: 1,
        part: 'prices',
        settings: { ...set, prices: markup(30) },
        manager: null,
      }),
    ).toBe(2);
    // A change made from a version that is no longer the newest is refused: nobody overwrites a change unseen.
    await expect(
      addShopSettings(main.client, { after: 1, part: 'prices', settings: set, manager: 'm1' }),
    ).rejects.toBeInstanceOf(StaleShopSettings);

    // Another shop's counter sees none of it, and its own versions start at 1.
    expect(await newestShopSettings(market.client)).toBeNull();
    expect(
      await addShopSettings(market.client, { after: 0, part: 'first', settings: set, manager: 'm2' }),
    ).toBe(1);
    expect((await newestShopSettings(main.client))?.version).toBe(2);
    expect((await newestShopSettings(market.client))?.version).toBe(1);
    const seen = await market.client.query('SELECT shop_id, version FROM ledger.shop_settings');
    expect(seen.rows).toHaveLength(1);

    // Nobody writes, changes or removes a version but through the function.
    for (const statement of [
      `INSERT INTO ledger.shop_settings (shop_id, version, part, settings, counter_id, manager)
         SELECT shop_id, 3, 'prices', settings, counter_id, manager FROM ledger.shop_settings`,
      `UPDATE ledger.shop_settings SET settings = '{}'`,
      'DELETE FROM ledger.shop_settings',
    ]) {
      await expect(market.client.query(statement)).rejects.toThrow(/permission denied/);
      await expect(main.client.query(statement)).rejects.toThrow(/permission denied/);
    }
    // A set without every part, or a part the ledger does not know, is refused by the ledger itself.
    await expect(
      addShopSettings(main.client, {
        after: 2,
        part: 'prices',
        settings: { prices: markup(1) },
        manager: null,
      }),
    ).rejects.toThrow(/shop_settings_settings_check/);
    await expect(
      addShopSettings(main.client, { after: 2, part: 'staff' as 'prices', settings: set, manager: null }),
    ).rejects.toThrow(/shop_settings_part_check/);
    // Only a counter of the ledger adds a version.
    const owner = await ledger.connect();
    await expect(
      addShopSettings(owner, { after: 2, part: 'prices', settings: set, manager: 'owner' }),
    ).rejects.toThrow(/is not a counter of this ledger/);
    const all = await ledger.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger.shop_settings');
    expect(all.rows).toEqual([{ n: 3 }]);
  });
});

describe("a change of the shop's settings approved by its staff (migration 0009)", () => {
  it("is refused unless it names an active manager of the calling counter's shop", async () => {
    const { ledger, front, back, harbour } = await twoShopCounters(server());
    const set = { prices: markup(20), rates: [], end_of_day: { currencies: ['USD'] } };
    const pin = JSON.stringify({ salt: 's', hash: 'h', n: 16384, r: 8, p: 1 });
    const change = (client: typeof front.client, after: number, manager: string | null) =>
      addShopSettings(client, { after, part: 'prices', settings: set, manager });
    // The shop's first version is the first counter's own settings: nobody approves it.
    expect(
      await addShopSettings(front.client, { after: 0, part: 'first', settings: set, manager: 'x' }),
    ).toBe(1);
    // Before front's own manager is known to the ledger, null names nobody.
    await expect(change(front.client, 1, null)).rejects.toThrow(/not by an active manager of this shop/);
    await front.client.query("SELECT ledger.put_counter_manager('Manager')");
    await harbour.client.query("SELECT ledger.put_counter_manager('Manager')");
    await front.client.query("SELECT ledger.put_staff('S-ALICE', 'Alice', 'cashier', $1, true, NULL)", [pin]);
    await front.client.query("SELECT ledger.put_staff('S-DANA', 'Dana', 'manager', $1, true, NULL)", [pin]);
    await harbour.client.query("SELECT ledger.put_staff('S-HARRY', 'Harry', 'manager', $1, true, NULL)", [
      pin,
    ]);
    for (const [client, manager] of [
      [front.client, 'manager PIN'], // a name, not a member of the staff
      [front.client, 'S-ALICE'], // a cashier
      [front.client, 'S-HARRY'], // another shop's manager
      [back.client, 'counter:C-FRONT'], // another counter's own manager
      [back.client, null], // back's own manager, never made known
      [harbour.client, 'S-DANA'], // Main street's manager at the Harbour
    ] as const) {
      await expect(change(client, client === harbour.client ? 0 : 1, manager)).rejects.toThrow(
        /not by an active manager of this shop/,
      );
    }
    // A first version comes only first: it is no way around the approval.
    await expect(
      addShopSettings(front.client, { after: 1, part: 'first', settings: set, manager: 'x' }),
    ).rejects.toBeInstanceOf(StaleShopSettings);
    // The shop's manager approves at any of its counters; a counter's own manager at that counter.
    expect(await change(back.client, 1, 'S-DANA')).toBe(2);
    expect(await change(front.client, 2, null)).toBe(3);
    // Dana deactivated approves nothing more.
    await front.client.query('SELECT ledger.put_staff($1, NULL, NULL, NULL, false, NULL)', ['S-DANA']);
    await expect(change(back.client, 3, 'S-DANA')).rejects.toThrow(/not by an active manager of this shop/);
    const kept = await ledger.query<{ version: number; manager: string }>(
      'SELECT version, manager FROM ledger.shop_settings ORDER BY shop_id, version',
    );
    expect(kept.rows).toEqual([
      { version: 1, manager: 'x' },
      { version: 2, manager: 'S-DANA' },
      { version: 3, manager: 'counter:C-FRONT' },
    ]);
  });

  it('is refused at the counter, worded, for a manager the shop deactivated before this counter heard', async () => {
    const ledger = await newLedger(server());
    const sim = await startSimulator({ port: 0, seed: SEED, balance: 500 });
    try {
      const first = await joined(ledger, sim, '1');
      const second = await joined(ledger, sim, '2');
      const dana = unwrap(
        await first.c.h.call<Cashier>('addCashier', {
          name: 'Dana',
          role: 'manager',
          pin: '4444',
          approval: first.staff.approval,
        }),
      );
      const byDana = { managerId: dana.id, pin: '4444' };
      await eventually("Dana's approval at counter 2", async () =>
        (await second.c.h.call('checkApproval', { approval: byDana })).ok ? true : null,
      );
      // Her approval goes through at counter 2 while she is a manager of the shop.
      await untilSettings(second.c, { state: 'current' });
      unwrap(
        await second.c.h.call('updateEndOfDaySettings', { patch: { dayCutOff: '05:00' }, approval: byDana }),
      );
      const before = (await shopSettingsOf(second.c))?.version;
      // The shop deactivates her, and counter 2 has not heard yet (no notification reaches it).
      await ledger.query('UPDATE ledger.staff SET active = false WHERE id = $1', [dana.id]);
      const refused = await second.c.h.call('updateEndOfDaySettings', {
        patch: { dayCutOff: '06:00' },
        approval: byDana,
      });
      expect(refused).toMatchObject({ ok: false });
      expect(!refused.ok && refused.error).toMatchObject({
        code: 'PIN_INVALID',
        message: "The shop's settings change only with the approval of one of its managers.",
        details: { approval: 'manager' },
      });
      // Nothing was kept, here or in the ledger.
      expect(unwrap(await second.c.h.call<TillView>('getTill')).settings.dayCutOff).toBe('05:00');
      expect((await shopSettingsOf(second.c))?.version).toBe(before);
      const versions = await ledger.query<{ n: number }>(
        'SELECT max(version)::int AS n FROM ledger.shop_settings',
      );
      expect(versions.rows).toEqual([{ n: before }]);
      // The manager PIN still approves the shop's prices here.
      unwrap(await second.c.h.call('setPricing', { pin: MANAGER_PIN, pricing: markup(25) }));
      expect((await shopSettingsOf(second.c))?.version).toBe((before ?? 0) + 1);
    } finally {
      await sim.close();
    }
  }, 240_000);
});

describe("a shop's prices, rate and end-of-day rules", () => {
  it('start from the first counter; a price change at counter 1 applies at counter 2, behind and stopped ledger told', async () => {
    const ledger = await newLedger(server());
    const sim = await startSimulator({ port: 0, seed: SEED, balance: 500 });
    try {
      const first = await joined(ledger, sim, '1');
      unwrap(await first.c.h.call('setPricing', { pin: MANAGER_PIN, pricing: markup(20) }));
      // Counter 2 comes with prices of its own: joining, it takes the shop's.
      // Its keychain is kept across its restart below.
      const second = await shopCounter({ sim, keychainService: `esim-counter-test-${Date.now()}` });
      await hireStaff(second.h);
      unwrap(await second.h.call('setPricing', { pin: MANAGER_PIN, pricing: markup(90) }));
      const gate = await startTcpGate(ledger.server.port);
      gates.push(gate);
      unwrap(
        await second.h.call('joinShopLedger', {
          ...joinInput(ledger, '2'),
          address: `postgres://127.0.0.1:${gate.port}/${ledger.database}`,
        }),
      );
      expect(unwrap(await second.h.call<Pricing>('getPricing'))).toEqual(markup(20));
      const pkg = cheapest(first.c.packages);
      const before = await retailOf(first.c, pkg.code);
      expect(await retailOf(second, pkg.code)).toEqual(before);
      await untilSettings(second, { version: 2, state: 'current', shopVersion: null });

      // Counter 1's manager changes the prices: the shop's next version, heard at counter 2 at once.
      unwrap(await first.c.h.call('setPricing', { pin: MANAGER_PIN, pricing: markup(50) }));
      const changed = await retailOf(first.c, pkg.code);
      expect(changed.amount).toBeGreaterThan(before.amount);
      expect(await shopSettingsOf(first.c)).toMatchObject({ version: 3, state: 'current' });
      await untilSettings(second, { version: 3, state: 'current' });
      expect(await retailOf(second, pkg.code)).toEqual(changed);
      await openShift(second.h, [usd(10_000)]);
      const heard = unwrap(
        await second.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1, tender: { method: 'card' } }),
      );
      expect(heard.retailTotal).toEqual(changed);

      // The ledger stops answering counter 2, then the prices change again: counter 2 sells from its
      // version, and says it cannot know.
      gate.hang();
      unwrap(await first.c.h.call('setPricing', { pin: MANAGER_PIN, pricing: markup(60) }));
      const newest = await retailOf(first.c, pkg.code);
      await second.h.core.shopSettings.refreshNow();
      const behind = await shopSettingsOf(second);
      expect(behind).toMatchObject({ version: 3, state: 'unknown', shopVersion: null });
      expect(behind?.checkedAt).not.toBeNull();
      const sold = unwrap(
        await second.h.call<Sale>('sell', {
          packageCode: pkg.code,
          quantity: 1,
          tender: { method: 'card' },
          quotedTotal: changed,
        }),
      );
      expect(sold.retailTotal).toEqual(changed);

      // Answering again, it catches up by itself: the same package, the shop's newest price.
      gate.flow();
      await untilSettings(second, { version: 4, state: 'current' });
      expect(await retailOf(second, pkg.code)).toEqual(newest);

      // The ledger stopped: a manager cannot change the shop's prices, and nothing changes anywhere.
      await ledger.server.stop();
      expect(await first.c.h.call('setPricing', { pin: MANAGER_PIN, pricing: markup(70) })).toMatchObject({
        ok: false,
        error: { code: 'SHOP_LEDGER_UNREACHABLE' },
      });
      expect(unwrap(await first.c.h.call<Pricing>('getPricing'))).toEqual(markup(60));
      await untilSettings(second, { version: 4, state: 'unknown' });
      // Restarted with the ledger still down, counter 2 sells from the version it kept, and cannot know.
      await second.restart();
      expect(await shopSettingsOf(second)).toMatchObject({ version: 4, state: 'unknown', checkedAt: null });
      expect(await retailOf(second, pkg.code)).toEqual(newest);

      // The ledger started again: counter 2 hears it by itself, and a change after applies there too.
      await ledger.server.start();
      await untilSettings(second, { version: 4, state: 'current' });
      unwrap(await first.c.h.call('setPricing', { pin: MANAGER_PIN, pricing: markup(70) }));
      await untilSettings(second, { version: 5, state: 'current' });
      expect(await retailOf(second, pkg.code)).toEqual(await retailOf(first.c, pkg.code));
    } finally {
      await sim.close();
    }
  }, 240_000);

  it("a rate and the end-of-day rules set at counter 1 are counter 2's once heard, and the dinar price follows", async () => {
    const ledger = await newLedger(server());
    const sim = await startSimulator({ port: 0, seed: SEED, balance: 500 });
    try {
      const first = await joined(ledger, sim, '1');
      const second = await joined(ledger, sim, '2');
      // A rate is its business day's: the day must not end while the test runs.
      unwrap(
        await first.c.h.call('updateEndOfDaySettings', {
          patch: { currencies: ['USD', 'IQD'], sellingCurrency: 'IQD', ...cutOffBehind(first.c.h) },
          approval: first.staff.approval,
        }),
      );
      unwrap(
        await first.c.h.call<ExchangeRate>('setExchangeRate', {
          base: 'USD',
          quote: 'IQD',
          buy: '1,450',
          sell: '1,460',
          per: 1,
          approval: first.staff.approval,
        }),
      );
      await untilSettings(second.c, { version: 3, state: 'current' });
      const till = unwrap(await second.c.h.call<TillView>('getTill'));
      expect(till.settings).toMatchObject({ currencies: ['USD', 'IQD'], sellingCurrency: 'IQD' });
      expect(till.rates).toEqual([
        expect.objectContaining({ base: 'USD', quote: 'IQD', buyPer100: 145_000, sellPer100: 146_000 }),
      ]);
      // A sale in dinars at counter 2 is asked at the shop's rate.
      await openShift(second.c.h, [usd(10_000), iqd(0)]);
      const pkg = cheapest(second.c.packages);
      const sold = unwrap(
        await second.c.h.call<Sale>('sell', {
          packageCode: pkg.code,
          quantity: 1,
          tender: { method: 'card' },
        }),
      );
      expect(sold.tender?.ratePer100).toBe(146_000);

      // A new rate while counter 2 cannot reach the ledger: it keeps the one it has, and says it cannot know.
      second.gate.cut();
      second.gate.hang();
      unwrap(
        await first.c.h.call<ExchangeRate>('setExchangeRate', {
          base: 'USD',
          quote: 'IQD',
          buy: '1,470',
          sell: '1,480',
          per: 1,
          approval: first.staff.approval,
        }),
      );
      await second.c.h.core.shopSettings.refreshNow();
      expect(await shopSettingsOf(second.c)).toMatchObject({ state: 'unknown' });
      expect(unwrap(await second.c.h.call<TillView>('getTill')).rates[0]?.sellPer100).toBe(146_000);
      second.gate.flow();
      await untilSettings(second.c, { version: 4, state: 'current' });
      expect(unwrap(await second.c.h.call<TillView>('getTill')).rates[0]?.sellPer100).toBe(148_000);
      expect((await shopSettingsOf(second.c))?.version).toBe((await shopSettingsOf(first.c))?.version);
    } finally {
      await sim.close();
    }
  }, 240_000);
});
