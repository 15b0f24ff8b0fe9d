import type { PackageType } from '../../shared/api/common';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import { type Currency, type Money, money } from '../../shared/money';

/** A package as a manager's answer carries it: with the provider's cost. */
export type CostedPackage = CataloguePackage & { readonly cost: Money };

/** Catalogue packages for the renderer's search tests and benchmark, built field by field. */

export interface PackageSpec {
  readonly code: string;
  readonly name?: string;
  readonly region?: string;
  readonly type?: PackageType;
  readonly countries: readonly string[];
  readonly dataGb?: number | null;
  readonly validityDays?: number;
  readonly retail?: number;
  readonly currency?: Currency;
}

export function cataloguePackage(spec: PackageSpec): CostedPackage {
  const currency = spec.currency ?? 'USD';
  const retail = spec.retail ?? 500;
  const dataGb = spec.dataGb === undefined ? 1 : spec.dataGb;
  return {
    code: spec.code,
    name: spec.name ?? spec.code,
    region: spec.region ?? '',
    type: spec.type ?? 'local',
    dataGb,
    isUnlimited: dataGb === null,
    validityDays: spec.validityDays ?? 7,
    cost: money(Math.floor(retail * 0.8), currency),
    retail: money(retail, currency),
    atCost: false,
    countries: [...spec.countries],
    hasVoice: false,
    hasSms: false,
    voiceMinutes: null,
    smsCount: null,
    has5g: null,
    hasHotspot: null,
    isRechargeable: true,
    isRecurring: false,
    activationPolicy: 'first_use',
    networks: [],
  };
}

/** Codes Intl names that are groupings or withdrawn (DD, the former East Germany, is "Germany"). */
const NOT_COUNTRIES = new Set(
  'AN BU CS DD DY FX HV NH RH SU TP UK VD YD YU ZR EU EZ UN QO XA XB ZZ'.split(' '),
);

/** Every current two-letter code that Intl knows as a region: about 250 countries and territories. */
export function knownCountryCodes(): string[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const codes: string[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (names.of(code) && !NOT_COUNTRIES.has(code)) codes.push(code);
    }
  }
  return codes;
}

/**
 * A catalogue of `size` packages shaped like a provider's: local plans per country, then regional
 * plans over dozens of countries, then global plans over most of the world.
 */
export function syntheticCatalogue(size: number): CostedPackage[] {
  const codes = knownCountryCodes();
  const sizes = [1, 2, 3, 5, 10, 20, null];
  const days = [7, 15, 30, 90];
  const regions = ['Europe', 'Asia', 'Middle East', 'Africa', 'North America', 'South America', 'Caribbean'];
  const packages: CostedPackage[] = [];
  const shares = { local: Math.floor(size * 0.8), regional: Math.floor(size * 0.15) };
  for (let i = 0; packages.length < shares.local; i++) {
    const country = codes[i % codes.length]!;
    const dataGb = sizes[i % sizes.length]!;
    packages.push(
      cataloguePackage({
        code: `loc-${i}`,
        name: `${country} ${dataGb ?? 'Unlimited'} GB`,
        region: country,
        countries: [country],
        dataGb,
        validityDays: days[Math.floor(i / sizes.length) % days.length]!,
        retail: 300 + ((i * 7919) % 5000),
      }),
    );
  }
  for (let i = 0; packages.length < shares.local + shares.regional; i++) {
    const r = i % regions.length;
    const countries = codes.filter((_, c) => c % regions.length === r).slice(0, 40);
    packages.push(
      cataloguePackage({
        code: `reg-${i}`,
        name: `${regions[r]} ${sizes[i % sizes.length] ?? 'Unlimited'} GB`,
        region: regions[r]!,
        type: 'regional',
        countries,
        dataGb: sizes[i % sizes.length]!,
        validityDays: days[i % days.length]!,
        retail: 900 + ((i * 104729) % 9000),
      }),
    );
  }
  for (let i = 0; packages.length < size; i++) {
    packages.push(
      cataloguePackage({
        code: `glo-${i}`,
        name: `Global ${sizes[i % sizes.length] ?? 'Unlimited'} GB`,
        region: 'Global',
        type: 'global',
        countries: codes.filter((_, c) => (c + i) % 5 !== 0),
        dataGb: sizes[i % sizes.length]!,
        validityDays: days[i % days.length]!,
        retail: 1500 + ((i * 15485863) % 20000),
      }),
    );
  }
  return packages;
}
