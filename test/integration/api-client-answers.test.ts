import { describe, expect, it } from 'vitest';
import { createResellerClient, type ResellerClient } from '../../electron/core/api/client';
import { money } from '../../shared/money';
import {
  apiPackage,
  completedOrder,
  esimItem,
  failureOf,
  type Reply,
  serverPerTest,
  TEST_CREDENTIALS,
} from './api-test-server';

// How the client reads every kind of answer, tidy or not, from a real HTTP server on 127.0.0.1.
const server = serverPerTest();

function clientFor(reply: (index: number) => Reply, readMs = 2_000): Promise<ResellerClient> {
  return server.client((_request, index) => reply(index), { timeouts: { readMs, writeMs: readMs } });
}

const order = {
  packageCode: 'TR_1GB_7D',
  expectedCost: money(1245, 'USD'),
  idempotencyKey: 'sale-0001',
} as const;

describe('successful answers', () => {
  it('converts a completed order once, to Money and hand-over eSIMs, keeping the raw text', async () => {
    const body = completedOrder({ unexpected_extra: { nested: true } });
    const client = await clientFor(() => ({ kind: 'json', body }));
    const result = await client.createOrder(order);
    expect(result.kind).toBe('completed');
    if (result.kind !== 'completed') return;
    expect(result.cost).toEqual({ amount: 1245, currency: 'USD' });
    expect(result.newBalance).toEqual({ amount: 48755, currency: 'USD' });
    expect(result.profit).toEqual({ amount: 210, currency: 'USD' });
    expect(result.esims[0]).toMatchObject({
      iccid: '8988247000100000015',
      smdpAddress: 'smdp.example.net',
      activationCode: 'ACT-CODE-0001',
      totalVolumeBytes: 1073741824,
      validityDays: 7,
    });
    expect(result.raw).toBe(JSON.stringify(body));
    expect(result.attempts).toBe(1);
    expect(client.status().currency).toBe('USD');
  });

  it('reads IQD amounts as whole dinars', async () => {
    const client = await clientFor(() => ({
      kind: 'json',
      body: completedOrder({
        currency: 'IQD',
        final_price: 16500,
        amount: 16500,
        profit: 1500,
        newBalance: 983500,
      }),
    }));
    const result = await client.createOrder(order);
    expect(result.kind === 'completed' && result.cost).toEqual({ amount: 16500, currency: 'IQD' });
  });

  it('accepts a pending order with an empty eSIM list', async () => {
    const client = await clientFor(() => ({
      kind: 'json',
      body: {
        success: true,
        message: 'Order is being processed',
        orderReference: 'ORD-2002',
        packageName: 'Japan 3GB',
        status: 'pending_details',
        amount: 9.5,
        isPending: true,
        esims: [],
      },
    }));
    const result = await client.createOrder(order);
    expect(result).toMatchObject({ kind: 'pending', orderReference: 'ORD-2002', cost: null });
  });

  it('accepts a pending order with placeholder eSIMs marked PENDING, priced in the account currency', async () => {
    let index = 0;
    const client = await clientFor(() =>
      index++ === 0
        ? { kind: 'json', body: { success: true, data: { balance: 50000, currency: 'IQD' } } }
        : {
            kind: 'json',
            body: {
              success: true,
              message: 'Pending',
              orderReference: 'ORD-2003',
              packageName: 'Japan 3GB',
              status: 'pending_details',
              amount: 12000,
              isPending: true,
              esims: [{ iccid: null, status: 'PENDING', isPending: true, lpaString: '' }],
            },
          },
    );
    await client.getBalance();
    const result = await client.createOrder(order);
    expect(result).toMatchObject({ kind: 'pending', cost: { amount: 12000, currency: 'IQD' } });
  });

  it('recognises an idempotent replay', async () => {
    const client = await clientFor(() => ({
      kind: 'json',
      body: {
        success: true,
        message: 'Duplicate order',
        duplicate: true,
        orderReference: 'ORD-1001',
        esimId: 501,
        packageName: 'Turkey 1GB 7 days',
        status: 'completed',
        esims: [esimItem()],
      },
    }));
    const result = await client.createOrder(order);
    expect(result).toMatchObject({ kind: 'replay', orderReference: 'ORD-1001', esimId: 501 });
  });

  it('reads a package page, keeping codes verbatim and countries upper case', async () => {
    const client = await clientFor(() => ({
      kind: 'json',
      body: {
        success: true,
        data: {
          packages: [apiPackage({ package_code: '  odd code/1 ', is_unlimited: true })],
          pagination: { page: 1, limit: 50, total: 1, total_pages: 1 },
        },
      },
    }));
    const page = await client.listPackages({ page: 1, limit: 50 });
    expect(page.packages[0]).toMatchObject({
      code: '  odd code/1 ',
      countries: ['TR'],
      dataGb: null,
      isUnlimited: true,
      cost: { amount: 110, currency: 'USD' },
    });
    expect(server.requests[0]?.url).toBe('/api/v1/business/esims/packages?page=1&limit=50');
  });

  it('shows a pending order status without eSIM details, and a provisioned one with them', async () => {
    const record = (esim: Record<string, unknown>): Reply => ({
      kind: 'json',
      body: {
        success: true,
        order: {
          id: 7,
          packageName: 'Japan 3GB',
          packageCode: 'JP_3GB',
          status: 'pending_details',
          orderReference: 'ORD-2002',
          paymentMethod: 'balance',
          paymentStatus: 'paid',
          amount: 9.5,
          finalPrice: 9.5,
          orderDate: '2025-06-01 10:00:00',
          esim: {
            iccid: null,
            status: null,
            imsi: null,
            msisdn: null,
            sim_status: null,
            esim_status: null,
            profile_status: null,
            qrCodeUrl: null,
            directAppleInstallUrl: null,
            lpaString: null,
            isPending: true,
            unlimited: false,
            totalVolume: null,
            totalDuration: null,
            expiredTime: null,
            ...esim,
          },
        },
      },
    });
    let index = 0;
    const client = await clientFor(() =>
      index++ === 0
        ? record({})
        : record({ iccid: '8988247000100000023', lpaString: 'LPA:1$smdp.example.net$X1', isPending: false }),
    );
    const pending = await client.getOrder('ORD-2002');
    expect(pending).toMatchObject({ pending: true, esim: null, orderDate: '2025-06-01T10:00:00.000Z' });
    const done = await client.getOrder('ORD-2002');
    expect(done).toMatchObject({
      pending: false,
      esim: { iccid: '8988247000100000023', activationCode: 'X1' },
    });
    expect(server.requests[0]?.url).toBe('/api/v1/business/esims/order?orderReference=ORD-2002');
  });
});

