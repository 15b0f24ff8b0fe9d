import type { ShopDay } from '../../shared/domain/shop-day';
import { reportText } from '../../shared/report-text';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';
import { approveManagerTools, oneSaleShiftClosed } from './staff';
import { harbourSale, shopLedgerServer } from './support/shop-ledger-server';

// A manager closes the shop day in Chromium: a counter started in its shop's ledger (POS_SHOP_LEDGER_URL
// and the host's --shop flags) sells and closes its shift; "Reconcile the shop" in the manager tools
// shows the shop day, in English and in Arabic, each read by axe. The Harbour shop sold on the same
// account: its order is Harbour's, by name, never an exception of Main street's day.
test.use({ bypassCSP: true });

const ledgers = shopLedgerServer();

const WORDS = {
  en: {
    form: 'The shop day',
    reconcile: 'Reconcile the shop',
    result: 'RECONCILED',
    counter: 'Front desk',
    closed: 'closed',
    cash: 'Cash in total',
    zHead: 'Z2-000001: chain head',
    drawer: 'Cash per drawer: 2 · Front desk',
    print: 'Print the shop day',
  },
  ar: {
    form: 'يوم المتجر',
    reconcile: 'مطابقة المتجر',
    result: 'مُطابَق',
    counter: 'Front desk',
    closed: 'مغلقة',
    cash: 'مجموع النقد',
    zHead: 'Z2-000001: رأس السلسلة',
    drawer: 'النقد لكل درج: 2 · Front desk',
    print: 'طباعة يوم المتجر',
  },
} as const;

// Each language's counter is a new one, copied from one synced journal (so with the same counter id),
// with a simulator of its own: each joins a ledger of its own.
for (const language of ['en', 'ar'] as const) {
  const w = WORDS[language];
  test.describe(`the shop day in ${language}`, () => {
    test.use({
      hostFlags: ['--shop', 'Main street', '--counter-code', '2', '--counter-name', 'Front desk'],
    });
    let database = '';
    test.beforeAll(async () => {
      database = await ledgers.useLedger(`e2e_shop_day_${language}`);
    });

    test(`a manager closes the shop day, in ${language}`, async ({ page, counter }) => {
      test.setTimeout(180_000);
      await oneSaleShiftClosed(counter);
      // A live sale of the Harbour shop's counter, on the same account, in the ledger.
      await harbourSale(
        counter,
        { server: ledgers.server, database },
        { counterId: `CQUAY${language.toUpperCase()}`, training: false },
      );

      await counter.open(page);
      if (language === 'ar') await page.keyboard.press('F9');
      await page.keyboard.press('F6');
      await approveManagerTools(page, language);
      const form = page.getByRole('form', { name: w.form });
      const ran = page.waitForResponse((response) => response.url().endsWith('/api/reconcileShop'));
      await form.getByRole('button', { name: w.reconcile }).click();
      const { value } = (await (await ran).json()) as { value: ShopDay };
      await expect(form.getByRole('status').getByText(w.result, { exact: true })).toBeVisible();
      const counters = form.locator('.shop-counter');
      await expect(counters).toHaveCount(1);
      await expect(counters).toContainText(`2 · ${w.counter}: ${w.closed}`);
      await expect(form.getByRole('heading', { name: w.cash })).toBeVisible();
      // Numbers as the paper prints them, and the drawer by its counter, never by an id.
      await expect(counters).toContainText(w.zHead);
      await expect(form.getByRole('heading', { name: w.drawer, exact: true })).toBeVisible();
      await expect(form).not.toContainText(/\bZ1\b|\bmain\b/);
      expect(value).toMatchObject({
        result: 'reconciled',
        ordersAttributed: 1,
        ordersRead: 2,
        otherShops: [{ shop: 'Harbour', orders: 1 }],
      });
      const [, before, after] = reportText(language).shop.otherShopOrders('\u0000', '\u0000').split('\u0000');
      // The other shop's order by the shop's name alone, beside the orders attributed to a counter.
      await expect(form.getByText(`${before}Harbour${after}`)).toBeVisible();
      expect(value.bridge?.remainder?.amount).toBe(0);
      expect(await axeViolations(page), `the shop day (${language})`).toEqual([]);

      // The shop day on paper, in the screen's language: the Z as the paper prints it.
      const rendered = page.waitForResponse((response) =>
        response.url().endsWith('/api/renderShopDayReport'),
      );
      await form.getByRole('button', { name: w.print }).click();
      const printed = (await (await rendered).json()) as { value: { html: string } };
      expect(printed.value.html).toContain('Z2-000001');
      expect(printed.value.html).toContain(`lang="${language}"`);
    });
  });
}
