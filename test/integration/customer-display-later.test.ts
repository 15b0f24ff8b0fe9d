import { afterEach, describe, expect, it } from 'vitest';
import type { CustomerDisplay } from '../../shared/domain/customer-display';
import type { Sale, SaleSummary } from '../../shared/domain/sale';
import { unwrap } from '../support/core-harness';
import { type Counter, cheapest, completePending, startCounter } from './money-support';

let counter: Counter | null = null;

afterEach(async () => {
  await counter?.close();
  counter = null;
});

describe('a sale that completes later, and the customer display', () => {
  it('never shows itself on the customer display: the cashier shows it, and can show it again', async () => {
    counter = await startCounter({ faults: { pendingRate: 1, pendingDelayMs: -1 } });
    const c = counter;
    const pkg = cheapest(c.packages);
    const sale = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 2 }));
    if (sale.state !== 'pending') throw new Error(`sale ended ${sale.state}`);
    await completePending(c.sim, sale.orderReference);
    const done = unwrap(await c.h.call<SaleSummary>('resolveSale', { id: sale.id }));
    expect(done.state).toBe('completed');
    await new Promise((settled) => setImmediate(settled));

    expect(unwrap(await c.h.call<CustomerDisplay>('getCustomerDisplay')).sale).toBeNull();
    // The display said the eSIMs were being prepared, then went back to idle: it never put them up itself.
    const shownByItself = c.h.events.filter((e) => e.type === 'customer.display' && e.display.sale !== null);
    expect(shownByItself).toEqual([]);

    const shown = unwrap(await c.h.call<CustomerDisplay>('showSaleOnCustomerDisplay', { id: sale.id }));
    expect(shown.sale?.id).toBe(sale.id);
    expect(shown.sale?.esims).toHaveLength(2);
    expect(unwrap(await c.h.call<CustomerDisplay>('getCustomerDisplay')).sale?.id).toBe(sale.id);

    // Taken down, then sent back by the cashier: the same sale again.
    unwrap(await c.h.call('clearCustomerDisplay'));
    const again = unwrap(await c.h.call<CustomerDisplay>('showSaleOnCustomerDisplay', { id: sale.id }));
    expect(again.sale?.id).toBe(sale.id);
  });

  it('refuses to show a sale that has no eSIMs yet', async () => {
    counter = await startCounter({ faults: { pendingRate: 1, pendingDelayMs: -1 } });
    const pkg = cheapest(counter.packages);
    const sale = unwrap(await counter.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    const refused = await counter.h.call('showSaleOnCustomerDisplay', { id: sale.id });
    expect(refused.ok ? 'shown' : refused.error.code).toBe('INVALID_STATE');
  });
});
