import { answerStyleFromEnvironment } from '../../electron/simulator/options';
import { expect, test } from './counter-fixture';
import { foundPackages } from './counter-page';
import { localPackageCode } from './destinations';

test('switches to Arabic at once: right-to-left layout, Arabic search and sale', async ({
  page,
  counter,
}, testInfo) => {
  await counter.open(page);
  await page.getByRole('button', { name: 'Switch to Arabic' }).click();

  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('tab', { name: 'بيع', selected: true })).toBeVisible();

  // A provider that states no names (the lean answer style) leaves only a package's code to search.
  const query = answerStyleFromEnvironment() === 'lean' ? localPackageCode('Iraq') : 'العراق';
  await page.getByLabel('ابحث عن وجهة').fill(query);
  const first = foundPackages(page, 'الباقات').first();
  await expect(first).toContainText(query);
  // Right to left: the search field's label starts at the right edge of its column.
  const label = await page.getByText('ابحث عن وجهة', { exact: true }).boundingBox();
  const field = await page.getByLabel('ابحث عن وجهة').boundingBox();
  expect(label && field && label.x + label.width).toBeCloseTo((field?.x ?? 0) + (field?.width ?? 0), 0);

  await first.click();
  await page.getByRole('button', { name: 'بيع', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'تأكيد البيع' })
    .getByRole('button', { name: 'تأكيد البيع' })
    .click();
  await expect(page.getByRole('heading', { name: 'تم البيع' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'رمز QR للشريحة الإلكترونية' })).toBeVisible();
  await expect(page.getByRole('note', { name: 'TRAINING' })).toBeVisible();

  await page.screenshot({ path: testInfo.outputPath('counter-arabic.png'), fullPage: true });
  await testInfo.attach('counter-arabic', {
    path: testInfo.outputPath('counter-arabic.png'),
    contentType: 'image/png',
  });

  await page.keyboard.press('F9');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});
