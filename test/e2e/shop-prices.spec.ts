import type { Status } from '../../shared/domain/status';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';
import { confirmStep } from './customer-display-page';
import { shopLedgerServer } from './support/shop-ledger-server';

// A counter in a shop says in the sale's confirm step when it cannot know that it sells at the shop's
// prices and rate: with the shop ledger stopped, it sells from the version it last had, and says so,
// since when; in English and Arabic, each read by axe.
test.use({ bypassCSP: true });

const ledgers = shopLedgerServer();

const WORDS = {
  en: {
    warnings: 'Before you confirm',
    unknown:
      /^Prices and rate as this counter last had them \(version 1\): the shop ledger has not answered since .+\. The shop's may have changed\.$/,
    said: 'Prices and rate as this counter last had them',
  },
  ar: {
    warnings: 'قبل أن تؤكد',
    unknown:
      /^الأسعار وسعر الصرف كما عرفتها نقطة البيع هذه آخر مرة \(النسخة (1|١)\): لم يُجب دفتر المتجر منذ .+\. ربما تغيّرت أسعار المتجر\.$/,
    said: 'الأسعار وسعر الصرف كما عرفتها',
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  const w = WORDS[language];
  test.describe(`the shop's prices in the confirm step, in ${language}`, () => {
    test.use({
      hostFlags: ['--shop', 'Main street', '--counter-code', '2', '--counter-name', 'Front desk'],
    });
    test.beforeAll(async () => {
      await ledgers.useLedger(`e2e_shop_prices_${language}`);
    });

    test(`says nothing while current, and since when it cannot know with the ledger stopped, in ${language}`, async ({
      page,
      counter,
    }) => {
      test.setTimeout(180_000);
      const server = ledgers.server();
      const settingsState = async (): Promise<string | null> =>
        (await counter.api<Status>('getStatus')).shopSettings?.state ?? null;
      await counter.open(page);
      await expect.poll(settingsState, { timeout: 60_000 }).toBe('current');
      const dialog = page.locator('dialog[open]');

      await confirmStep(page, 'France');
      if (language === 'ar') await page.keyboard.press('F9');
      await expect(dialog).toBeVisible();
      await expect(dialog).not.toContainText(w.said);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      if (language === 'ar') await page.keyboard.press('F9');

      await server.stop();
      try {
        await expect.poll(settingsState, { timeout: 60_000 }).toBe('unknown');
        await confirmStep(page, 'France');
        if (language === 'ar') await page.keyboard.press('F9');
        const warnings = dialog.getByRole('list', { name: w.warnings });
        await expect(warnings.getByRole('listitem').filter({ hasText: w.said })).toHaveText(w.unknown);
        expect(await axeViolations(page), 'the confirm step with the ledger stopped').toEqual([]);
      } finally {
        await server.start();
      }
      // The ledger back, the counter hears it again: nothing more to say.
      await expect.poll(settingsState, { timeout: 60_000 }).toBe('current');
      await expect(dialog.getByText(w.said)).toHaveCount(0);
    });
  });
}
