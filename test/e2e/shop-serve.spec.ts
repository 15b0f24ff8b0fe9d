import { careText } from '../../renderer/src/care/care-text';
import { messagesFor } from '../../renderer/src/i18n/messages';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import { minor } from '../../shared/money';
import { receiptNumberText } from '../../shared/printed-numbers';
import { publishOtherCounterSale } from '../support/other-counter-records';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';
import { aliceOnShift, MANAGER_PIN } from './staff';
import { LEDGER_OWNER, shopLedgerServer } from './support/shop-ledger-server';

// Any counter serves any customer, in Chromium: the counter (code 2, in its shop's ledger) finds
// counter 1's sale by its receipt number as printed, opens it (no QR code: counter 1 prints it again)
// and cancels it, the cash from its own drawer; in English and in Arabic, each screen read by axe.
test.use({ bypassCSP: true });

const ledgers = shopLedgerServer();

for (const language of ['en', 'ar'] as const) {
  const t = messagesFor(language);
  const care = careText(language);
  test.describe(`another counter's sale in ${language}`, () => {
    let database = '';
    test.use({
      hostFlags: ['--shop', 'Main street', '--counter-code', '2', '--counter-name', 'Front desk'],
    });
    test.beforeAll(async () => {
      database = await ledgers.useLedger(`e2e_shop_serve_${language}`);
    });

    test(`finds counter 1's sale and cancels it here, in ${language}`, async ({ page, counter }) => {
      test.setTimeout(180_000);
      await aliceOnShift(counter);
      await counter.sim.setRefundMethod('balance');
      // Counter 1 sold the cheapest package: the provider holds the order, the ledger the sale.
      const { packages } = await counter.api<{ packages: CataloguePackage[] }>('listPackages');
      const pkg = [...packages].sort((a, b) => a.retail.amount - b.retail.amount)[0];
      if (!pkg) throw new Error('the catalogue is empty');
      const orderReference = await counter.sim.placeOrder(pkg.code);
      const order = (await counter.sim.orders()).find((each) => each.reference === orderReference);
      const iccid = order?.esims[0]?.iccid ?? '';
      const sale = await publishOtherCounterSale(
        { port: ledgers.server().port, database, owner: LEDGER_OWNER },
        {
          shop: 'Main street',
          counterId: `CONE${language.toUpperCase()}`,
          code: '1',
          orderReference,
          iccid,
          packageCode: pkg.code,
          packageName: pkg.name,
          retail: pkg.retail,
          // What the provider charged (a cashier's catalogue leaves the cost out).
          cost: { amount: minor(order?.amountMinor ?? 0), currency: pkg.retail.currency },
          training: true,
        },
      );
      const printed = receiptNumberText(sale.receiptNumber, '1');

      await counter.open(page);
      if (language === 'ar') await page.keyboard.press('F9');
      await page.keyboard.press('F7');
      await page.getByLabel(t.today.search).fill(printed);
      const row = page.getByRole('button', { name: `${t.today.details} ${printed}` });
      await expect(row).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      await row.click();
      const details = page.getByRole('dialog', { name: t.today.details });
      await expect(details.getByText(t.today.soldElsewhere('1'))).toBeVisible();
      await expect(details.getByRole('button', { name: t.sell.showEsims(1) })).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);

      await details.getByRole('button', { name: care.cancelEsim }).click();
      await details.getByLabel(care.reason).fill(language === 'en' ? 'Changed their mind' : 'غيّر رأيه');
      await details.getByLabel(t.managerPin).fill(MANAGER_PIN);
      await details.getByRole('button', { name: care.confirm }).click();
      const outcome = details.getByRole('status').filter({ hasText: care.states.cancelled });
      await expect(outcome).toContainText(printed);
      expect(await axeViolations(page)).toEqual([]);

      // The provider cancelled it once; Today lists the cancellation as this counter's receipt.
      expect((await counter.sim.ledger()).filter((entry) => entry.kind === 'refund')).toHaveLength(1);
      await details.getByRole('button', { name: t.close }).click();
      await expect(page.getByRole('button', { name: `${care.cancellationDetails} 2-` })).toBeVisible();
    });
  });
}
