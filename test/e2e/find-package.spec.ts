import type { CataloguePackage } from '../../shared/domain/catalogue';
import { expect, test } from './counter-fixture';
import { fact, foundPackages, searchField } from './counter-page';

// Finding the package the customer asks for, as a cashier types it: with typos, with the data and
// days in the same field, and with the facts that tell one package from another at hand.

/** The number at the start of a shown quantity ("10 GB", "30 days"); Infinity for "Unlimited". */
function leadingNumber(text: string | null): number {
  const match = /\d+(\.\d+)?/.exec(text ?? '');
  return match ? Number(match[0]) : Number.POSITIVE_INFINITY;
}

test('finds the destination despite a typo, and says what it read', async ({ page, counter }) => {
  await counter.open(page);
  await searchField(page).fill('Turky');
  await expect(foundPackages(page).first()).toContainText('Türkiye');
  await expect(page.getByText('From the search: "turky" read as "turkey"')).toBeVisible();

  // The training catalogue sells Germany in regional plans only: they are what a typo must find.
  await searchField(page).fill('Germny');
  await expect(page.getByText(/^\d+ packages · Destinations: Germany \(DE\)$/)).toBeVisible();
  await expect(foundPackages(page).first()).toBeVisible();
  await expect(page.getByText('No package for this search')).toBeHidden();

  await page.keyboard.press('F9');
  await page.getByLabel('ابحث عن وجهة').fill('المانيه');
  await expect(page.getByText(/الوجهات: ألمانيا \(DE\)$/)).toBeVisible();
  await expect(foundPackages(page, 'الباقات').first()).toBeVisible();
});

test('"spain 10gb" and "turkey 30 days" filter by data and validity', async ({ page, counter }) => {
  await counter.open(page);
  await searchField(page).fill('spain 10gb');
  await expect(page.getByText('From the search: 10 GB or more')).toBeVisible();
  const spain = foundPackages(page);
  await expect(spain.first()).toContainText('Spain');
  for (const data of await spain.locator('.pkg-data').allTextContents()) {
    expect(leadingNumber(data)).toBeGreaterThanOrEqual(10);
  }
  const everySpain = (await counter.api<{ packages: CataloguePackage[] }>('listPackages')).packages.filter(
    (pkg) => pkg.countries.includes('ES') && (pkg.isUnlimited || (pkg.dataGb ?? 0) >= 10),
  );
  await expect(page.getByText(new RegExp(`^${everySpain.length} packages ·`))).toBeVisible();

  await searchField(page).fill('turkey 30 days');
  await expect(page.getByText('From the search: 30 days or more')).toBeVisible();
  const turkey = foundPackages(page);
  await expect(turkey.first()).toContainText('Türkiye');
  for (const validity of await turkey.locator('.pkg-validity').allTextContents()) {
    expect(leadingNumber(validity)).toBeGreaterThanOrEqual(30);
  }

  await page.keyboard.press('F9');
  await page.getByLabel('ابحث عن وجهة').fill('تركيا ٣٠ يوم');
  await expect(page.getByText('من البحث: 30 يومًا أو أكثر')).toBeVisible();
  for (const validity of await foundPackages(page, 'الباقات').locator('.pkg-validity').allTextContents()) {
    expect(
      leadingNumber(validity.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))),
    ).toBeGreaterThanOrEqual(30);
  }
});

test('shows when validity starts, a regional plan’s countries, and what tells same-named packages apart', async ({
  page,
  counter,
}) => {
  await counter.open(page);
  const { packages } = await counter.api<{ packages: CataloguePackage[] }>('listPackages');
  const firstUse = packages.find(
    (pkg) =>
      pkg.type === 'local' &&
      pkg.activationPolicy === 'first_use' &&
      packages.some((other) => other.name === pkg.name && other.activationPolicy === 'immediate'),
  );
  if (!firstUse) throw new Error('the training catalogue has no same-named local packages');
  const twin = packages.find((pkg) => pkg.name === firstUse.name && pkg.activationPolicy === 'immediate')!;

  await searchField(page).fill(firstUse.name);
  const sameName = foundPackages(page).filter({
    has: page.locator('.pkg-name', { hasText: new RegExp(`^${firstUse.name}$`) }),
  });
  const namesakes = packages.filter((pkg) => pkg.name === firstUse.name);
  await expect(sameName).toHaveCount(namesakes.length);
  const selected = page.getByRole('region', { name: 'Selected package' });
  const activation = {
    first_use: 'At first use: the days count from when it first connects abroad',
    immediate: 'At purchase: the days count from today',
    unknown: 'Not stated by the provider',
  } as const;
  const shownCodes: string[] = [];
  for (const row of await sameName.all()) {
    await expect(row).toContainText('Networks: ');
    await row.click();
    await expect(selected.getByRole('note')).toHaveText(
      'Other packages have this name: compare networks, 5G and price.',
    );
    const code = ((await fact(selected, 'Package code').textContent()) ?? '').trim();
    const pkg = namesakes.find((each) => each.code === code);
    if (!pkg) throw new Error(`the row shows ${code}, not a package named ${firstUse.name}`);
    shownCodes.push(code);
    await expect(fact(selected, 'Validity starts')).toHaveText(activation[pkg.activationPolicy ?? 'unknown']);
    await expect(fact(selected, 'Networks')).toContainText(pkg.networks[0]!.operator);
  }
  expect(shownCodes.sort()).toEqual(namesakes.map((pkg) => pkg.code).sort());
  expect(twin.code).not.toBe(firstUse.code);

  await searchField(page).fill('Balkans');
  await foundPackages(page).first().click();
  const countries = fact(selected, 'Countries');
  for (const name of ['Albania', 'Greece', 'Serbia']) await expect(countries).toContainText(name);
});
