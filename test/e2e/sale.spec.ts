import { answerStyleFromEnvironment } from '../../electron/simulator/options';
import { formatMoney, money } from '../../shared/money';
import { expect, test } from './counter-fixture';
import { balanceStatus, sellFirstFound, shownEsims } from './counter-page';
import { destination } from './destinations';
import { issuedLpas } from './issued-esims';

test('sells one eSIM: its QR code decodes to the LPA the provider issued, and the balance follows', async ({
  page,
  counter,
}) => {
  await counter.open(page);
  await expect(page.getByRole('note', { name: 'TRAINING' })).toBeVisible();
  const before = await counter.sim.account();
  await expect(balanceStatus(page)).toContainText(formatMoney(money(before.balanceMinor, 'USD'), 'en'));

  await sellFirstFound(page, destination('France'));
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();

  const [order, ...others] = await counter.sim.orders();
  expect(others).toEqual([]);
  expect(order?.quantity).toBe(1);
  const issued = issuedLpas(counter.dataDir);
  const shown = await shownEsims(page);
  expect(shown).toHaveLength(1);
  const [esim] = shown;
  expect(esim?.iccid).toBe(order?.esims[0]?.iccid);
  expect(esim?.qrText).toBe(issued.get(esim?.iccid ?? ''));
  expect(esim?.qrText).toBe(`LPA:1$${esim?.smdpAddress}$${esim?.activationCode}`);

  const after = await counter.sim.account();
  expect(after.balanceMinor).toBe(before.balanceMinor - (order?.amountMinor ?? 0));
  const afterText = formatMoney(money(after.balanceMinor, 'USD'), 'en');
  await expect(balanceStatus(page)).toContainText(afterText);
  // The result names the new balance only when the provider's answer states it; a lean one does not.
  if (answerStyleFromEnvironment() === 'lean') await expect(page.getByText(/^New balance/)).toHaveCount(0);
  else await expect(page.getByText(`New balance: ${afterText}`)).toBeVisible();
});

test('sells three eSIMs in one order, each with its own QR code', async ({ page, counter }) => {
  await counter.open(page);
  await sellFirstFound(page, destination('Germany'), 3);
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();

  const [order] = await counter.sim.orders();
  expect(order?.quantity).toBe(3);
  const issued = issuedLpas(counter.dataDir);
  const shown = await shownEsims(page);
  expect(shown.map((esim) => esim.iccid).sort()).toEqual(order?.esims.map((esim) => esim.iccid).sort());
  for (const esim of shown) {
    expect(esim.qrText).toBe(issued.get(esim.iccid));
    expect(esim.qrText).toBe(`LPA:1$${esim.smdpAddress}$${esim.activationCode}`);
  }
  expect(new Set(shown.map((esim) => esim.qrText)).size).toBe(3);
});

test('refuses a sale the balance cannot pay, says how much to load, and charges nothing', async ({
  page,
  counter,
}) => {
  await counter.sim.setBalance(0.5);
  await counter.open(page);
  const name = await sellFirstFound(page, destination('Japan'));
  const { packages } = await counter.api<{
    packages: { code: string; name: string; cost: { amount: number } }[];
  }>('listPackages');
  const sold = packages.find((pkg) => pkg.name === name);
  if (!sold) throw new Error(`package ${name} is not in the catalogue`);
  const needToLoad = formatMoney(money(sold.cost.amount - 50, 'USD'), 'en');
  await expect(page.getByRole('alert')).toContainText(`Not enough balance: load at least ${needToLoad}`);
  await expect(page.getByRole('alert')).toContainText('Nothing was charged');
  // The refusal has the core read the balance again; the header shows what the core sends.
  await expect(balanceStatus(page)).toContainText('$0.50');
  // The cashier can change the order at once: the package is still chosen, Sell still there.
  await expect(page.getByRole('button', { name: 'Sell', exact: true })).toBeVisible();

  expect(await counter.sim.orders()).toEqual([]);
  expect((await counter.sim.account()).balanceMinor).toBe(50);
});

test('shows the TRAINING banner on every screen', async ({ page, counter }) => {
  await counter.open(page);
  for (const [key, tab] of [
    ['F3', 'Top-up'],
    ['F4', 'Pending'],
    ['F7', 'Today'],
    ['F8', 'Settings'],
    ['F2', 'Sell'],
  ] as const) {
    await page.keyboard.press(key);
    await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible();
    await expect(page.getByRole('note', { name: 'TRAINING' })).toBeVisible();
  }
});
