import type { ApiPackage, ApiTopUpPackage } from '../../shared/api';
import type { Currency } from '../../shared/money';
import { type Country, countries } from './countries';
import { amountOf } from './money';
import { createRandom, deriveCode, type Random } from './seed';

/**
 * The simulated catalogue, built from the seed alone: the same seed always gives the same packages,
 * codes and prices. Three providers sell through the service: its own network (real-time events,
 * suspend, SMS, top-ups of NEW eSIMs; packages expose `countries` and `networks`) and two partners
 * whose packages expose only `locationNetworkList`.
 */

export interface Provider {
  readonly id: 'network' | 'skyline' | 'globetrot';
  readonly name: string;
  readonly ownNetwork: boolean;
  readonly sms: boolean;
  readonly rechargeable: boolean;
}

export const PROVIDERS: Readonly<Record<Provider['id'], Provider>> = {
  network: { id: 'network', name: 'RoamLink Network', ownNetwork: true, sms: true, rechargeable: true },
  skyline: { id: 'skyline', name: 'Skyline Mobile', ownNetwork: false, sms: true, rechargeable: true },
  globetrot: { id: 'globetrot', name: 'Globetrot Data', ownNetwork: false, sms: false, rechargeable: false },
};

export type PackageKind = 'local' | 'regional' | 'global' | 'enterprise';

export interface CataloguePackage {
  readonly code: string;
  readonly type: PackageKind;
  readonly name: string;
  readonly region: string;
  /** Where the package works, for top-up compatibility: a country code, `region:<id>` or `global`. */
  readonly locationKey: string;
  readonly countries: readonly Country[];
  readonly provider: Provider;
  readonly dataGb: number;
  readonly unlimited: boolean;
  readonly validityDays: number;
  /** Cost in minor units of each currency. */
  readonly cost: Readonly<Record<Currency, number>>;
  /** Suggested retail price in minor units; `profit` on an order is retail minus cost. */
  readonly retail: Readonly<Record<Currency, number>>;
  readonly voiceMinutes: number | null;
  readonly smsCount: number | null;
  readonly rechargeable: boolean;
  readonly recurring: boolean;
  readonly activationPolicy: 'immediate' | 'first_use' | null;
  readonly has5g: boolean;
  /** Enterprise packages belong to one account and may be inactive. */
  readonly ownerAccessCode: string | null;
  readonly active: boolean;
}

export interface TopUpPackage {
  readonly code: string;
  readonly name: string;
  readonly providerId: Provider['id'];
  readonly locationKey: string;
  readonly dataGb: number;
  readonly validityDays: number;
  readonly cost: Readonly<Record<Currency, number>>;
  readonly retail: Readonly<Record<Currency, number>>;
}

export interface Catalogue {
  /** What business accounts see, sorted local, regional, global. */
  readonly standard: readonly CataloguePackage[];
  /** Enterprise packages, active or not, of every enterprise account. */
  readonly enterprise: readonly CataloguePackage[];
  readonly topUps: readonly TopUpPackage[];
  byCode(code: string): CataloguePackage | undefined;
  topUpByCode(code: string): TopUpPackage | undefined;
}

interface Region {
  readonly id: string;
  readonly name: string;
  readonly members: (c: Country) => boolean;
}

const set = (codes: string): ((c: Country) => boolean) => {
  const members = new Set(codes.split(' '));
  return (c) => members.has(c.iso2);
};

