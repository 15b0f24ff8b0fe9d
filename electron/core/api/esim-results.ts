import { type EsimStatus, normalizeEsimStatus } from '../../../shared/api/common';
import { WEBHOOK_SECRET_PREFIX } from '../../../shared/api/webhooks';
import { REFUND_METHODS, type RefundMethod } from '../../../shared/domain/cancellation';
import type { Money } from '../../../shared/money';
import { gbToMb } from '../../../shared/units';
import { Fields, readItems } from './fields';
import { type PageInfo, type PageQuery, type PageRead, pageCounts } from './pages';
import {
  type AccountCurrency,
  FieldProblem,
  installOf,
  issuedIccidOf,
  moneyOrNull,
  moneyReader,
} from './parse';

/** Data use in MB, as usage answers give it; null where the answer does not say. */
export interface DataUse {
  readonly totalMb: number | null;
  readonly usedMb: number | null;
  readonly remainingMb: number | null;
  readonly usagePercent: number | null;
  readonly unlimited: boolean | null;
}

export interface Validity {
  readonly days: number | null;
  /** ISO 8601 UTC, however the provider wrote them; null when unreadable. */
  readonly activatedAt: string | null;
  readonly expiresAt: string | null;
  readonly expired: boolean | null;
}

/** An eSIM of the account, as GET /esims lists it: only its ICCID is required. */
export interface EsimRecord {
  readonly id: number | null;
  readonly iccid: string;
  readonly packageName: string | null;
  readonly packageCode: string | null;
  readonly countries: readonly string[];
  /** As sent. */
  readonly status: string | null;
  /** The status as one of the API's values (compared case-insensitively), or null if unknown. */
  readonly statusCode: EsimStatus | null;
  readonly data: DataUse;
  readonly validity: Validity;
  /** What installs it, when the item gives an LPA (or SM-DP+ address and activation code). */
  readonly install: {
    readonly qrCodeUrl: string | null;
    readonly lpa: string;
    readonly smdpAddress: string;
    readonly activationCode: string;
    readonly appleInstallUrl: string | null;
    readonly androidInstallUrl: string | null;
  } | null;
  readonly createdAt: string | null;
  readonly pending: boolean | null;
  readonly phoneNumber: string | null;
  readonly imsi: string | null;
  readonly simStatus: string | null;
  readonly esimStatus: string | null;
  readonly profileStatus: string | null;
}

export interface EsimPage {
  readonly esims: readonly EsimRecord[];
  /** Items that could not be read (no ICCID): left out and counted. */
  readonly skipped: number;
  readonly pagination: PageInfo;
  readonly raw: string;
}

export async function parseEsimPage(
  json: unknown,
  asked: PageQuery,
): Promise<PageRead<Omit<EsimPage, 'raw'>>> {
  const data = Fields.of(json).requiredObject('data');
  const read = await readItems(data.requiredList('esims'), 'data.esims', esimRecordOf);
  const page = {
    esims: read.items,
    ...pageCounts(data, read, asked),
  };
  return { page, problems: read.skipped };
}

function esimRecordOf(item: Fields): EsimRecord {
  const status = item.text('status');
  return {
    id: item.integer('id'),
    iccid: issuedIccidOf(item, 'iccid'),
    packageName: item.text('package_name'),
    packageCode: item.text('package_code'),
    countries: item.texts('countries'),
    status,
    statusCode: status === null ? null : normalizeEsimStatus(status.trim()),
    data: dataUseOf(item.object('data')),
    validity: validityOf(item.object('validity')),
    install: installOrNull(item),
    createdAt: item.time('created_at'),
    pending: item.flag('is_pending'),
    phoneNumber: item.text('phone_number'),
    imsi: item.text('imsi'),
    simStatus: item.text('sim_status'),
    esimStatus: item.text('esim_status'),
    profileStatus: item.text('profile_status'),
  };
}

function installOrNull(item: Fields): EsimRecord['install'] {
  try {
    return {
      ...installOf(item),
      qrCodeUrl: item.text('qr_code'),
      appleInstallUrl: item.text('direct_apple_installation_url'),
      androidInstallUrl: item.text('direct_android_installation_url'),
    };
  } catch (error) {
    if (error instanceof FieldProblem) return null;
    throw error;
  }
}

