import { expect, test } from './counter-fixture';
import { esimCards, sellFirstFound, shownEsims } from './counter-page';
import { destination } from './destinations';

// A pending order's checks, shortened from the provider's 15 to 30 s to about a second.
test.use({ pendingCheckMs: 500 });

const QR_NAME = 'QR code to install your eSIM';

test('a sale being prepared says so on the customer display, and when it completes later never pops up there: the cashier shows it, or prints it', async ({
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

  const name = await sellFirstFound(page, destination('France'));
  await expect(page.getByRole('region', { name: 'Paid, the provider is preparing the eSIM' })).toBeVisible();
  // The customer's screen says the eSIM is being prepared, with no QR code yet.
  await expect(display.getByRole('region', { name: 'Your eSIM is being prepared' })).toContainText(name);
  await expect(display.getByRole('img', { name: QR_NAME })).toHaveCount(0);
  const [order] = await counter.sim.orders();
  expect(await counter.sim.completePending(order?.reference)).toBe(1);

  // The counter completes it by itself: the cashier, at the sale, sees it there.
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible({ timeout: 20_000 });
  // The heading can be painted before the eSIM under it: its card is waited for, then read.
  await expect(esimCards(page)).toHaveCount(1);
  expect(await shownEsims(page)).toHaveLength(1);
  // No QR code pops up on the customer's screen: the customer at the counter may be another one.
  await expect(display.getByRole('region', { name: 'Your eSIM is being prepared' })).toHaveCount(0);
  await expect(display.getByRole('img', { name: QR_NAME })).toHaveCount(0);

  // The cashier decides: the sale's QR goes to the customer's screen.
  await page.getByRole('button', { name: 'Show on the customer display' }).click();
  await expect(display.getByRole('img', { name: QR_NAME })).toBeVisible();
});
