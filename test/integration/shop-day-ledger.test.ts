import { describe, expect, it } from 'vitest';
import { latestLedgerVersion } from '../../electron/core/shop/ledger-migrations';
import { ledgerVersion, migrateLedger } from '../../electron/core/shop/ledger-schema';
import {
  addShopResolution,
  latestShopDay,
  recordShopDay,
  shopDayNumber,
  shopResolutions,
} from '../../electron/core/shop/shop-day-ledger';
import { newLedger, postgresPerFile, twoShopCounters } from '../support/shop-ledger';
import { usd } from './end-of-day-support';

// Ledger migration 0002, on a real PostgreSQL: the shop day's numbers and runs, and the shop's
// resolutions, each kept once and for its own shop only.

const server = postgresPerFile();

const DAY = { firstDay: '2026-11-22', lastDay: '2026-11-22' };
const NEXT = { firstDay: '2026-11-23', lastDay: '2026-11-23' };

async function twoShops() {
  const { ledger, front, back, harbour } = await twoShopCounters(server());
  return { ledger, front: front.client, back: back.client, harbour: harbour.client };
}

const resolution = (counterId: string, key: string, amount = usd(149)) => ({
  counterId,
  key,
  amount,
  classification: 'accepted' as const,
  reason: 'checked with the bank',
  resolver: { id: 'manager-1', name: 'Manager' },
});

describe("the shop day's tables in the ledger (migration 0002)", () => {
  it('come with the ledger, created by its owner like every step', async () => {
    const ledger = await newLedger(server());
    const owner = await ledger.connect();
    await migrateLedger(owner);
    expect(await ledgerVersion(owner)).toBe(latestLedgerVersion());
    expect(latestLedgerVersion()).toBeGreaterThanOrEqual(2);
    const tables = await owner.query(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'ledger' AND tablename LIKE 'shop%' AND tablename <> 'shops' ORDER BY 1",
    );
    // Later migrations add tables of their own beside these.
    expect(tables.rows.map((row) => row.tablename)).toEqual(
      expect.arrayContaining(['shop_days', 'shop_resolutions']),
    );
  });

  it("number each shop's days 1, 2, 3…, a period once, whichever counter asks", async () => {
    const { front, back, harbour } = await twoShops();
    expect(await shopDayNumber(front, DAY)).toBe(1);
    expect(await shopDayNumber(back, DAY)).toBe(1);
    expect(await Promise.all([shopDayNumber(back, NEXT), shopDayNumber(front, NEXT)])).toEqual([2, 2]);
    expect(await shopDayNumber(harbour, NEXT)).toBe(1);
    await recordShopDay(back, 2, 'reconciled', { number: 2 });
    expect(await latestShopDay(front, NEXT)).toEqual({ number: 2 });
    // Another shop's run is not this shop's.
    expect(await latestShopDay(harbour, NEXT)).toBeNull();
  });

  it("let a counter neither write a run nor a number but through the ledger's functions", async () => {
    const { front } = await twoShops();
    await shopDayNumber(front, DAY);
    await expect(front.query("UPDATE ledger.shop_days SET result = 'reconciled'")).rejects.toThrow(
      /permission denied/,
    );
    await expect(
      front.query(
        "INSERT INTO ledger.shop_days (shop_id, number, first_day, last_day, opened_by) VALUES (1, 9, now(), now(), 'C-FRONT')",
      ),
    ).rejects.toThrow(/permission denied/);
  });

  it('keep a resolution once per exception and amount, for its own shop, in its own counter’s name', async () => {
    const { front, back, harbour } = await twoShops();
    expect(await addShopResolution(front, resolution('C-FRONT', 'shop:x:bridge_remainder:USD'))).toBe(true);
    // The same exception for the same amount, from the other counter: already resolved.
    expect(await addShopResolution(back, resolution('C-BACK', 'shop:x:bridge_remainder:USD'))).toBe(false);
    // Another amount is another resolution.
    expect(
      await addShopResolution(back, resolution('C-BACK', 'shop:x:bridge_remainder:USD', usd(2649))),
    ).toBe(true);
    const held = await shopResolutions(back, ['shop:x:bridge_remainder:USD']);
    expect(held.get('shop:x:bridge_remainder:USD')?.map((r) => [r.amount, r.counter, r.by])).toEqual([
      [usd(149), 'C-FRONT', 'Manager'],
      [usd(2649), 'C-BACK', 'Manager'],
    ]);
    expect((await shopResolutions(harbour, ['shop:x:bridge_remainder:USD'])).size).toBe(0);
    // Not in another counter's name, and never changed or removed.
    await expect(addShopResolution(front, resolution('C-BACK', 'shop:y'))).rejects.toThrow(
      /row-level security/,
    );
    await expect(front.query('DELETE FROM ledger.shop_resolutions')).rejects.toThrow(/permission denied/);
    await expect(front.query("UPDATE ledger.shop_resolutions SET reason = 'no'")).rejects.toThrow(
      /permission denied/,
    );
  });
});