function dataUseOf(data: Fields | null): DataUse {
  return {
    totalMb: data?.number('total_mb') ?? null,
    usedMb: data?.number('used_mb') ?? null,
    remainingMb: data?.number('remaining_mb') ?? null,
    usagePercent: data?.number('usage_percentage') ?? null,
    unlimited: data?.flag('is_unlimited') ?? null,
  };
}

function validityOf(validity: Fields | null): Validity {
  return {
    days: validity?.integer('days') ?? null,
    activatedAt: validity?.time('activated_at') ?? null,
    expiresAt: validity?.time('expires_at') ?? null,
    expired: validity?.flag('is_expired') ?? null,
  };
}

/** GET /esims/usage/query. Only the `data` object is required. */
export interface EsimUsage {
  readonly iccid: string | null;
  readonly orderId: string | null;
  readonly packageName: string | null;
  readonly status: string | null;
  readonly data: DataUse;
  readonly validity: Validity;
  readonly raw: string;
}

export function parseUsage(json: unknown): Omit<EsimUsage, 'raw'> {
  const data = Fields.of(json).requiredObject('data');
  const esim = data.object('esim');
  return {
    iccid: esim?.text('iccid') ?? null,
    orderId: esim?.text('order_id') ?? null,
    packageName: esim?.text('package_name') ?? null,
    status: esim?.text('status') ?? null,
    data: dataUseOf(data.object('data')),
    validity: validityOf(data.object('validity')),
  };
}

/** POST /esims/status: read live from the network. Data in MB like every other usage figure. Only `data` is required. */
export interface LiveStatus {
  readonly iccid: string | null;
  readonly status: string | null;
  readonly esimStatus: string | null;
  readonly smdpStatus: string | null;
  readonly profile: string | null;
  readonly unlimited: boolean | null;
  readonly lastNetwork: {
    readonly operator: string | null;
    readonly mcc: string | null;
    readonly mnc: string | null;
    readonly country: string | null;
    readonly countryIso2: string | null;
    readonly connectionType: string | null;
  };
  readonly device: { readonly model: string | null; readonly imei: string | null };
  readonly activatedAt: string | null;
  readonly lastUsedAt: string | null;
  readonly expiresAt: string | null;
  readonly usedMb: number | null;
  /** Null for unlimited plans, and when the answer does not say. */
  readonly totalMb: number | null;
  readonly raw: string;
}

export function parseLiveStatus(json: unknown): Omit<LiveStatus, 'raw'> {
  const data = Fields.of(json).requiredObject('data');
  const network = data.object('last_network');
  const device = data.object('device');
  const usage = data.object('data_usage');
  const usedGb = usage?.number('used_gb') ?? null;
  const totalGb = usage?.number('total_gb') ?? null;
  return {
    iccid: data.text('iccid'),
    status: data.text('status'),
    esimStatus: data.text('esim_status'),
    smdpStatus: data.text('smdp_status'),
    profile: data.text('profile'),
    unlimited: data.flag('unlimited') ?? usage?.flag('unlimited') ?? null,
    lastNetwork: {
      operator: network?.text('operator') ?? null,
      mcc: network?.text('mcc') ?? null,
      mnc: network?.text('mnc') ?? null,
      country: network?.text('country') ?? null,
      countryIso2: network?.text('country_iso2') ?? null,
      connectionType: network?.text('connection_type') ?? null,
    },
    device: { model: device?.text('model') ?? null, imei: device?.text('imei') ?? null },
    activatedAt: data.time('activation_date'),
    lastUsedAt: data.time('last_usage_date'),
    expiresAt: data.time('expiry_date'),
    usedMb: usedGb === null ? null : gbToMb(usedGb),
    totalMb: totalGb === null ? null : gbToMb(totalGb),
  };
}

/** One network event as the provider listed it; its time is required (events are shown newest first). */
export interface NetworkEvent {
  /** ISO 8601 UTC, however the provider wrote it. */
  readonly time: string;
  /** As sent (`attach`, `data_session`, `location_update`, or another word of the provider's); null when absent. */
  readonly type: string | null;
  readonly operator: string | null;
  readonly country: string | null;
  readonly countryIso2: string | null;
  readonly connectionType: string | null;
  readonly allowed: boolean | null;
}

/** POST /esims/network-events: the last 7 days, newest first, as the API gives them. Only `data` is required. */
export interface NetworkEvents {
  readonly iccid: string | null;
  /** As stated; null when the answer does not say. */
  readonly totalEvents: number | null;
  readonly wrongNetworkCount: number | null;
  readonly events: readonly NetworkEvent[];
  /** Events that could not be read (no readable time): left out and counted. */
  readonly skipped: number;
  readonly raw: string;
}

