import type { ApiEsimListItem, ApiLiveStatus, ApiUsage } from '../../shared/api';
import { flagUrl } from './catalogue';
import { androidInstallUrl, appleInstallUrl } from './identifiers';
import { packageOf, profileLabel, round3 } from './lifecycle';
import { qrImageUrl } from './media';
import { qrDataUrl } from './qr';
import { type EsimRow, lpaOf } from './records';
import type { Sim } from './sim';
import { statusLabel } from './views';

/** Wire shapes of the eSIM read endpoints (list, usage, live status), typed with the shared schemas. */

function iso(at: number | null): string | null {
  return at === null ? null : new Date(at).toISOString();
}

export function usageData(esim: EsimRow): ApiUsage['data'] {
  if (esim.unlimited) {
    return { total_mb: 0, used_mb: esim.used_mb, remaining_mb: 0, usage_percentage: 0, is_unlimited: true };
  }
  return {
    total_mb: esim.total_mb,
    used_mb: esim.used_mb,
    remaining_mb: esim.total_mb - esim.used_mb,
    usage_percentage: Math.round((esim.used_mb / esim.total_mb) * 10_000) / 100,
    is_unlimited: false,
  };
}

export function validity(sim: Sim, esim: EsimRow): ApiUsage['validity'] {
  return {
    days: esim.validity_days,
    activated_at: iso(esim.activated_at),
    expires_at: iso(esim.expires_at),
    is_expired: esim.expires_at !== null && esim.expires_at <= sim.clock.now(),
  };
}

export async function toListItem(sim: Sim, esim: EsimRow, includeBase64: boolean): Promise<ApiEsimListItem> {
  const pkg = packageOf(sim, esim);
  const lpa = lpaOf(esim);
  return {
    id: esim.id,
    iccid: esim.iccid,
    package_name: pkg.name,
    package_code: esim.package_code,
    countries: pkg.countries.map((c) => c.name),
    status: esim.status,
    data: usageData(esim),
    validity: validity(sim, esim),
    qr_code: includeBase64 ? await qrDataUrl(lpa) : qrImageUrl(sim, esim.qr_token),
    manual_installation: {
      smdp_address: esim.smdp_address,
      activation_code: esim.activation_code,
      lpa_format: lpa,
    },
    direct_apple_installation_url: appleInstallUrl(lpa),
    direct_android_installation_url: androidInstallUrl(lpa),
    flag_url: flagUrl(pkg),
    created_at: new Date(esim.created_at).toISOString(),
    is_pending: false,
    phone_number: esim.msisdn,
    imsi: esim.imsi,
    sim_status: esim.sim_status,
    esim_status: statusLabel(esim),
    profile_status: esim.profile_status,
  };
}

export function toLiveStatus(esim: EsimRow): ApiLiveStatus {
  return {
    iccid: esim.iccid,
    status: esim.status,
    esim_status: statusLabel(esim),
    smdp_status: esim.smdp_status,
    profile: profileLabel(esim.smdp_status),
    unlimited: esim.unlimited === 1,
    last_network: {
      operator: esim.last_operator,
      mcc: esim.last_mcc,
      mnc: esim.last_mnc,
      country: esim.last_country,
      country_iso2: esim.last_country_iso2,
      connection_type: esim.last_connection,
    },
    device: { model: esim.device_model, imei: esim.imei },
    activation_date: iso(esim.activated_at),
    last_usage_date: iso(esim.last_usage_at),
    expiry_date: iso(esim.expires_at),
    data_usage: {
      used_gb: round3(esim.used_mb / 1024),
      total_gb: esim.unlimited ? null : round3(esim.total_mb / 1024),
      unlimited: esim.unlimited === 1,
    },
  };
}
