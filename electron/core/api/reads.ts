import type { EsimStatus, PackageType } from '../../../shared/api/common';
import type { EsimDetails } from '../../../shared/domain/esim';
import type { TopUpOption } from '../../../shared/domain/topup';
import type { ErrorCode } from '../../../shared/errors';
import type { Money } from '../../../shared/money';
import type { PosOutput, PosParsedInput } from '../../../shared/pos-api';
import { PosFailure } from '../pos/failure';
import { ApiFailure } from './api-failure';
import type { ResellerClient } from './client';

/**
 * The core side of the PosApi reads the counter and the eSIM-care screens use: each takes the client
 * and answers in the contract's domain shapes.
 */

/** The shop's selling price for a provider cost; pricing rules live outside the client. */
export type PriceOf = (
  cost: Money,
  pkg: { readonly code: string; readonly type?: PackageType; readonly region?: string },
) => Money;

/** Top-up eligibility: these statuses may be topped up; NEW only for the service's own eSIMs, which the API decides. */
const TOPPABLE: ReadonlySet<EsimStatus> = new Set(['ACTIVE', 'DEPLETED', 'USED_EXPIRED']);
const NOT_TOPPABLE_CODES: ReadonlySet<ErrorCode> = new Set(['ESIM_NOT_TOPPABLE', 'TOPUP_NOT_SUPPORTED']);
/** An ICCID search names one eSIM; a few rows is plenty. */
const LOOKUP_LIMIT = 10;
/** Top-up packages for one eSIM are few; this bounds paging all the same. */
const TOPUP_PAGES_MAX = 5;

/** PosApi lookupEsim: the eSIM with exactly this ICCID, its usage and whether it can be topped up now. */
export async function lookupEsim(client: ResellerClient, iccid: string): Promise<EsimDetails> {
  const page = await client.listEsims({ search: iccid, limit: LOOKUP_LIMIT, status: 'all' });
  const esim = page.esims.find((candidate) => candidate.iccid === iccid);
  if (!esim) {
    throw new PosFailure('ESIM_NOT_FOUND', 'This account has no eSIM with that ICCID. Check the number.', {
      iccid,
    });
  }
  const reason = await notToppableReason(client, iccid, esim.statusCode);
  // What the provider left out stays unknown (null); the top-up decision rests on the status and the API alone.
  return {
    iccid: esim.iccid,
    packageName: esim.packageName ?? esim.packageCode,
    packageCode: esim.packageCode,
    status: esim.status,
    unlimited: esim.data.unlimited,
    totalMb: esim.data.totalMb,
    usedMb: esim.data.usedMb,
    remainingMb: esim.data.remainingMb,
    usagePercent: esim.data.usagePercent,
    validityDays: esim.validity.days,
    activatedAt: esim.validity.activatedAt,
    expiresAt: esim.validity.expiresAt,
    expired: esim.validity.expired,
    toppable: reason === null,
    notToppableReason: reason,
  };
}

/**
 * Whether the top-up rule allows this eSIM now. A NEW eSIM may be topped up only if the service
 * provides it itself, which the list does not say: the API's own answer for its top-up packages does.
 * So does an eSIM whose status the list leaves out or gives as a value the API does not list: the
 * counter does not refuse a top-up on what it was not told.
 */
async function notToppableReason(
  client: ResellerClient,
  iccid: string,
  status: EsimStatus | null,
): Promise<ErrorCode | null> {
  if (status !== null && TOPPABLE.has(status)) return null;
  if (status !== null && status !== 'NEW') return 'ESIM_NOT_TOPPABLE';
  try {
    await client.listTopUpPackages({ iccid, limit: 1 });
    return null;
  } catch (error) {
    if (error instanceof ApiFailure && NOT_TOPPABLE_CODES.has(error.code)) return error.code;
    throw error;
  }
}

/** A top-up package with the provider's cost, as the core reads it before any caller is answered. */
export type PricedTopUp = TopUpOption & { readonly cost: Money };

/** PosApi listTopUpPackages: every top-up package the API offers for this eSIM, with the shop's price. */
export async function listTopUpOptions(
  client: ResellerClient,
  iccid: string,
  price: PriceOf,
): Promise<{ packages: PricedTopUp[] }> {
  const packages: PricedTopUp[] = [];
  for (let page = 1, more = true; more && page <= TOPUP_PAGES_MAX; page += 1) {
    const result = await client.listTopUpPackages({ iccid, page, limit: 100 });
    for (const pkg of result.packages) packages.push({ ...pkg, retail: price(pkg.cost, { code: pkg.code }) });
    more = result.pagination.hasMore;
  }
  return { packages };
}

/** PosApi listOrders: one page of the provider's own order list. */
export async function listProviderOrders(
  client: ResellerClient,
  input: PosParsedInput<'listOrders'>,
): Promise<PosOutput<'listOrders'>> {
  const page = await client.listOrders({
    page: input.page,
    limit: input.limit,
    status: input.status,
    ...(input.from === undefined ? {} : { from_date: input.from }),
    ...(input.to === undefined ? {} : { to_date: input.to }),
    ...(input.search === undefined ? {} : { search: input.search }),
  });
  const { pagination } = page;
  return {
    orders: [...page.orders],
    // Where the provider does not say, what this page shows: its orders, and one page more if it was full.
    totalOrders: page.totalOrders ?? page.orders.length + page.skipped,
    totalPages: pagination.totalPages ?? (pagination.hasMore ? pagination.page + 1 : pagination.page),
    page: pagination.page,
  };
}