export async function parseNetworkEvents(json: unknown): Promise<Omit<NetworkEvents, 'raw'>> {
  const data = Fields.of(json).requiredObject('data');
  const read = await readItems(data.list('events') ?? [], 'data.events', (event) => {
    const time = event.time('time');
    if (time === null) throw event.problem('time', 'missing or not a time');
    return {
      time,
      type: event.text('event_type'),
      operator: event.text('operator'),
      country: event.text('country'),
      countryIso2: event.text('country_iso2'),
      connectionType: event.text('connection_type'),
      allowed: event.flag('is_allowed'),
    } satisfies NetworkEvent;
  });
  return {
    iccid: data.text('iccid'),
    totalEvents: data.integer('total_events'),
    wrongNetworkCount: data.integer('wrong_network_count'),
    events: read.items,
    skipped: read.skipped.length,
  };
}

/** POST /esims/usage-report, in MB (the API also sends GB; MB is the unit usage is shown in). Only `data` is required. */
export interface UsageReport {
  readonly iccid: string | null;
  readonly periodDays: number | null;
  readonly startDate: string | null;
  readonly endDate: string | null;
  readonly totalMb: number | null;
  readonly averageDailyMb: number | null;
  /** Days whose date and use could be read; the others are left out and counted in `skipped`. */
  readonly daily: readonly { readonly date: string; readonly mb: number }[];
  readonly byCountry: readonly {
    readonly country: string | null;
    readonly mcc: string | null;
    readonly mb: number | null;
    readonly operators: readonly {
      readonly operator: string | null;
      readonly mnc: string | null;
      readonly mb: number | null;
    }[];
  }[];
  readonly skipped: number;
  readonly raw: string;
}

export async function parseUsageReport(json: unknown): Promise<Omit<UsageReport, 'raw'>> {
  const data = Fields.of(json).requiredObject('data');
  const summary = data.object('summary');
  const days = await readItems(data.list('daily_usage') ?? [], 'data.daily_usage', (day) => {
    const date = day.time('date');
    const mb = mbOf(day);
    if (date === null) throw day.problem('date', 'missing or not a date');
    if (mb === null) throw day.problem('data_mb', 'missing or not a number');
    return { date: date.slice(0, 10), mb };
  });
  const countries = await readItems(data.list('by_country') ?? [], 'data.by_country', async (country) => {
    const operators = await readItems(country.list('operators') ?? [], `${country.path}.operators`, (op) => ({
      operator: op.text('operator'),
      mnc: op.text('mnc'),
      mb: mbOf(op),
    }));
    return {
      country: country.text('country'),
      mcc: country.text('mcc'),
      mb: mbOf(country),
      operators: operators.items,
    };
  });
  return {
    iccid: data.text('iccid'),
    periodDays: data.integer('period_days'),
    startDate: data.time('start_date')?.slice(0, 10) ?? null,
    endDate: data.time('end_date')?.slice(0, 10) ?? null,
    totalMb: summary ? mbOf(summary, 'total_data') : null,
    averageDailyMb: summary ? mbOf(summary, 'avg_daily') : null,
    daily: days.items,
    byCountry: countries.items,
    skipped: days.skipped.length + countries.skipped.length,
  };
}

/** A volume in MB: `<prefix>_mb`, else `<prefix>_gb` converted. */
function mbOf(fields: Fields, prefix = 'data'): number | null {
  const mb = fields.number(`${prefix}_mb`);
  if (mb !== null) return mb;
  const gb = fields.number(`${prefix}_gb`);
  return gb === null ? null : gbToMb(gb);
}

/** POST /esims/suspend. The 200 says the action was taken; what it reports besides is read tolerantly. */
export interface SuspendResult {
  readonly iccid: string | null;
  readonly action: string | null;
  /** As sent (`Disconnected`, `Active`, or another word of the provider's); null when absent. */
  readonly esimStatus: string | null;
  readonly message: string | null;
  readonly raw: string;
}

export function parseSuspendResult(json: unknown): Omit<SuspendResult, 'raw'> {
  const body = Fields.of(json);
  const data = body.object('data');
  return {
    iccid: data?.text('iccid') ?? null,
    action: data?.text('action') ?? null,
    esimStatus: data?.text('esim_status') ?? null,
    message: body.text('message'),
  };
}

