import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import { type CoreHarness, startCoreHarness, unwrap } from '../support/core-harness';
import { providerFacts } from '../support/provider-facts';

// A provider whose catalogue names no countries (the simulator's lean answer style): the counter asks
// it, per country, which packages cover it, and keeps the answer in its catalogue.

const SEED = 7;
let h: CoreHarness;

beforeAll(async () => {
  h = await startCoreHarness({ seed: SEED, faults: { answerStyle: 'lean' } }, { catalogue: 'empty' });
  unwrap(await h.call('syncCatalogue'));
});

afterAll(async () => {
  await h?.close();
});

async function packages(): Promise<CataloguePackage[]> {
  return unwrap(await h.call<{ packages: CataloguePackage[] }>('listPackages')).packages;
}

/** The codes of the packages the provider's own catalogue says cover a country. */
function coveringCodes(all: readonly CataloguePackage[], country: string): string[] {
  const facts = providerFacts(SEED);
  return all
    .filter((pkg) => facts(pkg.code)?.countries.some((each) => each.iso2 === country))
    .map((pkg) => pkg.code)
    .sort();
}

const covering = (all: readonly CataloguePackage[], country: string): string[] =>
  all
    .filter((pkg) => pkg.countries.includes(country))
    .map((pkg) => pkg.code)
    .sort();

describe('a catalogue that names no countries', () => {
  it('learns from the provider which packages cover a country, and keeps it', async () => {
    const before = await packages();
    expect(before.length).toBeGreaterThan(0);
    expect(before.filter((pkg) => pkg.countries.length > 0)).toEqual([]);
    const expected = coveringCodes(before, 'TR');
    expect(expected.length).toBeGreaterThan(0);

    const learned = unwrap(
      await h.call<{ packageCodes: string[] }>('learnCountryPackages', { country: 'TR' }),
    );
    expect([...learned.packageCodes].sort()).toEqual(expected);
    const after = await packages();
    expect(covering(after, 'TR')).toEqual(expected);
    // Only what the provider answered for the country: no other country is claimed.
    expect(after.filter((pkg) => pkg.countries.some((each) => each !== 'TR'))).toEqual([]);

    // A second country adds to the first (journal-catalogue.test.ts keeps both through a sync).
    const japan = unwrap(await h.call<{ packageCodes: string[] }>('learnCountryPackages', { country: 'JP' }));
    expect([...japan.packageCodes].sort()).toEqual(coveringCodes(before, 'JP'));
    const both = await packages();
    expect({ TR: covering(both, 'TR'), JP: covering(both, 'JP') }).toEqual({
      TR: expected,
      JP: coveringCodes(before, 'JP'),
    });
  });

  it('refuses a country that is not a two-letter code, naming the field', async () => {
    const refused = await h.call('learnCountryPackages', { country: 'Turkey' });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringContaining('country') },
    });
  });
});
