import type { TillView } from '../../shared/domain/shift';
import { expect, test } from './counter-fixture';
import { aliceOnShift } from './staff';

/**
 * A date field shows Chromium's own format (11/30/2026, "November 2026") whatever the screen's
 * language. On the Arabic screen each date field says the day or month it holds in Arabic under it,
 * as its description, and says it again when another is picked.
 */
test('date fields spell their day and month in the screen language', async ({ page, counter }) => {
  await aliceOnShift(counter);
  const till = await counter.api<TillView>('getTill');
  await counter.open(page);
  await page.getByRole('button', { name: 'Switch to Arabic' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');

  await page.keyboard.press('F6');
  const recent = page.getByRole('region', { name: 'الورديات الأخيرة' });
  const month = recent.getByLabel('الشهر', { exact: true });
  await expect(month).toHaveValue(till.businessDay.slice(0, 7));
  await month.fill('2026-11');
  await expect(month).toHaveAccessibleDescription('نوفمبر 2026');
  const day = recent.getByLabel('يوم العمل', { exact: true });
  await day.fill('2026-11-30');
  await expect(day).toHaveAccessibleDescription('الاثنين، 30 نوفمبر 2026');

  const reconcile = page.getByRole('region', { name: 'المطابقة مع المزوّد' });
  const reconcileDay = reconcile.getByLabel('يوم العمل', { exact: true });
  await reconcileDay.fill('2026-12-01');
  await expect(reconcileDay).toHaveAccessibleDescription('الثلاثاء، 1 ديسمبر 2026');

  await page.keyboard.press('F7');
  const todayDay = page.getByLabel('اليوم', { exact: true });
  await todayDay.fill('2026-11-29');
  // The shop's days end at 04:00 (the default): Today's day says its hours too.
  await expect(todayDay).toHaveAccessibleDescription(
    /^الأحد، 29 نوفمبر 2026، من 4:00\sص حتى 4:00\sص من اليوم التالي$/,
  );

  // Back in English, the same fields speak English.
  await page.keyboard.press('F9');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByLabel('Day', { exact: true })).toHaveAccessibleDescription(
    /^Sunday, November 29, 2026, from 4:00\sAM to 4:00\sAM the next day$/,
  );
});
