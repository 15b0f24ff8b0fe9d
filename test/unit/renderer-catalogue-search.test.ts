import { describe, expect, it } from 'vitest';
import {
  buildCatalogueIndex,
  countriesNamed,
  EMPTY_QUERY,
  type SearchQuery,
  searchCatalogue,
} from '../../renderer/src/catalogue/search-index';
import { cataloguePackage, syntheticCatalogue } from './renderer-catalogue-fixture';

const catalogue = [
  cataloguePackage({ code: 'fr-1', region: 'France', countries: ['FR'], dataGb: 1, retail: 450 }),
  cataloguePackage({
    code: 'fr-10',
    region: 'France',
    countries: ['FR'],
    dataGb: 10,
    validityDays: 30,
    retail: 1800,
  }),
  cataloguePackage({
    code: 'fr-unl',
    region: 'France',
    countries: ['FR'],
    dataGb: null,
    validityDays: 15,
    retail: 2500,
  }),
  cataloguePackage({ code: 'iq-3', region: 'Iraq', countries: ['IQ'], dataGb: 3, retail: 900 }),
  cataloguePackage({ code: 'ae-5', region: 'UAE', countries: ['AE'], dataGb: 5, retail: 1200 }),
  cataloguePackage({ code: 'gb-2', region: 'UK', countries: ['GB'], dataGb: 2, retail: 700 }),
  cataloguePackage({ code: 'us-2', region: 'USA', countries: ['US'], dataGb: 2, retail: 650 }),
  cataloguePackage({ code: 'in-1', region: 'India', countries: ['IN'], dataGb: 1, retail: 300 }),
  cataloguePackage({ code: 'id-1', region: 'Indonesia', countries: ['ID'], dataGb: 1, retail: 250 }),
  cataloguePackage({ code: 'tr-3', region: 'Türkiye', countries: ['TR'], dataGb: 3, retail: 800 }),
  cataloguePackage({
    code: 'eu-5',
    name: 'Europe 5 GB',
    region: 'Europe',
    type: 'regional',
    countries: ['FR', 'DE', 'GB', 'TR'],
    dataGb: 5,
    validityDays: 30,
    retail: 1500,
  }),
  cataloguePackage({
    code: 'me-3',
    name: 'Middle East 3 GB',
    region: 'Middle East',
    type: 'regional',
    countries: ['IQ', 'AE', 'SA'],
    dataGb: 3,
    retail: 1100,
  }),
  cataloguePackage({
    code: 'glo-1',
    name: 'Global 1 GB',
    region: 'Global',
    type: 'global',
    countries: ['FR', 'IQ', 'US', 'GB', 'IN'],
    dataGb: 1,
    retail: 400,
  }),
];

const index = buildCatalogueIndex(catalogue);

function codes(query: Partial<SearchQuery>): string[] {
  return searchCatalogue(index, { ...EMPTY_QUERY, ...query }).packages.map((pkg) => pkg.code);
}

