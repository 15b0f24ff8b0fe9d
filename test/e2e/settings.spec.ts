import { expect, test } from './counter-fixture';

test('settings are behind the manager PIN: chosen once, asked again, and a change holds', async ({
  page,
  counter,
}) => {
  await counter.open(page);
  await page.keyboard.press('F8');

  const choose = page.getByRole('form', { name: 'Choose the manager PIN' });
  await choose.getByLabel('New manager PIN').fill('2468');
  await choose.getByLabel('Repeat the PIN').fill('2486');
  await choose.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByText('The two PINs differ')).toBeVisible();
  await choose.getByLabel('Repeat the PIN').fill('2468');
  await choose.getByRole('button', { name: 'Save PIN' }).click();

  const shop = page.getByRole('form', { name: 'Shop and receipt' });
  await shop.getByLabel('Shop name').fill('Baghdad Mobile Corner');
  await shop.getByLabel('Counter language').selectOption('ar');
  await shop.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('status').filter({ hasText: 'حُفظت الإعدادات' })).toBeVisible();

  // Leaving the screen locks it; a wrong PIN is refused and the settings stay hidden.
  await page.keyboard.press('F2');
  await page.keyboard.press('F8');
  await page.getByLabel('رمز المدير', { exact: true }).fill('1111');
  await page.getByRole('button', { name: 'فتح' }).click();
  await expect(page.getByRole('alert')).toContainText('رمز المدير خاطئ');
  await expect(page.getByLabel('اسم المحل')).toBeHidden();

  await page.getByLabel('رمز المدير', { exact: true }).fill('2468');
  await page.getByRole('button', { name: 'فتح' }).click();
  await expect(page.getByLabel('اسم المحل')).toHaveValue('Baghdad Mobile Corner');
  expect((await counter.api<{ shopName: string; language: string }>('getSettings')).shopName).toBe(
    'Baghdad Mobile Corner',
  );

  // The counter's language is the new default for a fresh window.
  const fresh = await page.context().newPage();
  await fresh.goto(counter.url);
  await expect(fresh.locator('html')).toHaveAttribute('dir', 'rtl');
});
