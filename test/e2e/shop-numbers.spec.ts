import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { CountResult, TillView } from '../../shared/domain/shift';
import { type PostgresServer, startPostgres } from '../support/postgres';
import { axeViolations } from './axe';
import { type Counter, expect, test } from './counter-fixture';

// A counter in a shop shows its receipt and Z numbers as its paper prints them, with its code
// (`2-000001`, `Z2-000001`), and finds a receipt typed that way; in English and Arabic.

// axe is injected as a script of its own, which the counter's CSP refuses.
test.use({ bypassCSP: true });

let server: PostgresServer;
const owner = { user: 'shop_owner', password: 'owner-password-1' };
let database = '';
/** The pack's shop, in a ledger of its own: every counter here starts from one journal, with one id. */
let packDatabase = '';
const MANAGER_PIN = '2468';

test.beforeAll(async () => {
  server = await startPostgres();
  await server.createRole(owner.user, owner.password, { createRole: true });
  database = await server.createDatabase('e2e_numbers', owner.user);
  packDatabase = await server.createDatabase('e2e_pack', owner.user);
});

test.afterAll(async () => {
  await server?.close();
});

/** The counter joined to the shop in `database`, its manager signed in. */
async function joinedAsManager(
  counter: Counter,
  place: { database: string; shop: string; counterCode: string; counterName: string },
): Promise<void> {
  const { database: name, ...named } = place;
  await counter.api('setManagerPin', { pin: MANAGER_PIN });
  await counter.api('joinShopLedger', {
    pin: MANAGER_PIN,
    address: `postgres://127.0.0.1:${server.port}/${name}`,
    ownerName: owner.user,
    ownerPassword: owner.password,
    ...named,
  });
  const till = await counter.api<TillView>('getTill');
  const manager = till.cashiers.find((cashier) => cashier.usesManagerPin)!;
  await counter.api('signIn', { cashierId: manager.id, pin: MANAGER_PIN });
}

test('Today, the sale and the Shift screen show the numbers with the counter code; the search finds 2-000001', async ({
  page,
  counter,
}) => {
  test.setTimeout(180_000);
  await joinedAsManager(counter, {
    database,
    shop: 'Main street',
    counterCode: '2',
    counterName: 'Front desk',
  });
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

test("the month's pack at a counter in a shop is the shop's, and says a counter whose shift is still open", async ({
  page,
  counter,
}) => {
  test.setTimeout(180_000);
  await joinedAsManager(counter, {
    database: packDatabase,
    shop: 'Pack street',
    counterCode: '3',
    counterName: 'Back desk',
  });
  const closeShift = async (): Promise<void> => {
    const { countId } = await counter.api<CountResult>('countDrawer', {
      counts: [{ currency: 'USD', amount: 10_000 }],
    });
    await counter.api('closeShift', { countId });
  };
  await counter.api('openShift', { floats: [{ currency: 'USD', amount: 10_000 }] });
  await closeShift();
  // A second shift still open: the ledger holds this counter's month as not closed.
  await counter.api('openShift', { floats: [{ currency: 'USD', amount: 10_000 }] });

  await counter.open(page);
  const words = {
    en: {
      recent: 'Recent shifts',
      download: 'Download the pack',
      open: 'Not complete: counter 3 still has a shift open in the shop ledger.',
      whole: 'The pack of Pack street: every counter is closed and in it.',
    },
    ar: {
      recent: 'الورديات الأخيرة',
      download: 'تنزيل الحزمة',
      open: 'غير مكتملة: لنقطة البيع 3 وردية ما زالت مفتوحة في دفتر المتجر.',
      whole: 'حزمة Pack street: كل نقاط البيع مغلقة وموجودة فيها.',
    },
  } as const;
  const packed = async (language: 'en' | 'ar'): Promise<void> => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: words[language].download }).click();
    expect((await download).suggestedFilename()).toMatch(/^PACKSTREET-\d{4}-\d{2}-accountant-pack\.zip$/);
  };
  await page.keyboard.press('F6');
  for (const language of ['en', 'ar'] as const) {
    if (language === 'ar') await page.keyboard.press('F9');
    const recent = page.getByRole('region', { name: words[language].recent });
    await packed(language);
    await expect(recent.getByRole('alert')).toContainText(words[language].open);
    expect(await axeViolations(page), `a shop's pack not complete (${language})`).toEqual([]);
  }
  await closeShift();
  await packed('ar');
  await expect(page.getByRole('region', { name: words.ar.recent }).getByRole('status').last()).toHaveText(
    words.ar.whole,
  );
  await page.keyboard.press('F9');
  await packed('en');
  const recent = page.getByRole('region', { name: words.en.recent });
  await expect(recent.getByText(words.en.whole, { exact: true })).toBeVisible();
  expect(await axeViolations(page), "a shop's whole pack (en)").toEqual([]);
});
