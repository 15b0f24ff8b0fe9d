import { type EsimStatus, normalizeEsimStatus, type Pagination } from '../../../shared/api/common';
import {
  type ApiEsimListItem,
  type ApiNetworkEvents,
  CancelResponseSchema,
  EsimListResponseSchema,
  LiveStatusResponseSchema,
  NetworkEventsResponseSchema,
  SendSmsResponseSchema,
  SuspendResultSchema,
  UsageReportResponseSchema,
  UsageResponseSchema,
} from '../../../shared/api/esims';
import { WebhookGetResponseSchema, WebhookPutResponseSchema } from '../../../shared/api/webhooks';
import type { Money } from '../../../shared/money';
import { CurrencySchema } from '../../../shared/money-schema';
import { gbToMb } from '../../../shared/units';
import { FieldProblem, moneyOf, validate } from './parse';

/** Data use in MB, as usage answers give it. */
export interface DataUse {
  readonly totalMb: number;
  readonly usedMb: number;
  readonly remainingMb: number;
  readonly usagePercent: number;
  readonly unlimited: boolean;
}

export interface Validity {
  readonly days: number;
  /** Times as sent; not always ISO 8601. */
  readonly activatedAt: string | null;
  readonly expiresAt: string | null;
  readonly expired: boolean;
}

/** An eSIM of the account, as GET /esims lists it. */
export interface EsimRecord {
  readonly id: number;
  readonly iccid: string;
  readonly packageName: string;
  readonly packageCode: string;
  readonly countries: readonly string[];
  /** As sent. */
  readonly status: string;
  /** The status as one of the API's values (compared case-insensitively), or null if unknown. */
  readonly statusCode: EsimStatus | null;
  readonly data: DataUse;
  readonly validity: Validity;
  readonly install: {
    readonly qrCodeUrl: string;
    readonly lpa: string;
    readonly smdpAddress: string;
    readonly activationCode: string;
    readonly appleInstallUrl: string | null;
    readonly androidInstallUrl: string | null;
  };
  readonly createdAt: string;
  readonly pending: boolean;
  readonly phoneNumber: string | null;
  readonly imsi: string | null;
  readonly simStatus: string | null;
  readonly esimStatus: string | null;
  readonly profileStatus: string | null;
}

export interface EsimPage {
  readonly esims: readonly EsimRecord[];
  readonly pagination: Pagination;
  readonly raw: string;
}

export function parseEsimPage(json: unknown): Omit<EsimPage, 'raw'> {
  const { data } = validate(EsimListResponseSchema, json);
  return { esims: data.esims.map(esimRecordOf), pagination: data.pagination };
}

function esimRecordOf(item: ApiEsimListItem): EsimRecord {
  return {
    id: item.id,
    iccid: item.iccid,
    packageName: item.package_name,
    packageCode: item.package_code,
    countries: item.countries,
    status: item.status,
    statusCode: normalizeEsimStatus(item.status),
    data: dataUseOf(item.data),
    validity: validityOf(item.validity),
    install: {
      qrCodeUrl: item.qr_code,
      lpa: item.manual_installation.lpa_format,
      smdpAddress: item.manual_installation.smdp_address,
      activationCode: item.manual_installation.activation_code,
      appleInstallUrl: item.direct_apple_installation_url || null,
      androidInstallUrl: item.direct_android_installation_url || null,
    },
    createdAt: item.created_at,
    pending: item.is_pending,
    phoneNumber: item.phone_number,
    imsi: item.imsi,
    simStatus: item.sim_status,
    esimStatus: item.esim_status,
    profileStatus: item.profile_status,
  };
}

function dataUseOf(data: ApiEsimListItem['data']): DataUse {
  return {
    totalMb: data.total_mb,
    usedMb: data.used_mb,
    remainingMb: data.remaining_mb,
    usagePercent: data.usage_percentage,
    unlimited: data.is_unlimited,
  };
}

function validityOf(validity: ApiEsimListItem['validity']): Validity {
  return {
    days: validity.days,
    activatedAt: validity.activated_at,
    expiresAt: validity.expires_at,
    expired: validity.is_expired,
  };
}

/** GET /esims/usage/query. */
export interface EsimUsage {
  readonly iccid: string;
  readonly orderId: string;
  readonly packageName: string;
  readonly status: string;
  readonly data: DataUse;
  readonly validity: Validity;
  readonly raw: string;
}

export function parseUsage(json: unknown): Omit<EsimUsage, 'raw'> {
  const { data } = validate(UsageResponseSchema, json);
  return {
    iccid: data.esim.iccid,
    orderId: String(data.esim.order_id),
    packageName: data.esim.package_name,
    status: data.esim.status,
    data: dataUseOf(data.data),
    validity: validityOf(data.validity),
  };
}

/** POST /esims/status: read live from the network. Data in MB like every other usage figure. */
export interface LiveStatus {
  readonly iccid: string;
  readonly status: string;
  readonly esimStatus: string;
  readonly smdpStatus: string;
  readonly profile: string | null;
  readonly unlimited: boolean;
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
  readonly usedMb: number;
  /** Null for unlimited plans. */
  readonly totalMb: number | null;
  readonly raw: string;
}

export function parseLiveStatus(json: unknown): Omit<LiveStatus, 'raw'> {
  const { data } = validate(LiveStatusResponseSchema, json);
  return {
    iccid: data.iccid,
    status: data.status,
    esimStatus: data.esim_status,
    smdpStatus: data.smdp_status,
    profile: data.profile,
    unlimited: data.unlimited,
    lastNetwork: {
      operator: data.last_network.operator,
      mcc: data.last_network.mcc,
      mnc: data.last_network.mnc,
      country: data.last_network.country,
      countryIso2: data.last_network.country_iso2,
      connectionType: data.last_network.connection_type,
    },
    device: data.device,
    activatedAt: data.activation_date,
    lastUsedAt: data.last_usage_date,
    expiresAt: data.expiry_date,
    usedMb: gbToMb(data.data_usage.used_gb),
    totalMb: data.data_usage.total_gb === null ? null : gbToMb(data.data_usage.total_gb),
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
