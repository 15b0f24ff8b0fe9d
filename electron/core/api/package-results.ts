import { type PackageType, PackageTypeSchema } from '../../../shared/api/common';
import type { CataloguePackage } from '../../../shared/domain/catalogue';
import type { Currency, Money } from '../../../shared/money';
import { Fields, type ItemsRead, readItems } from './fields';
import { type PageInfo, type PageQuery, type PageRead, pageCounts } from './pages';
import { type AccountCurrency, moneyOf } from './parse';

/**
 * A catalogue package as the cache keeps it: the provider's cost converted to Money once, the
 * retail price left to pricing (which can change without a re-sync), and the item's own JSON.
 */
export type CachedPackage = Omit<CataloguePackage, 'retail' | 'atCost' | 'cost'> & {
  readonly cost: Money;
  readonly raw: string;
};

export interface PackagePage {
  readonly packages: readonly CachedPackage[];
  /** Packages on the page that could not be read: left out and counted. */
  readonly skipped: number;
  readonly pagination: PageInfo;
  readonly raw: string;
}

/** What a package must say to be sold: a catalogue package and a top-up package alike. */
export interface PackageFacts {
  /** Opaque: kept verbatim, never trimmed or reformatted. */
  readonly code: string;
  readonly name: string;
  /** Null for unlimited plans, and when the provider does not say. */
  readonly dataGb: number | null;
  readonly isUnlimited: boolean;
  /** Null when the provider does not say. */
  readonly validityDays: number | null;
  readonly cost: Money;
}

/**
 * Required of a package: its code and its cost (in its own currency or the account's): what is
 * ordered and what it costs. Its data and validity describe it; a provider that leaves them out
 * still sells it, and the counter says they were not given. A package without a name shows its code.
 */
export async function packageFactsOf(item: Fields, accountCurrency: AccountCurrency): Promise<PackageFacts> {
  const code = item.requiredText('package_code');
  const amount = item.amount('cost');
  if (amount === null) throw item.problem('cost', 'missing or not an amount');
  const currency = item.currency('currency') ?? (await accountCurrency());
  if (currency === null) throw item.problem('currency', 'missing, and the account currency is not known');
  const isUnlimited = item.flag('is_unlimited') ?? false;
  return {
    code,
    name: item.text('name') ?? code,
    dataGb: isUnlimited ? null : item.number('data_amount_gb'),
    isUnlimited,
    validityDays: item.integer('validity_days'),
    cost: moneyOf(amount, currency, item.pathOf('cost')),
  };
}

/** The packages of one page of a package list that could be read, the others skipped with their problems. */
export async function readPackageList<T>(
  json: unknown,
  read: (item: Fields, value: unknown) => Promise<T>,
): Promise<ItemsRead<T> & { readonly data: Fields }> {
  const data = Fields.of(json).requiredObject('data');
  return { data, ...(await readItems(data.requiredList('packages'), 'data.packages', read)) };
}

export async function parsePackagePage(
  json: unknown,
  asked: PageQuery,
  accountCurrency: AccountCurrency,
): Promise<PageRead<Omit<PackagePage, 'raw'>>> {
  const read = await readPackageList(json, (item, value) => cachedPackageOf(item, value, accountCurrency));
  return { page: { packages: read.items, ...pageCounts(read.data, read, asked) }, problems: read.skipped };
}

const PACKAGE_TYPES = PackageTypeSchema.options;

async function cachedPackageOf(
  item: Fields,
  original: unknown,
  accountCurrency: AccountCurrency,
): Promise<CachedPackage> {
  const facts = await packageFactsOf(item, accountCurrency);
  const features = item.object('features');
  const countries = countriesOf(item);
  return {
    ...facts,
    region: item.text('region') ?? '',
    type: item.oneOf('type', PACKAGE_TYPES) ?? typeByCoverage(countries),
    countries,
    hasVoice: item.flag('has_voice'),
    hasSms: item.flag('has_sms'),
    voiceMinutes: features?.number('voice_minutes') ?? null,
    smsCount: features?.number('sms_count') ?? null,
    has5g: item.flag('has_5g'),
    hasHotspot: item.flag('has_hotspot'),
    isRechargeable: features?.flag('is_rechargeable') ?? false,
    isRecurring: item.flag('is_recurring') ?? false,
    activationPolicy: item.oneOf('activation_policy', ['immediate', 'first_use'] as const),
    networks: networksOf(item),
    raw: JSON.stringify(original),
  };
}

/**
 * A type the API does not list (or none) is read from the coverage, so the package still sorts and
 * filters; without coverage it is not stated, never guessed (a markup rule by type must not apply to
 * a package that may not be of that type).
 */
function typeByCoverage(countries: readonly string[]): PackageType | null {
  if (countries.length === 0) return null;
  return countries.length === 1 ? 'local' : 'regional';
}

function countriesOf(item: Fields): string[] {
  const listed = item.texts('countries');
  const codes =
    listed.length > 0
      ? listed
      : (item.list('networks') ?? []).flatMap(
          (network) => Fields.maybe(network, '')?.text('country_iso2') ?? [],
        );
  return [...new Set(codes.map((code) => code.toUpperCase()))];
}

type Network = CataloguePackage['networks'][number];

/** The package's networks, from `locationNetworkList` or else `networks`; an entry naming no operator is left out. */
function networksOf(item: Fields): Network[] {
  const locations = item.list('locationNetworkList');
  if (locations) {
    return locations.flatMap((value) => {
      const location = Fields.maybe(value, '');
      return (location?.list('operatorList') ?? []).flatMap((operator) =>
        networkOf(location?.text('locationName'), Fields.maybe(operator, ''), 'operatorName', 'networkType'),
      );
    });
  }
  return (item.list('networks') ?? []).flatMap((value) => {
    const network = Fields.maybe(value, '');
    return networkOf(network?.text('country_name'), network, 'network_name', 'network_type');
  });
}

function networkOf(
  country: string | null | undefined,
  entry: Fields | null,
  operatorKey: string,
  typeKey: string,
): Network[] {
  const operator = entry?.text(operatorKey);
  return operator ? [{ country: country ?? '', operator, networkType: entry?.text(typeKey) ?? '' }] : [];
}

/** GET /balance. `enterprise` is present only for enterprise accounts (the answer has `source`). */
export interface Balance {
  readonly balance: Money;
  readonly enterprise: {
    readonly account: string | null;
    readonly live: boolean | null;
    readonly asOf: string | null;
  } | null;
  readonly raw: string;
}

/** Required: the balance and its currency (the answer's, or the account's when the client already knows it). */
export function parseBalance(json: unknown, knownCurrency: Currency | null): Omit<Balance, 'raw'> {
  const data = Fields.of(json).requiredObject('data');
  const amount = data.amount('balance');
  if (amount === null) throw data.problem('balance', 'missing or not an amount');
  const currency = data.currency('currency') ?? knownCurrency;
  if (currency === null) throw data.problem('currency', 'missing or not an account currency');
  return {
    balance: moneyOf(amount, currency, data.pathOf('balance')),
    enterprise:
      data.text('source')?.toLowerCase() === 'enterprise'
        ? { account: data.text('account'), live: data.flag('live'), asOf: data.time('as_of') }
        : null,
  };
}
