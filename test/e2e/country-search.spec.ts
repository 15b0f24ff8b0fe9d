import { buildCatalogue } from '../../electron/simulator/catalogue';
import { axeViolations } from './axe';
import { expect, test } from './counter-fixture';
import { foundPackages, searchField } from './counter-page';
import { TRAINING_SEED } from './destinations';

// A provider whose catalogue names no countries (the simulator's lean answer style): a cashier who
// types a country still finds its packages, since the counter asks the provider which cover it.
test.use({ answerStyle: 'lean', bypassCSP: true });

/** The codes of the packages the training simulator itself says cover the country. */
function covering(iso2: string): string[] {
  return buildCatalogue(TRAINING_SEED, [])
    .standard.filter((pkg) => pkg.countries.some((each) => each.iso2 === iso2))
    .map((pkg) => pkg.code)
    .sort();
}

for (const [language, typed, listName] of [
  ['en', 'Turkey', 'Packages'],
  ['ar', 'تركيا', 'الباقات'],
] as const) {
  test(`finds a country's packages by its name from a provider that names no countries, in ${language}`, async ({
    page,
    counter,
  }) => {
    await counter.open(page);
    if (language === 'ar') await page.getByRole('button', { name: 'Switch to Arabic' }).click();
    const { packages } = await counter.api<{ packages: { countries: string[] }[] }>('listPackages');
    expect(packages.filter((pkg) => pkg.countries.length > 0)).toEqual([]);

    const field = language === 'en' ? searchField(page) : page.getByLabel('ابحث عن وجهة');
    await field.fill(typed);
    const found = foundPackages(page, listName);
    // One round trip to the provider, then the catalogue read again: longer than a local search.
    await expect(found.first()).toBeVisible({ timeout: 30_000 });
    // What the counter shows is what the provider says covers Turkey, and the counter keeps it.
    const after = await counter.api<{ packages: { code: string; countries: string[] }[] }>('listPackages');
    const learned = after.packages.filter((pkg) => pkg.countries.includes('TR')).map((pkg) => pkg.code);
    const sold = new Set(after.packages.map((pkg) => pkg.code));
    expect(learned.sort()).toEqual(covering('TR').filter((code) => sold.has(code)));
    await expect(found).toHaveCount(Math.min(learned.length, 40));
    expect(await axeViolations(page), `a country found from the provider (${language})`).toEqual([]);
  });
}
