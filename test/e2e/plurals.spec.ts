import { expect, test } from './counter-fixture';
import { foundPackages } from './counter-page';

/** Counts follow each language's plural rules: Arabic has six forms, English two. */
test('counts packages in the plural form each language needs', async ({ page, counter }) => {
  await counter.open(page);
  await page.getByRole('button', { name: 'Switch to Arabic' }).click();
  await page.getByRole('combobox', { name: 'النوع' }).selectOption('local');
  const search = page.getByLabel('ابحث عن وجهة');
  const count = page.getByRole('region', { name: 'الباقات' }).locator('.result-count');

  // Nine local packages for Egypt in the training catalogue: 3 to 10 take the plural "باقات".
  await search.fill('مصر');
  await expect(foundPackages(page, 'الباقات')).toHaveCount(9);
  await expect(count).toContainText('9 باقات');
  await expect(count).not.toContainText('9 باقة');

  // Two take the dual, eleven the singular.
  await search.fill('اليابان');
  await expect(foundPackages(page, 'الباقات')).toHaveCount(2);
  await expect(count).toContainText('باقتان');
  await search.fill('تركيا');
  await expect(foundPackages(page, 'الباقات')).toHaveCount(11);
  await expect(count).toContainText('11 باقة');

  await page.getByRole('button', { name: 'التبديل إلى الإنجليزية' }).click();
  await page.getByLabel('Search destinations').fill('Egypt');
  await expect(page.getByRole('region', { name: 'Packages' }).locator('.result-count')).toContainText(
    '9 packages',
  );
});
