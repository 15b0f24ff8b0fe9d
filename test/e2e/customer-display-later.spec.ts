import { expect, test } from './counter-fixture';
import { sellFirstFound, shownEsims } from './counter-page';

// A pending order's checks, shortened from the provider's 15 to 30 s to about a second.
test.use({ pendingCheckMs: 500 });

const QR_NAME = 'QR code to install your eSIM';

test('a sale that completes later never pops up on the customer display: the cashier shows it, or prints it', async ({
  page,
  context,
  counter,
  host,
}) => {
  await counter.sim.setFaults({ pendingRate: 1, pendingDelayMs: -1 });
  const display = await context.newPage();
  await display.goto(host.customerUrl);
  await expect(display.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await counter.open(page);

  const name = await sellFirstFound(page, 'France');
  await expect(page.getByRole('region', { name: 'Paid, the provider is preparing the eSIM' })).toBeVisible();
  const [order] = await counter.sim.orders();
  expect(await counter.sim.completePending(order?.reference)).toBe(1);

  // The counter completes it by itself: the cashier sees it, with a notice offering Show and Print.
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible({ timeout: 20_000 });
  const notice = page.getByRole('alert').filter({ hasText: `is ready: ${name}` });
  await expect(notice.getByRole('button', { name: 'Show' })).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  expect(await shownEsims(page)).toHaveLength(1);
  // The customer's screen stayed as it was: the customer at the counter may be another one.
  await expect(display.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(display.getByRole('img', { name: QR_NAME })).toHaveCount(0);

  // The cashier decides: the sale's QR goes to the customer's screen.
  await page.getByRole('button', { name: 'Show on the customer display' }).click();
  await expect(display.getByRole('img', { name: QR_NAME })).toBeVisible();
});
