import { shiftText } from '../../renderer/src/shift/shift-text';
import type { Language } from '../../shared/domain/common';
import type { TillView } from '../../shared/domain/shift';
import { reportText } from '../../shared/report-text';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';
import { aliceOnShift, cheapestForCash, MANAGER_PIN } from './staff';

// axe is added to the page as a script, which the counter's CSP would refuse.
test.use({ bypassCSP: true });

/**
 * The X on the Shift screen in Chromium, in English and in Arabic: a cashier's has no cost and no
 * margin (the core leaves them out of her answer), a manager's has both.
 */
for (const language of ['en', 'ar'] as const satisfies readonly Language[]) {
  test(`a cashier's X has no cost or margin; the manager's has them (${language})`, async ({
    page,
    counter,
  }) => {
    const words = reportText(language);
    const screen = shiftText(language);
    await aliceOnShift(counter);
    await cheapestForCash(counter);

    await counter.open(page);
    await page.keyboard.press('F6');
    if (language === 'ar') await page.keyboard.press('F9');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const showX = async (): Promise<void> => {
      await page.getByRole('button', { name: screen.xReport, exact: true }).click();
      await expect(page.getByText(words.xNote)).toBeVisible();
    };

    await showX();
    await expect(page.getByText(words.cost, { exact: true })).toHaveCount(0);
    await expect(page.getByText(words.margin, { exact: true })).toHaveCount(0);
    expect(await axeViolations(page), `a cashier's X (${language})`).toEqual([]);

    const till = await counter.api<TillView>('getTill');
    const manager = till.cashiers.find((cashier) => cashier.usesManagerPin)!;
    await counter.api('signIn', { cashierId: manager.id, pin: MANAGER_PIN });
    await showX();
    await expect(page.getByText(words.cost, { exact: true })).toBeVisible();
    await expect(page.getByText(words.margin, { exact: true })).toBeVisible();
    expect(await axeViolations(page), `the manager's X (${language})`).toEqual([]);
  });
}