const REGIONS: readonly Region[] = [
  { id: 'europe', name: 'Europe', members: (c) => c.continent === 'Europe' },
  { id: 'balkans', name: 'Balkans', members: set('AL BA BG GR HR ME MK RO RS SI XK') },
  { id: 'middle-east', name: 'Middle East', members: set('AE BH EG IQ JO KW LB OM PS QA SA TR YE') },
  { id: 'gulf', name: 'Gulf (GCC)', members: set('AE BH KW OM QA SA') },
  { id: 'asia', name: 'Asia', members: (c) => c.continent === 'Asia' },
  { id: 'southeast-asia', name: 'Southeast Asia', members: set('BN ID KH LA MM MY PH SG TH TL VN') },
  { id: 'central-asia', name: 'Central Asia', members: set('KG KZ TJ TM UZ') },
  { id: 'africa', name: 'Africa', members: (c) => c.continent === 'Africa' },
  { id: 'north-america', name: 'North America', members: set('CA MX US') },
  {
    id: 'latin-america',
    name: 'Latin America',
    members: (c) =>
      c.continent === 'South America' || ['CR', 'GT', 'HN', 'MX', 'NI', 'PA', 'SV'].includes(c.iso2),
  },
  {
    id: 'caribbean',
    name: 'Caribbean',
    members: set('AG AI AW BB BM BS CW DM DO GD GP HT JM KN KY LC MQ MS PR TC TT VC VG'),
  },
  { id: 'oceania', name: 'Oceania', members: (c) => c.continent === 'Oceania' },
];

// Price of 1 GB for 30 days in US cents, by continent; big markets are cheaper.
const BASE_PER_GB: Record<Country['continent'], number> = {
  Europe: 180,
  Asia: 240,
  Africa: 420,
  'North America': 260,
  'South America': 330,
  Oceania: 300,
};

const LOCAL_PLANS: readonly (readonly [number, number])[] = [
  [1, 7],
  [2, 15],
  [3, 30],
  [5, 30],
  [10, 30],
  [20, 30],
  [50, 90],
];
const EXTRA_PLANS: readonly (readonly [number, number])[] = [
  [1, 3],
  [3, 15],
  [5, 15],
  [10, 15],
  [15, 30],
  [30, 60],
];
const REGIONAL_PLANS: readonly (readonly [number, number])[] = [
  [1, 7],
  [3, 15],
  [5, 30],
  [10, 30],
  [20, 30],
  [50, 90],
];
const GLOBAL_PLANS: readonly (readonly [number, number])[] = [
  [1, 7],
  [3, 30],
  [5, 30],
  [10, 30],
  [20, 60],
  [50, 180],
];
const UNLIMITED_COUNTRIES = new Set(['TR', 'AE', 'SA', 'US', 'GB', 'TH', 'JP', 'IQ']);
const TOPUP_PLANS: readonly (readonly [number, number])[] = [
  [1, 7],
  [3, 30],
  [5, 30],
  [10, 30],
];

/** Rounds US cents to a shop-looking price: n.49 or n.99. */
function shopPrice(cents: number): number {
  return Math.max(149, Math.round(cents / 50) * 50 - 1);
}

function pricesFromUsd(usdCents: number): Record<Currency, number> {
  // Whole dinars, in steps of 250 as Iraqi shops price; euro cents at a fixed rate.
  return {
    USD: usdCents,
    IQD: Math.max(250, Math.round((usdCents * 13.1) / 250) * 250),
    EUR: Math.round(usdCents * 0.92),
  };
}

function retailFromCost(cost: Record<Currency, number>): Record<Currency, number> {
  return {
    USD: Math.round(cost.USD * 1.3),
    IQD: Math.round((cost.IQD * 1.3) / 250) * 250,
    EUR: Math.round(cost.EUR * 1.3),
  };
}

function planCents(perGb: number, gb: number, days: number, random: Random): number {
  const volume = perGb * gb ** 0.82;
  const time = 1 + Math.max(0, days - 30) / 120;
  const short = days < 15 ? 0.85 : 1;
  return shopPrice(volume * time * short * (0.9 + random.next() * 0.25));
}

function dataLabel(gb: number, unlimited: boolean): string {
  return unlimited ? 'Unlimited' : `${gb}GB`;
}

/** Package codes are opaque: each provider has its own style, none of them meant to be parsed. */
function packageCode(seed: number, provider: Provider, label: string): string {
  const tag = deriveCode(seed, `package:${label}`, 6);
  switch (provider.id) {
    case 'network':
      return `RL-${tag}-${label.length % 10}${tag.slice(0, 2).toLowerCase()}`;
    case 'skyline':
      return `sky.${tag.toLowerCase()}.${label.length}`;
    case 'globetrot':
      return `GT_${deriveCode(seed, `gt:${label}`, 10)}`;
  }
}

