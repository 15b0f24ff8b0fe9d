import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openJournal } from '../../electron/core/journal/database';
import { type SaleCursor, SalesJournal } from '../../electron/core/journal/sales-journal';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Sale, SaleEsim, SaleSummary } from '../../shared/domain/sale';
import { money } from '../../shared/money';
import { type CoreHarness, startCoreHarness, unwrap } from '../support/core-harness';
import { fixtureEsim } from './receipt-fixtures';

/**
 * A busy day is listed in pages, newest first, each page going on from the last sale of the one
 * before (keyset, not OFFSET): every sale of the day is reached exactly once, even when many share one
 * instant, and the day's totals count them all whichever page is asked for.
 */

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function journal(): { db: Db; sales: SalesJournal } {
  const dir = mkdtempSync(join(tmpdir(), 'esim-sale-pages-'));
  const db = openJournal({ file: join(dir, 'journal.sqlite') });
  cleanups.push(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { db, sales: new SalesJournal(db) };
}

/** Sale `i` of the day, journalled at `at`: it fails, or completes at 500 USD with these eSIMs. */
function journalSale(
  sales: SalesJournal,
  i: number,
  at: string,
  esims: readonly SaleEsim[] | 'failed',
): void {
  const id = `sale-${i}`;
  sales.createIntent(
    {
      id,
      counterId: 'C1',
      cashierId: null,
      shiftId: null,
      training: true,
      accountRef: 'account',
      packageCode: 'PKG',
      packageName: `Package ${i}`,
      quantity: 1,
      idempotencyKey: `C1-${id}`,
      retailUnit: money(500, 'USD'),
      retailTotal: money(500, 'USD'),
      quotedCost: money(400, 'USD'),
    },
    at,
  );
  sales.markSent(id, at);
  if (esims === 'failed') sales.markFailed(id, { code: 'OFFLINE', message: 'refused' }, at);
  else
    sales.markCompleted(
      id,
      { orderReference: `ORD-${i}`, cost: money(400, 'USD'), newBalance: null, esims, answers: [] },
      at,
    );
}

/** `count` sales of one day, three to an instant; every fifth fails, the rest complete at 500 USD. */
function sellDay(db: Db, sales: SalesJournal, count: number): void {
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const at = new Date(Date.parse('2026-03-02T08:00:00.000Z') + Math.floor(i / 3) * 1000).toISOString();
      journalSale(sales, i, at, i % 5 === 0 ? 'failed' : []);
    }
  })();
}

/**
 * Twelve completed sales, receipts 1 to 12 a second apart, each eSIM's ICCID holding `000007` (and so
 * `7`): the digits a receipt number is typed with.
 */
function sellTwelve(sales: SalesJournal): void {
  for (let i = 1; i <= 12; i++) {
    const at = new Date(Date.parse('2026-03-02T08:00:00.000Z') + i * 1000).toISOString();
    journalSale(sales, i, at, [{ ...fixtureEsim(0), iccid: `89880000070000${String(i).padStart(5, '0')}` }]);
  }
}

