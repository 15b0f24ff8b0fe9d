import type { ApiPackage } from '../../../shared/api';
import type { CataloguePackage, Pricing } from '../../../shared/domain';
import { fromApiAmount } from '../../../shared/money';
import { retailPrice } from '../sales/pricing';

/** Turns a cached API package into what the counter shows: units and money converted once, here. */
export function toCataloguePackage(pkg: ApiPackage, pricing: Pricing): CataloguePackage {
  const cost = { amount: fromApiAmount(pkg.cost, pkg.currency), currency: pkg.currency };
  const countries = new Set<string>((pkg.countries ?? []).map((c) => c.toUpperCase()));
  for (const network of pkg.networks ?? []) countries.add(network.country_iso2.toUpperCase());
  return {
    code: pkg.package_code,
    name: pkg.name,
    region: pkg.region,
    type: pkg.type,
    dataGb: pkg.is_unlimited ? null : pkg.data_amount_gb,
    isUnlimited: pkg.is_unlimited,
    validityDays: pkg.validity_days,
    cost,
    retail: retailPrice(cost, { code: pkg.package_code, type: pkg.type, region: pkg.region }, pricing),
    countries: [...countries],
    hasVoice: pkg.has_voice,
    hasSms: pkg.has_sms,
    voiceMinutes: pkg.features.voice_minutes ?? null,
    smsCount: pkg.features.sms_count ?? null,
    has5g: pkg.has_5g ?? null,
    hasHotspot: pkg.has_hotspot ?? null,
    isRechargeable: pkg.features.is_rechargeable ?? false,
    isRecurring: pkg.is_recurring ?? false,
    activationPolicy: pkg.activation_policy ?? null,
    networks: [
      ...(pkg.networks ?? []).map((n) => ({
        country: n.country_iso2,
        operator: n.network_name,
        networkType: n.network_type,
      })),
      ...(pkg.locationNetworkList ?? []).flatMap((loc) =>
        loc.operatorList.map((op) => ({
          country: loc.locationName,
          operator: op.operatorName,
          networkType: op.networkType,
        })),
      ),
    ],
  };
}