interface Draft {
  readonly type: PackageKind;
  readonly region: string;
  readonly locationKey: string;
  readonly countries: readonly Country[];
  readonly provider: Provider;
  readonly gb: number;
  readonly days: number;
  readonly unlimited: boolean;
  readonly cents: number;
  readonly owner?: string;
  readonly active?: boolean;
  readonly code?: string;
}

function build(seed: number, draft: Draft): CataloguePackage {
  const own = draft.provider.ownNetwork;
  const label = `${draft.type}:${draft.locationKey}:${draft.provider.id}:${draft.gb}:${draft.days}:${draft.unlimited}`;
  const cost = pricesFromUsd(draft.cents);
  const withVoice = own && draft.type === 'local' && draft.days >= 30 && draft.gb >= 20;
  return {
    code: draft.code ?? packageCode(seed, draft.provider, label),
    type: draft.type,
    name: `${draft.region} ${dataLabel(draft.gb, draft.unlimited)} ${draft.days} Days`,
    region: draft.region,
    locationKey: draft.locationKey,
    countries: draft.countries,
    provider: draft.provider,
    dataGb: draft.gb,
    unlimited: draft.unlimited,
    validityDays: draft.days,
    cost,
    retail: retailFromCost(cost),
    voiceMinutes: withVoice ? 100 : null,
    smsCount: withVoice ? 50 : null,
    rechargeable: draft.provider.rechargeable && !draft.unlimited,
    recurring: own && draft.type === 'local' && draft.days === 30 && draft.gb >= 10,
    activationPolicy: own ? 'first_use' : draft.provider.id === 'skyline' ? 'immediate' : null,
    has5g: own || draft.gb >= 10,
    ownerAccessCode: draft.owner ?? null,
    active: draft.active ?? true,
  };
}

const TYPE_ORDER: Record<PackageKind, number> = { local: 0, regional: 1, global: 2, enterprise: 3 };

function compare(a: CataloguePackage, b: CataloguePackage): number {
  return (
    TYPE_ORDER[a.type] - TYPE_ORDER[b.type] ||
    a.region.localeCompare(b.region, 'en') ||
    Number(a.unlimited) - Number(b.unlimited) ||
    a.dataGb - b.dataGb ||
    a.validityDays - b.validityDays ||
    a.cost.USD - b.cost.USD ||
    a.code.localeCompare(b.code)
  );
}

function localDrafts(random: Random): Draft[] {
  const drafts: Draft[] = [];
  for (const country of countries()) {
    // Most countries are on the service's own network; some are also or only sold by partners.
    const roll = random.next();
    const providers: Provider[] =
      roll < 0.55
        ? [PROVIDERS.network]
        : roll < 0.75
          ? [PROVIDERS.network, PROVIDERS.skyline]
          : roll < 0.9
            ? [PROVIDERS.skyline]
            : [PROVIDERS.globetrot];
    const perGb = BASE_PER_GB[country.continent] * (0.8 + random.next() * 0.5);
    providers.forEach((provider, index) => {
      const plans = index === 0 ? [...LOCAL_PLANS] : LOCAL_PLANS.filter((_, i) => i % 2 === 1);
      const extras = random.int(1, 3);
      for (let i = 0; i < extras && index === 0; i++) {
        const extra = random.pick(EXTRA_PLANS);
        if (!plans.some(([g, d]) => g === extra[0] && d === extra[1])) plans.push(extra);
      }
      for (const [gb, days] of plans) {
        drafts.push({
          type: 'local',
          region: country.name,
          locationKey: country.iso2,
          countries: [country],
          provider,
          gb,
          days,
          unlimited: false,
          cents: planCents(perGb * (index === 0 ? 1 : 1.1), gb, days, random),
        });
      }
    });
    if (UNLIMITED_COUNTRIES.has(country.iso2)) {
      for (const days of [7, 15]) {
        // Unlimited plans report their fair-use allowance at full speed as data_amount_gb.
        drafts.push({
          type: 'local',
          region: country.name,
          locationKey: country.iso2,
          countries: [country],
          provider: PROVIDERS.network,
          gb: days * 3,
          days,
          unlimited: true,
          cents: shopPrice(perGb * 4 * days ** 0.7),
        });
      }
    }
  }
  return drafts;
}

