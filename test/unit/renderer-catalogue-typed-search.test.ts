import { describe, expect, it } from 'vitest';
import { boundedEditDistance } from '../../renderer/src/catalogue/edit-distance';
import { readQueryText } from '../../renderer/src/catalogue/query-text';
import {
  buildCatalogueIndex,
  EMPTY_QUERY,
  type SearchQuery,
  searchCatalogue,
} from '../../renderer/src/catalogue/search-index';
import { cataloguePackage } from './renderer-catalogue-fixture';

describe('reading quantities from the search text', () => {
  it('reads data with its unit, attached or apart, in English and Arabic', () => {
    expect(readQueryText('spain 10gb')).toMatchObject({ words: ['spain'], minDataGb: 10 });
    expect(readQueryText('Spain 10 GB')).toMatchObject({ words: ['spain'], minDataGb: 10 });
    expect(readQueryText('1.5 gb france')).toMatchObject({ words: ['france'], minDataGb: 1.5 });
    expect(readQueryText('إسبانيا ١٠ جيجا')).toMatchObject({ words: ['اسبانيا'], minDataGb: 10 });
    expect(readQueryText('اسبانيا 5 غيغابايت')).toMatchObject({ minDataGb: 5 });
    expect(readQueryText('italy 512mb').minDataGb).toBe(0.5);
  });

  it('reads validity in days, weeks and months, in English and Arabic', () => {
    expect(readQueryText('turkey 30 days')).toMatchObject({ words: ['turkey'], minValidityDays: 30 });
    expect(readQueryText('turkey 7d')).toMatchObject({ words: ['turkey'], minValidityDays: 7 });
    expect(readQueryText('turkey 2 weeks').minValidityDays).toBe(14);
    expect(readQueryText('تركيا ٣٠ يوم')).toMatchObject({ words: ['تركيا'], minValidityDays: 30 });
    expect(readQueryText('تركيا 15 يومًا').minValidityDays).toBe(15);
    expect(readQueryText('تركيا شهر').minValidityDays).toBeNull();
    expect(readQueryText('تركيا 1 شهر').minValidityDays).toBe(30);
  });

  it('reads data and validity together, and "unlimited" in either language', () => {
    expect(readQueryText('spain 10gb 30 days')).toEqual({
      words: ['spain'],
      minDataGb: 10,
      minValidityDays: 30,
      unlimited: false,
    });
    expect(readQueryText('Europe unlimited')).toMatchObject({ words: ['europe'], unlimited: true });
    expect(readQueryText('أوروبا غير محدود')).toMatchObject({ words: ['اوروبا'], unlimited: true });
    // As the counter itself words it, agreeing with "البيانات".
    expect(readQueryText('أوروبا غير محدودة')).toMatchObject({ words: ['اوروبا'], unlimited: true });
  });

  it('leaves "GB" alone, and a number without a unit, as words', () => {
    expect(readQueryText('GB')).toMatchObject({ words: ['gb'], minDataGb: null });
    expect(readQueryText('spain 10')).toMatchObject({ words: ['spain', '10'], minDataGb: null });
    expect(readQueryText('3 islands')).toMatchObject({ words: ['3', 'islands'], minValidityDays: null });
  });
});

describe('bounded edit distance', () => {
  it('counts insertions, deletions, substitutions and swapped neighbours', () => {
    expect(boundedEditDistance('turky', 'turkey', 2)).toBe(1);
    expect(boundedEditDistance('germny', 'germany', 2)).toBe(1);
    expect(boundedEditDistance('germnay', 'germany', 2)).toBe(1);
    expect(boundedEditDistance('fronce', 'france', 2)).toBe(1);
    expect(boundedEditDistance('spain', 'spain', 2)).toBe(0);
  });

  it('gives up past its bound', () => {
    expect(boundedEditDistance('japan', 'germany', 2)).toBe(3);
    expect(boundedEditDistance('ab', 'abcdef', 1)).toBe(2);
  });
});

const catalogue = [
  cataloguePackage({ code: 'tr-3', region: 'Türkiye', countries: ['TR'], dataGb: 3, validityDays: 7 }),
  cataloguePackage({ code: 'tr-10', region: 'Türkiye', countries: ['TR'], dataGb: 10, validityDays: 30 }),
  cataloguePackage({ code: 'de-5', region: 'Germany', countries: ['DE'], dataGb: 5, validityDays: 15 }),
  cataloguePackage({ code: 'es-1', region: 'Spain', countries: ['ES'], dataGb: 1, validityDays: 7 }),
  cataloguePackage({ code: 'es-10', region: 'Spain', countries: ['ES'], dataGb: 10, validityDays: 30 }),
  cataloguePackage({ code: 'es-20', region: 'Spain', countries: ['ES'], dataGb: 20, validityDays: 15 }),
  cataloguePackage({
    code: 'eu-5',
    name: 'Europe 5 GB',
    region: 'Europe',
    type: 'regional',
    countries: ['DE', 'ES', 'TR'],
    dataGb: 5,
    validityDays: 30,
  }),
];
const index = buildCatalogueIndex(catalogue);

function codes(text: string, query: Partial<SearchQuery> = {}): string[] {
  return searchCatalogue(index, { ...EMPTY_QUERY, ...query, text }).packages.map((pkg) => pkg.code);
}

describe('catalogue search with typos and quantities', () => {
  it('finds a destination typed with a typo, in English and Arabic', () => {
    expect(codes('Turky')).toEqual(['tr-3', 'tr-10', 'eu-5']);
    expect(codes('Germny')).toEqual(['de-5', 'eu-5']);
    expect(codes('Eurpoe')).toEqual(['eu-5']);
    expect(codes('المانيه')).toEqual(codes('ألمانيا'));
    expect(codes('المانيه')).toEqual(['de-5', 'eu-5']);
  });

  it('says what a typo was read as, and corrects nothing that is still a prefix', () => {
    expect(searchCatalogue(index, { ...EMPTY_QUERY, text: 'germny' }).corrections).toEqual([
      ['germny', ['germany']],
    ]);
    expect(searchCatalogue(index, { ...EMPTY_QUERY, text: 'germ' }).corrections).toEqual([]);
  });

  it('does not guess for short words or words far from every name', () => {
    expect(codes('spx')).toEqual([]);
    expect(codes('atlantis')).toEqual([]);
  });

  it('filters by the data and validity written in the text', () => {
    expect(codes('spain 10gb')).toEqual(['es-10', 'es-20']);
    expect(codes('turkey 30 days')).toEqual(['tr-10', 'eu-5']);
    expect(codes('spain 10 gb 30 days')).toEqual(['es-10']);
    expect(codes('اسبانيا ١٠ جيجا')).toEqual(['es-10', 'es-20']);
  });

  it('keeps the stricter of the typed quantity and the chosen filter', () => {
    expect(codes('spain 10gb', { minDataGb: 20 })).toEqual(['es-20']);
    expect(codes('spain 5gb', { minDataGb: 10 })).toEqual(['es-10', 'es-20']);
    const result = searchCatalogue(index, { ...EMPTY_QUERY, text: 'spain 10gb 30 days' });
    expect(result).toMatchObject({ typedDataGb: 10, typedValidityDays: 30, typedUnlimited: false });
  });
});
