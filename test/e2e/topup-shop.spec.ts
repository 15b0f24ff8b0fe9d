import type { Page } from '@playwright/test';
import pg from 'pg';
import { joinCounter } from '../../electron/core/shop/joining';
import { migrateLedger } from '../../electron/core/shop/ledger-schema';
import { releaseTopUpLease, takeTopUpLease } from '../../electron/core/shop/topup-leases';
import type { Sale } from '../../shared/domain/sale';
import type { Status } from '../../shared/domain/status';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';
import { localPackageCode } from './destinations';
import { LEDGER_OWNER, shopLedgerServer } from './support/shop-ledger-server';

// The repeat question of a counter in a shop, in Chromium: another counter's top-up of the eSIM named
// by its code, and, with the shop ledger stopped, the question every top-up is asked and why; in
// English and Arabic, each read by axe.
test.use({ bypassCSP: true });

const ledgers = shopLedgerServer();

const WORDS = {
  en: {
    topUp: 'Confirm top-up',
    held: /^Counter 1 \(Kiosk\) has been topping up this eSIM since .+\. Nothing was sent\./,
    repeat: 'This eSIM was topped up a few minutes ago',
    earlier: /^Earlier top-up of this eSIM at counter 1: at .+, .+\.$/,
    unchecked: 'Other counters cannot be checked right now',
    why: 'The shop ledger cannot be reached',
    again: 'Top up again',
    cancel: 'Cancel',
    done: 'Top-up complete',
  },
  ar: {
    topUp: 'تأكيد التعبئة',
    held: /^نقطة البيع 1 \(Kiosk\) تعبّئ هذه الشريحة منذ .+\. لم يُرسَل شيء\./,
    repeat: 'عُبّئت هذه الشريحة قبل دقائق',
    earlier: /^تعبئة سابقة لهذه الشريحة في نقطة البيع 1: الساعة .+، .+\.$/,
    unchecked: 'لا يمكن التحقق من نقاط البيع الأخرى الآن',
    why: 'تعذّر الوصول إلى سجل المتجر',
    again: 'عبّئ مرة أخرى',
    cancel: 'إلغاء',
    done: 'تمت التعبئة',
  },
} as const;

/** Picks the eSIM's first top-up and confirms it: the counter then asks, or tops up. */
async function confirmFirstOption(page: Page, iccid: string, confirm: string): Promise<void> {
  const field = page.getByRole('textbox', { name: /^(ICCID|رقم ICCID)$/ });
  await field.fill(iccid);
  await field.press('Enter');
  await page.locator('.topup-options button').first().click();
  await page.getByRole('dialog').getByRole('button', { name: confirm }).click();
}

for (const language of ['en', 'ar'] as const) {
  const w = WORDS[language];
  test.describe(`the repeat question in a shop, in ${language}`, () => {
    test.use({
      hostFlags: ['--shop', 'Main street', '--counter-code', '2', '--counter-name', 'Front desk'],
    });
    let database = '';
    test.beforeAll(async () => {
      database = await ledgers.useLedger(`e2e_topup_shop_${language}`);
    });

    test(`names another counter's top-up, and says why while the ledger is stopped, in ${language}`, async ({
      page,
      counter,
    }) => {
      test.setTimeout(180_000);
      const server = ledgers.server();
      await counter.open(page);
      if (language === 'ar') await page.keyboard.press('F9');
      const sale = await counter.api<Sale>('sell', { packageCode: localPackageCode('France') });
      if (sale.state !== 'completed') throw new Error(`the sale ended ${sale.state}`);
      const iccid = sale.esims[0]?.iccid ?? '';
      await counter.sim.activate(iccid);
      await expect
        .poll(async () => (await counter.api<Status>('getStatus')).shopLedger.state, { timeout: 60_000 })
        .toBe('up_to_date');

      // Counter 1 of the shop is topping this eSIM up: this counter's cashier is told so, and nothing
      // is sent. Then it has topped it up a moment ago.
      const connect = async (user: string, password: string): Promise<pg.Client> => {
        const client = new pg.Client({ host: server.host, port: server.port, database, user, password });
        await client.connect();
        return client;
      };
      const ownerClient = await connect(LEDGER_OWNER.user, LEDGER_OWNER.password);
      await migrateLedger(ownerClient);
      const kiosk = await joinCounter(ownerClient, {
        shop: 'Main street',
        counterId: 'C-KIOSK',
        code: '1',
        name: 'Kiosk',
      });
      await ownerClient.end();
      const kioskClient = await connect(kiosk.user, kiosk.password);
      const lease = { iccid, topUpId: 'T-KIOSK' };
      await takeTopUpLease(kioskClient, { ...lease, repeatConfirmed: false });
      await page.keyboard.press('F3');
      await confirmFirstOption(page, iccid, w.topUp);
      await expect(page.getByRole('alert').filter({ hasText: 'TOPUP_LEASE_HELD' })).toContainText(w.held);
      expect(await axeViolations(page), `another counter topping up (${language})`).toEqual([]);
      await releaseTopUpLease(kioskClient, { ...lease, outcome: 'completed' });
      await kioskClient.end();

      await confirmFirstOption(page, iccid, w.topUp);
      const repeat = page.getByRole('dialog', { name: w.repeat });
      await expect(repeat.locator('.earlier-topup')).toHaveText(w.earlier);
      expect(await axeViolations(page), `the repeat question (${language})`).toEqual([]);
      await repeat.getByRole('button', { name: w.cancel }).click();

      // The ledger stops: the counter cannot ask the others, and says so before anything is sent.
      await server.stop();
      try {
        await page.locator('.topup-options button').first().click();
        await page.getByRole('dialog').getByRole('button', { name: w.topUp }).click();
        const unchecked = page.getByRole('dialog', { name: w.unchecked });
        await expect(unchecked).toContainText(w.why, { timeout: 20_000 });
        expect(await counter.sim.ledger()).toEqual(
          expect.not.arrayContaining([expect.objectContaining({ kind: 'topup' })]),
        );
        expect(await axeViolations(page), `the question with the ledger stopped (${language})`).toEqual([]);
        // The customer wants it: confirmed, it is sent once.
        await unchecked.getByRole('button', { name: w.again }).click();
        await expect(page.getByRole('region', { name: w.done })).toBeVisible({ timeout: 20_000 });
        expect((await counter.sim.ledger()).filter((entry) => entry.kind === 'topup')).toHaveLength(1);
      } finally {
        await server.start();
      }
    });
  });
}