function regionalDrafts(random: Random): Draft[] {
  const drafts: Draft[] = [];
  for (const region of REGIONS) {
    const members = countries().filter(region.members);
    const perGb = 200 + members.length * 3 + random.int(0, 80);
    for (const [gb, days] of REGIONAL_PLANS) {
      for (const provider of [PROVIDERS.network, PROVIDERS.skyline]) {
        if (provider.id === 'skyline' && gb > 10) continue;
        drafts.push({
          type: 'regional',
          region: region.name,
          locationKey: `region:${region.id}`,
          countries: members,
          provider,
          gb,
          days,
          unlimited: false,
          cents: planCents(perGb, gb, days, random),
        });
      }
    }
  }
  return drafts;
}

function globalDrafts(random: Random): Draft[] {
  const all = countries();
  // "Global" covers the markets a partner network reaches; "Global Plus" covers every country we list.
  const reach = all.filter(() => random.next() < 0.65);
  const drafts: Draft[] = [];
  for (const [gb, days] of GLOBAL_PLANS) {
    drafts.push(
      {
        type: 'global',
        region: 'Global',
        locationKey: 'global',
        countries: reach,
        provider: PROVIDERS.globetrot,
        gb,
        days,
        unlimited: false,
        cents: planCents(520, gb, days, random),
      },
      {
        type: 'global',
        region: 'Global Plus',
        locationKey: 'global-plus',
        countries: all,
        provider: PROVIDERS.network,
        gb,
        days,
        unlimited: false,
        cents: planCents(640, gb, days, random),
      },
    );
  }
  return drafts;
}

function enterpriseDrafts(seed: number, owner: string, random: Random): Draft[] {
  const drafts: Draft[] = [];
  const regions = REGIONS.filter((r) => ['europe', 'middle-east', 'gulf', 'asia'].includes(r.id));
  let n = 0;
  for (const region of regions) {
    for (const [gb, days] of REGIONAL_PLANS) {
      n += 1;
      drafts.push({
        type: 'enterprise',
        region: region.name,
        locationKey: `region:${region.id}`,
        countries: countries().filter(region.members),
        provider: PROVIDERS.network,
        gb,
        days,
        unlimited: false,
        cents: planCents(200, gb, days, random),
        owner,
        // A few contracts are inactive: ordering them gives PACKAGE_NOT_FOUND.
        active: n % 9 !== 0,
        code: `ent_${deriveCode(seed, `enterprise:${owner}:${region.id}:${gb}:${days}`, 8).toLowerCase()}`,
      });
    }
  }
  return drafts;
}

function topUpsFor(seed: number, packages: readonly CataloguePackage[], random: Random): TopUpPackage[] {
  const seen = new Map<string, CataloguePackage>();
  for (const p of packages) {
    if (p.rechargeable) seen.set(`${p.provider.id}|${p.locationKey}`, p);
  }
  const topUps: TopUpPackage[] = [];
  for (const [key, sample] of seen) {
    for (const [gb, days] of TOPUP_PLANS) {
      const base = sample.cost.USD / Math.max(1, sample.dataGb ** 0.82);
      const cost = pricesFromUsd(shopPrice(base * gb ** 0.82 * (0.85 + random.next() * 0.1)));
      topUps.push({
        code: `TOPUP-${deriveCode(seed, `topup:${key}:${gb}:${days}`, 8)}`,
        name: `Top-up ${sample.region} ${gb}GB ${days} Days`,
        providerId: sample.provider.id,
        locationKey: sample.locationKey,
        dataGb: gb,
        validityDays: days,
        cost,
        retail: retailFromCost(cost),
      });
    }
  }
  return topUps;
}

