import type { CataloguePackage } from '../../shared/domain/catalogue';
import { expect, test } from './counter-fixture';
import { seedFailedSales } from './seeded-sales';

/**
 * A busy day on Today: the page holds only the sales in view and the store only the pages scrolled
 * to, yet the whole day scrolls (its oldest sale pages of sales away), searches and takes new sales
 * at the top without moving the rows a cashier is reading; screen readers hear the whole count.
 */

/** More than the most one list call answers (1,000): the oldest sales are reached page by page. */
const DAY = 1_200;

/** A day of failed sales, 100 ms apart, ending now. */
function seedDay(dataDir: string): void {
  const start = Date.now() - DAY * 100;
  seedFailedSales(
    dataDir,
    Array.from({ length: DAY }, (_, i) => ({ at: start + i * 100, packageName: `Seeded package ${i}` })),
  );
}

test('a day of 1,200 sales: few rows in the page, the last one a scroll away, a new sale on top without a jump, one out of view found by search', async ({
  page,
  counter,
}) => {
  seedDay(counter.dataDir);
  await counter.open(page);
  await page.keyboard.press('F7');
  const table = page.getByRole('table', { name: "Today's sales" });
  await expect(table.getByText(`Seeded package ${DAY - 1}`)).toBeVisible();
  await expect(table).toHaveAttribute('aria-rowcount', String(DAY + 1));
  const rowsInPage = await table.locator('tbody tr[aria-rowindex]').count();
  expect(rowsInPage).toBeLessThan(75);

  // The oldest sale is at the end of the list.
  const scroller = page.locator('.table-window');
  await scroller.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await expect(table.getByText('Seeded package 0', { exact: true })).toBeVisible();
  await expect(table.locator(`tr[aria-rowindex="${DAY + 1}"]`)).toBeVisible();

  // Scrolled to the middle, a new sale joins the top and the rows in view stay where they are.
  await scroller.evaluate((element) => {
    element.scrollTop = 150 * 36;
  });
  const reading = table.getByText(`Seeded package ${DAY - 150}`, { exact: true });
  await expect(reading).toBeVisible();
  const before = await reading.boundingBox();
  const { packages } = await counter.api<{ packages: CataloguePackage[] }>('listPackages');
  await counter.api('sell', { packageCode: packages[0]?.code });
  await expect(table).toHaveAttribute('aria-rowcount', String(DAY + 2));
  await expect(reading).toBeVisible();
  expect((await reading.boundingBox())?.y).toBe(before?.y);

  // A sale far out of view is found by search.
  await page.getByLabel('Search').fill('Seeded package 7');
  await expect(table.getByText('Seeded package 7', { exact: true })).toBeVisible();
});
