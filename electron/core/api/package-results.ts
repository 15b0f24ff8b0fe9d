import {
  type ApiPackage,
  BalanceResponseSchema,
  PackageListResponseSchema,
} from '../../../shared/api/catalogue';
import type { Pagination } from '../../../shared/api/common';
import type { CataloguePackage } from '../../../shared/domain/catalogue';
import type { Money } from '../../../shared/money';
import { moneyOf, validate } from './parse';

/**
 * A catalogue package as the cache keeps it: the provider's cost converted to Money once, the
 * retail price left to pricing (which can change without a re-sync), and the item's own JSON.
 */
export type CachedPackage = Omit<CataloguePackage, 'retail'> & { readonly raw: string };

export interface PackagePage {
  readonly packages: readonly CachedPackage[];
  readonly pagination: Pagination;
  readonly raw: string;
}

export function parsePackagePage(json: unknown): Omit<PackagePage, 'raw'> {
  const { data } = validate(PackageListResponseSchema, json);
  const items = (json as { data: { packages: unknown[] } }).data.packages;
  return {
    packages: data.packages.map((pkg, index) => cachedPackageOf(pkg, items[index], index)),
    pagination: data.pagination,
  };
}

function cachedPackageOf(pkg: ApiPackage, original: unknown, index: number): CachedPackage {
  return {
    // Package codes are opaque: kept verbatim, never trimmed or reformatted.
    code: pkg.package_code,
    name: pkg.name,
    region: pkg.region,
    type: pkg.type,
    dataGb: pkg.is_unlimited ? null : pkg.data_amount_gb,
    isUnlimited: pkg.is_unlimited,
    validityDays: pkg.validity_days,
    cost: moneyOf(pkg.cost, pkg.currency, `data.packages.${index}.cost`),
    countries: countriesOf(pkg),
    hasVoice: pkg.has_voice,
    hasSms: pkg.has_sms,
    voiceMinutes: pkg.features.voice_minutes ?? null,
    smsCount: pkg.features.sms_count ?? null,
    has5g: pkg.has_5g ?? null,
    hasHotspot: pkg.has_hotspot ?? null,
    isRechargeable: pkg.features.is_rechargeable ?? false,
    isRecurring: pkg.is_recurring ?? false,
    activationPolicy: pkg.activation_policy ?? null,
    networks: networksOf(pkg),
    raw: JSON.stringify(original),
  };
}

function countriesOf(pkg: ApiPackage): string[] {
  const codes = pkg.countries ?? pkg.networks?.map((network) => network.country_iso2) ?? [];
  return [...new Set(codes.map((code) => code.toUpperCase()))];
}

function networksOf(pkg: ApiPackage): CataloguePackage['networks'] {
  if (pkg.locationNetworkList) {
    return pkg.locationNetworkList.flatMap((location) =>
      location.operatorList.map((operator) => ({
        country: location.locationName,
        operator: operator.operatorName,
        networkType: operator.networkType,
      })),
    );
  }
  return (pkg.networks ?? []).map((network) => ({
    country: network.country_name,
    operator: network.network_name,
    networkType: network.network_type,
  }));
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

export function parseBalance(json: unknown): Omit<Balance, 'raw'> {
  const { data } = validate(BalanceResponseSchema, json);
  return {
    balance: moneyOf(data.balance, data.currency, 'data.balance'),
    enterprise:
      data.source === 'enterprise'
        ? { account: data.account ?? null, live: data.live ?? null, asOf: data.as_of ?? null }
        : null,
  };
}
