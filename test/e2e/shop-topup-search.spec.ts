import { moneyText } from '../../renderer/src/i18n/format';
import { messagesFor } from '../../renderer/src/i18n/messages';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { Status } from '../../shared/domain/status';
import type { TopUpOption } from '../../shared/domain/topup';
import { minor } from '../../shared/money';
import { receiptNumberText } from '../../shared/printed-numbers';
import { publishOtherCounterTopUp } from '../support/other-counter-records';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';
import { LEDGER_OWNER, shopLedgerServer } from './support/shop-ledger-server';

// Today's search at a counter in a shop lists another counter's top-ups, in Chromium: the counter
// (code 2, in its shop's ledger) finds counter 1's top-up of an eSIM by its ICCID and by its receipt
// number as printed, in a read-only row naming counter 1; in English and in Arabic, read by axe.
test.use({ bypassCSP: true });

const ledgers = shopLedgerServer();

for (const language of ['en', 'ar'] as const) {
  const t = messagesFor(language);
  test.describe(`another counter's top-up on Today, in ${language}`, () => {
    let database = '';
    test.use({
      hostFlags: ['--shop', 'Main street', '--counter-code', '2', '--counter-name', 'Front desk'],
    });
    test.beforeAll(async () => {
      database = await ledgers.useLedger(`e2e_shop_topup_search_${language}`);
    });

    test(`finds counter 1's top-up by its ICCID and receipt number, in ${language}`, async ({
      page,
      counter,
    }) => {
      test.setTimeout(120_000);
      await counter.open(page);
      await expect
        .poll(async () => (await counter.api<Status>('getStatus')).shopLedger.state, { timeout: 60_000 })
        .toBe('up_to_date');
      // The customer's eSIM, bought on the provider's side, was topped up at counter 1: the provider
      // holds the top-up's order, the ledger counter 1's record of it.
      const { packages } = await counter.api<{ packages: CataloguePackage[] }>('listPackages');
      const pkg = [...packages].sort((a, b) => a.retail.amount - b.retail.amount)[0];
      if (!pkg) throw new Error('the catalogue is empty');
      const bought = await counter.sim.placeOrder(pkg.code);
      const iccid = (await counter.sim.orders()).find((each) => each.reference === bought)?.esims[0]?.iccid;
      if (!iccid) throw new Error('the order holds no eSIM');
      await counter.sim.activate(iccid);
      const { packages: options } = await counter.api<{ packages: TopUpOption[] }>('listTopUpPackages', {
        iccid,
      });
      const option = options[0];
      if (!option) throw new Error(`no top-up for ${iccid}`);
      const orderReference = await counter.sim.placeTopUp(iccid, option.code);
      const charged = (await counter.sim.ledger()).find((entry) => entry.orderReference === orderReference);
      const topUp = await publishOtherCounterTopUp(
        { port: ledgers.server().port, database, owner: LEDGER_OWNER },
        {
          shop: 'Main street',
          counterId: `CONE${language.toUpperCase()}`,
          code: '1',
          orderReference,
          iccid,
          packageCode: option.code,
          packageName: option.name,
          retail: option.retail,
          cost: { amount: minor(Math.abs(charged?.amountMinor ?? 0)), currency: option.retail.currency },
          training: true,
        },
      );
      const printed = receiptNumberText(topUp.receiptNumber, '1');

      if (language === 'ar') await page.keyboard.press('F9');
      await page.keyboard.press('F7');
      const search = page.getByLabel(t.today.search);
      const topUps = page.getByRole('table', { name: t.today.topUps });
      for (const text of [iccid, printed]) {
        await search.fill(text);
        const row = topUps.getByRole('row').filter({ hasText: printed });
        await expect(row.getByRole('cell'), text).toHaveText([
          /\d/,
          printed,
          iccid,
          option.name,
          moneyText(option.retail, language),
          t.today.toppedUpAt(t.states.completed, '1'),
        ]);
        // Read-only: a top-up is cared for at the counter that made it.
        await expect(row.getByRole('button')).toHaveCount(0);
        expect(await axeViolations(page), `searched by ${text}`).toEqual([]);
      }
    });
  });
}
