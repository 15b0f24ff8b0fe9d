import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BalanceView } from '../../shared/domain/balance';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Sale } from '../../shared/domain/sale';
import { type CoreHarness, startCoreHarness, unwrap } from '../support/core-harness';

// Every order carries the package's expected cost as the API's `price`: a provider price rise is
// refused (PRICE_MISMATCH) instead of charged silently. Core to simulator over HTTP.
let h: CoreHarness;

beforeEach(async () => {
  h = await startCoreHarness({ balance: 500 });
});

afterEach(async () => {
  await h.close();
});

async function firstPackage(): Promise<CataloguePackage> {
  const { packages } = unwrap(await h.call<{ packages: CataloguePackage[] }>('listPackages'));
  const pkg = packages.find((candidate) => candidate.type === 'local');
  if (!pkg) throw new Error('no local package');
  return pkg;
}

/** The counter's cached catalogue quotes `amount` for the package, as if the provider's price had since changed. */
function quoteInCache(code: string, amount: number): void {
  const db = new Database(join(h.dataDir, 'journal.sqlite'));
  try {
    db.prepare(
      "UPDATE catalogue SET package_json = json_set(package_json, '$.cost.amount', ?) WHERE code = ?",
    ).run(amount, code);
  } finally {
    db.close();
  }
}

async function providerBalance(): Promise<number> {
  return unwrap(await h.call<BalanceView>('getBalance')).balance.amount;
}

describe('the price sent with each order', () => {
  it('sells at the price the catalogue quoted', async () => {
    const pkg = await firstPackage();
    const sale = unwrap(await h.call<Sale>('sell', { packageCode: pkg.code, quantity: 2 }));
    expect(sale).toMatchObject({ state: 'completed', cost: { amount: pkg.cost!.amount * 2 } });
  });

  it('a provider price rise since the catalogue was read fails the sale, and nothing is charged', async () => {
    const pkg = await firstPackage();
    const before = await providerBalance();
    quoteInCache(pkg.code, pkg.cost!.amount - 1);
    const sale = unwrap(await h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    expect(sale).toMatchObject({ state: 'failed', error: { code: 'PRICE_MISMATCH' } });
    expect(await providerBalance()).toBe(before);
  });
});