describe('catalogue search by destination', () => {
  it('finds a country by its English name, its own plans first, then regional, then global', () => {
    expect(codes({ text: 'France' })).toEqual(['fr-1', 'fr-10', 'fr-unl', 'eu-5', 'glo-1']);
  });

  it('finds a country by a prefix of its name, ignoring case', () => {
    expect(codes({ text: 'fran' })).toEqual(['fr-1', 'fr-10', 'fr-unl', 'eu-5', 'glo-1']);
  });

  it('finds a country by its Arabic name, with or without the article and hamza', () => {
    const iraq = ['iq-3', 'me-3', 'glo-1'];
    expect(codes({ text: 'العراق' })).toEqual(iraq);
    expect(codes({ text: 'عراق' })).toEqual(iraq);
    expect(codes({ text: 'فرنسا' })).toEqual(['fr-1', 'fr-10', 'fr-unl', 'eu-5', 'glo-1']);
    expect(codes({ text: 'الامارات' })).toEqual(['ae-5', 'me-3']);
    expect(codes({ text: 'الإمارات' })).toEqual(['ae-5', 'me-3']);
  });

  it('finds a country by its ISO code in either case', () => {
    expect(codes({ text: 'IQ' })).toEqual(['iq-3', 'me-3', 'glo-1']);
    expect(codes({ text: 'gb' })).toEqual(['gb-2', 'eu-5', 'glo-1']);
  });

  it('ranks a country named in full above countries that merely start with the text', () => {
    const found = codes({ text: 'in' });
    expect(found[0]).toBe('in-1');
    expect(found.indexOf('in-1')).toBeLessThan(found.indexOf('id-1'));
  });

  it('needs every word of a many-word name to match the same country', () => {
    expect(codes({ text: 'united kingdom' })).toEqual(['gb-2', 'eu-5', 'glo-1']);
    expect(codes({ text: 'المملكة المتحدة' })).toEqual(['gb-2', 'eu-5', 'glo-1']);
  });

  it('knows everyday names that Intl does not give', () => {
    expect(codes({ text: 'turkey' })).toEqual(['tr-3', 'eu-5']);
    expect(codes({ text: 'usa' })).toEqual(['us-2', 'glo-1']);
    expect(codes({ text: 'dubai' })).toEqual(['ae-5', 'me-3']);
  });

  it('finds regional and global plans by region and type, in English and Arabic', () => {
    expect(codes({ text: 'europe' })).toEqual(['eu-5']);
    expect(codes({ text: 'أوروبا' })).toEqual(['eu-5']);
    expect(codes({ text: 'middle east' })).toEqual(['me-3']);
    expect(codes({ text: 'global' })).toEqual(['glo-1']);
    expect(codes({ text: 'عالمي' })).toEqual(['glo-1']);
  });

  it("finds a package by its own code typed whole, in any case, though it reads like a size ('ubq7g9')", () => {
    const terse = buildCatalogueIndex([
      ...catalogue,
      cataloguePackage({ code: 'sky.ubq7g9.27', region: '', countries: [], dataGb: null, retail: 449 }),
    ]);
    const found = (text: string): string[] =>
      searchCatalogue(terse, { ...EMPTY_QUERY, text }).packages.map((pkg) => pkg.code);
    expect(found('sky.ubq7g9.27')).toEqual(['sky.ubq7g9.27']);
    expect(found(' SKY.UBQ7G9.27 ')).toEqual(['sky.ubq7g9.27']);
    expect(found('fr-10')).toEqual(['fr-10']);
  });

  it('returns nothing for a destination nobody sells, and names the matched countries', () => {
    expect(codes({ text: 'atlantis' })).toEqual([]);
    expect(searchCatalogue(index, { ...EMPTY_QUERY, text: 'united' }).destinations).toEqual(
      expect.arrayContaining(['GB', 'US', 'AE']),
    );
  });
});

describe('catalogue filters and sorting', () => {
  it('lists everything without text: local, then regional, then global, cheapest first', () => {
    const all = codes({});
    expect(all).toHaveLength(catalogue.length);
    expect(all.slice(0, 3)).toEqual(['id-1', 'in-1', 'fr-1']);
    expect(all.slice(-3)).toEqual(['me-3', 'eu-5', 'glo-1']);
  });

  it('filters by type, data, unlimited and validity', () => {
    expect(codes({ type: 'regional' })).toEqual(['me-3', 'eu-5']);
    expect(codes({ text: 'france', minDataGb: 5 })).toEqual(['fr-10', 'fr-unl', 'eu-5']);
    expect(codes({ unlimitedOnly: true })).toEqual(['fr-unl']);
    expect(codes({ text: 'france', minValidityDays: 15 })).toEqual(['fr-10', 'fr-unl', 'eu-5']);
  });

  it('sorts by price, by data (unlimited last) and by validity, ties by price', () => {
    expect(codes({ text: 'france', sort: 'price' })).toEqual(['glo-1', 'fr-1', 'eu-5', 'fr-10', 'fr-unl']);
    expect(codes({ text: 'france', sort: 'data' })).toEqual(['glo-1', 'fr-1', 'eu-5', 'fr-10', 'fr-unl']);
    expect(codes({ text: 'france', sort: 'validity' })).toEqual(['glo-1', 'fr-1', 'fr-unl', 'eu-5', 'fr-10']);
  });
});

describe('catalogue search at provider scale', () => {
  it('finds every package covering a country among 10,000', () => {
    const big = syntheticCatalogue(10_000);
    const bigIndex = buildCatalogueIndex(big);
    const found = searchCatalogue(bigIndex, { ...EMPTY_QUERY, text: 'Germany' }).packages;
    const expected = big.filter((pkg) => pkg.countries.includes('DE'));
    expect(found).toHaveLength(expected.length);
    expect(found[0]?.countries).toEqual(['DE']);
    expect(new Set(found.map((pkg) => pkg.code))).toEqual(new Set(expected.map((pkg) => pkg.code)));
  });
});

describe('countriesNamed', () => {
  it('names every country the browser can name by its whole name, code or alias, in either language', () => {
    expect(
      ['Turkey', 'türkiye', 'TR', 'تركيا', 'United Kingdom', 'UK', 'Narnia', 'Tur'].map(countriesNamed),
    ).toEqual([['TR'], ['TR'], ['TR'], ['TR'], ['GB'], ['GB'], [], []]);
  });
});
