import { expect, test } from './counter-fixture';
import { sellFirstFound } from './counter-page';
import { destination } from './destinations';

const QR_NAME = 'QR code to install your eSIM';

test('the customer display pages several eSIMs, one QR at a time, and repeats the roaming step', async ({
  page,
  context,
  counter,
  host,
}) => {
  const display = await context.newPage();
  await display.goto(host.customerUrl);
  await counter.open(page);
  await sellFirstFound(page, destination('Germany'), 3);
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();

  const qr = display.getByRole('img', { name: QR_NAME });
  await expect(qr).toHaveCount(1);
  await expect(display.getByText('eSIM 1 of 3')).toBeVisible();
  await expect(qr).toBeInViewport();
  const shown: string[] = [];
  for (const n of [1, 2, 3]) {
    await expect(display.getByText(`eSIM ${n} of 3`)).toBeVisible();
    await expect(qr).toBeInViewport();
    shown.push((await display.locator('.manual dd').last().textContent()) ?? '');
    if (n < 3) await display.getByRole('button', { name: 'Next eSIM' }).click();
  }
  await expect(display.getByRole('button', { name: 'Next eSIM' })).toBeDisabled();
  expect(new Set(shown).size).toBe(3);
  await expect(
    display
      .getByRole('region', { name: 'Install it now' })
      .getByText('When abroad, turn on this eSIM and data roaming for it.'),
  ).toBeVisible();
});
