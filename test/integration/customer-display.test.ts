import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { CustomerDisplay } from '../../shared/domain/customer-display';
import type { PosEvent } from '../../shared/domain/events';
import type { Sale } from '../../shared/domain/sale';
import type { Status } from '../../shared/domain/status';
import { type CoreHarness, startCoreHarness, unwrap } from '../support/core-harness';

// The customer display's state in a real core selling from a real simulator over HTTP: what the
// screen facing the customer is told, and when.

let h: CoreHarness;
let packageCode: string;

beforeAll(async () => {
  h = await startCoreHarness();
  const { packages } = unwrap(await h.call<{ packages: CataloguePackage[] }>('listPackages'));
  packageCode = packages[0]!.code;
});

afterAll(async () => {
  await h.close();
});

function displayEvents(from: number): CustomerDisplay[] {
  return h.events.slice(from).flatMap((event) => (event.type === 'customer.display' ? [event.display] : []));
}

/** Lets the display's announcement, queued behind the event that caused it, go out. */
const settle = (): Promise<void> => new Promise((done) => setImmediate(done));

describe('the customer display in the core', () => {
  it('starts idle, in the shop’s language', async () => {
    expect(unwrap(await h.call('getCustomerDisplay'))).toEqual({ language: 'en', shopName: '', sale: null });
  });

  it('shows a sale’s eSIMs the moment it completes, announced right after the sale’s own event', async () => {
    const from = h.events.length;
    const sale = unwrap(await h.call<Sale>('sell', { packageCode, quantity: 2 }));
    await settle();
    if (sale.state !== 'completed') throw new Error(`sale ended ${sale.state}`);
    const display = unwrap(await h.call<CustomerDisplay>('getCustomerDisplay'));
    expect(display.sale?.id).toBe(sale.id);
    expect(display.sale?.training).toBe(true);
    expect(display.sale?.esims.map((esim) => esim.lpa)).toEqual(sale.esims.map((esim) => esim.lpa));
    const kinds = h.events
      .slice(from)
      .map((event: PosEvent) => (event.type === 'sale.updated' ? `sale.${event.sale.state}` : event.type))
      .filter((kind) => kind.startsWith('sale.') || kind === 'customer.display');
    expect(kinds).toEqual(['sale.intent', 'sale.sent', 'sale.completed', 'customer.display']);
    expect(displayEvents(from)).toEqual([display]);
  });

  it('takes the QR codes down when the cashier moves on, and when the next sale begins', async () => {
    const from = h.events.length;
    expect(unwrap(await h.call<CustomerDisplay>('clearCustomerDisplay')).sale).toBeNull();
    expect(displayEvents(from)).toEqual([{ language: 'en', shopName: '', sale: null }]);

    const shown = unwrap(await h.call<Sale>('sell', { packageCode, quantity: 1 }));
    await settle();
    expect(unwrap(await h.call<CustomerDisplay>('getCustomerDisplay')).sale?.id).toBe(shown.id);
    const beforeNext = h.events.length;
    const next = unwrap(await h.call<Sale>('sell', { packageCode, quantity: 1 }));
    await settle();
    // The next sale's intent took the last customer's codes down before its own eSIMs came up.
    expect(displayEvents(beforeNext).map((display) => display.sale?.id ?? null)).toEqual([null, next.id]);
  });

  it('carries the customer’s language to the display, and says so once', async () => {
    const from = h.events.length;
    expect(unwrap(await h.call<CustomerDisplay>('setCustomerLanguage', { language: 'ar' })).language).toBe(
      'ar',
    );
    unwrap(await h.call('setCustomerLanguage', { language: 'ar' }));
    expect(displayEvents(from).map((display) => display.language)).toEqual(['ar']);
    expect((await h.call('setCustomerLanguage', { language: 'fr' })).ok).toBe(false);
  });

  it('leaves printing to the desktop app: the status says browser, and the printing methods answer NOT_SUPPORTED', async () => {
    expect(unwrap(await h.call<Status>('getStatus')).devices).toEqual({ printing: 'browser' });
    const sale = unwrap(await h.call<{ sales: Sale[] }>('listSales', { limit: 1 })).sales[0]!;
    for (const [method, input] of [
      ['listPrinters', {}],
      ['printReceipt', { kind: 'sale', id: sale.id }],
      ['saveReceiptPdf', { kind: 'sale', id: sale.id }],
    ] as const) {
      const result = await h.call(method, input);
      expect(result.ok ? null : result.error.code, method).toBe('NOT_SUPPORTED');
    }
    // Nothing was rendered, so nothing was logged as issued: the first print is still the original.
    expect(
      unwrap(await h.call<{ copyNumber: number | null }>('renderReceipt', { kind: 'sale', id: sale.id }))
        .copyNumber,
    ).toBeNull();
  });

  it('says `silent` printing when the desktop shell prints, and lets the shell answer the printing methods', async () => {
    const printed: string[] = [];
    const desktop = await startCoreHarness(
      {},
      {
        shellPrinting: (core) => ({
          listPrinters: async () => ({
            printers: [{ name: 'TM-T20', displayName: 'Epson', description: '' }],
          }),
          printReceipt: async (input) => {
            const { copyNumber } = await core.renderReceipt(input);
            printed.push(input.id);
            return { copyNumber, printerName: 'TM-T20' };
          },
          saveReceiptPdf: async () => ({ path: null, copyNumber: null }),
        }),
      },
    );
    try {
      expect(unwrap(await desktop.call<Status>('getStatus')).devices).toEqual({ printing: 'silent' });
      const { packages } = unwrap(await desktop.call<{ packages: CataloguePackage[] }>('listPackages'));
      const sale = unwrap(await desktop.call<Sale>('sell', { packageCode: packages[0]!.code, quantity: 1 }));
      expect(unwrap(await desktop.call('printReceipt', { kind: 'sale', id: sale.id }))).toEqual({
        copyNumber: null,
        printerName: 'TM-T20',
      });
      expect(printed).toEqual([sale.id]);
    } finally {
      await desktop.close();
    }
  });
});
