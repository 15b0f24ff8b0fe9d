import { USAGE_THRESHOLDS_MB } from '../../shared/api';
import type { CataloguePackage } from './catalogue';
import { catalogueEntry } from './catalogue-lookup';
import { type Country, countryByIso } from './countries';
import { DAY_MS, type EsimRow, esimById } from './records';
import { deriveDigits } from './seed';
import type { Sim } from './sim';
import { emitEvent } from './webhooks';

/**
 * The eSIM lifecycle: NEW → (installed) → ACTIVE on network activity → DEPLETED or EXPIRED, with
 * the events each step sends. Real-time events (installed, profile updates, usage thresholds) come
 * only from the service's own network; status changes and provisioning from every provider.
 */

export class LifecycleError extends Error {}

const TERMINAL = new Set(['CANCELLED', 'DELETED', 'EXPIRED', 'USED_EXPIRED', 'DEPLETED']);

export function packageOf(sim: Sim, esim: EsimRow): CataloguePackage {
  return catalogueEntry(sim, esim.package_code);
}

export function isOwnNetwork(sim: Sim, esim: EsimRow): boolean {
  return packageOf(sim, esim).provider.ownNetwork;
}

function update(sim: Sim, esim: EsimRow, fields: Partial<Omit<EsimRow, 'id'>>): EsimRow {
  const names = Object.keys(fields);
  if (names.length > 0) {
    sim.db
      .prepare(`UPDATE esims SET ${names.map((n) => `${n} = @${n}`).join(', ')} WHERE id = @id`)
      .run({ ...fields, id: esim.id });
  }
  return esimById(sim.db, esim.id) as EsimRow;
}

function base(sim: Sim, esim: EsimRow) {
  const order = sim.db.prepare('SELECT reference FROM orders WHERE id = ?').get(esim.order_id) as {
    reference: string;
  };
  return {
    iccid: esim.iccid,
    esim_id: esim.id,
    package_code: esim.package_code,
    order_reference: order.reference,
    source: packageOf(sim, esim).provider.id,
  };
}

function iso(at: number | null): string | null {
  return at === null ? null : new Date(at).toISOString();
}

function changeStatus(sim: Sim, esim: EsimRow, status: string, fields: Partial<EsimRow> = {}): EsimRow {
  const before = esim.status;
  const after = update(sim, esim, { ...fields, status });
  if (before !== status) {
    emitEvent(sim, esim.account_id, 'esim.status.changed', {
      ...base(sim, after),
      old_status: before,
      new_status: status,
      changed_at: sim.clock.iso(),
      expiry_date: iso(after.expires_at),
    });
  }
  return after;
}

const PROFILE_LABEL: Record<string, string> = {
  RELEASED: 'Not Installed',
  DOWNLOADED: 'Not Installed',
  INSTALLED: 'Disabled',
  ENABLED: 'Enabled',
  DISABLED: 'Disabled',
  DELETED: 'Not Installed',
};

export function profileLabel(smdpStatus: string): string {
  return PROFILE_LABEL[smdpStatus] ?? 'Not Installed';
}

function profileStep(sim: Sim, esim: EsimRow, next: string): EsimRow {
  const previous = esim.smdp_status;
  const profileStatus =
    next === 'ENABLED' ? 'Enable' : next === 'DISABLED' || next === 'INSTALLED' ? 'Disable' : null;
  const after = update(sim, esim, { smdp_status: next, profile_status: profileStatus });
  if (isOwnNetwork(sim, after)) {
    emitEvent(sim, esim.account_id, 'esim.profile.updated', {
      ...base(sim, after),
      profile_status: next,
      profile: profileLabel(next),
      previous_profile_status: previous,
      eid: after.eid,
      imsi: after.imsi,
      changed_at: sim.clock.iso(),
    });
  }
  return after;
}

export interface Device {
  readonly eid?: string;
  readonly imei?: string;
  readonly model?: string;
}

/** The customer scans the QR code: the profile downloads, installs and is enabled on a device. */
export function installEsim(sim: Sim, esim: EsimRow, device: Device = {}): EsimRow {
  if (esim.smdp_status !== 'RELEASED') throw new LifecycleError(`eSIM ${esim.iccid} is already installed`);
  if (TERMINAL.has(esim.status)) throw new LifecycleError(`eSIM ${esim.iccid} is ${esim.status}`);
  const serial = String(esim.id).padStart(8, '0');
  let current = update(sim, esim, {
    eid: device.eid ?? `8904903200${deriveDigits(sim.seed, `eid:${esim.id}`, 14)}${serial}`,
    imei: device.imei ?? `35${deriveDigits(sim.seed, `imei:${esim.id}`, 5)}${serial}`,
    device_model: device.model ?? 'iPhone 15',
    installed_at: sim.clock.now(),
    esim_status: esim.status === 'NEW' ? 'Installed' : esim.esim_status,
  });
  for (const step of ['DOWNLOADED', 'INSTALLED', 'ENABLED']) current = profileStep(sim, current, step);
  if (isOwnNetwork(sim, current)) {
    emitEvent(sim, esim.account_id, 'esim.installed', {
      ...base(sim, current),
      eid: current.eid,
      imsi: current.imsi,
      installed_at: iso(current.installed_at) ?? sim.clock.iso(),
    });
  }
  return current;
}

