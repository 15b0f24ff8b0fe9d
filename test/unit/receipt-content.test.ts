import { describe, expect, it } from 'vitest';
import { PosFailure } from '../../electron/core/pos/failure';
import { renderReceipt } from '../../electron/core/receipts/render-receipt';
import { renderSaleReceipt } from '../../electron/core/receipts/sale-receipt';
import { renderTopUpReceipt } from '../../electron/core/receipts/topup-receipt';
import { SaleSchema } from '../../shared/domain/sale';
import { formatMoney, money } from '../../shared/money';
import {
  completedSale,
  completedTopUp,
  EUROPE_PACKAGE,
  receiptContext,
  TOPUP_PACKAGE,
} from '../integration/receipt-fixtures';

/** Text as read: bidi controls dropped (they place words, they are not words), spaces folded. */
function plain(text: string): string {
  return text.replace(/[\u200e\u200f\u2066-\u2069]/g, '').replace(/\s+/g, ' ');
}

/** The document's visible text, tags removed, entities kept as written. */
function visibleText(html: string): string {
  return plain(
    html
      .replace(/<style>[\s\S]*?<\/style>/, '')
      .replace(/<title>[\s\S]*?<\/title>/, '')
      .replace(/<[^>]+>/g, ' '),
  );
}

describe('receipt content', () => {
  it('escapes what the shop and the provider wrote, so a name cannot inject markup', () => {
    const sale = { ...completedSale(1), packageName: 'Europe <b>5 GB</b> & more' };
    const html = renderSaleReceipt(
      sale,
      receiptContext({
        shop: {
          shopName: '<img src=x onerror=alert(1)>',
          shopAddress: '"quoted" street',
          shopPhone: '1',
          receiptFooter: '</footer><script>x()</script>',
        },
      }),
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>5 GB</b>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Europe &lt;b&gt;5 GB&lt;/b&gt; &amp; more');
    expect(html).toContain('&quot;quoted&quot; street');
  });

  it('is a self-contained document: no script, no link, nothing fetched, and a CSP that forbids it', () => {
    const html = renderSaleReceipt(completedSale(3), receiptContext());
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<script|<link|<img|\ssrc=|\shref=|url\(|@import/i);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(html).toContain('@page { margin: 0; }');
    expect(html).toContain('html { width: 58mm;');
    expect(renderSaleReceipt(completedSale(1), receiptContext({ paperWidthMm: 80 }))).toContain(
      'html { width: 80mm;',
    );
  });

  it('shows the sale time in the shop time zone, not the machine one', () => {
    const sale = completedSale(1); // completed 11:05 UTC
    expect(visibleText(renderSaleReceipt(sale, receiptContext({ timeZone: 'Asia/Baghdad' })))).toContain(
      '12 Mar 2025, 14:05',
    );
    expect(visibleText(renderSaleReceipt(sale, receiptContext({ timeZone: 'America/New_York' })))).toContain(
      '12 Mar 2025, 07:05',
    );
  });

  it('prints the package, price and each eSIM with its manual details, ICCID and order reference', () => {
    const sale = completedSale(3);
    const text = visibleText(renderSaleReceipt(sale, receiptContext()));
    expect(text).toContain('Europe 5 GB · 30 days');
    expect(text).toContain('30 days from first use');
    expect(text).toContain('Europe · 12 countries');
    expect(text).toContain('3 × US$12.50');
    expect(text).toContain('Total US$37.50');
    expect(text).toContain('Cashier Zainab');
    expect(text).toContain('Receipt no. 000044');
    for (const [i, esim] of sale.esims.entries()) {
      expect(text).toContain(`eSIM ${i + 1} of 3`);
      expect(text).toContain(esim.smdpAddress);
      expect(text).toContain(esim.activationCode);
      expect(text).toContain(esim.iccid);
    }
    expect(text.match(new RegExp(sale.orderReference, 'g'))).toHaveLength(3);
    expect(text).toContain('How to install');
  });

  it('names up to four countries, and falls back to the eSIM volume when the catalogue entry is gone', () => {
    const named = visibleText(
      renderSaleReceipt(
        completedSale(1),
        receiptContext({
          packageInfo: { ...EUROPE_PACKAGE, countries: ['FR', 'DE'], activationPolicy: null },
        }),
      ),
    );
    expect(named).toContain('Coverage France and Germany');
    expect(named).toContain('Validity 30 days');
    const bare = visibleText(renderSaleReceipt(completedSale(1), receiptContext({ packageInfo: null })));
    expect(bare).toContain('Data 5 GB');
    expect(bare).toContain('Validity 30 days');
    expect(bare).not.toContain('Coverage');
    const unlimited = visibleText(
      renderSaleReceipt(
        completedSale(1),
        receiptContext({ packageInfo: { ...EUROPE_PACKAGE, isUnlimited: true, dataGb: null } }),
      ),
    );
    expect(unlimited).toContain('Data Unlimited');
  });

  it('says TRAINING when the sale was made in training or the app is in training, and COPY only on copies', () => {
    const trainingSale = renderSaleReceipt(completedSale(1, { training: true }), receiptContext());
    const trainingMode = renderSaleReceipt(completedSale(1), receiptContext({ training: true }));
    const live = renderSaleReceipt(completedSale(1), receiptContext());
    expect(visibleText(trainingSale)).toContain('TRAINING');
    expect(visibleText(trainingMode)).toContain('TRAINING');
    expect(visibleText(live)).not.toContain('TRAINING');
    expect(visibleText(live)).not.toContain('COPY');
    const copy = visibleText(renderSaleReceipt(completedSale(3), receiptContext({ copyNumber: 1 })));
    expect(copy).toContain('COPY 1');
    expect(copy).toContain('Reprinted 15 Mar 2025, 12:30');
    // Each eSIM of a multi-eSIM receipt keeps the mark, so a part cut off is still marked.
    expect(copy.match(/COPY 1/g)?.length).toBeGreaterThanOrEqual(4);
  });

  it('writes Arabic receipts right to left with Arabic words and Arabic money', () => {
    const html = renderTopUpReceipt(
      completedTopUp(),
      receiptContext({ language: 'ar', packageInfo: TOPUP_PACKAGE }),
    );
    expect(html).toContain('<html lang="ar" dir="rtl"');
    const text = visibleText(html);
    expect(text).toContain('إيصال إعادة تعبئة eSIM');
    expect(text).toContain('الباقة المضافة');
    expect(text).toContain(plain(formatMoney(money(25_000, 'IQD'), 'ar')));
    expect(text).toContain(completedTopUp().iccid);
    expect(renderSaleReceipt(completedSale(1), receiptContext())).toContain('<html lang="en" dir="ltr"');
  });

  it('prints a top-up with the package added and the eSIM after it', () => {
    const text = visibleText(
      renderTopUpReceipt(completedTopUp(), receiptContext({ packageInfo: TOPUP_PACKAGE })),
    );
    expect(text).toContain('Package added Europe top-up 3 GB');
    expect(text).toContain('Data 3 GB');
    expect(text).toContain('Validity 15 days');
    expect(text).toContain('Price IQD 25,000');
    expect(text).toContain('Data now 8 GB (3.79 GB left)');
    expect(text).toContain('Valid until 26 Apr 2025');
    expect(text).toContain('Order ref. TOP-20250314-0091');
  });

  it('refuses a receipt for a sale or top-up that is not completed, saying why', () => {
    const pending = SaleSchema.parse({
      ...completedSale(1),
      state: 'pending',
      cost: null,
      pendingSince: '2025-03-12T11:05:02.000Z',
      nextCheckAt: '2025-03-12T11:05:22.000Z',
      giveUpAt: '2025-03-12T11:15:02.000Z',
    });
    const attempt = (): string => renderReceipt({ kind: 'sale', sale: pending }, receiptContext());
    expect(attempt).toThrow(PosFailure);
    expect(attempt).toThrow('Sale 42 is pending: only a completed sale has a receipt.');
    const failedTopUp = {
      ...completedTopUp(),
      state: 'failed' as const,
      error: { code: 'ESIM_NOT_TOPPABLE' as const, message: 'not toppable' },
      failedAt: '2025-03-14T16:40:03.000Z',
    };
    expect(() => renderReceipt({ kind: 'topup', topUp: failedTopUp }, receiptContext())).toThrow(
      /Top-up 57 is failed/,
    );
    expect(renderReceipt({ kind: 'sale', sale: completedSale(1) }, receiptContext())).toContain('000042');
  });

  it('rejects a time that is not a date rather than printing "Invalid Date"', () => {
    const sale = { ...completedSale(1), completedAt: 'yesterday' };
    expect(() => renderSaleReceipt(sale, receiptContext())).toThrow('not an ISO 8601 time: yesterday');
  });
});
