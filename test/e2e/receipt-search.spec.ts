import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { SaleSummary } from '../../shared/domain/sale';
import { receiptNumberText } from '../../shared/printed-numbers';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';

// A receipt number typed into Today's search as the paper prints it (`000007`), or bare (`7`), finds
// that receipt first; the sales whose ICCIDs hold the same digits follow, newest first. In English
// and Arabic.

// axe is injected as a script of its own, which the counter's CSP refuses.
test.use({ bypassCSP: true });

const SALES = 10;
const WORDS = {
  en: { sales: "Today's sales", search: "Search today's sales", details: 'Sale details' },
  ar: { sales: 'مبيعات اليوم', search: 'ابحث في مبيعات اليوم', details: 'تفاصيل البيع' },
} as const;

test('Today finds receipt 000007 first, typed with or without its zeros, the ICCID matches after it', async ({
  page,
  counter,
}) => {
  test.setTimeout(180_000);
  const { packages } = await counter.api<{ packages: CataloguePackage[] }>('listPackages');
  const [cheapest] = [...packages].sort((a, b) => a.retail.amount - b.retail.amount);
  for (let i = 0; i < SALES; i++) await counter.api('sell', { packageCode: cheapest!.code, quantity: 1 });
  const { sales } = await counter.api<{ sales: SaleSummary[] }>('listSales', { limit: 50 });
  expect(sales).toHaveLength(SALES);

  await counter.open(page);
  for (const language of ['en', 'ar'] as const) {
    const words = WORDS[language];
    if (language === 'ar') await page.keyboard.press('F9');
    await page.keyboard.press('F7');
    const table = page.getByRole('table', { name: words.sales });
    const search = page.getByLabel(words.search, { exact: true });
    for (const typed of ['000007', '7']) {
      // What else the digits name: the sales whose eSIMs or order hold them, newest first.
      const others = sales.filter((sale) => sale.receiptNumber !== 7 && holds(sale, typed));
      await search.fill(typed);
      const receipts = table.getByRole('button', { name: new RegExp(`^${words.details} `) });
      await expect(receipts.first()).toHaveText(receiptNumberText(7, null));
      // The bare digits are in other sales' ICCIDs or orders too: they follow the receipt.
      if (typed === '7') expect(others.length).toBeGreaterThan(0);
      await expect(receipts).toHaveText(
        [7, ...others.map((sale) => sale.receiptNumber)].map((n) => receiptNumberText(n, null)),
      );
    }
    expect(await axeViolations(page), `Today, searched (${language})`).toEqual([]);
    await search.fill('');
  }
});

/** Whether the sale's package, order or eSIMs hold `digits`, as the search matches them. */
function holds(sale: SaleSummary, digits: string): boolean {
  const texts = [sale.packageName, sale.packageCode];
  if (sale.state === 'completed') texts.push(sale.orderReference, ...sale.esims.map((esim) => esim.iccid));
  return texts.some((text) => text.toLowerCase().includes(digits));
}
