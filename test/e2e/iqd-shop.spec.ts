import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';
import { confirmStep } from './customer-display-page';
import { managerApproval } from './staff';

// A shop whose customers pay in dinars: the figure to take is in dinars, rounded to the shop's step
// (250 by default), with the dollar price small beneath; "Paid in" keeps the currency the cashier
// chose last.
test.use({ bypassCSP: true });
// The shop's settings, a rate and two confirm steps: more than the default minute on a loaded machine.
test.setTimeout(180_000);

const PAID_IN = { en: 'Paid in', ar: 'عملة الدفع' } as const;
/** Dinars as Intl writes them in either language. */
const DINARS = /IQD|د\.ع/;

for (const language of ['en', 'ar'] as const) {
  test(`the confirm step asks dinars rounded to 250, and Paid in remembers, in ${language}`, async ({
    page,
    counter,
  }) => {
    const approval = await managerApproval(counter);
    // A business day that began six hours ago: the rate set for it holds all test long.
    const dayCutOff = new Date(Date.now() - 6 * 3_600_000).toISOString().slice(11, 16);
    await counter.api('updateEndOfDaySettings', {
      patch: { currencies: ['USD', 'IQD'], sellingCurrency: 'IQD', timeZone: 'UTC', dayCutOff },
      approval,
    });
    await counter.api('setExchangeRate', {
      base: 'USD',
      quote: 'IQD',
      buy: '1460',
      sell: '1470',
      per: 1,
      approval,
    });
    // No rounding step is set: the dinar's default one (250) applies.
    await counter.open(page);
    await confirmStep(page, 'France');
    // F9 switches the counter's language inside the dialog too.
    if (language === 'ar') await page.keyboard.press('F9');
    const dialog = page.locator('dialog[open]');
    const charge = dialog.locator('.charge');
    await expect(charge).toContainText(DINARS);
    const dinars = Number((await charge.textContent())?.replace(/[^\d]/g, ''));
    expect(dinars % 250).toBe(0);
    await expect(dialog.locator('.charge-beneath')).toContainText(/USD|\$/);
    expect(await axeViolations(page)).toEqual([]);

    // The cashier takes dollars from this customer: the next sale starts in dollars too.
    await dialog.getByLabel(PAID_IN[language]).selectOption('USD');
    await expect(charge).not.toContainText(DINARS);
    await expect(dialog.locator('.charge-beneath')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    if (language === 'ar') await page.keyboard.press('F9');
    await page
      .getByRole('region', { name: 'Selected package' })
      .getByRole('button', { name: 'Sell' })
      .click();
    await expect(page.getByRole('button', { name: 'Confirm sale' })).toBeVisible();
    await expect(dialog.getByLabel(PAID_IN.en)).toHaveValue('USD');
    await expect(charge).not.toContainText(DINARS);
  });
}