/** Builds the whole catalogue for a seed; enterprise packages belong to the given access codes. */
export function buildCatalogue(seed: number, enterpriseOwners: readonly string[]): Catalogue {
  const random = createRandom(seed ^ 0x5eed);
  const standard = [...localDrafts(random), ...regionalDrafts(random), ...globalDrafts(random)]
    .map((d) => build(seed, d))
    .sort(compare);
  const enterprise = enterpriseOwners
    .flatMap((owner) => enterpriseDrafts(seed, owner, random))
    .map((d) => build(seed, d))
    .sort(compare);
  const topUps = topUpsFor(seed, [...standard, ...enterprise], random);
  const codes = new Map<string, CataloguePackage>();
  for (const p of [...standard, ...enterprise]) {
    if (codes.has(p.code)) throw new Error(`duplicate package code ${p.code}`);
    codes.set(p.code, p);
  }
  const topUpCodes = new Map(topUps.map((t) => [t.code, t]));
  return {
    standard,
    enterprise,
    topUps,
    byCode: (code) => codes.get(code),
    topUpByCode: (code) => topUpCodes.get(code),
  };
}

const FLAG_BASE = 'https://flagcdn.com/w80';

export function flagUrl(pkg: CataloguePackage): string | null {
  const [first] = pkg.countries;
  return pkg.type === 'local' && first ? `${FLAG_BASE}/${first.iso2.toLowerCase()}.png` : null;
}

function networkType(pkg: CataloguePackage, index: number): string {
  return pkg.has5g && index === 0 ? '5G' : '4G';
}

/** The package as the API lists it to an account with the given currency. */
export function toWirePackage(pkg: CataloguePackage, currency: Currency): ApiPackage {
  const cost = pkg.cost[currency];
  const own = pkg.provider.ownNetwork;
  const wire: ApiPackage = {
    package_code: pkg.code,
    name: pkg.name,
    region: pkg.region,
    type: pkg.type,
    data_amount_gb: pkg.dataGb,
    validity_days: pkg.validityDays,
    cost: amountOf(cost, currency),
    currency,
    features: {
      voice_minutes: pkg.voiceMinutes,
      sms_count: pkg.smsCount,
      is_rechargeable: pkg.rechargeable,
    },
    is_unlimited: pkg.unlimited,
    has_voice: pkg.voiceMinutes !== null,
    has_sms: pkg.smsCount !== null,
    locationNetworkList: pkg.countries.map((c) => ({
      locationName: c.name,
      locationLogo: `${FLAG_BASE}/${c.iso2.toLowerCase()}.png`,
      operatorList: c.operators.map((operatorName, i) => ({
        operatorName,
        networkType: networkType(pkg, i),
      })),
    })),
    has_5g: pkg.has5g,
    has_hotspot: true,
    can_extend: pkg.rechargeable,
    is_recurring: pkg.recurring,
  };
  if (pkg.activationPolicy) wire.activation_policy = pkg.activationPolicy;
  if (own) {
    wire.countries = pkg.countries.map((c) => c.iso2);
    wire.networks = pkg.countries.flatMap((c) =>
      c.operators.map((operator, i) => ({
        network_id: `${c.mcc}0${i + 1}`,
        network_name: operator,
        network_type: networkType(pkg, i),
        country_code: c.mcc,
        country_name: c.name,
        country_iso2: c.iso2,
        continent: c.continent,
        mcc_code: c.mcc,
        mnc_code: String(i + 1).padStart(2, '0'),
      })),
    );
    wire.network_carrier = pkg.provider.name;
  }
  return wire;
}

export function toWireTopUp(topUp: TopUpPackage, currency: Currency): ApiTopUpPackage {
  return {
    package_code: topUp.code,
    name: topUp.name,
    data_amount_gb: topUp.dataGb,
    validity_days: topUp.validityDays,
    cost: amountOf(topUp.cost[currency], currency),
    currency,
    features: { is_rechargeable: true },
    is_unlimited: false,
  };
}
