import { formatMoney, money } from '../../shared/money';
import { type Counter, expect, test } from './counter-fixture';
import {
  balanceStatus,
  countPrints,
  fact,
  foundPackages,
  printsSoFar,
  searchField,
  sellFirstFound,
  shownEsims,
} from './counter-page';
import { destination } from './destinations';

/** Money at the counter: the price quoted is the price charged, and what the cashier is told first. */

const PIN = '2468';

interface Priced {
  readonly code: string;
  readonly name: string;
  readonly cost: { readonly amount: number; readonly currency: string };
  readonly retail: { readonly amount: number; readonly currency: string };
}

async function pricedByName(counter: Counter, name: string): Promise<Priced> {
  const { packages } = await counter.api<{ packages: Priced[] }>('listPackages');
  const found = packages.find((pkg) => pkg.name === name);
  if (!found) throw new Error(`package ${name} is not in the catalogue`);
  return found;
}

test('the open confirm step follows a pricing change at once, and the sale charges what it then shows', async ({
  page,
  counter,
}) => {
  await counter.api('setManagerPin', { pin: PIN });
  await counter.open(page);
  await searchField(page).fill(destination('France'));
  const option = foundPackages(page).first();
  const name = ((await option.locator('.pkg-name').textContent()) ?? '').trim();
  await option.click();
  await page.getByRole('button', { name: 'Sell', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm the sale' });
  const before = await pricedByName(counter, name);
  const toCharge = fact(dialog, 'To take from the customer');
  await expect(toCharge).toHaveText(formatMoney(money(before.retail.amount, 'USD'), 'en'));

  // The manager changes the markup (another window, the same core) while the customer is quoted.
  await counter.api('setPricing', {
    pin: PIN,
    pricing: {
      rules: [{ scope: { kind: 'all' }, markup: { kind: 'percent', basisPoints: 5000 } }],
      roundingSteps: {},
    },
  });
  const after = await pricedByName(counter, name);
  expect(after.retail.amount).toBeGreaterThan(before.retail.amount);
  const newPrice = formatMoney(money(after.retail.amount, 'USD'), 'en');
  await expect(toCharge).toHaveText(newPrice);

  await dialog.getByRole('button', { name: 'Confirm sale' }).click();
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  const { sales } = await counter.api<{ sales: { retailTotal: { amount: number } }[] }>('listSales', {});
  expect(sales.map((sale) => sale.retailTotal.amount)).toEqual([after.retail.amount]);
});

test('the confirm step warns before the sale: a balance too low to pay it, and a sale at cost', async ({
  page,
  counter,
}) => {
  await counter.sim.setBalance(0.5);
  // The core reads the balance again (as it does after every sale): the balance the counter knows.
  await counter.api('getBalance');
  await counter.open(page);
  await searchField(page).fill(destination('Japan'));
  await foundPackages(page).first().click();
  await page.getByRole('button', { name: 'Sell', exact: true }).click();
  const warnings = page.getByRole('dialog', { name: 'Confirm the sale' }).getByRole('list', {
    name: 'Before you confirm',
  });
  await expect(warnings).toContainText(
    'The account holds $0.50, less than this sale costs: ask the manager to load the account.',
  );
  // A new shop has no markup rule yet: it would sell at cost.
  await expect(warnings).toContainText(
    'No markup applies to this package: it is sold at cost, with no margin.',
  );
  expect(await counter.sim.orders()).toEqual([]);
});

test('the confirm step reads the balance before warning: an account loaded outside the counter is not called short', async ({
  page,
  counter,
}) => {
  await counter.sim.setBalance(1);
  await counter.api('getBalance');
  await counter.open(page);
  await expect(balanceStatus(page)).toContainText('$1.00');
  // The manager loads the account on the provider's side: the counter is not told.
  await counter.sim.setBalance(1000);
  await searchField(page).fill(destination('Japan'));
  await foundPackages(page).first().click();
  await page.getByRole('button', { name: 'Sell', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm the sale' });
  await expect(balanceStatus(page)).toContainText('$1,000.00');
  await expect(dialog.getByRole('list', { name: 'Before you confirm' })).not.toContainText(
    'The account holds',
  );

  // Drained again outside the counter: the warning names the balance just read, not the one before.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await counter.sim.setBalance(0.25);
  await counter.api('getBalance');
  await counter.sim.setBalance(0.75);
  await page.getByRole('button', { name: 'Sell', exact: true }).click();
  await expect(dialog.getByRole('list', { name: 'Before you confirm' })).toContainText(
    'The account holds $0.75, less than this sale costs',
  );
  await expect(balanceStatus(page)).toContainText('$0.75');
});

test('the confirm step warns while the provider is failing: the answer may come late', async ({
  page,
  counter,
}) => {
  await counter.open(page);
  // The counter's last real call to the provider failed with a server error.
  await counter.sim.setFaults({ failRate: 1, paths: ['GET /balance'] });
  await counter.api('getBalance').catch(() => undefined);
  await counter.sim.setFaults({ failRate: 0 });
  await searchField(page).fill(destination('Japan'));
  await foundPackages(page).first().click();
  await page.getByRole('button', { name: 'Sell', exact: true }).click();
  const warnings = page.getByRole('dialog', { name: 'Confirm the sale' }).getByRole('list', {
    name: 'Before you confirm',
  });
  await expect(warnings).toContainText(
    'The provider is slow or failing right now: the answer may come late.',
  );
});

test('a shop with a markup and enough balance is not warned', async ({ page, counter }) => {
  await counter.api('setManagerPin', { pin: PIN });
  await counter.api('setPricing', {
    pin: PIN,
    pricing: {
      rules: [{ scope: { kind: 'all' }, markup: { kind: 'percent', basisPoints: 2000 } }],
      roundingSteps: {},
    },
  });
  await counter.open(page);
  await searchField(page).fill(destination('Japan'));
  await foundPackages(page).first().click();
  await page.getByRole('button', { name: 'Sell', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm the sale' });
  await expect(dialog.getByRole('button', { name: 'Confirm sale' })).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Before you confirm' })).toHaveCount(0);
});

test('five quick Enters after the QR appears print at most: the QR stays and nothing is sold again', async ({
  page,
  counter,
}) => {
  await counter.open(page);
  await searchField(page).fill(destination('Italy'));
  await expect(foundPackages(page).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Quantity')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Confirm sale' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeFocused();
  const [first] = await shownEsims(page);

  for (let i = 0; i < 5; i += 1) await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  const [still] = await shownEsims(page);
  expect(still?.iccid).toBe(first?.iccid);
  expect(await counter.sim.orders()).toHaveLength(1);
  const { sales } = await counter.api<{ sales: unknown[] }>('listSales', {});
  expect(sales).toHaveLength(1);
  // New sale has its own key.
  await page.keyboard.press('Escape');
  await expect(searchField(page)).toBeFocused();
});

test('an Enter held down from the step before never confirms the sale', async ({ page, counter }) => {
  await counter.open(page);
  await searchField(page).fill(destination('Italy'));
  await foundPackages(page).first().click();
  await expect(page.getByLabel('Quantity')).toBeFocused();
  // The Enter that opens the confirm step is held: the keyboard repeats it into the dialog.
  await page.keyboard.down('Enter');
  const confirm = page.getByRole('dialog', { name: 'Confirm the sale' }).getByRole('button', {
    name: 'Confirm sale',
  });
  await expect(confirm).toBeFocused();
  await page.keyboard.down('Enter');
  await page.keyboard.down('Enter');
  await page.keyboard.up('Enter');
  // Not sending: the button would be held while a sale is on the wire.
  await expect(confirm).toBeEnabled();
  expect(await counter.sim.orders()).toEqual([]);
  // A fresh press, made after the dialog was shown, confirms.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  expect(await counter.sim.orders()).toHaveLength(1);
});

test('a reprint by the same cashier minutes after the sale (a paper jam) needs no PIN', async ({
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
  // The roll jammed: the cashier prints again at once, and no PIN is asked.
  await print.click();
  await expect.poll(() => printsSoFar(page)).toBe(2);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const { sales } = await counter.api<{ sales: { id: string }[] }>('listSales', {});
  const copy = await counter.api<{ copyNumber: number | null }>('renderReceipt', {
    kind: 'sale',
    id: sales[0]?.id,
    copy: true,
  });
  expect(copy.copyNumber).toBe(2);
});

test('the confirm step records a cash payment, and the sale receipt prints what was given and the change', async ({
  page,
  counter,
}) => {
  // The receipt's frame keeps its text on the counter's page instead of opening the print dialog.
  await page.addInitScript(
    'if (window !== window.top) { window.print = () => { window.top.receiptText = document.body.innerText; }; }',
  );
  await counter.open(page);
  await searchField(page).fill(destination('France'));
  await foundPackages(page).first().click();
  await page.getByRole('button', { name: 'Sell', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm the sale' });
  await dialog.getByRole('radio', { name: 'Cash' }).check();
  await dialog.getByLabel('Tendered').fill('50');
  await dialog.getByRole('button', { name: 'Confirm sale' }).click();
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  const { sales } = await counter.api<{ sales: { retailTotal: { amount: number } }[] }>('listSales', {});
  const price = sales[0]?.retailTotal.amount ?? 0;

  await page.getByRole('button', { name: 'Print receipt' }).click();
  await expect.poll(() => page.evaluate<string>("window.receiptText ?? ''")).toContain('Paid by');
  const receipt = await page.evaluate<string>('window.receiptText');
  expect(receipt).toMatch(/Paid by\s+Cash/);
  // The receipt writes dollars as US$ (it may be read abroad).
  const dollars = (minor: number): string =>
    `US\\$${Math.trunc(minor / 100)}\\.${String(minor % 100).padStart(2, '0')}`;
  expect(receipt).toMatch(new RegExp(`Cash received\\s+${dollars(5000)}`));
  expect(receipt).toMatch(new RegExp(`Change\\s+${dollars(5000 - price)}`));
});
