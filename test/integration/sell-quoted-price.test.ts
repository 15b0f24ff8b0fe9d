import { afterEach, describe, expect, it } from 'vitest';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { PosEvent } from '../../shared/domain/events';
import type { Pricing } from '../../shared/domain/pricing';
import type { Sale } from '../../shared/domain/sale';
import { unwrap } from '../support/core-harness';
import { type Counter, charges, cheapest, ledger, startCounter } from './money-support';

let counter: Counter | null = null;

afterEach(async () => {
  await counter?.close();
  counter = null;
});

const PIN = '2468';
const TEN_PERCENT: Pricing = {
  rules: [{ scope: { kind: 'all' }, markup: { kind: 'percent', basisPoints: 1000 } }],
  roundingSteps: {},
};

async function priced(c: Counter, code: string): Promise<CataloguePackage> {
  const { packages } = unwrap(await c.h.call<{ packages: CataloguePackage[] }>('listPackages'));
  const pkg = packages.find((p) => p.code === code);
  if (!pkg) throw new Error(`${code} is not in the catalogue`);
  return pkg;
}

describe('the price quoted is the price charged', () => {
  it('refuses a sale quoted at the price before a pricing change: nothing journalled, nothing sent', async () => {
    counter = await startCounter();
    const c = counter;
    const pkg = cheapest(c.packages);
    unwrap(await c.h.call('setManagerPin', { pin: PIN }));
    const quoted = { ...pkg.retail, amount: pkg.retail.amount * 2 };

    unwrap(await c.h.call('setPricing', { pin: PIN, pricing: TEN_PERCENT }));
    const changed = c.h.events.filter(
      (e): e is Extract<PosEvent, { type: 'pricing.changed' }> => e.type === 'pricing.changed',
    );
    expect(changed.map((e) => e.pricing)).toEqual([TEN_PERCENT]);
    const now = await priced(c, pkg.code);
    expect(now.retail.amount).toBeGreaterThan(pkg.retail.amount);

    const refused = await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 2, quotedTotal: quoted });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('PRICE_CHANGED');
    expect(refused.error.details).toMatchObject({
      quoted,
      current: { ...now.retail, amount: now.retail.amount * 2 },
      packageCode: pkg.code,
    });
    expect(unwrap(await c.h.call<{ sales: Sale[] }>('listSales', {})).sales).toEqual([]);
    expect(charges((await ledger(c.sim)).entries)).toEqual([]);

    // Quoted again at today's price, the same sale goes through at that price.
    const requoted = { ...now.retail, amount: now.retail.amount * 2 };
    const sale = unwrap(
      await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 2, quotedTotal: requoted }),
    );
    expect(sale.state).toBe('completed');
    expect(sale.retailTotal).toEqual(requoted);
    expect(charges((await ledger(c.sim)).entries)).toHaveLength(1);
  });

  it('refuses a quote in another currency', async () => {
    counter = await startCounter();
    const pkg = cheapest(counter.packages);
    const refused = await counter.h.call<Sale>('sell', {
      packageCode: pkg.code,
      quantity: 1,
      quotedTotal: { amount: pkg.retail.amount, currency: pkg.retail.currency === 'EUR' ? 'USD' : 'EUR' },
    });
    expect(refused.ok ? 'sold' : refused.error.code).toBe('PRICE_CHANGED');
    expect(charges((await ledger(counter.sim)).entries)).toEqual([]);
  });
});
