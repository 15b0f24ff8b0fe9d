import { expect, test } from './counter-fixture';
import { esimCards, foundPackages, searchField, shownEsims } from './counter-page';

test('a whole sale by keyboard alone, with the focus visible at every step', async ({ page, counter }) => {
  await counter.open(page);
  // Evaluated in the page (this project has no DOM types): the outline of whatever has the focus.
  const focusOutline = (): Promise<string> =>
    page.evaluate<string>(
      "document.activeElement ? getComputedStyle(document.activeElement).outlineStyle : 'none'",
    );

  await page.keyboard.press('F2');
  await expect(searchField(page)).toBeFocused();
  await page.keyboard.type('Italy');
  await expect(foundPackages(page).first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');

  const quantity = page.getByLabel('Quantity');
  await expect(quantity).toBeFocused();
  expect(await focusOutline()).not.toBe('none');
  await page.keyboard.press('ArrowUp');
  await expect(quantity).toHaveValue('2');
  await page.keyboard.press('Enter');

  const confirm = page
    .getByRole('dialog', { name: 'Confirm the sale' })
    .getByRole('button', { name: 'Confirm sale' });
  await expect(confirm).toBeFocused();
  expect(await focusOutline()).not.toBe('none');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  // The keyboard starts on Print: an Enter after the QR never starts the next sale.
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeFocused();
  // The heading can be painted before the eSIMs under it: their cards are waited for, then read.
  await expect(esimCards(page)).toHaveCount(2);
  expect(await shownEsims(page)).toHaveLength(2);
  const [order] = await counter.sim.orders();
  expect(order?.quantity).toBe(2);

  await page.keyboard.press('Escape');
  await expect(searchField(page)).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeHidden();
});

test('lists its keyboard shortcuts on screen', async ({ page, counter }) => {
  await counter.open(page);
  const shortcuts = page.getByRole('list', { name: 'Keyboard shortcuts' });
  for (const key of ['F2', 'F3', 'F4', 'F7', 'F8', 'F9', 'Enter', 'Esc']) {
    await expect(shortcuts.getByText(key, { exact: true })).toBeVisible();
  }
});
