import { type EsimStatus, normalizeEsimStatus } from '../../../shared/api/common';
import {
  type ApiNetworkEvents,
  CancelResponseSchema,
  NetworkEventsResponseSchema,
  SendSmsResponseSchema,
  SuspendResultSchema,
  UsageReportResponseSchema,
} from '../../../shared/api/esims';
import { WebhookGetResponseSchema, WebhookPutResponseSchema } from '../../../shared/api/webhooks';
import type { Money } from '../../../shared/money';
import { CurrencySchema } from '../../../shared/money-schema';
import { gbToMb } from '../../../shared/units';
import { Fields, readItems } from './fields';
import { type PageInfo, type PageQuery, type PageRead, pageCounts } from './pages';
import { FieldProblem, installOf, issuedIccidOf, moneyOf, validate } from './parse';

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

/** POST /esims/network-events: the last 7 days, newest first, as the API gives them. */
export interface NetworkEvents {
  readonly iccid: string;
  readonly totalEvents: number;
  readonly wrongNetworkCount: number;
  readonly events: ApiNetworkEvents['events'];
  readonly raw: string;
}

export function parseNetworkEvents(json: unknown): Omit<NetworkEvents, 'raw'> {
  const { data } = validate(NetworkEventsResponseSchema, json);
  return {
    iccid: data.iccid,
    totalEvents: data.total_events,
    wrongNetworkCount: data.wrong_network_count,
    events: data.events,
  };
}

/** POST /esims/usage-report, in MB (the API also sends GB; MB is the unit usage is shown in). */
export interface UsageReport {
  readonly iccid: string;
  readonly periodDays: number;
  readonly startDate: string;
  readonly endDate: string;
  readonly totalMb: number;
  readonly averageDailyMb: number;
  readonly daily: readonly { readonly date: string; readonly mb: number }[];
  readonly byCountry: readonly {
    readonly country: string;
    readonly mcc: string;
    readonly mb: number;
    readonly operators: readonly { readonly operator: string; readonly mnc: string; readonly mb: number }[];
  }[];
  readonly raw: string;
}

export function parseUsageReport(json: unknown): Omit<UsageReport, 'raw'> {
  const { data } = validate(UsageReportResponseSchema, json);
  return {
    iccid: data.iccid,
    periodDays: data.period_days,
    startDate: data.start_date,
    endDate: data.end_date,
    totalMb: data.summary.total_data_mb,
    averageDailyMb: data.summary.avg_daily_mb,
    daily: data.daily_usage.map((day) => ({ date: day.date, mb: day.data_mb })),
    byCountry: data.by_country.map((country) => ({
      country: country.country,
      mcc: country.mcc,
      mb: country.data_mb,
      operators: country.operators.map((op) => ({ operator: op.operator, mnc: op.mnc, mb: op.data_mb })),
    })),
  };
}

export interface SuspendResult {
  readonly iccid: string;
  readonly action: string;
  readonly esimStatus: 'Disconnected' | 'Active';
  readonly message: string;
  readonly raw: string;
}

export function parseSuspendResult(json: unknown): Omit<SuspendResult, 'raw'> {
  const body = validate(SuspendResultSchema, json);
  return {
    iccid: body.data.iccid,
    action: body.data.action,
    esimStatus: body.data.esim_status,
    message: body.message,
  };
}

/** POST /esims/cancel: the whole order, with refunds as Money. */
export interface CancelResult {
  readonly orderReference: string;
  readonly totalEsims: number;
  readonly cancelledEsims: number;
  readonly failedEsims: number;
  readonly refunded: Money;
  readonly refundMethod: 'balance' | 'refund_request' | 'separate';
  readonly balanceCredited: boolean;
  readonly partial: boolean;
  readonly results: readonly {
    readonly esimId: number;
    readonly iccid: string;
    readonly success: boolean;
    readonly refund: Money;
  }[];
  readonly message: string;
  readonly raw: string;
}

export function parseCancelResult(json: unknown): Omit<CancelResult, 'raw'> {
  const { data, message } = validate(CancelResponseSchema, json);
  const currency = CurrencySchema.safeParse(data.currency);
  if (!currency.success) throw new FieldProblem('data.currency', `not a known currency: ${data.currency}`);
  return {
    orderReference: data.order_reference,
    totalEsims: data.total_esims,
    cancelledEsims: data.cancelled_esims,
    failedEsims: data.failed_esims,
    refunded: moneyOf(data.refunded_amount, currency.data, 'data.refunded_amount'),
    refundMethod: data.refund_method,
    balanceCredited: data.balance_credited,
    partial: data.partial_cancellation,
    results: data.cancel_results.map((result, index) => ({
      esimId: result.esimId,
      iccid: result.iccid,
      success: result.success,
      refund: moneyOf(result.refundAmount, currency.data, `data.cancel_results.${index}.refundAmount`),
    })),
    message,
  };
}

export function parseSmsResult(json: unknown): { readonly message: string } {
  return { message: validate(SendSmsResponseSchema, json).message };
}

export interface WebhookConfig {
  readonly webhook: {
    readonly url: string;
    readonly events: readonly string[];
    readonly apiKeyName: string;
  } | null;
  readonly availableEvents: readonly string[];
  readonly recentDeliveries: readonly Readonly<Record<string, unknown>>[];
  readonly raw: string;
}

export function parseWebhookConfig(json: unknown): Omit<WebhookConfig, 'raw'> {
  const body = validate(WebhookGetResponseSchema, json);
  return {
    webhook: body.webhook
      ? { url: body.webhook.url, events: body.webhook.events, apiKeyName: body.webhook.api_key_name }
      : null,
    availableEvents: body.available_events,
    recentDeliveries: body.recent_deliveries,
  };
}

/** PUT /webhooks. The signing secret is returned once; it goes to the keychain, never to a log or the journal. */
export interface WebhookRegistration {
  readonly url: string;
  readonly secret: string;
  readonly events: readonly string[];
}

export function parseWebhookRegistration(json: unknown): WebhookRegistration {
  return validate(WebhookPutResponseSchema, json).webhook;
}