describe('a receipt number typed as printed', () => {
  const day = { from: '2026-03-02T00:00:00.000Z', to: '2026-03-03T00:00:00.000Z' };
  const receipts = (page: readonly Sale[]): number[] => page.map((sale) => sale.receiptNumber);
  const newestFirstBut7 = [12, 11, 10, 9, 8, 6, 5, 4, 3, 2, 1];

  it('finds that receipt first, with or without its zeros and code; the ICCIDs holding its digits follow', () => {
    const { sales } = journal();
    sellTwelve(sales);
    for (const search of ['7', '000007', ' 000007 ']) {
      expect(receipts(sales.list({ ...day, search, limit: 50 })), search).toEqual([7, ...newestFirstBut7]);
      expect(sales.totals({ ...day, search })).toMatchObject({ count: 12, completed: 12 });
    }
    // With the counter's code it names this counter's receipt; another counter's code names none.
    expect(receipts(sales.list({ ...day, search: '2-000007', counterCode: '2', limit: 50 }))).toEqual([7]);
    expect(receipts(sales.list({ ...day, search: '3-000007', counterCode: '2', limit: 50 }))).toEqual([]);
    // A search that names no receipt lists what it matches, newest first.
    expect(receipts(sales.list({ ...day, search: '8988000007000000001', limit: 50 }))).toEqual([1]);
  });

  it('goes on after the first page with the rest, each sale once', () => {
    const { sales } = journal();
    sellTwelve(sales);
    const seen: Sale[] = [];
    let before: SaleCursor | undefined;
    for (;;) {
      const page = sales.list({ ...day, search: '000007', limit: 5, ...(before ? { before } : {}) });
      seen.push(...page);
      const last = page.at(-1);
      if (page.length < 5 || !last) break;
      before = { createdAt: last.createdAt, receiptNumber: last.receiptNumber };
    }
    expect(receipts(seen)).toEqual([7, ...newestFirstBut7]);
  });
});

describe("Today's list in pages", () => {
  it('reaches every sale of a day of 1,205 once, in order, page after page', () => {
    const { db, sales } = journal();
    sellDay(db, sales, 1_205);
    const day = { from: '2026-03-02T00:00:00.000Z', to: '2026-03-03T00:00:00.000Z' };
    const seen: Sale[] = [];
    let before: SaleCursor | undefined;
    for (;;) {
      const page = sales.list({ ...day, limit: 200, ...(before ? { before } : {}) });
      seen.push(...page);
      const last = page.at(-1);
      if (page.length < 200 || !last) break;
      before = { createdAt: last.createdAt, receiptNumber: last.receiptNumber };
    }
    expect(seen).toHaveLength(1_205);
    expect(new Set(seen.map((sale) => sale.id)).size).toBe(1_205);
    const order = seen.map((sale) => `${sale.createdAt}#${String(sale.receiptNumber).padStart(6, '0')}`);
    expect(order).toEqual([...order].sort().reverse());

    expect(sales.totals(day)).toEqual({
      count: 1_205,
      completed: 964,
      cancelled: 0,
      takings: [money(964 * 500, 'USD')],
      refunded: [],
    });
    // Package 12, 120 to 129 and 1200 to 1204, of which 120, 125 and 1200 failed.
    expect(sales.totals({ ...day, search: 'Package 12' })).toMatchObject({ count: 16, completed: 13 });
  });

  it('goes on from a given sale through the PosApi, with the totals of every page', async () => {
    const h: CoreHarness = await startCoreHarness({ balance: 500 });
    cleanups.push(() => h.close());
    const { packages } = unwrap(await h.call<{ packages: CataloguePackage[] }>('listPackages'));
    const pkg = packages[0]!;
    for (let i = 0; i < 3; i++) unwrap(await h.call('sell', { packageCode: pkg.code, quantity: 1 }));
    type Page = { sales: SaleSummary[]; totals: { count: number; completed: number } };
    const first = unwrap(await h.call<Page>('listSales', { limit: 2 }));
    expect(first.sales).toHaveLength(2);
    expect(first.totals).toMatchObject({ count: 3, completed: 3 });
    const last = first.sales[1]!;
    const next = unwrap(
      await h.call<Page>('listSales', {
        limit: 2,
        before: { createdAt: last.createdAt, receiptNumber: last.receiptNumber },
      }),
    );
    expect(next.sales).toHaveLength(1);
    expect(next.sales[0]!.receiptNumber).toBeLessThan(last.receiptNumber);
    expect(next.totals).toEqual(first.totals);

    const refused = await h.call('listSales', { before: { createdAt: 'yesterday', receiptNumber: 1 } });
    expect(refused.ok ? null : refused.error.code).toBe('INVALID_INPUT');
  });
});