/** The device switches the profile off or on, or deletes it. */
export function setProfile(sim: Sim, esim: EsimRow, state: 'ENABLED' | 'DISABLED' | 'DELETED'): EsimRow {
  if (esim.smdp_status === 'RELEASED') throw new LifecycleError(`eSIM ${esim.iccid} is not installed`);
  return profileStep(sim, esim, state);
}

export interface Place {
  readonly country?: string;
  readonly operator?: string;
}

interface Network {
  readonly country: Country;
  readonly operator: string;
  readonly mnc: string;
  readonly allowed: boolean;
}

function networkFor(sim: Sim, esim: EsimRow, place: Place): Network {
  const pkg = packageOf(sim, esim);
  const requested = place.country ? countryByIso(place.country) : undefined;
  if (place.country && !requested) throw new LifecycleError(`unknown country code ${place.country}`);
  const country = requested ?? pkg.countries[0];
  if (!country) throw new LifecycleError(`package ${pkg.code} covers no country`);
  const operator = place.operator ?? country.operators[0] ?? `${country.name} Mobile`;
  const index = Math.max(0, country.operators.indexOf(operator));
  return {
    country,
    operator,
    mnc: String(index + 1).padStart(2, '0'),
    allowed: pkg.countries.some((c) => c.iso2 === country.iso2),
  };
}

