import type { Page } from '@playwright/test';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Sale } from '../../shared/domain/sale';
import { type Counter, expect, test } from './counter-fixture';
import { foundPackages } from './counter-page';

// The counter driven from the keyboard as the footer promises it, and the two language switches.

/** Picks the first package found for a search by keyboard; the quantity field has the keyboard after. */
async function pickByKeyboard(page: Page, search: string): Promise<void> {
  await page.keyboard.press('F2');
  await page.keyboard.type(search);
  await expect(foundPackages(page).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Quantity')).toBeFocused();
}

/** An eSIM sold, installed and used a little: one that takes top-ups. */
async function activeEsim(counter: Counter): Promise<string> {
  const { packages } = await counter.api<{ packages: CataloguePackage[] }>('listPackages');
  const local = packages.find((pkg) => pkg.type === 'local' && pkg.countries.includes('FR'));
  const sale = await counter.api<Sale>('sell', { packageCode: local?.code });
  if (sale.state !== 'completed') throw new Error(`the sale ended ${sale.state}`);
  const iccid = sale.esims[0]?.iccid ?? '';
  await counter.sim.activate(iccid);
  await counter.sim.consume(iccid, 128);
  return iccid;
}

test('Print sits at the top of the result and has its key, Ctrl+P', async ({ page, counter }) => {
  await counter.open(page);
  await pickByKeyboard(page, 'Italy');
  await page.keyboard.press('Enter');
  await page
    .getByRole('dialog', { name: 'Confirm the sale' })
    .getByRole('button', { name: 'Confirm sale' })
    .click();
  const result = page.getByRole('region', { name: 'Sale complete' });
  const print = result.getByRole('button', { name: 'Print receipt' });
  await expect(print).toHaveAttribute('aria-keyshortcuts', 'Control+P');
  const card = result.getByRole('article', { name: 'eSIM 1 of 1' });
  const [printBox, cardBox] = [await print.boundingBox(), await card.boundingBox()];
  expect(printBox && cardBox && printBox.y + printBox.height).toBeLessThanOrEqual(cardBox?.y ?? 0);
  await expect(
    page.getByRole('list', { name: 'Keyboard shortcuts' }).getByText('Ctrl+P', { exact: true }),
  ).toBeVisible();

  // The receipt is rendered by the counter service for printing: the key asks for it as the button does.
  const asked = page.waitForRequest((request) => /\/api\/\w*[Rr]eceipt/.test(request.url()));
  await page.keyboard.press('Control+P');
  await asked;
});

test('↑ ↓ move between top-up options, and the repeat guard starts on Cancel and names the earlier top-up', async ({
  page,
  counter,
}) => {
  await counter.open(page);
  const iccid = await activeEsim(counter);
  await page.keyboard.press('F3');
  await page.keyboard.type(iccid);
  await page.keyboard.press('Enter');
  const options = page.getByRole('region', { name: 'Top-up packages' }).getByRole('button');
  await expect(options.first()).toBeFocused();
  expect(await options.count()).toBeGreaterThan(1);
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(options.first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(options.last()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(options.first()).toBeFocused();

  // Esc leaves the confirmation and the keyboard is back on the option the cashier chose.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Confirm the top-up' });
  await expect(confirm.getByRole('button', { name: 'Confirm top-up' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(options.nth(1)).toBeFocused();

  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Top-up complete' })).toBeVisible();
  const [{ createdAt }] = await counter
    .api<{ topUps: { createdAt: string }[] }>('listTopUps', { limit: 1 })
    .then((value) => value.topUps as [{ createdAt: string }]);
  const at = await page.evaluate(
    (iso) => new Intl.DateTimeFormat('en', { timeStyle: 'medium' }).format(new Date(iso)),
    createdAt,
  );

  await page.keyboard.press('Escape');
  await page.keyboard.type(iccid);
  await page.keyboard.press('Enter');
  await expect(options.first()).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  const repeat = page.getByRole('dialog', { name: 'This eSIM was topped up a few minutes ago' });
  await expect(repeat.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expect(repeat).toContainText(`Earlier top-up of this eSIM: at ${at}, Completed.`);
  // A second Enter (a double scan) cancels: nothing more is charged.
  await page.keyboard.press('Enter');
  await expect(repeat).toBeHidden();
  expect((await counter.sim.ledger()).filter((entry) => entry.kind === 'topup')).toHaveLength(1);
});

test('Esc in the sale confirmation gives the keyboard back to the quantity', async ({ page, counter }) => {
  await counter.open(page);
  await pickByKeyboard(page, 'France');
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Confirm the sale' });
  await expect(confirm.getByRole('button', { name: 'Confirm sale' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(page.getByLabel('Quantity')).toBeFocused();
});

test('a quantity over 10 is refused in words, not sold as 10', async ({ page, counter }) => {
  await counter.open(page);
  await pickByKeyboard(page, 'France');
  await page.keyboard.type('12');
  const quantity = page.getByLabel('Quantity');
  await expect(quantity).toHaveValue('12');
  await expect(page.getByRole('alert')).toHaveText(
    'At most 10 eSIMs in one sale. Sell the others in another sale.',
  );
  await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Confirm the sale' })).toBeHidden();
  await expect(quantity).toHaveValue('12');

  await quantity.fill('3');
  await expect(page.getByRole('alert')).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Confirm the sale' })).toContainText('3 ×');
});

test('the counter’s and the customer’s language switches are labelled apart; the customer’s resets for the next customer', async ({
  page,
  counter,
}) => {
  await counter.open(page);
  const mine = page.getByRole('group', { name: 'Counter language (yours)' });
  const theirs = page.getByRole('group', { name: 'Customer’s language' });
  await expect(mine.getByRole('button', { name: 'Switch to Arabic' })).toHaveAttribute(
    'aria-keyshortcuts',
    'F9',
  );
  await theirs.getByRole('button', { name: 'العربية' }).click();
  await expect(theirs.getByRole('button', { name: 'العربية' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await pickByKeyboard(page, 'France');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Sale complete' })).toBeVisible();
  await expect(theirs.getByRole('button', { name: 'العربية' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'New sale' }).click();
  await expect(theirs.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  await expect(theirs.getByRole('button', { name: 'العربية' })).toHaveAttribute('aria-pressed', 'false');
});

test('F9 switches the language inside a dialog too; the screen keys wait until it is answered', async ({
  page,
  counter,
}) => {
  await counter.open(page);
  await pickByKeyboard(page, 'France');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Confirm the sale' })).toBeVisible();

  await page.keyboard.press('F9');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const confirm = page.getByRole('dialog', { name: 'تأكيد البيع' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'تأكيد البيع' })).toBeVisible();
  // F7 (Today) would leave the sale half-asked: the dialog keeps the keyboard.
  await page.keyboard.press('F7');
  await expect(confirm).toBeVisible();

  await page.keyboard.press('F9');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('dialog', { name: 'Confirm the sale' })).toBeVisible();
  expect((await counter.sim.ledger()).filter((entry) => entry.kind === 'order')).toHaveLength(0);
});