describe('error answers', () => {
  it('reads an error body without `success` by its code, as rejected', async () => {
    const client = await clientFor(() => ({
      kind: 'json',
      status: 400,
      body: { error: 'Invalid package', code: 'INVALID_PACKAGE' },
    }));
    const failure = await failureOf(client.createOrder(order));
    expect(failure).toMatchObject({ code: 'INVALID_PACKAGE', outcome: 'rejected', status: 400 });
    expect(failure.toPosError().details).toMatchObject({
      apiMessage: 'Invalid package',
      outcome: 'rejected',
    });
    expect(server.requests.length).toBe(1);
  });

  it('gives INSUFFICIENT_BALANCE amounts as Money in the account currency', async () => {
    const client = await clientFor((index) =>
      index === 0
        ? {
            kind: 'json',
            status: 400,
            body: {
              success: false,
              code: 'INSUFFICIENT_BALANCE',
              message: 'Insufficient balance',
              currentBalance: 3.5,
              requiredBalance: 12.45,
              needToLoad: 8.95,
            },
          }
        : { kind: 'json', body: { success: true, data: { balance: 3.5, currency: 'USD' } } },
    );
    const failure = await failureOf(client.createOrder(order));
    expect(failure.code).toBe('INSUFFICIENT_BALANCE');
    expect(failure.outcome).toBe('rejected');
    expect(failure.details).toMatchObject({
      currentBalance: { amount: 350, currency: 'USD' },
      requiredBalance: { amount: 1245, currency: 'USD' },
      needToLoad: { amount: 895, currency: 'USD' },
    });
  });

  it('maps a 401 without a code to UNAUTHENTICATED and a bare 404 to the endpoint’s meaning', async () => {
    const client = await clientFor((index) =>
      index === 0
        ? { kind: 'json', status: 401, body: { success: false, error: 'Use a bearer token or HMAC' } }
        : { kind: 'json', status: 404, body: { success: false, error: 'Not found' } },
    );
    expect((await failureOf(client.getBalance())).code).toBe('UNAUTHENTICATED');
    expect((await failureOf(client.getBalance())).code).toBe('USER_NOT_FOUND');
    expect((await failureOf(client.getOrder('ORD-404'))).code).toBe('ORDER_NOT_FOUND');
  });

  it('keeps an unknown API code as API_ERROR with the code in details', async () => {
    const client = await clientFor(() => ({
      kind: 'json',
      status: 400,
      body: { success: false, code: 'NEW_THING' },
    }));
    const failure = await failureOf(client.getBalance());
    expect(failure).toMatchObject({ code: 'API_ERROR', outcome: 'rejected' });
    expect(failure.details).toMatchObject({ apiCode: 'NEW_THING' });
  });

  it('treats a 409 DUPLICATE_REQUEST on an order as outcome unknown: the first attempt may complete', async () => {
    const client = await clientFor(() => ({
      kind: 'json',
      status: 409,
      body: { success: false, code: 'DUPLICATE_REQUEST', message: 'in flight' },
    }));
    const failure = await failureOf(client.createOrder(order));
    expect(failure).toMatchObject({ code: 'DUPLICATE_REQUEST', outcome: 'unknown' });
  });

  it('names a missing or mistyped field as BAD_RESPONSE', async () => {
    const missing = completedOrder();
    delete missing.orderReference;
    const client = await clientFor((index) =>
      index === 0
        ? { kind: 'json', body: missing }
        : { kind: 'json', body: completedOrder({ esims: [esimItem({ iccid: 42 })] }) },
    );
    const first = await failureOf(client.createOrder(order));
    expect(first).toMatchObject({ code: 'BAD_RESPONSE', outcome: 'unknown' });
    expect(first.details).toMatchObject({ field: 'orderReference' });
    expect(first.message).toContain('orderReference');
    expect(first.raw).toBe(JSON.stringify(missing));
    const second = await failureOf(client.createOrder(order));
    expect(second.details).toMatchObject({ field: 'esims.0.iccid' });
  });

  it('names a broken LPA string when nothing else in the answer installs the eSIM', async () => {
    const client = await clientFor(() => ({
      kind: 'json',
      body: completedOrder({ esims: [esimItem({ lpaString: 'LPA:1$$', directAppleInstallUrl: null })] }),
    }));
    const failure = await failureOf(client.createOrder(order));
    expect(failure.details).toMatchObject({ field: 'esims.0.lpaString' });
  });

  it("hands over the LPA the provider's install link carries when the stated one is broken", async () => {
    const client = await clientFor(() => ({
      kind: 'json',
      body: completedOrder({ esims: [esimItem({ lpaString: 'LPA:1$$' })] }),
    }));
    const result = await client.createOrder(order);
    expect(result).toMatchObject({ kind: 'completed' });
    expect(result.kind === 'completed' && result.esims[0]?.lpa).toBe('LPA:1$smdp.example.net$ACT-CODE-0001');
  });

  it('reads a 200 that is not JSON as BAD_RESPONSE, outcome unknown', async () => {
    const client = await clientFor(() => ({ kind: 'text', text: '<html>maintenance</html>' }));
    const failure = await failureOf(client.getBalance());
    expect(failure).toMatchObject({ code: 'BAD_RESPONSE', outcome: 'unknown', status: 200 });
  });
});

