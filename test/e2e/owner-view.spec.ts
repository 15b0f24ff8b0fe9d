import { moneyText } from '../../renderer/src/i18n/format';
import { reconcileText } from '../../renderer/src/reconcile/reconcile-text';
import type { OwnerView } from '../../shared/domain/owner-view';
import { reportText } from '../../shared/report-text';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';
import { approveManagerTools, oneSaleShiftClosed } from './staff';
import { harbourSale, LEDGER_OWNER, shopLedgerServer } from './support/shop-ledger-server';

// The owner's view across shops, in Chromium: the counter (Main street, code 2) sells and closes its
// shift, the Harbour shop's counter has published a sale of its own, and a manager reads every shop
// with the ledger owner's login, typed on the screen; in English and in Arabic, each read by axe.
test.use({ bypassCSP: true });

const ledgers = shopLedgerServer();

for (const language of ['en', 'ar'] as const) {
  const t = reconcileText(language);
  const words = reportText(language);
  test.describe(`the owner's view in ${language}`, () => {
    let database = '';
    test.use({
      hostFlags: ['--shop', 'Main street', '--counter-code', '2', '--counter-name', 'Front desk'],
    });
    test.beforeAll(async () => {
      database = await ledgers.useLedger(`e2e_owner_view_${language}`);
    });

    test(`a manager reads every shop with the owner's login, in ${language}`, async ({ page, counter }) => {
      test.setTimeout(180_000);
      await oneSaleShiftClosed(counter);
      // The Harbour's counter sold too: a shop of its own in the same ledger.
      await harbourSale(
        counter,
        { server: ledgers.server, database },
        { counterId: `CQUAY${language.toUpperCase()}`, training: true },
      );

      await counter.open(page);
      if (language === 'ar') await page.keyboard.press('F9');
      await page.keyboard.press('F6');
      await approveManagerTools(page, language);
      // Main street's day is reconciled first: the owner's view shows its stored result.
      const shopDay = page.getByRole('form', { name: t.shop.title });
      const reconciled = page.waitForResponse((response) => response.url().endsWith('/api/reconcileShop'));
      await shopDay.getByRole('button', { name: t.shop.reconcile }).click();
      const { value: day } = (await (await reconciled).json()) as { value: { result: 'reconciled' } };

      const form = page.getByRole('form', { name: t.owner.title });
      await form.getByLabel(t.owner.ownerName).fill(LEDGER_OWNER.user);
      const password = form.getByLabel(t.owner.ownerPassword);
      // A wrong password first: refused in words, and the field emptied.
      await password.fill('not-the-owners-password');
      await form.getByRole('button', { name: t.owner.show }).click();
      await expect(form.getByRole('alert')).toHaveText(t.owner.wrongLogin);
      await expect(password).toHaveValue('');
      expect(await axeViolations(page), `the refusal (${language})`).toEqual([]);

      await password.fill(LEDGER_OWNER.password);
      const read = page.waitForResponse((response) => response.url().endsWith('/api/getOwnerView'));
      await form.getByRole('button', { name: t.owner.show }).click();
      const { value } = (await (await read).json()) as { value: OwnerView };
      await expect(password).toHaveValue('');
      expect(value.shops.map((shop) => shop.name)).toEqual(['Harbour', 'Main street']);

      const main = form.getByRole('region', { name: 'Main street' });
      await expect(main.locator('.reconcile-result')).toContainText(t.shop.results[day.result]);
      // The Harbour's training order is claimed by nobody: Main street's open exception, said in the
      // screen's language.
      const open = value.shops.find((shop) => shop.name === 'Main street')?.shopDay?.open ?? [];
      expect(open.length).toBeGreaterThan(0);
      await expect(main.locator('.reconcile-exception .hint')).toHaveText(
        open.map((exception) => t.rowNote(exception, (amount) => moneyText(amount, language))),
      );
      const front = main.getByRole('row', { name: words.shop.counter('2', 'Front desk') });
      await expect(front.getByRole('cell').first()).toContainText(/1 · /);
      await expect(main.getByRole('row', { name: /Alice/ })).toBeVisible();
      const harbour = form.getByRole('region', { name: 'Harbour' });
      await expect(harbour.locator('.reconcile-result')).toHaveText(t.owner.notRun);
      await expect(harbour.getByRole('row', { name: words.shop.counter('1', 'Counter 1') })).toBeVisible();
      await expect(form.getByRole('alert')).toHaveCount(0);
      expect(await axeViolations(page), `the owner's view (${language})`).toEqual([]);

      // Main street's Alice given access to the Harbour: the password typed again for the change.
      const alice = t.owner.ofShop('Alice', 'Main street');
      await expect(harbour.getByLabel(t.owner.member)).toHaveValue(/.+/);
      await harbour.getByRole('button', { name: t.owner.giveAccess }).click();
      await expect(form.getByRole('alert')).toHaveText(t.owner.retype);
      await password.fill(LEDGER_OWNER.password);
      await harbour.getByRole('button', { name: t.owner.giveAccess }).click();
      await expect(harbour.getByRole('listitem').filter({ hasText: alice })).toBeVisible();
      await expect(harbour.getByRole('button', { name: t.owner.takeAway('Alice') })).toBeVisible();
      await expect(password).toHaveValue('');
      expect(await axeViolations(page), `staff access (${language})`).toEqual([]);

      // Alice moves to the Harbour after the view was read: taking her access away there is refused in
      // the screen's words, with the login kept good (the password field is not marked wrong).
      await ledgers.server().query(
        `UPDATE ledger.staff SET shop_id = (SELECT id FROM ledger.shops WHERE name = 'Harbour')
           WHERE name = 'Alice' AND counter_id IS NULL`,
        [],
        database,
      );
      await password.fill(LEDGER_OWNER.password);
      await harbour.getByRole('button', { name: t.owner.takeAway('Alice') }).click();
      await expect(form.getByRole('alert')).toHaveText(t.owner.accessUnchanged.INVALID_STATE);
      await expect(password).not.toHaveAttribute('aria-invalid', 'true');
      expect(await axeViolations(page), `a refused change of access (${language})`).toEqual([]);
      // The password typed is in no page the counter shows.
      expect(await page.content()).not.toContain(LEDGER_OWNER.password);
    });
  });
}
