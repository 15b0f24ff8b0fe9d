import type { Sale } from '../../shared/domain/sale';
import type { TopUpOption } from '../../shared/domain/topup';
import { formatMoney } from '../../shared/money';
import { expect, test } from './counter-fixture';
import { MANAGER_PIN } from './staff';

// The price quoted is the price charged, for top-ups too: a pricing change while the confirm step is
// open is refused before anything is sent, and the screen lists the new price.

test('a top-up confirmed at a price that changed meanwhile is refused, nothing charged, and the new price shown', async ({
  page,
  counter,
}) => {
  await counter.open(page);
  const { packages } = await counter.api<{ packages: { code: string; type: string; countries: string[] }[] }>(
    'listPackages',
  );
  const local = packages.find((pkg) => pkg.type === 'local' && pkg.countries.includes('FR'));
  if (!local) throw new Error('no local package for FR');
  const sale = await counter.api<Sale>('sell', { packageCode: local.code });
  if (sale.state !== 'completed') throw new Error(`the sale ended ${sale.state}`);
  const iccid = sale.esims[0]?.iccid ?? '';
  await counter.sim.activate(iccid);
  const topUpsCharged = async (): Promise<number> =>
    (await counter.sim.ledger()).filter((entry) => entry.kind === 'topup').length;

  await page.keyboard.press('F3');
  await page.getByLabel('ICCID', { exact: true }).fill(iccid);
  await page.keyboard.press('Enter');
  const choices = page.getByRole('region', { name: 'Top-up packages' });
  await choices.getByRole('button').first().click();
  const confirm = page.getByRole('dialog', { name: 'Confirm the top-up' });
  const quotedText = ((await confirm.locator('.charge').textContent()) ?? '').trim();
  const code = await firstOptionCode(counter, iccid, quotedText);

  // The manager raises the markup while the customer is being told the old price.
  await counter.api('setManagerPin', { pin: MANAGER_PIN });
  await counter.api('setPricing', {
    pin: MANAGER_PIN,
    pricing: {
      rules: [{ scope: { kind: 'all' }, markup: { kind: 'percent', basisPoints: 5000 } }],
      roundingSteps: {},
    },
  });
  const now = (await options(counter, iccid)).find((o) => o.code === code)?.retail;
  if (!now) throw new Error('the option is no longer listed');
  const nowText = formatMoney(now, 'en');
  expect(nowText).not.toBe(quotedText);

  await confirm.getByRole('button', { name: 'Confirm top-up' }).click();
  await expect(page.getByRole('alert')).toContainText(
    `The price changed from ${quotedText} to ${nowText}: quote again. Nothing was charged.`,
  );
  expect(await topUpsCharged()).toBe(0);
  expect((await counter.api<{ topUps: unknown[] }>('listTopUps', { iccid })).topUps).toEqual([]);
  // The list shows the new price: the cashier quotes it, and it goes through at that price.
  await expect(choices.getByRole('button').first()).toContainText(nowText);
  await choices.getByRole('button').first().click();
  await expect(confirm.locator('.charge')).toHaveText(nowText);
  await confirm.getByRole('button', { name: 'Confirm top-up' }).click();
  await expect(page.getByRole('region', { name: 'Top-up complete' })).toBeVisible();
  expect(await topUpsCharged()).toBe(1);
});

async function options(
  counter: { api<T>(method: string, input?: unknown): Promise<T> },
  iccid: string,
): Promise<readonly TopUpOption[]> {
  return (await counter.api<{ packages: TopUpOption[] }>('listTopUpPackages', { iccid })).packages;
}

/** The code of the option the screen listed first, known by its price before the change. */
async function firstOptionCode(
  counter: { api<T>(method: string, input?: unknown): Promise<T> },
  iccid: string,
  priceText: string,
): Promise<string> {
  const found = (await options(counter, iccid)).find((o) => formatMoney(o.retail, 'en') === priceText);
  if (!found) throw new Error(`no option at ${priceText}`);
  return found.code;
}
