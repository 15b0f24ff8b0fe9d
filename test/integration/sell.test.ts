import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ISSUED_NUMBERS_FILE, IssuedNumbers } from '../../electron/core/journal/issued-numbers';
import { errorMessage } from '../../renderer/src/i18n/error-messages';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Sale, SaleSummary } from '../../shared/domain/sale';
import { toSaleSummary } from '../../shared/domain/sale-summary';
import type { Status } from '../../shared/domain/status';
import { parseLpa } from '../../shared/lpa';
import { type CoreHarness, startCoreHarness, unwrap } from '../support/core-harness';
import { loggedRecords } from '../support/journal-records';
import { providerFacts } from '../support/provider-facts';
import { control } from './money-support';

/** The harness's simulator seed. */
const facts = providerFacts(7);

let h: CoreHarness;

beforeEach(async () => {
  h = await startCoreHarness({ balance: 500 });
});

afterEach(async () => {
  await h.close();
});

async function firstPackage(
  filter: (p: CataloguePackage) => boolean = () => true,
): Promise<CataloguePackage> {
  const { packages } = unwrap(await h.call<{ packages: CataloguePackage[] }>('listPackages'));
  const pkg = packages.find(filter);
  if (!pkg) throw new Error('no package matches');
  return pkg;
}

describe('selling in training mode, core to simulator over HTTP', () => {
  it('starts in training mode with the catalogue cached', async () => {
    const status = unwrap(await h.call<Status>('getStatus'));
    expect(status.mode).toBe('training');
    expect(status.catalogue.count).toBeGreaterThanOrEqual(1500);
  });

  it('sells one eSIM: journalled, charged once, with an LPA that parses', async () => {
    const pkg = await firstPackage((p) => facts(p.code)?.type === 'local');
    const sale = unwrap(await h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    expect(sale.state).toBe('completed');
    if (sale.state !== 'completed') return;
    expect(sale.packageCode).toBe(pkg.code);
    expect(sale.esims).toHaveLength(1);
    const lpa = parseLpa(sale.esims[0]!.lpa);
    expect(lpa.ok).toBe(true);
    expect(sale.esims[0]!.smdpAddress).toBe(lpa.ok ? lpa.value.smdpAddress : '');
    expect(sale.cost).toEqual(pkg.cost);
    expect(sale.retailTotal).toEqual(pkg.retail);

    // The journal has it (a read shows its summary, the hand-over all of it), and the status shows
    // the balance after the sale: as the answer reported it, or as read after an answer that did not.
    expect(unwrap(await h.call<SaleSummary>('getSale', { id: sale.id }))).toEqual(toSaleSummary(sale));
    expect(unwrap(await h.call<Sale>('getSaleForHandOver', { id: sale.id }))).toEqual(sale);
    const status = unwrap(await h.call<Status>('getStatus'));
    expect(status.balance?.balance).toEqual({
      amount: 50_000 - pkg.cost!.amount,
      currency: pkg.cost!.currency,
    });
    if (sale.newBalance) expect(sale.newBalance).toEqual(status.balance?.balance);
    // The events told the renderer about each state the sale went through.
    const states = h.events.flatMap((e) =>
      e.type === 'sale.updated' && e.sale.id === sale.id ? [e.sale.state] : [],
    );
    expect(states).toEqual(['intent', 'sent', 'completed']);
  });

  it('sells three eSIMs of one package as one sale', async () => {
    const pkg = await firstPackage();
    const sale = unwrap(await h.call<Sale>('sell', { packageCode: pkg.code, quantity: 3 }));
    expect(sale.state).toBe('completed');
    if (sale.state !== 'completed') return;
    expect(sale.esims).toHaveLength(3);
    expect(new Set(sale.esims.map((e) => e.iccid)).size).toBe(3);
    expect(sale.retailTotal.amount).toBe(pkg.retail.amount * 3);
    expect(sale.cost!.amount).toBe(pkg.cost!.amount * 3);
  });

  it('fails a sale the provider refuses for lack of balance, saying how much to load', async () => {
    const pkg = await firstPackage((p) => p.cost!.amount > 100);
    await h.close();
    h = await startCoreHarness({ balance: 1 });
    const sale = unwrap(await h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    expect(sale.state).toBe('failed');
    if (sale.state !== 'failed') return;
    expect(sale.error.code).toBe('INSUFFICIENT_BALANCE');
    expect(sale.error.details?.needToLoad).toEqual({ amount: pkg.cost!.amount - 100, currency: 'USD' });
  });

  it('journals the intent before sending: a sale to an unreachable API is recorded, not lost', async () => {
    const pkg = await firstPackage();
    await h.simulator.close();
    const sale = unwrap(await h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    expect(sale.state).toBe('failed');
    if (sale.state === 'failed') expect(sale.error.code).toBe('OFFLINE');
    const listed = unwrap(await h.call<{ sales: Sale[] }>('listSales', {}));
    expect(listed.sales.map((s) => s.id)).toContain(sale.id);
  });

  it('tells the cashier a provider that is down is not answering, and that nothing was charged', async () => {
    const pkg = await firstPackage();
    await h.simulator.close();
    const sale = unwrap(await h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    if (sale.state !== 'failed') throw new Error(`the sale is ${sale.state}, not failed`);
    expect(sale.error.details).toMatchObject({ outcome: 'rejected' });
    const english = errorMessage(sale.error, 'en');
    expect(english).toMatch(/^The provider is not answering/);
    expect(english).toContain('Nothing was charged');
    expect(english).not.toMatch(/internet/i);
    const arabic = errorMessage(sale.error, 'ar');
    expect(arabic).toMatch(/^المزوّد لا يستجيب/);
    expect(arabic).toContain('لم يُخصم أي مبلغ');
    expect(arabic).not.toContain('الإنترنت');
  });

  it('writes the intent and its "sent" mark as one: a mark the journal refuses leaves nothing and sends nothing', async () => {
    const pkg = await firstPackage();
    const ordersAtProvider = async (): Promise<number> => {
      const query = new URLSearchParams({ accessCode: h.simulator.defaultAccount.accessCode });
      return (await control<{ orders: unknown[] }>(h.simulator, 'GET', `/orders?${query}`)).orders.length;
    };
    // Another connection to the journal makes it refuse the mark, as a fault after the intent would.
    const other = new Database(join(h.dataDir, 'journal.sqlite'));
    try {
      other.exec(`CREATE TRIGGER refuse_sent BEFORE UPDATE OF state ON sales WHEN NEW.state = 'sent'
                  BEGIN SELECT RAISE(ABORT, 'refused for the test'); END`);
      const refused = await h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 });
      expect(refused.ok ? null : refused.error.code).toBe('INTERNAL');
      expect(unwrap(await h.call<{ sales: Sale[] }>('listSales', {})).sales).toEqual([]);
      expect(loggedRecords(other, (record) => record.kind.startsWith('sale.'))).toEqual([]);
      expect(await ordersAtProvider()).toBe(0);
      // Nothing was told of a sale that was never written.
      expect(h.events.filter((e) => e.type === 'sale.updated')).toEqual([]);
      other.exec('DROP TRIGGER refuse_sent');
    } finally {
      other.close();
    }
    const sold = unwrap(await h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    expect(sold).toMatchObject({ state: 'completed', receiptNumber: 1 });
    expect(await ordersAtProvider()).toBe(1);
    const states = h.events.flatMap((e) => (e.type === 'sale.updated' ? [e.sale.state] : []));
    expect(states).toEqual(['intent', 'sent', 'completed']);
  });

  it("tells a new sale's states, and answers it, only once its receipt number is in the file beside the journal", async () => {
    const pkg = await firstPackage();
    // The highest receipt number of any sequence: this counter has one, its training receipts'.
    const issued = (): number =>
      Math.max(
        0,
        ...[...IssuedNumbers.read(join(h.dataDir, ISSUED_NUMBERS_FILE))]
          .filter(([key]) => key.startsWith('receipt/'))
          .map(([, value]) => value),
      );
    const told: [string, number, number][] = [];
    const stop = h.core.onEvent((event) => {
      if (event.type === 'sale.updated') told.push([event.sale.state, event.sale.receiptNumber, issued()]);
    });
    const sale = unwrap(await h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    stop();
    expect(issued()).toBe(sale.receiptNumber);
    expect(told).toEqual([
      ['intent', sale.receiptNumber, sale.receiptNumber],
      ['sent', sale.receiptNumber, sale.receiptNumber],
      ['completed', sale.receiptNumber, sale.receiptNumber],
    ]);
  });

  it('sends a sale marked sent even when a listener of its events fails', async () => {
    const pkg = await firstPackage();
    const stop = h.core.onEvent(() => {
      throw new Error('the window went away');
    });
    const sale = unwrap(await h.call<Sale>('sell', { packageCode: pkg.code, quantity: 1 }));
    stop();
    expect(sale.state).toBe('completed');
    expect(h.logLines.filter((line) => line.includes('an event listener failed')).length).toBeGreaterThan(0);
  });

  it('refuses bad input with an error naming the field, and records nothing', async () => {
    const pkg = await firstPackage();
    const tooMany = await h.call('sell', { packageCode: pkg.code, quantity: 11 });
    expect(tooMany.ok).toBe(false);
    if (!tooMany.ok) {
      expect(tooMany.error.code).toBe('INVALID_INPUT');
      expect(tooMany.error.message).toMatch(/quantity/);
    }
    const unknown = await h.call('sell', { packageCode: 'NO-SUCH-PACKAGE', quantity: 1 });
    expect(unknown.ok ? null : unknown.error.code).toBe('INVALID_INPUT');
    const listed = unwrap(await h.call<{ sales: Sale[] }>('listSales', {}));
    expect(listed.sales).toEqual([]);
  });
});
