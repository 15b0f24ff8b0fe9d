import type { Page } from '@playwright/test';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';
import { detailsOnToday } from './counter-page';

// The pages' Content-Security-Policy forbids injected scripts, axe's too: this file's pages allow it.
test.use({ bypassCSP: true });

// Evaluated in the page (this project has no DOM types): what has the keyboard, by its tag and
// text, and whether it is inside the open dialog.
const FOCUSED = `(() => {
  const active = document.activeElement;
  const name = active ? active.tagName + ' ' + (active.getAttribute('aria-label') ?? active.textContent ?? '') : '';
  return { name: name.slice(0, 60), inside: active?.closest('dialog[open]') != null };
})()`;

function focused(page: Page): Promise<{ name: string; inside: boolean }> {
  return page.evaluate<{ name: string; inside: boolean }>(FOCUSED);
}

for (const language of ['en', 'ar'] as const) {
  test(`the sale details keep the keyboard inside until Escape gives it back, in ${language}`, async ({
    page,
    counter,
  }) => {
    // Forty key presses, each read back, and an axe run: more than the default minute on a busy machine.
    test.setTimeout(180_000);
    const title = { en: 'Sale details', ar: 'تفاصيل البيع' }[language];
    const { packages } = await counter.api<{ packages: CataloguePackage[] }>('listPackages');
    const cheapest = [...packages].sort((a, b) => a.retail.amount - b.retail.amount)[0]!;
    await counter.api('sell', { packageCode: cheapest.code });
    await counter.open(page);

    const dialog = await detailsOnToday(page, language, title);
    await expect(dialog).toBeVisible();
    const opener = page.getByRole('button', { name: new RegExp(`^${title} `) });
    expect((await focused(page)).inside).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Tab goes round the dialog's controls and never out of it, however far it is pressed.
    const forwards: string[] = [];
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      expect(now.inside, `Tab ${i + 1} left the dialog for ${now.name}`).toBe(true);
      forwards.push(now.name);
    }
    // It came round: the controls seen are fewer than the presses.
    expect(new Set(forwards).size).toBeLessThan(forwards.length);
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Shift+Tab');
      const now = await focused(page);
      expect(now.inside, `Shift+Tab ${i + 1} left the dialog for ${now.name}`).toBe(true);
    }

    // Escape closes it, and the keyboard is back on the sale it was opened from.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });
}
