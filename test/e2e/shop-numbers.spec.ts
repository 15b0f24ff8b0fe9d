import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { CountResult, TillView } from '../../shared/domain/shift';
import { type PostgresServer, startPostgres } from '../support/postgres';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';

// A counter in a shop shows its receipt and Z numbers as its paper prints them, with its code
// (`2-000001`, `Z2-000001`), and finds a receipt typed that way; in English and Arabic.

// axe is injected as a script of its own, which the counter's CSP refuses.
test.use({ bypassCSP: true });

let server: PostgresServer;
const owner = { user: 'shop_owner', password: 'owner-password-1' };
let database = '';
const MANAGER_PIN = '2468';

test.beforeAll(async () => {
  server = await startPostgres();
  await server.createRole(owner.user, owner.password, { createRole: true });
  database = await server.createDatabase('e2e_numbers', owner.user);
});

test.afterAll(async () => {
  await server?.close();
});

test('Today, the sale and the Shift screen show the numbers with the counter code; the search finds 2-000001', async ({
  page,
  counter,
}) => {
  test.setTimeout(180_000);
  await counter.api('setManagerPin', { pin: MANAGER_PIN });
  await counter.api('joinShopLedger', {
    pin: MANAGER_PIN,
    address: `postgres://127.0.0.1:${server.port}/${database}`,
    ownerName: owner.user,
    ownerPassword: owner.password,
    shop: 'Main street',
    counterCode: '2',
    counterName: 'Front desk',
  });
  const till = await counter.api<TillView>('getTill');
  const manager = till.cashiers.find((cashier) => cashier.usesManagerPin)!;
  await counter.api('signIn', { cashierId: manager.id, pin: MANAGER_PIN });
  await counter.api('openShift', { floats: [{ currency: 'USD', amount: 10_000 }] });
  const { packages } = await counter.api<{ packages: CataloguePackage[] }>('listPackages');
  const [cheap, next] = [...packages].sort((a, b) => a.retail.amount - b.retail.amount);
  await counter.api('sell', { packageCode: cheap!.code, quantity: 1, tender: { method: 'card' } });
  await counter.api('sell', { packageCode: next!.code, quantity: 1, tender: { method: 'card' } });
  const { countId } = await counter.api<CountResult>('countDrawer', {
    counts: [{ currency: 'USD', amount: 10_000 }],
  });
  await counter.api('closeShift', { countId });

  await counter.open(page);
  for (const language of ['en', 'ar'] as const) {
    const words =
      language === 'en'
        ? {
            sales: "Today's sales",
            search: "Search today's sales",
            details: 'Sale details',
            receipt: 'Receipt 2-000001',
          }
        : {
            sales: 'مبيعات اليوم',
            search: 'ابحث في مبيعات اليوم',
            details: 'تفاصيل البيع',
            receipt: 'الإيصال 2-000001',
          };
    if (language === 'ar') await page.keyboard.press('F9');
    await page.keyboard.press('F7');
    const sales = page.getByRole('table', { name: words.sales });
    await expect(sales.getByRole('button', { name: `${words.details} 2-000002` })).toBeVisible();
    const search = page.getByLabel(words.search, { exact: true });
    await search.fill('2-000001');
    await expect(sales.getByRole('row')).toHaveCount(2);
    await expect(sales.getByRole('button', { name: `${words.details} 2-000001` })).toHaveText('2-000001');
    expect(await axeViolations(page), `Today, searched (${language})`).toEqual([]);
    await sales.getByRole('button', { name: `${words.details} 2-000001` }).click();
    const dialog = page.getByRole('dialog', { name: words.details });
    await expect(dialog).toContainText(words.receipt);
    expect(await axeViolations(page), `the sale (${language})`).toEqual([]);
    await page.keyboard.press('Escape');
    await search.fill('');

    await page.keyboard.press('F6');
    await page
      .getByRole('region', { name: language === 'en' ? 'Recent shifts' : 'الورديات الأخيرة' })
      .getByText('Z2-000001', { exact: true })
      .waitFor();
    expect(await axeViolations(page), `the Shift screen (${language})`).toEqual([]);
  }
});
