import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';

// The header says whose counter this is: the shop's name once it is set, in either language.
test.use({ bypassCSP: true });

for (const language of ['en', 'ar'] as const) {
  test(`the header shows the shop's name once it is set, in ${language}`, async ({ page, counter }) => {
    await counter.api('setManagerPin', { pin: '4321' });
    await counter.api('updateSettings', { pin: '4321', patch: { shopName: 'Baghdad Mobile Corner' } });
    await counter.open(page);
    if (language === 'ar') await page.keyboard.press('F9');
    const header = page.getByRole('banner');
    await expect(header.getByText('Baghdad Mobile Corner')).toBeVisible();
    await expect(
      header.getByText(language === 'en' ? 'eSIM Counter' : 'منصة بيع الشرائح الإلكترونية'),
    ).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });
}
