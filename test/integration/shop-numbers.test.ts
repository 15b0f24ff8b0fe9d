import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Sale } from '../../shared/domain/sale';
import { unwrap } from '../support/core-harness';
import { newLedger, postgresPerFile } from '../support/shop-ledger';
import { exportedFiles } from '../support/unzip';
import { count, hireStaff, openShift, sell, usd } from './end-of-day-support';
import { charges, cheapest, ledger as providerLedger } from './money-support';
import { joinedShopCounter, joinInput, shopCounter } from './shop-ledger-support';

// A counter in a shop numbers its receipts and Zs on its own, offline, and prints them with its code
// (`2-000123`, `Z2-000017`): on paper, on screen, in the exports and in the search. Its orders'
// idempotency keys carry the shop's and its own code; keys journalled before keep working.

const server = postgresPerFile();

/** What the sales search finds, as receipt numbers. */
async function found(c: Awaited<ReturnType<typeof shopCounter>>, search: string): Promise<number[]> {
  const { sales } = unwrap(
    await c.h.call<{ sales: { receiptNumber: number }[] }>('listSales', { search, limit: 50 }),
  );
  return sales.map((sale) => sale.receiptNumber);
}

function keyOf(dataDir: string, saleId: string): string {
  const db = new Database(join(dataDir, 'journal.sqlite'), { readonly: true });
  try {
    return (
      db.prepare('SELECT idempotency_key FROM sales WHERE id = ?').get(saleId) as { idempotency_key: string }
    ).idempotency_key;
  } finally {
    db.close();
  }
}

function csv(files: readonly { name: string; content: string }[], name: string): string[][] {
  const file = files.find((each) => each.name.endsWith(`-${name}.csv`));
  if (!file) throw new Error(`no ${name}.csv in ${files.map((each) => each.name).join(', ')}`);
  return file.content
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
}

describe('numbers with the counter code', { timeout: 180_000 }, () => {
  it('prints, exports and finds the receipt and the Z with the code, and keys orders with the shop and the code', async () => {
    const ledger = await newLedger(server());
    const c = await joinedShopCounter(ledger, '2');
    const pkg = cheapest(c.packages);
    await openShift(c.h, [usd(1000)]);
    const sale = await sell(c.h, pkg, { method: 'card' });
    expect(sale.receiptNumber).toBe(1);

    const receipt = unwrap(await c.h.call<{ html: string }>('renderReceipt', { kind: 'sale', id: sale.id }));
    expect(receipt.html).toContain('2-000001');
    const status = unwrap(await c.h.call<{ counterId: string }>('getStatus'));
    expect(keyOf(c.dataDir, sale.id)).toMatch(new RegExp(`^MAINSTREET-2-${status.counterId}-[0-9a-f-]{36}$`));

    // Typed as printed, with or without the code: that receipt, whatever ICCID holds the digits.
    expect(await found(c, '2-000001')).toEqual([1]);
    expect(await found(c, '000001')).toEqual([1]);
    expect(await found(c, '3-000001')).toEqual([]);

    const { countId } = await count(c.h, [usd(1000)]);
    unwrap(await c.h.call('closeShift', { countId }));
    const z = unwrap(await c.h.call<{ html: string }>('renderShiftReport', { kind: 'z', paper: '80' }));
    expect(z.html).toContain('Z2-000001');
    expect(z.html).not.toContain('Z-000001');

    const shiftId = unwrap(await c.h.call<{ shifts: { id: string }[] }>('listShifts', {})).shifts[0]?.id;
    const zipped = unwrap(
      await c.h.call<{ name: string; base64: string }>('exportCsv', { scope: { shiftId } }),
    );
    expect(zipped.name).toMatch(/-Z2-000001-csv\.zip$/);
    const files = exportedFiles(zipped);
    expect(files[0]?.name).toMatch(/-Z2-000001-sales\.csv$/);
    const sales = csv(files, 'sales');
    const header = sales[0] ?? [];
    expect(sales[1]?.[header.indexOf('receipt')]).toBe('2-000001');
    expect(sales[1]?.[header.indexOf('z_number')]).toBe('Z2-000001');
    // Every row of every file names its counter by the code its receipts print with.
    for (const file of files) {
      const [head, ...rows] = csv(files, file.name.replace(/^.*-Z2-000001-|\.csv$/g, ''));
      expect(head?.[0], file.name).toBe('counter');
      for (const row of rows) expect(row[0], file.name).toBe('2');
    }
  });

  it('a key journalled before the counter joined its shop is sent again unchanged after a restart: one charge', async () => {
    const ledger = await newLedger(server());
    const c = await shopCounter({}, { faults: { answerStyle: 'lean' } });
    await hireStaff(c.h);
    const pkg = cheapest(c.packages);
    c.sim.setFaults({ dropAfterCommitRate: 1, paths: ['POST /esims/order'] });
    const lost = unwrap(await c.h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    expect(lost.state).toBe('in_doubt');
    const oldKey = keyOf(c.dataDir, lost.id);
    expect(oldKey.startsWith('MAINSTREET-')).toBe(false);
    const paid = charges((await providerLedger(c.sim)).entries);
    expect(paid).toHaveLength(1);

    unwrap(await c.h.call('joinShopLedger', joinInput(ledger, '2')));
    const h = await c.restart();
    c.sim.setFaults({ dropAfterCommitRate: 0 });
    const resent = unwrap(await h.call<Sale>('resendSale', { id: lost.id, confirmed: true }));
    expect(resent.state).toBe('completed');
    // The provider replayed the first order under the journalled key: nothing charged twice.
    expect(keyOf(c.dataDir, lost.id)).toBe(oldKey);
    expect(charges((await providerLedger(c.sim)).entries)).toEqual(paid);
    if (resent.state === 'completed') expect(resent.orderReference).toBe(paid[0]?.orderReference);
    // A new sale after the restart is keyed with the shop and the code.
    const next = unwrap(await h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    expect(keyOf(c.dataDir, next.id)).toMatch(/^MAINSTREET-2-/);
  });
});
