import { DEFAULT_PAGE_LIMITS, type TopUpPackageListResponse, type TopUpResult } from '../../shared/api';
import { type TopUpPackage, toWireTopUp } from './catalogue';
import type { ApiContext, Route } from './context';
import { nextSerial } from './db';
import { bodyOf } from './esim-lookup';
import { orderReferenceFor } from './identifiers';
import { accountById, post } from './ledger';
import { applyTopUp, packageOf, refreshEsim, round3 } from './lifecycle';
import { amountOf, insufficientBalance } from './money';
import { isReply, paginate, readPaging } from './paging';
import { type EsimRow, esimByIccid } from './records';
import { fail, failWithoutCode, ok, type Reply } from './replies';

/**
 * Top-ups: packages compatible with an eSIM (same provider and location), and top-up orders that
 * add volume and validity. The API gives top-ups no idempotency key; a lost answer is the client's
 * to resolve by reading the eSIM again.
 */

const TOPPABLE = new Set(['ACTIVE', 'DEPLETED', 'USED_EXPIRED']);

/** The eligibility rule; the message names the current status. Null when eligible. */
function notToppable(ctx: ApiContext, esim: EsimRow): Reply | null {
  const status = esim.status.toUpperCase();
  if (TOPPABLE.has(status)) return null;
  if (status === 'NEW' && packageOf(ctx.sim, esim).provider.ownNetwork) return null;
  const rule =
    status === 'NEW'
      ? 'NEW eSIMs can be topped up only when provided by the service itself'
      : 'only ACTIVE, DEPLETED or USED_EXPIRED eSIMs can be topped up';
  return fail('ESIM_NOT_TOPPABLE', `This eSIM cannot be topped up: its status is ${esim.status} (${rule})`, {
    details: { status: esim.status },
  });
}

function compatibleTopUps(ctx: ApiContext, esim: EsimRow): readonly TopUpPackage[] {
  const pkg = packageOf(ctx.sim, esim);
  if (!pkg.rechargeable) return [];
  return ctx.sim.catalogue.topUps.filter(
    (t) => t.providerId === pkg.provider.id && t.locationKey === pkg.locationKey,
  );
}

function listTopUps(ctx: ApiContext): Reply {
  const iccid = ctx.query.get('iccid')?.trim();
  if (!iccid) return fail('MISSING_ICCID', 'iccid is required');
  const paging = readPaging(ctx.query, DEFAULT_PAGE_LIMITS.topupPackages);
  if (isReply(paging)) return paging;
  const found = esimByIccid(ctx.sim.db, iccid);
  if (!found || found.account_id !== ctx.account.id) {
    return fail('ESIM_ACCESS_DENIED', `No eSIM with ICCID ${iccid} in this account`);
  }
  const esim = refreshEsim(ctx.sim, found);
  const refused = notToppable(ctx, esim);
  if (refused) return refused;
  const { items, pagination } = paginate(compatibleTopUps(ctx, esim), paging);
  const body: TopUpPackageListResponse = {
    success: true,
    data: { packages: items.map((t) => toWireTopUp(t, ctx.account.currency)), pagination },
  };
  return ok(body);
}

function orderTopUp(ctx: ApiContext): Reply {
  const body = bodyOf(ctx);
  const { iccid, packageCode } = body;
  const missing = [
    (typeof iccid !== 'string' || iccid === '') && 'iccid',
    (typeof packageCode !== 'string' || packageCode === '') && 'packageCode',
  ].filter(Boolean);
  if (missing.length > 0 || typeof iccid !== 'string' || typeof packageCode !== 'string') {
    return fail('MISSING_FIELDS', `Missing field(s): ${missing.join(', ')}`);
  }
  const quantity = body.quantity ?? 1;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > 10) {
    return failWithoutCode(
      400,
      'Invalid quantity',
      `quantity must be a whole number from 1 to 10, got ${JSON.stringify(quantity)}`,
    );
  }
  const found = esimByIccid(ctx.sim.db, iccid);
  if (!found || found.account_id !== ctx.account.id)
    return fail('ESIM_NOT_FOUND', `No eSIM with ICCID ${iccid}`);
  const esim = refreshEsim(ctx.sim, found);
  if (!packageOf(ctx.sim, esim).rechargeable) {
    return fail('TOPUP_NOT_SUPPORTED', 'This eSIM’s package cannot be topped up');
  }
  const refused = notToppable(ctx, esim);
  if (refused) return refused;
  const topUp = compatibleTopUps(ctx, esim).find((t) => t.code === packageCode);
  if (!topUp) {
    return fail(
      'INVALID_TOPUP_PACKAGE',
      `Package ${packageCode} is not a top-up for this eSIM (see GET /topup/packages)`,
    );
  }
  const { db, clock, seed } = ctx.sim;
  const startedAt = performance.now();
  const currency = ctx.account.currency;
  const cost = topUp.cost[currency] * quantity;
  const committed = db.transaction(() => {
    const account = accountById(db, ctx.account.id);
    if (account.balance_minor < cost)
      return { kind: 'insufficient' as const, current: account.balance_minor };
    const now = clock.now();
    const reference = orderReferenceFor(seed, 'topup', nextSerial(db, 'order'), now);
    db.prepare(
      `INSERT INTO orders (reference, account_id, kind, package_code, package_name, quantity, status, amount_minor,
         profit_minor, currency, target_iccid, processing_ms, created_at, updated_at)
       VALUES (?, ?, 'topup', ?, ?, ?, 'completed', ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      reference,
      account.id,
      topUp.code,
      topUp.name,
      quantity,
      cost,
      (topUp.retail[currency] - topUp.cost[currency]) * quantity,
      currency,
      esim.iccid,
      Math.round(performance.now() - startedAt),
      now,
      now,
    );
    const newBalance = post(db, account.id, { kind: 'topup', delta: -cost, orderReference: reference }, now);
    const after = applyTopUp(ctx.sim, esim, topUp.dataGb * 1024 * quantity, topUp.validityDays * quantity);
    return { kind: 'done' as const, reference, newBalance, after };
  })();
  if (committed.kind === 'insufficient') return insufficientBalance(committed.current, cost, currency);
  const { after } = committed;
  const result: TopUpResult = {
    success: true,
    message: 'Top-up completed',
    orderReference: committed.reference,
    iccid: esim.iccid,
    packageName: topUp.name,
    newBalance: amountOf(committed.newBalance, currency),
    currency,
    status: 'completed',
    amount: amountOf(cost, currency),
    profit: amountOf((topUp.retail[currency] - topUp.cost[currency]) * quantity, currency),
    processing_time_ms: Math.round(performance.now() - startedAt),
    esimData: {
      newTotalVolumeGB: round3(after.total_mb / 1024),
      newRemainingVolumeGB: round3((after.total_mb - after.used_mb) / 1024),
      expiredTime: new Date(after.expires_at ?? clock.now()).toISOString(),
    },
  };
  return ok(result);
}

export const topUpRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/topup/packages',
    handler: listTopUps,
    failureText: 'Failed to fetch top-up packages',
  },
  { method: 'POST', path: '/topup/order', handler: orderTopUp },
];
