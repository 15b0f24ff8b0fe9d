import type { Page } from '@playwright/test';
import { answerStyleFromEnvironment } from '../../electron/simulator/options';
import type { Language } from '../../shared/domain/common';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';
import { foundPackages } from './counter-page';
import { destination } from './destinations';

// Every screen of the counter and the customer display, in both languages, through axe: no
// violation, one main landmark, one h1, and the shortcuts announced where they work.

// The pages' Content-Security-Policy forbids injected scripts, axe's too: this file's pages allow it.
test.use({ bypassCSP: true });

const SCREENS = [
  { key: 'F2', name: { en: 'Sell', ar: 'بيع' } },
  { key: 'F3', name: { en: 'Top-up', ar: 'تعبئة' } },
  { key: 'F4', name: { en: 'Pending', ar: 'قيد الانتظار' } },
  { key: 'F6', name: { en: 'Shift', ar: 'الوردية' } },
  { key: 'F7', name: { en: 'Today', ar: 'اليوم' } },
  { key: 'F8', name: { en: 'Settings', ar: 'الإعدادات' } },
] as const;

async function expectAccessible(page: Page, where: string): Promise<void> {
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.locator('h1')).toHaveCount(1);
  expect(await axeViolations(page), where).toEqual([]);
}

async function useLanguage(page: Page, language: Language): Promise<void> {
  if (language === 'ar') await page.keyboard.press('F9');
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

for (const language of ['en', 'ar'] as const) {
  test(`every counter screen passes axe in ${language}`, async ({ page, counter }) => {
    await counter.open(page);
    await useLanguage(page, language);
    for (const screen of SCREENS) {
      await page.keyboard.press(screen.key);
      await expect(page.getByRole('tab', { selected: true })).toHaveAttribute(
        'aria-keyshortcuts',
        screen.key,
      );
      await expectAccessible(page, `${screen.name[language]} (${language})`);
    }
  });

  test(`a sale's search, selection, confirmation and result pass axe in ${language}`, async ({
    page,
    counter,
  }) => {
    await counter.open(page);
    await useLanguage(page, language);
    await page.keyboard.press('F2');
    // In Arabic by its Arabic name, unless the provider states no names (the lean answer style), which
    // leaves only a package's code to search.
    const named = answerStyleFromEnvironment() !== 'lean';
    await page.keyboard.type(language === 'ar' && named ? 'فرنسا' : destination('France'));
    await expect(foundPackages(page, language === 'ar' ? 'الباقات' : 'Packages').first()).toBeVisible();
    await expectAccessible(page, `search (${language})`);
    await page.keyboard.press('Enter');
    await expectAccessible(page, `selected package (${language})`);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await axeViolations(page), `confirmation (${language})`).toEqual([]);
    await page.keyboard.press('Enter');
    const print = page.getByRole('button', { name: language === 'ar' ? 'طباعة الإيصال' : 'Print receipt' });
    await expect(print).toHaveAttribute('aria-keyshortcuts', 'Control+P');
    await expectAccessible(page, `sale result (${language})`);
  });

  test(`the customer display passes axe in ${language}, idle and showing an eSIM`, async ({
    page,
    context,
    host,
    counter,
  }) => {
    await counter.open(page);
    const display = await context.newPage();
    await display.goto(host.customerUrl);
    const customer = page.getByRole('group', { name: 'Customer’s language' });
    await customer.getByRole('button', { name: language === 'ar' ? 'العربية' : 'English' }).click();
    await expect(display.locator('html')).toHaveAttribute('lang', language);
    await expectAccessible(display, `customer display, idle (${language})`);

    await page.keyboard.press('F2');
    await page.keyboard.type(destination('France'));
    await expect(foundPackages(page).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(display.getByRole('img')).toBeVisible({ timeout: 10_000 });
    await expectAccessible(display, `customer display, eSIM (${language})`);
  });
}