/**
 * POST /esims/cancel: the whole order. The 200 is the provider's word that it cancelled; the refund it
 * reports is kept when it can be read (an amount in `currency`, else in the account currency; a
 * refund method of the API's list) and is null otherwise: the answer's text keeps what was sent.
 */
export interface CancelResult {
  readonly orderReference: string | null;
  readonly totalEsims: number | null;
  readonly cancelledEsims: number | null;
  readonly failedEsims: number | null;
  readonly refunded: Money | null;
  /** One of the API's refund methods; null when absent or a word the API does not list (see `refundMethodText`). */
  readonly refundMethod: RefundMethod | null;
  readonly refundMethodText: string | null;
  readonly balanceCredited: boolean | null;
  readonly partial: boolean | null;
  /** The eSIMs the answer reports on (each with its ICCID); the others are left out and counted in `skipped`. */
  readonly results: readonly {
    readonly esimId: number | null;
    readonly iccid: string;
    readonly success: boolean | null;
    readonly refund: Money | null;
  }[];
  readonly skipped: number;
  readonly message: string | null;
  readonly raw: string;
}

export async function parseCancelResult(
  json: unknown,
  accountCurrency: AccountCurrency,
): Promise<Omit<CancelResult, 'raw'>> {
  const body = Fields.of(json);
  const data = body.requiredObject('data');
  const money = await moneyReader(data, ['refunded_amount'], accountCurrency);
  const currency = money('refunded_amount')?.currency ?? data.currency('currency');
  const results = await readItems(data.list('cancel_results') ?? [], 'data.cancel_results', (result) => ({
    esimId: result.integer('esimId'),
    iccid: issuedIccidOf(result, 'iccid'),
    success: result.flag('success'),
    refund: moneyOrNull(result.amount('refundAmount'), currency),
  }));
  return {
    orderReference: data.text('order_reference'),
    totalEsims: data.integer('total_esims'),
    cancelledEsims: data.integer('cancelled_esims'),
    failedEsims: data.integer('failed_esims'),
    refunded: money('refunded_amount'),
    refundMethod: data.oneOf('refund_method', REFUND_METHODS),
    refundMethodText: data.text('refund_method'),
    balanceCredited: data.flag('balance_credited'),
    partial: data.flag('partial_cancellation'),
    results: results.items,
    skipped: results.skipped.length,
    message: body.text('message'),
  };
}

export function parseSmsResult(json: unknown): { readonly message: string | null } {
  return { message: Fields.of(json).text('message') };
}

export interface WebhookConfig {
  /** The configuration on the account (its URL), or null when none is (`webhook` null or without a URL). */
  readonly webhook: {
    readonly url: string;
    readonly events: readonly string[];
    readonly apiKeyName: string | null;
  } | null;
  readonly availableEvents: readonly string[];
  readonly recentDeliveries: readonly Readonly<Record<string, unknown>>[];
  readonly raw: string;
}

export function parseWebhookConfig(json: unknown): Omit<WebhookConfig, 'raw'> {
  const body = Fields.of(json);
  const webhook = body.object('webhook');
  const url = webhook?.text('url') ?? null;
  return {
    webhook:
      webhook && url !== null
        ? { url, events: webhook.texts('events'), apiKeyName: webhook.text('api_key_name') }
        : null,
    availableEvents: body.texts('available_events'),
    recentDeliveries: (body.list('recent_deliveries') ?? []).filter(
      (item): item is Readonly<Record<string, unknown>> =>
        typeof item === 'object' && item !== null && !Array.isArray(item),
    ),
  };
}

/**
 * PUT /webhooks. The signing secret is required (without it no delivery can be verified) and is
 * returned once; it goes to the keychain, never to a log or the journal. The URL and events are
 * what was asked when the answer leaves them out.
 */
export interface WebhookRegistration {
  readonly url: string | null;
  readonly secret: string;
  readonly events: readonly string[];
}

export function parseWebhookRegistration(json: unknown): WebhookRegistration {
  const webhook = Fields.of(json).requiredObject('webhook');
  const secret = webhook.text('secret');
  // The problem names the field, never its value: a malformed secret is still a secret.
  if (secret === null || !secret.startsWith(WEBHOOK_SECRET_PREFIX)) {
    throw webhook.problem('secret', `missing or not a ${WEBHOOK_SECRET_PREFIX} secret`);
  }
  return { url: webhook.text('url'), secret, events: webhook.texts('events') };
}
