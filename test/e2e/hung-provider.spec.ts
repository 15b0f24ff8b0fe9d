import { expect, test } from './counter-fixture';
import { foundPackages, searchField } from './counter-page';

test('a hung provider never holds the counter: the cashier continues while the sale waits in Pending', async ({
  page,
  counter,
}) => {
  // The page's clock runs as the machine's until the test moves it past the wait.
  await page.clock.install();
  await counter.open(page);
  // The provider takes the order and never answers.
  await counter.sim.setFaults({ hangRate: 1, paths: ['POST /esims/order'] });
  await searchField(page).fill('France');
  const name = ((await foundPackages(page).first().locator('.pkg-name').textContent()) ?? '').trim();
  await foundPackages(page).first().click();
  await page.getByRole('button', { name: 'Sell', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm the sale' });
  await dialog.getByRole('button', { name: 'Confirm sale' }).click();

  await expect(dialog.getByText(/^Waiting for the provider: \d+s$/)).toBeVisible();
  const proceed = dialog.getByRole('button', { name: 'Continue: the sale waits in Pending' });
  // Five seconds later (SLOW_ANSWER_MS in ConfirmDialog.tsx) the cashier may leave it waiting.
  await page.clock.fastForward(5_000);
  await expect(proceed).toBeVisible();
  await proceed.click();

  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Pending', selected: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  // The next customer can be served at once.
  await page.keyboard.press('F2');
  await searchField(page).fill('Italy');
  await expect(foundPackages(page).first()).toBeVisible();
  // One sale in the journal, still on its way: nothing was sent twice from the counter.
  const { sales } = await counter.api<{ sales: { state: string }[] }>('listSales', {});
  expect(sales).toHaveLength(1);
});
