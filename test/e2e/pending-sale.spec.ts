import type { Locator, Page } from '@playwright/test';
import type { Sale } from '../../shared/domain/sale';
import { receiptNumberText } from '../../shared/printed-numbers';
import { expect, test } from './counter-fixture';
import { sellFirstFound, shownEsims } from './counter-page';
import { destination } from './destinations';
import { issuedLpas } from './issued-esims';

// The provider's 15 to 30 s between checks of a pending order, shortened to about a second so the
// test watches the sale complete instead of waiting half a minute.
test.use({ pendingCheckMs: 500 });

/** The cell of `row` under the column headed `header` in the page's table. */
async function cellUnder(page: Page, row: Locator, header: string): Promise<Locator> {
  const headers = (await page.getByRole('columnheader').allTextContents()).map((text) => text.trim());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column "${header}" among ${headers.join(', ')}`);
  return row.getByRole('cell').nth(index);
}

test('a pending sale completes while the cashier waits: its QR code appears, with no notice over it', async ({
  page,
  counter,
}, testInfo) => {
  // Asynchronous provisioning that only the control API finishes: the sale stays pending until then.
  await counter.sim.setFaults({ pendingRate: 1, pendingDelayMs: -1 });
  await counter.open(page);
  const checksAsked: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/resolveSale')) checksAsked.push(request.url());
  });

  const name = await sellFirstFound(page, destination('France'));
  const waiting = page.getByRole('region', { name: 'Paid, the provider is preparing the eSIM' });
  await expect(waiting).toContainText('Do not sell it again');
  await expect(waiting).toContainText(/Waiting \d+s/);
  await expect(waiting).toContainText(/Next check at \d{1,2}:\d{2}:\d{2}/);
  await expect(waiting).toContainText(/If not ready by \d{1,2}:\d{2}:\d{2}.*, it goes to provider support/);

  const [order, ...others] = await counter.sim.orders();
  expect(others).toEqual([]);
  expect(order?.status).toBe('pending');
  const {
    sales: [sale],
  } = await counter.api<{ sales: Sale[] }>('listSales', { states: ['pending'] });
  if (sale?.state !== 'pending') throw new Error('the counter does not hold the sale as pending');
  expect(sale.orderReference).toBe(order?.reference);

  // The Pending view lists it, with how long it has waited (counting on screen) and what happens next.
  await page.keyboard.press('F4');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(await cellUnder(page, row, 'State')).toHaveText('Being prepared');
  await expect(await cellUnder(page, row, 'Receipt')).toHaveText(receiptNumberText(sale.receiptNumber, null));
  const waited = await cellUnder(page, row, 'Waiting');
  await expect(waited).toHaveText(/^\d+s$/);
  const firstReading = await waited.textContent();
  await expect.poll(() => waited.textContent()).not.toBe(firstReading);
  await expect(await cellUnder(page, row, 'What happens next')).toHaveText(
    /^Checked again at \d{1,2}:\d{2}:\d{2}.*; to support at \d{1,2}:\d{2}:\d{2}.*$/,
  );
  await page.screenshot({ path: testInfo.outputPath('pending-view.png'), fullPage: true });
  await testInfo.attach('pending-view', {
    path: testInfo.outputPath('pending-view.png'),
    contentType: 'image/png',
  });

  // The cashier goes back to the sale and waits; the provider finishes the order meanwhile.
  await page.keyboard.press('F2');
  await expect(waiting).toBeVisible();
  expect(await counter.sim.completePending(order?.reference)).toBe(1);

  // The counter's own polling completes the sale: nobody presses anything.
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible({ timeout: 20_000 });
  // The cashier is looking at the sale: no notice says again that it is ready.
  await expect(page.getByRole('alert').filter({ hasText: 'is ready' })).toHaveCount(0);
  const [completed] = await counter.sim.orders();
  expect(completed?.status).toBe('completed');
  const shown = await shownEsims(page);
  expect(shown.map((esim) => esim.iccid)).toEqual(completed?.esims.map((esim) => esim.iccid));
  const issued = issuedLpas(counter.dataDir);
  for (const esim of shown) {
    expect(esim.qrText).toBe(issued.get(esim.iccid));
    expect(esim.qrText).toBe(`LPA:1$${esim.smdpAddress}$${esim.activationCode}`);
  }
  await page.screenshot({ path: testInfo.outputPath('pending-completed.png'), fullPage: true });
  await testInfo.attach('pending-completed', {
    path: testInfo.outputPath('pending-completed.png'),
    contentType: 'image/png',
  });
  expect(checksAsked).toEqual([]);

  // Charged once: the pending order's charge, and nothing more when it completed.
  const ledger = await counter.sim.ledger();
  expect(ledger.filter((entry) => entry.kind === 'order')).toHaveLength(1);

  await page.keyboard.press('F4');
  await expect(page.getByText('Nothing is waiting.')).toBeVisible();
});

test('a pending sale that completes while the cashier is on another screen raises a notice to show or print it', async ({
  page,
  counter,
}) => {
  await counter.sim.setFaults({ pendingRate: 1, pendingDelayMs: -1 });
  await counter.open(page);
  const name = await sellFirstFound(page, destination('France'));
  await expect(page.getByRole('region', { name: 'Paid, the provider is preparing the eSIM' })).toBeVisible();
  await page.keyboard.press('F4');
  const [order] = await counter.sim.orders();
  expect(await counter.sim.completePending(order?.reference)).toBe(1);

  const notice = page.getByRole('alert').filter({ hasText: `is ready: ${name}` });
  await expect(notice.getByRole('button', { name: 'Print receipt' })).toBeVisible({ timeout: 20_000 });
  await notice.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('a sale in doubt is sent again only once the cashier confirms, with when it was sold and for how much', async ({
  page,
  counter,
}) => {
  // The order is charged but its answer is lost, and the provider's order list cannot be read just then.
  await counter.sim.setFaults({ dropAfterCommitRate: 1, paths: ['POST /esims/order', 'GET /orders'] });
  await counter.open(page);
  const name = await sellFirstFound(page, destination('France'));
  await expect(page.getByRole('region', { name: "The provider's answer was lost" })).toContainText(
    'Do not sell it again',
  );
  await counter.sim.setFaults({ dropAfterCommitRate: 0 });

  await page.keyboard.press('F4');
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Send again' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send this sale again?' });
  await expect(dialog).toContainText(new RegExp(`Sold at .+ for .+ \\(1 × ${name}\\)`));
  await expect(dialog).toContainText('sending it now places the order and charges the account');
  // Cancelled: nothing is sent.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Send again' }).click();
  await dialog.getByRole('button', { name: 'Send it again' }).click();
  // The provider's records, read first, show the order: the sale completes and nothing is charged twice.
  await expect(page.getByText('Nothing is waiting.')).toBeVisible();
  const orders = await counter.sim.orders();
  expect(orders.map((order) => order.status)).toEqual(['completed']);
  const ledger = await counter.sim.ledger();
  expect(ledger.filter((entry) => entry.kind === 'order')).toHaveLength(1);
});
