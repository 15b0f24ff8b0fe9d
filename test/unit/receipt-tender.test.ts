import { describe, expect, it } from 'vitest';
import { renderSaleReceipt } from '../../electron/core/receipts/sale-receipt';
import { renderTopUpReceipt } from '../../electron/core/receipts/topup-receipt';
import { minor, money } from '../../shared/money';
import { completedSale, completedTopUp, receiptContext } from '../integration/receipt-fixtures';

/** The receipt's visible text: tags and bidi controls dropped, spaces folded. */
function visibleText(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[\u200e\u200f\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ');
}

describe('the tender on a receipt', () => {
  it('prints cash given and the change under the price', () => {
    const sale = {
      ...completedSale(1),
      tender: {
        method: 'cash' as const,
        due: money(1250, 'USD'),
        tendered: money(2000, 'USD'),
        change: money(750, 'USD'),
        ratePer100: null,
      },
    };
    const text = visibleText(renderSaleReceipt(sale, receiptContext()));
    expect(text).toContain('Paid by Cash');
    expect(text).toContain('Cash received US$20.00');
    expect(text).toContain('Change US$7.50');
    expect(text).not.toContain('Exchange rate');
  });

  it('prints the amount in dinars and the rate when the customer paid in another currency', () => {
    const sale = {
      ...completedSale(1),
      tender: {
        method: 'cash' as const,
        due: money(16_500, 'IQD'),
        tendered: money(20_000, 'IQD'),
        change: money(3_500, 'IQD'),
        ratePer100: minor(132_000),
      },
    };
    const english = visibleText(renderSaleReceipt(sale, receiptContext()));
    expect(english).toMatch(/Amount paid IQD\s16,500/);
    expect(english).toMatch(/Exchange rate 100 USD = IQD\s132,000/);
    const arabic = visibleText(renderSaleReceipt(sale, receiptContext({ language: 'ar' })));
    expect(arabic).toContain('المبلغ المدفوع');
    expect(arabic).toContain('الباقي');
  });

  it('names a card or a transfer without cash lines, and prints nothing for a record without a tender', () => {
    const topUp = {
      ...completedTopUp(),
      tender: {
        method: 'transfer' as const,
        due: money(25_000, 'IQD'),
        tendered: money(25_000, 'IQD'),
        change: money(0, 'IQD'),
        ratePer100: null,
      },
    };
    const text = visibleText(renderTopUpReceipt(topUp, receiptContext()));
    expect(text).toContain('Paid by Transfer');
    expect(text).not.toContain('Change');
    expect(visibleText(renderSaleReceipt(completedSale(1), receiptContext()))).not.toContain('Paid by');
  });
});
