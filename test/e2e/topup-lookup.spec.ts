import type { Sale } from '../../shared/domain';
import { expect, test } from './counter-fixture';

test('a scanned ICCID (digits, then Enter) shows the eSIM, its usage and the top-ups it can take', async ({
  page,
  counter,
}) => {
  await counter.open(page);
  const sale = await counter.api<Sale>('sell', { packageCode: await firstPackageCode(counter, 'FR') });
  if (sale.state !== 'completed') throw new Error(`the sale ended ${sale.state}`);
  const iccid = sale.esims[0]?.iccid ?? '';
  await counter.sim.activate(iccid);

  await page.keyboard.press('F3');
  const field = page.getByLabel('ICCID', { exact: true });
  await expect(field).toBeFocused();
  // A barcode scanner is a keyboard: it types the digits, then Enter.
  await page.keyboard.type(iccid);
  await expect(page.getByText('Valid ICCID')).toBeVisible();
  await page.keyboard.press('Enter');

  const esim = page.getByRole('region', { name: 'eSIM' });
  await expect(esim).toContainText(sale.packageName);
  await expect(esim).toContainText('ACTIVE');
  const options = page.getByRole('region', { name: 'Top-up packages' }).getByRole('button');
  await expect(options.first()).toBeFocused();
  expect(await options.count()).toBeGreaterThan(0);
  await expect(options.first()).toHaveAccessibleName(/^Top up with /);
});

test('a mistyped ICCID is caught by its check digit before anything is sent', async ({ page, counter }) => {
  await counter.open(page);
  const lookups: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/lookupEsim')) lookups.push(request.url());
  });
  await page.keyboard.press('F3');
  // 89 + 17 digits with a wrong check digit (the right one is 4).
  await page.keyboard.type('8944476201410000001');
  await expect(page.getByText('Check digit wrong: mistyped or misscanned. Scan again.')).toBeVisible();
  await expect(page.getByLabel('ICCID', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Look up' })).toBeDisabled();
  expect(lookups).toEqual([]);
});

async function firstPackageCode(
  counter: { api<T>(method: string, input?: unknown): Promise<T> },
  country: string,
): Promise<string> {
  const { packages } = await counter.api<{ packages: { code: string; type: string; countries: string[] }[] }>(
    'listPackages',
  );
  const local = packages.find((pkg) => pkg.type === 'local' && pkg.countries.includes(country));
  if (!local) throw new Error(`no local package for ${country}`);
  return local.code;
}
