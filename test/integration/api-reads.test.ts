import { describe, expect, it } from 'vitest';
import type { ResellerClient } from '../../electron/core/api/client';
import {
  listProviderOrders,
  listTopUpOptions,
  lookupEsim,
  type PriceOf,
} from '../../electron/core/api/reads';
import { type Money, minor } from '../../shared/money';
import { esimListItem, type ReceivedRequest, type Reply, serverPerTest } from './api-test-server';

// The PosApi reads the counter uses, in the contract's domain shapes.
const server = serverPerTest();

function clientOf(reply: (request: ReceivedRequest) => Reply): Promise<ResellerClient> {
  return server.client(reply);
}

const ICCID = '8988247000100000015';
const pathOf = (request: ReceivedRequest): string =>
  new URL(request.url, 'http://x').pathname.replace('/api/v1/business', '');

function esimList(status: string, iccid = ICCID): Reply {
  return {
    kind: 'json',
    body: {
      success: true,
      data: {
        esims: [
          esimListItem({
            iccid,
            status,
            data: {
              total_mb: 1024,
              used_mb: 1000,
              remaining_mb: 24,
              usage_percentage: 97.66,
              is_unlimited: false,
            },
          }),
        ],
        pagination: { page: 1, limit: 10, total: 1, total_pages: 1 },
      },
    },
  };
}

function topUpPage(page: number, totalPages: number, codes: string[]): Reply {
  return {
    kind: 'json',
    body: {
      success: true,
      data: {
        packages: codes.map((code) => ({
          package_code: code,
          name: code,
          data_amount_gb: 1,
          validity_days: 7,
          cost: 4.2,
          currency: 'USD',
          features: { is_rechargeable: true },
          is_unlimited: false,
        })),
        pagination: { page, limit: 100, total: codes.length * totalPages, total_pages: totalPages },
      },
    },
  };
}

const notToppable: Reply = {
  kind: 'json',
  status: 400,
  body: { success: false, code: 'ESIM_NOT_TOPPABLE', message: 'eSIM status is NEW' },
};

describe('lookupEsim', () => {
  it('shows usage and validity, and an ACTIVE eSIM as toppable without asking further', async () => {
    const client = await clientOf(() => esimList('Active'));
    const details = await lookupEsim(client, ICCID);
    expect(details).toEqual({
      iccid: ICCID,
      packageName: 'Turkey 1GB',
      packageCode: 'TR_1GB_7D',
      status: 'Active',
      unlimited: false,
      totalMb: 1024,
      usedMb: 1000,
      remainingMb: 24,
      usagePercent: 97.66,
      validityDays: 7,
      activatedAt: '2025-06-01T10:00:00.000Z',
      expiresAt: '2025-06-08T10:00:00.000Z',
      expired: false,
      toppable: true,
      notToppableReason: null,
    });
    expect(server.requests.map(pathOf)).toEqual(['/esims']);
  });

  it('asks the API whether a NEW eSIM may be topped up (only the service’s own may)', async () => {
    const client = await clientOf((request) =>
      pathOf(request) === '/esims' ? esimList('NEW') : notToppable,
    );
    const details = await lookupEsim(client, ICCID);
    expect(details).toMatchObject({ toppable: false, notToppableReason: 'ESIM_NOT_TOPPABLE' });
    expect(server.requests.map(pathOf)).toEqual(['/esims', '/topup/packages']);

    await server.close();
    const own = await clientOf((request) =>
      pathOf(request) === '/esims' ? esimList('NEW') : topUpPage(1, 1, ['T1']),
    );
    expect(await lookupEsim(own, ICCID)).toMatchObject({ toppable: true, notToppableReason: null });
  });

  it('refuses statuses the top-up rule excludes', async () => {
    const client = await clientOf(() => esimList('EXPIRED'));
    expect(await lookupEsim(client, ICCID)).toMatchObject({
      toppable: false,
      notToppableReason: 'ESIM_NOT_TOPPABLE',
    });
    expect(server.requests.length).toBe(1);
  });

  it('gives what the provider left out as null, never as nothing used or not expired', async () => {
    const client = await clientOf(() => ({
      kind: 'json',
      body: {
        success: true,
        data: { esims: [{ iccid: ICCID, status: 'ACTIVE', data: { used_mb: 300 } }] },
      },
    }));
    expect(await lookupEsim(client, ICCID)).toEqual({
      iccid: ICCID,
      packageName: null,
      packageCode: null,
      status: 'ACTIVE',
      unlimited: null,
      totalMb: null,
      usedMb: 300,
      remainingMb: null,
      usagePercent: null,
      validityDays: null,
      activatedAt: null,
      expiresAt: null,
      expired: null,
      toppable: true,
      notToppableReason: null,
    });
  });

  it('says ESIM_NOT_FOUND when the search finds only other eSIMs', async () => {
    const client = await clientOf(() => esimList('ACTIVE', '8988247000100000023'));
    await expect(lookupEsim(client, ICCID)).rejects.toMatchObject({ code: 'ESIM_NOT_FOUND' });
  });
});

describe('listTopUpOptions', () => {
  it('pages through every option and prices each with the shop’s rule', async () => {
    const client = await clientOf((request) => {
      const page = Number(new URL(request.url, 'http://x').searchParams.get('page'));
      return topUpPage(page, 2, [`T${page}`]);
    });
    const seen: string[] = [];
    const price: PriceOf = (cost, pkg) => {
      seen.push(pkg.code);
      return { amount: minor(cost.amount + 100), currency: cost.currency } satisfies Money;
    };
    const { packages } = await listTopUpOptions(client, ICCID, price);
    expect(packages.map((option) => [option.code, option.cost.amount, option.retail.amount])).toEqual([
      ['T1', 420, 520],
      ['T2', 420, 520],
    ]);
    expect(seen).toEqual(['T1', 'T2']);
  });
});

describe('listProviderOrders', () => {
  it('passes the filter on and answers one page in the contract’s shape', async () => {
    const client = await clientOf(() => ({
      kind: 'json',
      body: {
        success: true,
        data: {
          orders: [],
          summary: { total_orders: 41, total_revenue: 0 },
          pagination: { page: 3, limit: 20, total: 41, total_pages: 3 },
        },
      },
    }));
    const result = await listProviderOrders(client, {
      page: 3,
      limit: 20,
      status: 'completed',
      from: '2025-06-01T00:00:00Z',
      search: 'ORD',
    });
    expect(result).toEqual({ orders: [], totalOrders: 41, totalPages: 3, page: 3 });
    expect(new URL(server.requests[0]?.url ?? '', 'http://x').search).toBe(
      '?page=3&limit=20&status=completed&from_date=2025-06-01T00%3A00%3A00Z&search=ORD',
    );
  });
});
