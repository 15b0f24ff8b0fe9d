import type {
  OrderCompletedResult,
  OrderPendingResult,
  OrderReplayResult,
  OrderStatusResponse,
} from '../../shared/api';
import { IDEMPOTENCY_KEY_MAX, ORDER_QUANTITY_MAX, ORDER_QUANTITY_MIN } from '../../shared/api';
import type { CataloguePackage } from './catalogue';
import { visiblePackages } from './catalogue-routes';
import type { ApiContext, Route } from './context';
import { nextSerial } from './db';
import { orderReferenceFor } from './identifiers';
import { accountById, post } from './ledger';
import { amountOf, insufficientBalance } from './money';
import { schedulePendingOrder } from './provisioning';
import {
  type EsimRow,
  esimsOfOrder,
  issueEsims,
  type OrderRow,
  orderById,
  orderByReference,
} from './records';
import { fail, failWithoutCode, ok, type Reply } from './replies';
import { toOrderItem, toOrderStatusRecord } from './views';

type Body = Record<string, unknown>;

function isObject(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface ValidOrder {
  readonly pkg: CataloguePackage;
  readonly quantity: number;
  readonly recurring: boolean;
  readonly key: string | null;
}

/** Checks the body in the order the description lists its rules; the first broken rule answers. */
function validate(ctx: ApiContext): ValidOrder | Reply {
  const body = ctx.body;
  if (!isObject(body)) return failWithoutCode(400, 'Invalid body', 'The request body must be a JSON object');
  const code = body.packageCode;
  if (code === undefined || code === null || code === '') {
    return fail('MISSING_PACKAGE_CODE', 'packageCode is required');
  }
  if (typeof code !== 'string') return fail('MISSING_PACKAGE_CODE', 'packageCode must be a string');
  const quantity = body.quantity ?? 1;
  if (
    typeof quantity !== 'number' ||
    !Number.isInteger(quantity) ||
    quantity < ORDER_QUANTITY_MIN ||
    quantity > ORDER_QUANTITY_MAX
  ) {
    return failWithoutCode(
      400,
      'Invalid quantity',
      `quantity must be a whole number from 1 to 10, got ${JSON.stringify(quantity)}`,
    );
  }
  const recurring = body.recurring ?? false;
  if (typeof recurring !== 'boolean') {
    return failWithoutCode(400, 'Invalid recurring', 'recurring must be true or false');
  }
  const key = body.idempotency_key;
  if (
    key !== undefined &&
    key !== null &&
    (typeof key !== 'string' || key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX)
  ) {
    return failWithoutCode(
      400,
      'Invalid idempotency_key',
      'idempotency_key must be a string of 1 to 200 characters',
    );
  }
  if (body.price !== undefined && (typeof body.price !== 'number' || !Number.isFinite(body.price))) {
    return failWithoutCode(400, 'Invalid price', 'price must be a number when given');
  }
  const pkg = ctx.sim.catalogue.byCode(code);
  if (pkg?.type === 'enterprise' && !visiblePackages(ctx).includes(pkg)) {
    return fail(
      'PACKAGE_NOT_FOUND',
      `Enterprise package ${code} is not owned by this account or is inactive`,
    );
  }
  if (!pkg || !visiblePackages(ctx).includes(pkg))
    return fail('INVALID_PACKAGE', `Unknown package code: ${code}`);
  if (recurring && !pkg.recurring) {
    return fail(
      'NOT_SUPPORTED',
      `Package ${code} cannot be ordered as recurring (it is not recurring-capable)`,
    );
  }
  const currency = ctx.account.currency;
  const current = amountOf(pkg.cost[currency], currency);
  if (body.price !== undefined && body.price !== current) {
    return fail(
      'PRICE_MISMATCH',
      `The price given (${String(body.price)}) differs from the current price (${current})`,
      {
        details: { suppliedPrice: body.price, currentPrice: current, currency },
      },
    );
  }
  return { pkg, quantity, recurring, key: typeof key === 'string' ? key : null };
}

/** `newBalance` is the balance right after this order's own debit, whatever happened since. */
async function completedResult(
  order: OrderRow,
  esims: EsimRow[],
  balanceAfter: number,
): Promise<OrderCompletedResult> {
  const currency = order.currency;
  const [first] = esims;
  if (!first) throw new Error(`completed order ${order.reference} has no eSIM`);
  const items = await Promise.all(esims.map(toOrderItem));
  const primary = items[0] ?? (await toOrderItem(first));
  return {
    success: true,
    message: 'Order completed successfully',
    orderReference: order.reference,
    esimId: first.id,
    packageName: order.package_name,
    newBalance: amountOf(balanceAfter, currency),
    currency,
    lpaString: primary.lpaString,
    qrCodeUrl: primary.qrCodeUrl,
    directAppleInstallUrl: primary.directAppleInstallUrl,
    paymentMethod: 'balance',
    status: 'completed',
    amount: amountOf(order.amount_minor, currency),
    profit: amountOf(order.profit_minor, currency),
    final_price: amountOf(order.amount_minor, currency),
    processing_time_ms: order.processing_ms,
    esims: items,
  };
}

const PENDING_NOTE =
  'The eSIM is being provisioned. Poll GET /esims/order with this orderReference every 15 to 30 seconds, ' +
  'or wait for the esim.provisioned webhook.';

function pendingResult(order: OrderRow): OrderPendingResult {
  return {
    success: true,
    message: 'Order accepted; eSIM details will follow',
    orderReference: order.reference,
    packageName: order.package_name,
    status: 'pending_details',
    amount: amountOf(order.amount_minor, order.currency),
    isPending: true,
    esims: [],
    note: PENDING_NOTE,
  };
}

/** Idempotency rule 1: the original order, marked as a duplicate, and no second charge. */
async function replay(ctx: ApiContext, order: OrderRow): Promise<Reply> {
  if (order.status === 'pending') return ok({ ...pendingResult(order), duplicate: true });
  const esims = esimsOfOrder(ctx.sim.db, order.id);
  const body: OrderReplayResult = {
    success: true,
    message:
      'Duplicate request: this idempotency key already placed the order below; nothing was charged again',
    duplicate: true,
    orderReference: order.reference,
    esimId: esims[0]?.id ?? 0,
    packageName: order.package_name,
    status: 'completed',
    esims: await Promise.all(esims.map(toOrderItem)),
  };
  return ok(body);
}

/** Who an order is placed for: the API's caller, or an account the control API names. */
type OrderPlacer = Pick<ApiContext, 'sim' | 'account'>;

function insertOrder(
  ctx: OrderPlacer,
  order: ValidOrder,
  status: OrderRow['status'],
  now: number,
  processingMs: number,
  provisionDueAt: number | null,
): OrderRow {
  const { db, seed } = ctx.sim;
  const { pkg, quantity } = order;
  const currency = ctx.account.currency;
  const amount = pkg.cost[currency] * quantity;
  const profit = (pkg.retail[currency] - pkg.cost[currency]) * quantity;
  const reference = orderReferenceFor(seed, 'esim', nextSerial(db, 'order'), now);
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO orders (reference, account_id, kind, package_code, package_name, quantity, status, amount_minor,
         profit_minor, currency, idempotency_key, recurring, provision_due_at, processing_ms, created_at, updated_at)
       VALUES (?, ?, 'esim', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      reference,
      ctx.account.id,
      pkg.code,
      pkg.name,
      quantity,
      status,
      amount,
      profit,
      currency,
      order.key,
      order.recurring ? 1 : 0,
      provisionDueAt,
      processingMs,
      now,
      now,
    );
  return orderById(db, Number(lastInsertRowid));
}

type Committed =
  | { kind: 'insufficient'; current: number; required: number }
  | { kind: 'placed'; order: OrderRow; balanceAfter: number };

/** Balance check, debit, order and eSIMs in one transaction: a charge exists exactly when its order does. */
function commit(ctx: OrderPlacer, order: ValidOrder, pending: boolean, startedAt: number): Committed {
  const { db, clock, faults } = ctx.sim;
  return db.transaction((): Committed => {
    const account = accountById(db, ctx.account.id);
    const required = order.pkg.cost[account.currency] * order.quantity;
    if (account.balance_minor < required) {
      return { kind: 'insufficient', current: account.balance_minor, required };
    }
    const now = clock.now();
    const delay = faults.faults.pendingDelayMs;
    const placed = insertOrder(
      ctx,
      order,
      pending ? 'pending' : 'completed',
      now,
      Math.round(performance.now() - startedAt),
      pending && delay >= 0 ? now + delay : null,
    );
    const balanceAfter = post(
      db,
      account.id,
      { kind: 'order', delta: -required, orderReference: placed.reference, idempotencyKey: order.key },
      now,
    );
    if (!pending) issueEsims(ctx.sim, placed, order.pkg, now);
    return { kind: 'placed', order: placed, balanceAfter };
  })();
}

/** A processing failure: recorded as a failed order (nothing charged), so its key may be reused (rule 3). */
function recordFailure(ctx: ApiContext, order: ValidOrder, startedAt: number): Reply {
  const { db, clock } = ctx.sim;
  const now = clock.now();
  const failed = db.transaction(() =>
    insertOrder(ctx, order, 'failed', now, Math.round(performance.now() - startedAt), null),
  )();
  return fail('ORDER_PROCESSING_ERROR', `Order ${failed.reference} failed to process; nothing was charged`, {
    details: { orderReference: failed.reference },
  });
}

async function placeOrder(ctx: ApiContext): Promise<Reply> {
  const { db, inFlight, faults } = ctx.sim;
  const accountId = ctx.account.id;
  // A key that already placed an order replays it before anything else is checked: a retry of a
  // completed order must succeed even if the catalogue or the balance changed since.
  const givenKey = isObject(ctx.body) ? ctx.body.idempotency_key : undefined;
  if (typeof givenKey === 'string' && givenKey.length >= 1 && givenKey.length <= IDEMPOTENCY_KEY_MAX) {
    // A provider that keeps keys only for a while forgets those of older orders.
    const rememberedSince =
      ctx.sim.keyRetentionMs === null ? 0 : ctx.sim.clock.now() - ctx.sim.keyRetentionMs;
    const previous = db
      .prepare(
        `SELECT * FROM orders WHERE account_id = ? AND idempotency_key = ? AND status != 'failed' AND created_at >= ?
         ORDER BY id DESC LIMIT 1`,
      )
      .get(accountId, givenKey, rememberedSince) as OrderRow | undefined;
    if (previous) return replay(ctx, previous);
  }
  const valid = validate(ctx);
  if ('status' in valid) return valid;
  // Rule 2: one request per key at a time. Rule 4: without a key, one request per package at a time.
  const claim =
    valid.key !== null ? `${accountId}:key:${valid.key}` : `${accountId}:package:${valid.pkg.code}`;
  if (inFlight.has(claim)) {
    return fail(
      'DUPLICATE_REQUEST',
      valid.key !== null
        ? 'An order with this idempotency key is still being processed; ask again once it has finished'
        : `An order for package ${valid.pkg.code} is still being processed`,
      { status: 409 },
    );
  }
  inFlight.add(claim);
  const startedAt = performance.now();
  let committed: Committed;
  try {
    await ctx.latency();
    if (ctx.injectFailure) return recordFailure(ctx, valid, startedAt);
    committed = commit(ctx, valid, faults.strikes(faults.faults.pendingRate), startedAt);
  } finally {
    inFlight.delete(claim);
  }
  if (committed.kind === 'insufficient') {
    return insufficientBalance(committed.current, committed.required, ctx.account.currency);
  }
  const { order } = committed;
  if (order.status === 'pending') {
    schedulePendingOrder(ctx.sim, order);
    return ok(pendingResult(order));
  }
  return ok(await completedResult(order, esimsOfOrder(db, order.id), committed.balanceAfter));
}

/**
 * An order placed through another channel than this API (the provider's dashboard): charged and
 * provisioned at once like an API order, without an idempotency key. The counter's journal never
 * hears of it; only the order list and the balance show it.
 */
export function placeOutsideApi(
  placer: OrderPlacer,
  pkg: CataloguePackage,
  quantity: number,
): { readonly reference: string } | { readonly insufficient: true } {
  const committed = commit(placer, { pkg, quantity, recurring: false, key: null }, false, performance.now());
  return committed.kind === 'insufficient'
    ? { insufficient: true }
    : { reference: committed.order.reference };
}

async function orderStatus(ctx: ApiContext): Promise<Reply> {
  const reference = ctx.query.get('orderReference')?.trim();
  if (!reference) {
    return failWithoutCode(400, 'Missing orderReference', 'orderReference is required in the query string');
  }
  const order = orderByReference(ctx.sim.db, reference);
  if (!order || order.account_id !== ctx.account.id) {
    return fail('ORDER_NOT_FOUND', `No order with reference ${reference} in this account`);
  }
  const [primary] =
    order.kind === 'topup'
      ? (ctx.sim.db.prepare('SELECT * FROM esims WHERE iccid = ?').all(order.target_iccid) as EsimRow[])
      : esimsOfOrder(ctx.sim.db, order.id);
  const body: OrderStatusResponse = {
    success: true,
    order: await toOrderStatusRecord(order, primary, amountOf(order.amount_minor, order.currency)),
  };
  return ok(body);
}

export const orderRoutes: readonly Route[] = [
  { method: 'POST', path: '/esims/order', handler: placeOrder, inFlight: true },
  { method: 'GET', path: '/esims/order', handler: orderStatus },
];
