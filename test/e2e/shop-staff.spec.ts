import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';
import { approveManagerTools, managerApproval } from './staff';
import { shopLedgerServer } from './support/shop-ledger-server';

// A manager adds a cashier in Chromium at a counter started in its shop's ledger (POS_SHOP_LEDGER_URL
// and the host's --shop flags): the manager tools say the staff are the shop's, and the cashier is
// added to the shop's staff in the ledger, in English and in Arabic, each read by axe.
test.use({ bypassCSP: true });

const ledgers = shopLedgerServer();

const WORDS = {
  en: {
    form: 'Add cashier',
    hint: "The staff are the shop's: a change here reaches every counter.",
    name: 'Name',
    pin: 'Their PIN',
    saved: 'Saved.',
  },
  ar: {
    form: 'إضافة كاشير',
    hint: 'الموظفون للمتجر كله: يصل أي تغيير هنا إلى كل نقاط البيع.',
    name: 'الاسم',
    pin: 'رمزه السري',
    saved: 'حُفظ.',
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  const w = WORDS[language];
  test.describe(`the shop's staff in ${language}`, () => {
    let database = '';
    test.use({
      hostFlags: ['--shop', 'Main street', '--counter-code', '2', '--counter-name', 'Front desk'],
    });
    test.beforeAll(async () => {
      database = await ledgers.useLedger(`e2e_shop_staff_${language}`);
    });

    test(`a manager adds a cashier to the shop's staff, in ${language}`, async ({ page, counter }) => {
      test.setTimeout(180_000);
      await managerApproval(counter);
      await counter.open(page);
      if (language === 'ar') await page.keyboard.press('F9');
      await page.keyboard.press('F6');
      await approveManagerTools(page, language);
      const form = page.getByRole('form', { name: w.form, exact: true });
      await expect(form).toContainText(w.hint);
      await form.getByLabel(w.name, { exact: true }).fill('Carol');
      await form.getByLabel(w.pin, { exact: true }).fill('3333');
      await form.getByRole('button', { name: w.form }).click();
      await expect(form.getByRole('status')).toHaveText(w.saved);
      const held = await ledgers
        .server()
        .query<{ name: string; active: boolean }>(
          'SELECT name, active FROM ledger.staff WHERE counter_id IS NULL',
          [],
          database,
        );
      expect(held.rows).toEqual([{ name: 'Carol', active: true }]);
      expect(await axeViolations(page), `the manager tools in a shop (${language})`).toEqual([]);
    });
  });
}
