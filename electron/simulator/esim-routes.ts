import type { z } from 'zod';
import {
  type ApiNetworkEvents,
  type ApiUsage,
  type ApiUsageReport,
  DEFAULT_PAGE_LIMITS,
  type EsimListResponse,
  EsimListStatusFilterSchema,
  type LiveStatusResponseSchema,
  USAGE_REPORT_DAYS_DEFAULT,
  USAGE_REPORT_DAYS_MAX,
} from '../../shared/api';
import type { ApiContext, Route } from './context';
import { bodyOf, isEsim, resolveEsim } from './esim-lookup';
import { toListItem, toLiveStatus, usageData, validity } from './esim-views';
import { markLiveChecked, packageOf, refreshEsim, round3 } from './lifecycle';
import { isReply, paginate, readPaging } from './paging';
import { DAY_MS, type EsimRow, esimByIccid, esimsOfOrder, orderByReference } from './records';
import { fail, failWithoutCode, ok, type Reply } from './replies';

type LiveStatusResponse = z.infer<typeof LiveStatusResponseSchema>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function day(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

async function listEsims(ctx: ApiContext): Promise<Reply> {
  const paging = readPaging(ctx.query, DEFAULT_PAGE_LIMITS.esims);
  if (isReply(paging)) return paging;
  const statusText = ctx.query.get('status') ?? 'all';
  const normalized = statusText.toLowerCase() === 'all' ? 'all' : statusText.toUpperCase();
  const status = EsimListStatusFilterSchema.safeParse(normalized);
  if (!status.success) {
    return failWithoutCode(
      400,
      'Invalid status',
      `status must be one of ${EsimListStatusFilterSchema.options.join(', ')}, got "${statusText}"`,
    );
  }
  const search = (ctx.query.get('search') ?? '').trim().toLowerCase();
  const base64 = ['true', '1'].includes((ctx.query.get('include_base64') ?? '').toLowerCase());
  const rows = (
    ctx.sim.db
      .prepare('SELECT * FROM esims WHERE account_id = ? ORDER BY created_at DESC, id DESC')
      .all(ctx.account.id) as EsimRow[]
  ).map((e) => refreshEsim(ctx.sim, e));
  const selected = rows.filter((e) => {
    if (status.data !== 'all' && e.status !== status.data) return false;
    if (search === '') return true;
    const pkg = packageOf(ctx.sim, e);
    return [e.iccid, e.package_code, pkg.name].some((text) => text.toLowerCase().includes(search));
  });
  const { items, pagination } = paginate(selected, paging);
  const body: EsimListResponse = {
    success: true,
    data: { esims: await Promise.all(items.map((e) => toListItem(ctx.sim, e, base64))), pagination },
  };
  return ok(body);
}

function usageQuery(ctx: ApiContext): Reply {
  const iccid = ctx.query.get('iccid');
  const orderId = ctx.query.get('order_id');
  const from = ctx.query.get('from_date');
  const to = ctx.query.get('to_date');
  for (const [name, value] of [
    ['from_date', from],
    ['to_date', to],
  ] as const) {
    if (value !== null && (!DATE.test(value) || Number.isNaN(Date.parse(value)))) {
      return failWithoutCode(400, `Invalid ${name}`, `${name} must be a date as YYYY-MM-DD, got "${value}"`);
    }
  }
  let esim: EsimRow | undefined;
  let reference: string | null = null;
  if (iccid) {
    esim = esimByIccid(ctx.sim.db, iccid);
  } else if (orderId) {
    const order = orderByReference(ctx.sim.db, orderId);
    if (order && order.account_id === ctx.account.id) {
      reference = order.reference;
      [esim] = esimsOfOrder(ctx.sim.db, order.id);
    }
  } else {
    return fail('MISSING_IDENTIFIER', 'Give iccid or order_id (an order reference)');
  }
  if (!esim || esim.account_id !== ctx.account.id) {
    return fail(
      'ESIM_NOT_FOUND',
      `No eSIM for ${iccid ? `ICCID ${iccid}` : `order ${orderId}`} in this account`,
    );
  }
  esim = refreshEsim(ctx.sim, esim);
  reference ??= (
    ctx.sim.db.prepare('SELECT reference FROM orders WHERE id = ?').get(esim.order_id) as {
      reference: string;
    }
  ).reference;
  const data: ApiUsage & { history?: { date: string; used_mb: number }[] } = {
    esim: {
      iccid: esim.iccid,
      order_id: reference,
      package_name: packageOf(ctx.sim, esim).name,
      status: esim.status,
    },
    data: usageData(esim),
    validity: validity(ctx.sim, esim),
  };
  if (from || to) {
    const start = from ? Date.parse(from) : 0;
    const end = to ? Date.parse(to) + DAY_MS : Number.MAX_SAFE_INTEGER;
    const daily = ctx.sim.db
      .prepare('SELECT at, mb FROM usage_records WHERE esim_id = ? AND at >= ? AND at < ? ORDER BY at')
      .all(esim.id, start, end) as { at: number; mb: number }[];
    const byDay = new Map<string, number>();
    for (const r of daily) byDay.set(day(r.at), (byDay.get(day(r.at)) ?? 0) + r.mb);
    data.history = [...byDay].map(([date, used]) => ({ date, used_mb: used }));
  }
  return ok({ success: true, data });
}

async function liveStatus(ctx: ApiContext): Promise<Reply> {
  const esim = resolveEsim(ctx, 'FORBIDDEN');
  if (!isEsim(esim)) return esim;
  const { faults } = ctx.sim;
  if (faults.strikes(faults.faults.providerErrorRate)) {
    return fail('PROVIDER_ERROR', 'The network did not answer the live status query; try again shortly');
  }
  const body: LiveStatusResponse = {
    success: true,
    message: 'Live status fetched from the network',
    data: toLiveStatus(markLiveChecked(ctx.sim, esim)),
  };
  return ok(body);
}

function networkEvents(ctx: ApiContext): Reply {
  const esim = resolveEsim(ctx, 'FORBIDDEN');
  if (!isEsim(esim)) return esim;
  const since = ctx.sim.clock.now() - 7 * DAY_MS;
  const rows = ctx.sim.db
    .prepare('SELECT * FROM network_events WHERE esim_id = ? AND at >= ? ORDER BY at DESC, id DESC')
    .all(esim.id, since) as Record<string, string | number | null>[];
  const events: ApiNetworkEvents['events'] = rows.map((r) => ({
    time: new Date(Number(r.at)).toISOString(),
    event_type: r.event_type as ApiNetworkEvents['events'][number]['event_type'],
    req_type: r.req_type as string | null,
    operator: r.operator as string | null,
    mcc: r.mcc as string | null,
    mnc: r.mnc as string | null,
    country: r.country as string | null,
    country_iso2: r.country_iso2 as string | null,
    msisdn: r.msisdn as string | null,
    apn: r.apn as string | null,
    connection_type: r.connection_type as string | null,
    data_response: r.data_response as string | null,
    is_allowed: r.is_allowed === 1,
  }));
  const data: ApiNetworkEvents = {
    iccid: esim.iccid,
    total_events: events.length,
    wrong_network_count: events.filter((e) => !e.is_allowed).length,
    events,
  };
  return ok({ success: true, data });
}

interface UsageRow {
  readonly at: number;
  readonly mb: number;
  readonly country: string;
  readonly mcc: string;
  readonly operator: string;
  readonly mnc: string;
}

function usageReport(ctx: ApiContext): Reply {
  const daysValue = bodyOf(ctx).days ?? USAGE_REPORT_DAYS_DEFAULT;
  if (typeof daysValue !== 'number' || !Number.isInteger(daysValue) || daysValue < 1) {
    return failWithoutCode(
      400,
      'Invalid days',
      `days must be a whole number from 1 to 90, got ${JSON.stringify(daysValue)}`,
    );
  }
  const esim = resolveEsim(ctx, 'FORBIDDEN');
  if (!isEsim(esim)) return esim;
  const days = Math.min(daysValue, USAGE_REPORT_DAYS_MAX);
  const today = Date.parse(day(ctx.sim.clock.now()));
  const start = today - (days - 1) * DAY_MS;
  const rows = ctx.sim.db
    .prepare('SELECT * FROM usage_records WHERE esim_id = ? AND at >= ? ORDER BY at')
    .all(esim.id, start) as UsageRow[];
  const gb = (mb: number): number => round3(mb / 1024);
  const daily = Array.from({ length: days }, (_, i) => {
    const date = day(start + i * DAY_MS);
    const mb = rows.filter((r) => day(r.at) === date).reduce((sum, r) => sum + r.mb, 0);
    return { date, data_mb: mb, data_gb: gb(mb) };
  });
  const countries = new Map<string, UsageRow[]>();
  for (const r of rows) countries.set(r.country, [...(countries.get(r.country) ?? []), r]);
  const sum = (list: readonly UsageRow[]): number => list.reduce((s, r) => s + r.mb, 0);
  const total = sum(rows);
  const data: ApiUsageReport = {
    iccid: esim.iccid,
    period_days: days,
    start_date: day(start),
    end_date: day(today),
    summary: {
      total_data_mb: total,
      total_data_gb: gb(total),
      avg_daily_mb: Math.round((total / days) * 100) / 100,
      avg_daily_gb: round3(total / days / 1024),
    },
    daily_usage: daily,
    by_country: [...countries].map(([country, list]) => {
      const operators = new Map<string, UsageRow[]>();
      for (const r of list) operators.set(r.operator, [...(operators.get(r.operator) ?? []), r]);
      return {
        country,
        mcc: list[0]?.mcc ?? '',
        data_mb: sum(list),
        data_gb: gb(sum(list)),
        operators: [...operators].map(([operator, ops]) => ({
          operator,
          mnc: ops[0]?.mnc ?? '',
          data_mb: sum(ops),
          data_gb: gb(sum(ops)),
        })),
      };
    }),
  };
  return ok({ success: true, data });
}

export const esimRoutes: readonly Route[] = [
  { method: 'GET', path: '/esims', handler: listEsims },
  { method: 'GET', path: '/esims/usage/query', handler: usageQuery },
  { method: 'POST', path: '/esims/status', handler: liveStatus },
  { method: 'POST', path: '/esims/network-events', handler: networkEvents },
  { method: 'POST', path: '/esims/usage-report', handler: usageReport },
];