function recordNetworkEvent(
  sim: Sim,
  esim: EsimRow,
  type: string,
  network: Network,
  dataResponse: string | null,
): void {
  const pkg = packageOf(sim, esim);
  sim.db
    .prepare(
      `INSERT INTO network_events (esim_id, at, event_type, req_type, operator, mcc, mnc, country, country_iso2, msisdn, apn,
         connection_type, data_response, is_allowed)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      esim.id,
      sim.clock.now(),
      type,
      type === 'attach'
        ? 'UpdateGprsLocation'
        : type === 'location_update'
          ? 'UpdateLocation'
          : 'CreateSession',
      network.operator,
      network.country.mcc,
      network.mnc,
      network.country.name,
      network.country.iso2,
      esim.msisdn,
      pkg.provider.ownNetwork ? 'roamlink' : 'internet',
      pkg.has5g ? '5G' : '4G',
      dataResponse ?? (network.allowed ? 'OK' : 'ROAMING_NOT_ALLOWED'),
      network.allowed ? 1 : 0,
    );
}

/** Network activity: the device attaches (installing the profile first if the test did not). NEW becomes ACTIVE. */
export function attachEsim(sim: Sim, esim: EsimRow, place: Place = {}): EsimRow {
  let current = esim.smdp_status === 'RELEASED' ? installEsim(sim, esim) : esim;
  if (current.status !== 'NEW' && current.status !== 'ACTIVE') {
    throw new LifecycleError(`eSIM ${esim.iccid} is ${current.status} and cannot attach`);
  }
  if (current.suspended) throw new LifecycleError(`eSIM ${esim.iccid} is suspended`);
  const network = networkFor(sim, current, place);
  const moved = current.last_country_iso2 !== network.country.iso2;
  recordNetworkEvent(sim, current, 'attach', network, null);
  if (moved) recordNetworkEvent(sim, current, 'location_update', network, null);
  if (!network.allowed) return current;
  const now = sim.clock.now();
  const fields: Partial<EsimRow> = {
    last_operator: network.operator,
    last_mcc: network.country.mcc,
    last_mnc: network.mnc,
    last_country: network.country.name,
    last_country_iso2: network.country.iso2,
    last_connection: packageOf(sim, current).has5g ? '5G' : '4G',
  };
  if (current.status === 'NEW') {
    current = changeStatus(sim, current, 'ACTIVE', {
      ...fields,
      activated_at: now,
      expires_at: current.expires_at ?? now + current.validity_days * DAY_MS,
      esim_status: 'Active',
    });
  } else {
    current = update(sim, current, fields);
  }
  return current;
}

function thresholdBit(index: number): number {
  return 1 << index;
}

/** The device uses data: usage in MB, thresholds at 500/200/100/50 MB left, DEPLETED at zero. */
export function consumeData(sim: Sim, esim: EsimRow, mb: number, place: Place = {}): EsimRow {
  if (!Number.isInteger(mb) || mb < 1) throw new LifecycleError('mb must be a whole number ≥ 1');
  // A data session needs the device on a network: it attaches first when new or moving country.
  const moving = place.country !== undefined && place.country.toUpperCase() !== esim.last_country_iso2;
  let current =
    esim.status === 'NEW' || esim.last_country_iso2 === null || moving ? attachEsim(sim, esim, place) : esim;
  if (current.status !== 'ACTIVE') throw new LifecycleError(`eSIM ${esim.iccid} is ${current.status}`);
  if (current.suspended) throw new LifecycleError(`eSIM ${esim.iccid} is suspended`);
  const network = networkFor(sim, current, place);
  if (!network.allowed) throw new LifecycleError(`${network.country.name} is not covered by this package`);
  const remainingBefore = current.total_mb - current.used_mb;
  const used = current.unlimited ? mb : Math.min(mb, remainingBefore);
  const now = sim.clock.now();
  sim.db
    .prepare(
      'INSERT INTO usage_records (esim_id, at, mb, country, country_iso2, mcc, operator, mnc) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    )
    .run(
      current.id,
      now,
      used,
      network.country.name,
      network.country.iso2,
      network.country.mcc,
      network.operator,
      network.mnc,
    );
  recordNetworkEvent(sim, current, 'data_session', network, 'OK');
  current = update(sim, current, { used_mb: current.used_mb + used, last_usage_at: now });
  if (current.unlimited) return current;
  const remaining = current.total_mb - current.used_mb;
  let fired = current.thresholds_fired;
  USAGE_THRESHOLDS_MB.forEach((threshold, i) => {
    if (remainingBefore > threshold && remaining <= threshold && !(fired & thresholdBit(i))) {
      fired |= thresholdBit(i);
      if (isOwnNetwork(sim, current)) {
        emitEvent(sim, current.account_id, 'esim.usage.threshold', {
          ...base(sim, current),
          threshold_remaining_mb: threshold,
          used_percent: Math.round((current.used_mb / current.total_mb) * 1000) / 10,
          used_gb: round3(current.used_mb / 1024),
          total_gb: round3(current.total_mb / 1024),
          remaining_gb: round3(remaining / 1024),
          package_id: current.package_code,
          reported_at: sim.clock.iso(now),
        });
      }
    }
  });
  current = update(sim, current, { thresholds_fired: fired });
  if (remaining <= 0) current = changeStatus(sim, current, 'DEPLETED', { esim_status: 'Not Active' });
  return current;
}

export function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** Validity runs out now. */
export function expireEsim(sim: Sim, esim: EsimRow): EsimRow {
  if (!['NEW', 'ACTIVE', 'DEPLETED'].includes(esim.status)) {
    throw new LifecycleError(`eSIM ${esim.iccid} is ${esim.status} and cannot expire`);
  }
  const now = sim.clock.now();
  return changeStatus(sim, esim, 'EXPIRED', {
    expires_at: Math.min(esim.expires_at ?? now, now),
    esim_status: 'Not Active',
  });
}

/** Applies what time did since the eSIM was last read: validity that ran out makes it EXPIRED. */
export function refreshEsim(sim: Sim, esim: EsimRow): EsimRow {
  if (
    (esim.status === 'NEW' || esim.status === 'ACTIVE') &&
    esim.expires_at !== null &&
    esim.expires_at <= sim.clock.now()
  ) {
    return changeStatus(sim, esim, 'EXPIRED', { esim_status: 'Not Active' });
  }
  return esim;
}

/** Sets a raw status (for tests of rules that name statuses the lifecycle rarely reaches, e.g. USED_EXPIRED). */
export function forceStatus(sim: Sim, esim: EsimRow, status: string): EsimRow {
  return changeStatus(sim, esim, status);
}

/** A top-up: more volume and a later expiry; a depleted or expired eSIM becomes ACTIVE again. */
export function applyTopUp(sim: Sim, esim: EsimRow, addMb: number, addDays: number): EsimRow {
  const now = sim.clock.now();
  const expiryBase = Math.max(esim.expires_at ?? now + esim.validity_days * DAY_MS, now);
  const total = esim.total_mb + addMb;
  const remaining = total - esim.used_mb;
  const fields: Partial<EsimRow> = {
    total_mb: total,
    validity_days: esim.validity_days + addDays,
    expires_at: expiryBase + addDays * DAY_MS,
    // Thresholds above the new remaining volume may fire again.
    thresholds_fired: USAGE_THRESHOLDS_MB.reduce(
      (bits, threshold, i) => (remaining > threshold ? bits & ~thresholdBit(i) : bits),
      esim.thresholds_fired,
    ),
  };
  if (['DEPLETED', 'EXPIRED', 'USED_EXPIRED'].includes(esim.status)) {
    return changeStatus(sim, esim, 'ACTIVE', { ...fields, esim_status: 'Active' });
  }
  return update(sim, esim, fields);
}

/** Cancellation frees the SIM resource: the eSIM is CANCELLED and its profile can no longer be used. */
export function cancelEsim(sim: Sim, esim: EsimRow): EsimRow {
  return update(sim, esim, { status: 'CANCELLED', esim_status: 'Not Active', sim_status: 'FREE' });
}

export function setSuspended(sim: Sim, esim: EsimRow, suspended: boolean): EsimRow {
  return update(sim, esim, { suspended: suspended ? 1 : 0 });
}

export function markLiveChecked(sim: Sim, esim: EsimRow): EsimRow {
  return update(sim, esim, { live_checked_at: sim.clock.now() });
}
