import { receiptNumberText } from '../../shared/printed-numbers';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';
import { aliceOnShift, cheapestForCash } from './staff';

// eSIM care reads a sold eSIM from the provider: its status in the cashier's words, not the
// provider's code ("NEW"), and its data with a unit ("0 MB used of 1 GB", not "10,240").
test.use({ bypassCSP: true });

const WORDS = {
  en: {
    care: 'eSIM care',
    read: 'Read the eSIM now',
    status: 'Not installed yet',
    usage: /\d[\d,.]* (MB|GB) used of \d[\d,.]* (MB|GB)/,
  },
  ar: {
    care: 'العناية بالشريحة',
    read: 'قراءة الشريحة الآن',
    status: 'لم تُثبَّت بعد',
    usage: /استُخدم \S+ (م\.ب|غ\.ب) من \S+ (م\.ب|غ\.ب)/,
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  const w = WORDS[language];

  test(`eSIM care says the status and the data in the cashier's words, in ${language}`, async ({
    page,
    counter,
  }) => {
    await aliceOnShift(counter);
    const sale = await cheapestForCash(counter);
    await counter.open(page);
    await page.keyboard.press('F7');
    await page
      .getByRole('button', { name: `Sale details ${receiptNumberText(sale.receiptNumber, null)}` })
      .click();
    // F9 switches the counter's language inside the dialog too.
    if (language === 'ar') await page.keyboard.press('F9');
    const care = page.getByRole('region', { name: w.care });
    await care.getByRole('button', { name: w.read }).click();
    const facts = care.locator('.esim-facts');
    await expect(facts).toContainText(w.status);
    await expect(facts).not.toContainText('NEW');
    await expect(facts).toContainText(w.usage);
    expect(await axeViolations(page)).toEqual([]);
  });
}
