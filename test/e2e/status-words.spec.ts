import type { Page } from '@playwright/test';
import type { Sale, SaleSummary } from '../../shared/domain/sale';
import { expect, test } from './counter-fixture';
import { fact, sellFirstFound } from './counter-page';
import { destination, localPackageCode } from './destinations';

/** A waiting time as the counter writes it ("2m 0s"), formatted by the page's own Intl. */
function waited(page: Page, minutes: number, seconds: number): Promise<string> {
  return page.evaluate(
    ([m, s]) => {
      const unit = (name: string, value: number): string =>
        new Intl.NumberFormat('en', { style: 'unit', unit: name, unitDisplay: 'narrow' }).format(value);
      return `${unit('minute', m ?? 0)} ${unit('second', s ?? 0)}`;
    },
    [minutes, seconds],
  );
}

test('a sale whose answer was lost says what happened, what to tell the customer, and waits from the sale', async ({
  page,
  counter,
}) => {
  // Each send is charged, held three seconds and its answer lost: the sale ends in doubt seconds
  // after it was made, and the provider's order list cannot be read meanwhile.
  await counter.sim.setFaults({
    dropAfterCommitRate: 1,
    latencyMs: 3000,
    paths: ['POST /esims/order', 'GET /orders'],
  });
  await counter.open(page);
  const name = await sellFirstFound(page, destination('France'));
  const lost = page.getByRole('region', { name: "The provider's answer was lost" });
  await expect(lost).toContainText('The customer has paid.', { timeout: 30_000 });
  await expect(lost).toContainText('Do not sell it again.');
  await expect(lost).toContainText('Tell the customer: “Your payment is recorded.');
  // The counter reads the provider's records by itself only at start: it never claims more.
  await expect(lost).toContainText('press Check now');
  await expect(lost).not.toContainText('The counter looks for this order');

  const { sales } = await counter.api<{ sales: SaleSummary[] }>('listSales', { states: ['in_doubt'] });
  const sale = sales[0];
  if (sale?.state !== 'in_doubt') throw new Error('the sale is not in doubt');
  expect(Date.parse(sale.since) - Date.parse(sale.createdAt)).toBeGreaterThan(2000);
  // Two minutes after the sale (not after it went in doubt), the customer has waited two minutes.
  await page.clock.setFixedTime(Date.parse(sale.createdAt) + 120_000);
  await expect(lost.locator('.waiting')).toHaveText(`Waiting ${await waited(page, 2, 0)}`);

  await page.keyboard.press('F4');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('cell').nth(4)).toHaveText(await waited(page, 2, 0));
  await expect(row).toContainText("press Check now to read the provider's records");

  await page.getByRole('button', { name: 'Switch to Arabic' }).click();
  await page
    .getByRole('button', { name: /^(فتح|Open)/ })
    .first()
    .click();
  await expect(page.getByRole('region', { name: 'ضاع رد المزوّد' })).toContainText('قل للزبون');
});

test("the provider's words for an eSIM are translated, in English and Arabic", async ({ page, counter }) => {
  await counter.open(page);
  // A local package for France, found in the training catalogue: a provider may state no coverage.
  const sale = await counter.api<Sale>('sell', { packageCode: localPackageCode('France') });
  const iccid = sale.state === 'completed' ? (sale.esims[0]?.iccid ?? '') : '';

  const lookUp = async (): Promise<void> => {
    await page.keyboard.press('F3');
    await page.getByLabel('ICCID', { exact: true }).fill(iccid);
    await page.keyboard.press('Enter');
  };
  const esim = page.getByRole('region', { name: 'eSIM' });

  // A new eSIM, not yet installed: the provider says NEW.
  await lookUp();
  await expect(fact(esim, 'Status')).toHaveText('Not installed yet');
  await expect(esim).not.toContainText('NEW');

  // Installed, attached to a network and every megabyte used: the provider says DEPLETED.
  await counter.sim.activate(iccid);
  await counter.sim.consume(iccid, 1_000_000);
  await counter.reload(page);
  await lookUp();
  await expect(fact(esim, 'Status')).toHaveText('Data used up');
  await expect(esim).not.toContainText('DEPLETED');

  await page.getByRole('button', { name: 'Switch to Arabic' }).click();
  await expect(fact(page.getByRole('region', { name: 'الشريحة' }), 'الحالة')).toHaveText('نفدت بياناتها');
});

test('the low-balance notice says how much is left, the threshold, and what to do', async ({
  page,
  counter,
}) => {
  await counter.api('setManagerPin', { pin: '2468' });
  await counter.api('updateSettings', {
    pin: '2468',
    patch: { lowBalanceThreshold: { amount: 5000, currency: 'USD' } },
  });
  await counter.open(page);
  await counter.sim.setBalance(12.5);
  // The counter reads its balance from the provider: below the threshold, the notice comes.
  await counter.api('getBalance');
  const notice = page.getByRole('region', { name: 'Notices' }).getByRole('alert');
  await expect(notice).toContainText('The provider balance is low: $12.50 left (warning below $50.00).');
  await expect(notice).toContainText('Ask the manager to load the account');
});
