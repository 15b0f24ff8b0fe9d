import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import type { Language } from '../shared/domain/common';
import { expect, test } from '../test/e2e/counter-fixture';

/** The screens the README shows, in both languages: docs/screens/<screen>-<language>.png. */

const SHOTS = resolve(import.meta.dirname, '../docs/screens');

const WORDS = {
  en: {
    search: 'Search destinations',
    packages: 'Packages',
    typo: 'Turky 10gb',
    region: 'Balkans',
    sell: 'Sell',
    confirm: 'Confirm sale',
  },
  ar: {
    search: 'ابحث عن وجهة',
    packages: 'الباقات',
    typo: 'تركا ١٠ جيجا',
    region: 'البلقان',
    sell: 'بيع',
    confirm: 'تأكيد البيع',
  },
} as const;

async function shoot(page: Page, name: string, language: Language): Promise<void> {
  // The clock and the waiting times move: the picture is taken once the page has settled.
  await page.evaluate('document.fonts.ready');
  await page.screenshot({ path: `${SHOTS}/${name}-${language}.png`, fullPage: true });
}

for (const language of ['en', 'ar'] as const) {
  test(`screens in ${language}`, async ({ page, counter }) => {
    const words = WORDS[language];
    await counter.open(page);
    if (language === 'ar') await page.keyboard.press('F9');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const search = page.getByLabel(words.search);
    const found = page.getByRole('listbox', { name: words.packages }).getByRole('option');

    // A typo and a quantity read from the search, and (where the catalogue has one) a package
    // sharing its name with others.
    await search.fill(words.typo);
    await expect(found.first()).toBeVisible();
    const namesakes = found.filter({ has: page.locator('.pkg-networks') });
    await ((await namesakes.count()) > 0 ? namesakes : found).first().click();
    await shoot(page, 'sell-search', language);

    // A regional plan: its countries listed.
    await search.fill(words.region);
    await found.first().click();
    await shoot(page, 'sell-regional', language);

    // A sale's result: Print first, above the QR codes.
    await page.getByRole('button', { name: words.sell, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: words.confirm }).click();
    await expect(page.locator('.esim-card').first()).toBeVisible();
    await shoot(page, 'sale-result', language);
  });
}
