import {
  type ApiOrderListItem,
  DEFAULT_PAGE_LIMITS,
  type OrderListResponse,
  OrderListStatusFilterSchema,
} from '../../shared/api';
import { flagUrl } from './catalogue';
import type { ApiContext, Route } from './context';
import { amountOf } from './money';
import { isReply, paginate, readPaging } from './paging';
import { DAY_MS, type EsimRow, esimByIccid, esimsOfOrder, type OrderRow } from './records';
import { failWithoutCode, ok, type Reply } from './replies';
import { esimState } from './views';

const SORTS = ['created_at', 'amount', 'status'] as const;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** An ISO 8601 bound; a date alone covers that whole day (from its start, to its end). */
function bound(text: string | null, edge: 'from' | 'to'): number | null | Reply {
  if (text === null || text === '') return null;
  const at = Date.parse(text);
  if (Number.isNaN(at) || !/^\d{4}-\d{2}-\d{2}/.test(text)) {
    return failWithoutCode(
      400,
      `Invalid ${edge}_date`,
      `${edge}_date must be an ISO 8601 date or time, got "${text}"`,
    );
  }
  return edge === 'to' && DATE_ONLY.test(text) ? at + DAY_MS - 1 : at;
}

function esimOf(ctx: ApiContext, order: OrderRow): EsimRow | undefined {
  if (order.kind === 'topup')
    return order.target_iccid ? esimByIccid(ctx.sim.db, order.target_iccid) : undefined;
  return esimsOfOrder(ctx.sim.db, order.id)[0];
}

function toItem(ctx: ApiContext, order: OrderRow): ApiOrderListItem {
  const esim = esimOf(ctx, order);
  const pkg =
    ctx.sim.catalogue.byCode(order.package_code) ?? (esim && ctx.sim.catalogue.byCode(esim.package_code));
  return {
    id: order.id,
    order_reference: order.reference,
    package_name: order.package_name,
    package_code: order.package_code,
    amount: amountOf(order.amount_minor, order.currency),
    currency: order.currency,
    status: order.status,
    flag_url: pkg ? flagUrl(pkg) : null,
    created_at: new Date(order.created_at).toISOString(),
    esim: esim ? { iccid: esim.iccid, ...esimState(esim) } : null,
  };
}

function listOrders(ctx: ApiContext): Reply {
  const paging = readPaging(ctx.query, DEFAULT_PAGE_LIMITS.orders);
  if (isReply(paging)) return paging;
  const status = OrderListStatusFilterSchema.safeParse((ctx.query.get('status') ?? 'all').toLowerCase());
  if (!status.success) {
    return failWithoutCode(
      400,
      'Invalid status',
      `status must be one of ${OrderListStatusFilterSchema.options.join(', ')}`,
    );
  }
  const sortBy = ctx.query.get('sort_by') ?? 'created_at';
  if (!(SORTS as readonly string[]).includes(sortBy)) {
    return failWithoutCode(400, 'Invalid sort_by', `sort_by must be one of ${SORTS.join(', ')}`);
  }
  const sortOrder = ctx.query.get('sort_order') ?? 'desc';
  if (sortOrder !== 'asc' && sortOrder !== 'desc') {
    return failWithoutCode(400, 'Invalid sort_order', 'sort_order must be asc or desc');
  }
  const from = bound(ctx.query.get('from_date'), 'from');
  if (isReply(from)) return from;
  const to = bound(ctx.query.get('to_date'), 'to');
  if (isReply(to)) return to;
  const search = (ctx.query.get('search') ?? '').trim().toLowerCase();
  // Orders are filtered to the account's currency: orders made before a currency change do not show.
  const rows = ctx.sim.db
    .prepare('SELECT * FROM orders WHERE account_id = ? AND currency = ?')
    .all(ctx.account.id, ctx.account.currency) as OrderRow[];
  const selected = rows.filter(
    (o) =>
      (status.data === 'all' || o.status === status.data) &&
      (from === null || o.created_at >= from) &&
      (to === null || o.created_at <= to) &&
      (search === '' ||
        [o.reference, o.package_name, o.package_code].some((text) => text.toLowerCase().includes(search))),
  );
  const key = (o: OrderRow): number | string =>
    sortBy === 'amount' ? o.amount_minor : sortBy === 'status' ? o.status : o.created_at;
  const direction = sortOrder === 'asc' ? 1 : -1;
  selected.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return (ka < kb ? -1 : ka > kb ? 1 : a.id - b.id) * direction;
  });
  // Revenue counts what the account was charged and kept: completed and pending orders.
  const revenue = selected
    .filter((o) => o.status === 'completed' || o.status === 'pending')
    .reduce((sum, o) => sum + o.amount_minor, 0);
  const { items, pagination } = paginate(selected, paging);
  const body: OrderListResponse = {
    success: true,
    data: {
      orders: items.map((o) => toItem(ctx, o)),
      summary: { total_orders: selected.length, total_revenue: amountOf(revenue, ctx.account.currency) },
      pagination,
    },
  };
  return ok(body);
}

export const ordersListRoutes: readonly Route[] = [{ method: 'GET', path: '/orders', handler: listOrders }];