describe('network trouble', () => {
  it('reports no connection as OFFLINE, and certain the request was not performed', async () => {
    const { baseUrl } = await server.start(() => ({ kind: 'hang' }));
    await server.close();
    const client = createResellerClient({ baseUrl, credentials: () => TEST_CREDENTIALS });
    const failure = await failureOf(client.createOrder(order));
    expect(failure).toMatchObject({ code: 'OFFLINE', outcome: 'rejected', kind: 'unreachable' });
    expect(client.status().connection).toBe('offline');
  });

  it('re-sends an order once after a dropped connection, same body and key, new request id', async () => {
    const client = await clientFor((index) =>
      index === 0 ? { kind: 'drop' } : { kind: 'json', body: completedOrder() },
    );
    const sends: string[] = [];
    const result = await client.createOrder(order, { onSend: (_attempt, id) => sends.push(id) });
    expect(result.attempts).toBe(2);
    const [first, second] = server.requests ?? [];
    expect(second?.body).toBe(first?.body);
    expect(JSON.parse(second?.body ?? '{}').idempotency_key).toBe('sale-0001');
    expect(second?.headers['rt-requestid']).not.toBe(first?.headers['rt-requestid']);
    expect(sends).toEqual([first?.headers['rt-requestid'], second?.headers['rt-requestid']]);
  });

  it('re-sends an order only once: a second timeout is outcome unknown', async () => {
    const client = await clientFor(() => ({ kind: 'hang' }), 300);
    const failure = await failureOf(client.createOrder(order));
    expect(failure).toMatchObject({ code: 'TIMEOUT', outcome: 'unknown' });
    expect(server.requests.length).toBe(2);
  });

  it("re-sends an order once after the provider's ORDER_PROCESSING_ERROR, which charged nothing: refused for certain", async () => {
    const client = await clientFor(() => ({
      kind: 'json',
      status: 500,
      body: { success: false, code: 'ORDER_PROCESSING_ERROR', error: 'Order failed' },
    }));
    const failure = await failureOf(client.createOrder(order));
    expect(failure).toMatchObject({ code: 'ORDER_PROCESSING_ERROR', outcome: 'rejected', kind: 'server' });
    expect(server.requests.length).toBe(2);
  });

  it('reports a 5xx that is not the provider’s ORDER_PROCESSING_ERROR as outcome unknown, whatever follows', async () => {
    const client = await clientFor((index) =>
      index === 0
        ? { kind: 'json', status: 502, body: { success: false, error: 'Bad gateway' } }
        : {
            kind: 'json',
            status: 500,
            body: { success: false, code: 'ORDER_PROCESSING_ERROR', error: 'Order failed' },
          },
    );
    const failure = await failureOf(client.createOrder(order));
    expect(failure).toMatchObject({ outcome: 'unknown', kind: 'server', status: 502 });
    expect(server.requests.length).toBe(2);
  });

  it('reads a body cut off mid-way as dropped, outcome unknown, and re-sends the order', async () => {
    const client = await clientFor((index) =>
      index === 0
        ? { kind: 'truncate', text: '{"success":true,"orderRef' }
        : { kind: 'json', body: completedOrder() },
    );
    const result = await client.createOrder(order);
    expect(result.attempts).toBe(2);
  });

  it('times out a read whose server stalls after the headers', async () => {
    const client = await clientFor(() => ({ kind: 'stall', text: '{"success":' }), 300);
    const failure = await failureOf(client.getBalance());
    expect(failure).toMatchObject({ code: 'TIMEOUT', outcome: 'unknown', status: 200 });
    expect(failure.details).toMatchObject({ phase: 'body' });
  });
});
