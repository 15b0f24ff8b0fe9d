import { expect, test } from './counter-fixture';
import { countPrints, printsSoFar, sellFirstFound } from './counter-page';
import { destination } from './destinations';
import { ALICE_PIN, hireAlice, MANAGER_PIN } from './staff';

test('a reprint that needs the manager PIN says why in its dialog, and prints once the PIN is given', async ({
  page,
  counter,
}) => {
  await countPrints(page);
  await counter.open(page);
  await sellFirstFound(page, destination('Italy'));
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  const print = page.getByRole('button', { name: 'Print receipt' });
  await print.click();
  await expect.poll(() => printsSoFar(page)).toBe(1);

  // Another cashier now at the counter: a copy hands the not yet installed eSIM over again.
  const alice = await hireAlice(counter);
  await counter.api('signIn', { cashierId: alice, pin: ALICE_PIN });
  await print.click();
  const dialog = page.getByRole('dialog', { name: 'Manager PIN' });
  await expect(dialog).toContainText(
    'This copy prints a QR code that is not installed yet: it would hand the eSIM over again, so the manager must allow it.',
  );
  await expect(dialog.getByLabel('Manager PIN')).toBeFocused();
  await dialog.getByLabel('Manager PIN').fill('1111');
  await dialog.getByRole('button', { name: 'Print receipt' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  expect(await printsSoFar(page)).toBe(1);

  await dialog.getByLabel('Manager PIN').fill(MANAGER_PIN);
  await dialog.getByRole('button', { name: 'Print receipt' }).click();
  await expect.poll(() => printsSoFar(page)).toBe(2);
  await expect(dialog).toHaveCount(0);
});
