import { DEFAULT_PAGE_LIMITS, type TopUpPackageListResponse, type TopUpResult } from '../../shared/api';
import { type TopUpPackage, toWireTopUp } from './catalogue';
import type { ApiContext, Route } from './context';
import { nextSerial } from './db';
import { bodyOf } from './esim-lookup';
import { orderReferenceFor } from './identifiers';
import { type AccountRow, accountById, post } from './ledger';
import { applyTopUp, packageOf, refreshEsim, round3 } from './lifecycle';
import { amountOf, insufficientBalance } from './money';
import { isReply, paginate, readPaging } from './paging';
import { type EsimRow, esimByIccid } from './records';
import { fail, failWithoutCode, ok, type Reply } from './replies';
import type { Sim } from './sim';

/**
 * Top-ups: packages compatible with an eSIM (same provider and location), and top-up orders that
 * add volume and validity. The API gives top-ups no idempotency key; a lost answer is the client's
 * to resolve by reading the eSIM again.
 */

const TOPPABLE = new Set(['ACTIVE', 'DEPLETED', 'USED_EXPIRED']);

/** The eligibility rule; the message names the current status. Null when eligible. */
function notToppable(sim: Sim, esim: EsimRow): Reply | null {
  const status = esim.status.toUpperCase();
  if (TOPPABLE.has(status)) return null;
  if (status === 'NEW' && packageOf(sim, esim).provider.ownNetwork) return null;
  const rule =
    status === 'NEW'
      ? 'NEW eSIMs can be topped up only when provided by the service itself'
      : 'only ACTIVE, DEPLETED or USED_EXPIRED eSIMs can be topped up';
  return fail('ESIM_NOT_TOPPABLE', `This eSIM cannot be topped up: its status is ${esim.status} (${rule})`, {
    details: { status: esim.status },
  });
}

function compatibleTopUps(sim: Sim, esim: EsimRow): readonly TopUpPackage[] {
  const pkg = packageOf(sim, esim);
  if (!pkg.rechargeable) return [];
  return sim.catalogue.topUps.filter(
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
  const refused = notToppable(ctx.sim, esim);
  if (refused) return refused;
  const { items, pagination } = paginate(compatibleTopUps(ctx.sim, esim), paging);
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
  const started = performance.now();
  const committed = commitTopUp(ctx.sim, ctx.account, { iccid, packageCode, quantity }, ctx.sim.clock.now());
  if (isReply(committed)) return committed;
  const { after, esim, topUp, cost } = committed;
  const currency = ctx.account.currency;
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
    processing_time_ms: Math.round(performance.now() - started),
    esimData: {
      newTotalVolumeGB: round3(after.total_mb / 1024),
      newRemainingVolumeGB: round3((after.total_mb - after.used_mb) / 1024),
      expiredTime: new Date(after.expires_at ?? ctx.sim.clock.now()).toISOString(),
    },
  };
  return ok(result);
}

/** A top-up charged and applied, its order dated `at` (server clock): what the order route answers with. */
export interface CommittedTopUp {
  readonly reference: string;
  readonly newBalance: number;
  readonly after: EsimRow;
  readonly esim: EsimRow;
  readonly topUp: TopUpPackage;
  /** In minor units of the account currency. */
  readonly cost: number;
}

/**
 * Checks a top-up of one eSIM as the API does (the eSIM the account's, its package rechargeable, its
 * status eligible, the package one of its top-ups), then charges it and applies it in one transaction:
 * the order, the ledger entry and the eSIM's new volume and expiry. The refusal the API gives otherwise.
 */
export function commitTopUp(
  sim: Sim,
  account: AccountRow,
  request: { readonly iccid: string; readonly packageCode: string; readonly quantity: number },
  at: number,
): CommittedTopUp | Reply {
  const { iccid, packageCode, quantity } = request;
  const found = esimByIccid(sim.db, iccid);
  if (!found || found.account_id !== account.id) return fail('ESIM_NOT_FOUND', `No eSIM with ICCID ${iccid}`);
  const esim = refreshEsim(sim, found);
  if (!packageOf(sim, esim).rechargeable) {
    return fail('TOPUP_NOT_SUPPORTED', 'This eSIM’s package cannot be topped up');
  }
  const refused = notToppable(sim, esim);
  if (refused) return refused;
  const topUp = compatibleTopUps(sim, esim).find((t) => t.code === packageCode);
  if (!topUp) {
    return fail(
      'INVALID_TOPUP_PACKAGE',
      `Package ${packageCode} is not a top-up for this eSIM (see GET /topup/packages)`,
    );
  }
  const { db, seed } = sim;
  const startedAt = performance.now();
  const currency = account.currency;
  const cost = topUp.cost[currency] * quantity;
  const committed = db.transaction(() => {
    const current = accountById(db, account.id);
    if (current.balance_minor < cost)
      return { kind: 'insufficient' as const, current: current.balance_minor };
    const reference = orderReferenceFor(seed, 'topup', nextSerial(db, 'order'), at);
    db.prepare(
      `INSERT INTO orders (reference, account_id, kind, package_code, package_name, quantity, status, amount_minor,
         profit_minor, currency, target_iccid, processing_ms, created_at, updated_at)
       VALUES (?, ?, 'topup', ?, ?, ?, 'completed', ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      reference,
      current.id,
      topUp.code,
      topUp.name,
      quantity,
      cost,
      (topUp.retail[currency] - topUp.cost[currency]) * quantity,
      currency,
      esim.iccid,
      Math.round(performance.now() - startedAt),
      at,
      at,
    );
    const newBalance = post(db, current.id, { kind: 'topup', delta: -cost, orderReference: reference }, at);
    const after = applyTopUp(sim, esim, topUp.dataGb * 1024 * quantity, topUp.validityDays * quantity);
    return { kind: 'done' as const, reference, newBalance, after };
  })();
  if (committed.kind === 'insufficient') return insufficientBalance(committed.current, cost, currency);
  return {
    reference: committed.reference,
    newBalance: committed.newBalance,
    after: committed.after,
    esim,
    topUp,
    cost,
  };
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
