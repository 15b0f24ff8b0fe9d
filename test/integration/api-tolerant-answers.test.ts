import { describe, expect, it, onTestFinished } from 'vitest';
import { createResellerClient, type ResellerClient } from '../../electron/core/api/client';
import { recoverEsims } from '../../electron/core/api/esim-recovery';
import { lookupEsim } from '../../electron/core/api/reads';
import { startSimulator } from '../../electron/simulator/index';
import { withCheckDigit } from '../../shared/iccid';
import { money } from '../../shared/money';
import { failureOf, type ReceivedRequest, type Reply, serverPerTest } from './api-test-server';

// A provider that answers like its description's own examples rather than like our simulator: keys
// left out, amounts as decimal text, enum values nobody listed, nulls, objects where text was
// described, dates for people. The client requires only what money and the hand-over need.
const server = serverPerTest();

const LPA = 'LPA:1$smdp.example.net$ACT-0001';
const ICCID = '8988247000100000015';
/** An ICCID as a provider issued it, whose last digit is not the Luhn check digit of the others. */
const ODD_ICCID = `${withCheckDigit('898824700010000002').slice(0, -1)}${(Number(withCheckDigit('898824700010000002').at(-1)) + 1) % 10}`;
const order = { packageCode: 'TR_1GB_7D', expectedCost: money(1250, 'USD'), idempotencyKey: 'sale-1' };
const balance = { success: true, data: { balance: '487.55', currency: 'USD' } };

/** A server answering each path with its own reply (the balance by default). */
function routes(answers: Readonly<Record<string, unknown>>): (request: ReceivedRequest) => Reply {
  return (request) => {
    const path = new URL(request.url, 'http://x').pathname.replace('/api/v1/business', '');
    const body = answers[`${request.method} ${path}`] ?? (path === '/balance' ? balance : undefined);
    if (body === undefined) return { kind: 'json', status: 404, body: { success: false, error: 'no route' } };
    return { kind: 'json', body };
  };
}

function clientOf(answers: Readonly<Record<string, unknown>>): Promise<ResellerClient> {
  return server.client(routes(answers));
}

const paths = (): string[] => server.requests.map((request) => `${request.method} ${request.url}`);

describe('orders answered with only what money and the hand-over need', () => {
  it('completes an order that gives only its reference, the charge as text, and each eSIM’s ICCID and LPA', async () => {
    const body = {
      success: true,
      orderReference: 'ORD-1',
      final_price: '12.50',
      currency: 'USD',
      esims: [{ iccid: ICCID, lpaString: LPA }],
    };
    const client = await clientOf({ 'POST /esims/order': body });
    const result = await client.createOrder(order);
    expect(result).toMatchObject({
      kind: 'completed',
      orderReference: 'ORD-1',
      cost: { amount: 1250, currency: 'USD' },
      newBalance: null,
      packageName: null,
      esimId: null,
    });
    if (result.kind !== 'completed') return;
    expect(result.esims).toEqual([
      {
        iccid: ICCID,
        lpa: LPA,
        smdpAddress: 'smdp.example.net',
        activationCode: 'ACT-0001',
        appleInstallUrl: null,
        androidInstallUrl: null,
        status: null,
        totalVolumeBytes: null,
        validityDays: null,
        expiresAt: null,
      },
    ]);
    expect(result.raw).toBe(JSON.stringify(body));
  });

  it('hands the eSIMs over when the answer does not say what was charged: the cost is then unknown', async () => {
    const client = await clientOf({
      'POST /esims/order': {
        success: true,
        orderReference: 'ORD-2',
        esims: [{ iccid: ICCID, lpaString: LPA }],
      },
    });
    const result = await client.createOrder(order);
    expect(result).toMatchObject({ kind: 'completed', cost: null, esims: [{ iccid: ICCID, lpa: LPA }] });
    // No amount to convert: no balance read either.
    expect(paths()).toEqual(['POST /api/v1/business/esims/order']);
  });

  it('builds the LPA from an SM-DP+ address and activation code', async () => {
    const client = await clientOf({
      'POST /esims/order': {
        success: true,
        orderReference: 'ORD-3',
        esims: [{ iccid: ICCID, smdp_address: 'smdp.example.net', activation_code: 'ACT-0002' }],
      },
    });
    const result = await client.createOrder(order);
    expect(result.kind === 'completed' && result.esims[0]?.lpa).toBe('LPA:1$smdp.example.net$ACT-0002');
  });

  it('reads every informational field tolerantly: text amounts, unknown values, nulls, objects, human dates', async () => {
    const client = await clientOf({
      'POST /esims/order': {
        success: true,
        message: { text: 'done' },
        orderReference: 'ORD-4',
        esimId: '501',
        packageName: null,
        newBalance: '487.55',
        currency: 'usd',
        paymentMethod: 'wallet',
        status: 'COMPLETED_OK',
        amount: '12.50',
        profit: null,
        final_price: '12.50',
        processing_time_ms: '840ms',
        esims: [
          {
            iccid: ICCID,
            lpaString: LPA,
            qrCodeUrl: { url: 'x' },
            status: 'Provisioned',
            imsi: 12345,
            esim_status: { code: 'new' },
            unlimited: 'no',
            total_volume: '1073741824',
            total_duration: '7',
            expired_time: 'February 13, 2026 at 11:27 PM',
            isPending: 'false',
          },
        ],
      },
    });
    const result = await client.createOrder(order);
    expect(result).toMatchObject({
      kind: 'completed',
      esimId: 501,
      message: null,
      cost: { amount: 1250, currency: 'USD' },
      newBalance: { amount: 48755, currency: 'USD' },
      profit: null,
      esims: [
        {
          status: 'Provisioned',
          totalVolumeBytes: 1073741824,
          validityDays: 7,
          // A date written for people is read as the description's UTC.
          expiresAt: '2026-02-13T23:27:00.000Z',
        },
      ],
    });
  });

  it('reads amounts given as decimal text exactly, in IQD and in USD', async () => {
    let index = 0;
    const answers = [
      { final_price: '12500', currency: 'IQD' },
      { final_price: '0.29', currency: 'USD' },
      { final_price: '1234567.89', currency: 'USD' },
    ];
    const client = await server.client(() => ({
      kind: 'json',
      body: {
        success: true,
        orderReference: `ORD-${index}`,
        esims: [{ iccid: ICCID, lpaString: LPA }],
        ...answers[index++],
      },
    }));
    const costs = [];
    for (const _ of answers) {
      const result = await client.createOrder(order);
      costs.push(result.cost);
    }
    expect(costs).toEqual([money(12500, 'IQD'), money(29, 'USD'), money(123456789, 'USD')]);
  });

  it('accepts the ICCID the provider issued whatever its check digit, and a 22-digit one', async () => {
    const long = '8988247000100000012345';
    const client = await clientOf({
      'POST /esims/order': {
        success: true,
        orderReference: 'ORD-5',
        esims: [
          { iccid: ODD_ICCID, lpaString: LPA },
          { iccid: long, lpaString: 'LPA:1$smdp.example.net$ACT-0003' },
        ],
      },
    });
    const result = await client.createOrder({ ...order, quantity: 2 });
    expect(result.kind === 'completed' && result.esims.map((esim) => esim.iccid)).toEqual([ODD_ICCID, long]);
  });

  it('still answers BAD_RESPONSE naming the field when the reference, an ICCID or an LPA is missing, keeping the answer', async () => {
    const noReference = { success: true, final_price: 12.5, esims: [{ iccid: ICCID, lpaString: LPA }] };
    const noLpa = { success: true, orderReference: 'ORD-6', esims: [{ iccid: ICCID, qrCodeUrl: 'x' }] };
    const noIccid = { success: true, orderReference: 'ORD-7', esims: [{ iccid: 'PENDING', lpaString: LPA }] };
    const noEsims = { success: true, orderReference: 'ORD-8', status: 'completed' };
    // A JSON number cannot hold an ICCID's digits: 8988247000100000015 arrives as 8988247000100000000.
    const numberIccid = `{"success":true,"orderReference":"ORD-9","esims":[{"iccid":8988247000100000015,"lpaString":"${LPA}"}]}`;
    for (const [body, field] of [
      [noReference, 'orderReference'],
      [noLpa, 'esims.0.lpaString'],
      [noIccid, 'esims.0.iccid'],
      [JSON.parse(numberIccid) as unknown, 'esims.0.iccid'],
      [noEsims, 'esims'],
    ] as const) {
      const client = await clientOf({ 'POST /esims/order': body });
      const failure = await failureOf(client.createOrder(order));
      expect(failure).toMatchObject({ code: 'BAD_RESPONSE', outcome: 'unknown' });
      expect(failure.details).toMatchObject({ field });
      expect(failure.message).toContain(field);
      expect(failure.raw).toBe(JSON.stringify(body));
    }
  });

  it('lets the sale path recover the eSIMs from an answer it could not read', async () => {
    const unreadable = {
      success: true,
      orderReference: { id: 'ORD-9' },
      lpaString: LPA,
      esims: [{ iccid: ICCID, lpaString: LPA }],
    };
    const client = await clientOf({ 'POST /esims/order': unreadable });
    const failure = await failureOf(client.createOrder(order));
    expect(failure.details).toMatchObject({ field: 'orderReference' });
    expect(recoverEsims(failure.raw ?? '')).toEqual([
      { iccid: ICCID, lpa: LPA, smdpAddress: 'smdp.example.net', activationCode: 'ACT-0001' },
    ]);
  });

  it('reads a terse pending result and prices it in the account currency it reads itself', async () => {
    const client = await clientOf({
      'POST /esims/order': {
        success: true,
        orderReference: 'ORD-10',
        status: 'pending_details',
        amount: '9.50',
      },
    });
    const result = await client.createOrder(order);
    expect(result).toMatchObject({ kind: 'pending', orderReference: 'ORD-10', cost: money(950, 'USD') });
    expect(paths()).toEqual(['POST /api/v1/business/esims/order', 'GET /api/v1/business/balance']);
  });

  it('reads an answer with only its reference as a pending order, whose eSIMs follow', async () => {
    for (const body of [
      { success: true, orderReference: 'ORD-12' },
      { success: true, orderReference: 'ORD-12', esims: [] },
      { success: true, orderReference: 'ORD-12', esims: null, status: 'processing' },
    ]) {
      const client = await clientOf({ 'POST /esims/order': body });
      expect(await client.createOrder(order)).toMatchObject({
        kind: 'pending',
        orderReference: 'ORD-12',
        cost: null,
        duplicate: false,
      });
    }
  });

  it('reads a terse replay, whose charge the answer does not give', async () => {
    const client = await clientOf({
      'POST /esims/order': {
        success: true,
        duplicate: true,
        orderReference: 'ORD-11',
        esims: [{ iccid: ICCID, lpaString: LPA }],
      },
    });
    expect(await client.createOrder(order)).toMatchObject({ kind: 'replay', cost: null, esimId: null });
  });

  it('sends the expected cost as the API’s price, and takes PRICE_MISMATCH as a refusal that charged nothing', async () => {
    const client = await server.client(() => ({
      kind: 'json',
      status: 400,
      body: { success: false, code: 'PRICE_MISMATCH', message: 'Price changed' },
    }));
    const failure = await failureOf(client.createOrder({ ...order, expectedCost: money(16500, 'IQD') }));
    expect(failure).toMatchObject({ code: 'PRICE_MISMATCH', outcome: 'rejected' });
    expect(JSON.parse(server.requests[0]?.body ?? '{}')).toMatchObject({ price: 16500, quantity: 1 });
    expect(server.requests.length).toBe(1);
  });
});

describe('the order status, read by the client in the account currency it finds itself', () => {
  it('reads a terse status record, asking for the balance once for the currency', async () => {
    const client = await clientOf({
      'GET /esims/order': {
        success: true,
        order: { status: 'completed', finalPrice: '12.50', esim: { iccid: ICCID, lpaString: LPA } },
      },
    });
    const status = await client.getOrder('ORD-12');
    expect(status).toMatchObject({
      orderReference: 'ORD-12',
      status: 'completed',
      cost: money(1250, 'USD'),
      pending: false,
      esim: { iccid: ICCID, lpa: LPA },
      orderDate: null,
      id: null,
    });
    await client.getOrder('ORD-12');
    expect(paths().filter((path) => path.endsWith('/balance'))).toHaveLength(1);
  });

  it('keeps a status nobody listed as the provider wrote it, and a pending eSIM without details', async () => {
    const client = await clientOf({
      'GET /esims/order': {
        success: true,
        order: {
          status: 'awaiting_network',
          amount: 9.5,
          orderDate: 'February 13, 2026 at 11:27 PM',
          esim: null,
        },
      },
    });
    expect(await client.getOrder('ORD-13')).toMatchObject({
      status: 'awaiting_network',
      pending: true,
      esim: null,
      orderDate: '2026-02-13T23:27:00.000Z',
    });
  });

  it('reads an order the provider failed, whatever its status word, from its payment status: nothing was charged', async () => {
    const client = await clientOf({
      'GET /esims/order': {
        success: true,
        order: { status: 'voided', paymentStatus: 'NOT_CHARGED', finalPrice: 0, esim: { iccid: null } },
      },
    });
    expect(await client.getOrder('ORD-15')).toMatchObject({
      status: 'voided',
      notCharged: true,
      pending: false,
      esim: null,
      cost: money(0, 'USD'),
    });
  });

  it('keeps an order whose status and payment cannot be read open, and takes a zero price as no word on the charge', async () => {
    const client = await clientOf({
      'GET /esims/order': {
        success: true,
        order: { status: 'voided', paymentStatus: 'settled', finalPrice: '0.00', esim: { iccid: null } },
      },
    });
    expect(await client.getOrder('ORD-16')).toMatchObject({
      status: 'voided',
      notCharged: false,
      pending: true,
      esim: null,
      cost: null,
    });
  });

  it('says the order is done when it completed although the record left out its eSIM', async () => {
    const client = await clientOf({ 'GET /esims/order': { success: true, order: { status: 'completed' } } });
    expect(await client.getOrder('ORD-14')).toMatchObject({ pending: false, esim: null, cost: null });
  });
});

describe('lists: one odd item never fails the whole list', () => {
  it('keeps every catalogue package it can read and counts the others', async () => {
    const client = await clientOf({
      'GET /esims/packages': {
        success: true,
        data: {
          packages: [
            { package_code: 'TERSE', cost: '1.10', currency: 'USD', data_amount_gb: '1', validity_days: 7 },
            // Only what is ordered and what it costs, as the lean simulator answers.
            { package_code: 'LEAN', cost: 2, currency: 'USD' },
            { package_code: 'NO-COST', currency: 'USD', data_amount_gb: 1, validity_days: 7 },
            'not a package',
            {
              package_code: 'ODD',
              name: 'Odd 3GB',
              type: 'multi-country',
              cost: 4,
              currency: 'USD',
              data_amount_gb: 3,
              validity_days: 30,
              countries: ['tr', 'gr', { code: 'x' }],
              features: 'none',
              has_voice: 'yes',
              activation_policy: 'on_purchase',
            },
          ],
        },
      },
    });
    const page = await client.listPackages();
    expect(page.skipped).toBe(2);
    expect(page.packages.map((pkg) => pkg.code)).toEqual(['TERSE', 'LEAN', 'ODD']);
    expect(page.packages[0]).toMatchObject({
      name: 'TERSE',
      // No type and no coverage: not stated, never guessed.
      type: null,
      region: '',
      dataGb: 1,
      cost: money(110, 'USD'),
      countries: [],
      hasVoice: null,
      voiceMinutes: null,
      isRechargeable: false,
    });
    expect(page.packages[1]).toMatchObject({
      name: 'LEAN',
      type: null,
      dataGb: null,
      isUnlimited: false,
      validityDays: null,
      cost: money(200, 'USD'),
    });
    expect(page.packages[2]).toMatchObject({
      type: 'regional',
      countries: ['TR', 'GR'],
      hasVoice: null,
      activationPolicy: null,
    });
    // No pagination in the answer and a page shorter than asked: the list has ended.
    expect(page.pagination).toEqual({ page: 1, totalPages: null, total: null, hasMore: false });
  });

  it('keeps every top-up package it can read', async () => {
    const client = await clientOf({
      'GET /topup/packages': {
        success: true,
        data: {
          packages: [
            { package_code: 'TOP-1', cost: '4.20', currency: 'USD', data_amount_gb: 1, validity_days: 7 },
            { package_code: 'TOP-2', cost: 'four', currency: 'USD', data_amount_gb: 1, validity_days: 7 },
            { package_code: 'TOP-3', cost: 9, currency: 'USD', is_unlimited: true, validity_days: '30' },
            { package_code: 'TOP-4', cost: '1.50' },
          ],
        },
      },
    });
    const page = await client.listTopUpPackages({ iccid: ICCID });
    expect(page.skipped).toBe(1);
    expect(page.packages).toEqual([
      {
        code: 'TOP-1',
        name: 'TOP-1',
        dataGb: 1,
        isUnlimited: false,
        validityDays: 7,
        cost: money(420, 'USD'),
      },
      {
        code: 'TOP-3',
        name: 'TOP-3',
        dataGb: null,
        isUnlimited: true,
        validityDays: 30,
        cost: money(900, 'USD'),
      },
      // Neither data nor validity nor currency: the account's currency, the rest not stated.
      {
        code: 'TOP-4',
        name: 'TOP-4',
        dataGb: null,
        isUnlimited: false,
        validityDays: null,
        cost: money(150, 'USD'),
      },
    ]);
  });

  it('keeps every order of the provider’s list it can read, with statuses as sent and dates in UTC', async () => {
    const client = await clientOf({
      'GET /orders': {
        success: true,
        data: {
          orders: [
            { order_reference: 'ORD-20' },
            { id: 21, package_name: 'Broken: no reference', amount: 3 },
            {
              id: '22',
              order_reference: 'ORD-22',
              amount: '16500',
              currency: 'IQD',
              status: 'refunded_partially',
              created_at: 'February 13, 2026 at 11:27 PM',
              esim: { iccid: ODD_ICCID },
            },
          ],
          summary: { total_orders: '3', total_revenue: '16500' },
        },
      },
    });
    const page = await client.listOrders();
    expect(page.skipped).toBe(1);
    expect(page.orders).toEqual([
      {
        id: null,
        orderReference: 'ORD-20',
        packageName: null,
        packageCode: null,
        amount: null,
        status: null,
        statusText: null,
        createdAt: null,
        iccid: null,
      },
      {
        id: 22,
        orderReference: 'ORD-22',
        packageName: null,
        packageCode: null,
        amount: money(16500, 'IQD'),
        status: null,
        statusText: 'refunded_partially',
        createdAt: '2026-02-13T23:27:00.000Z',
        iccid: ODD_ICCID,
      },
    ]);
    expect(page).toMatchObject({ totalOrders: 3, totalRevenue: money(16500, 'IQD') });
  });

  it('keeps every eSIM of the account it can read, each with only its ICCID required', async () => {
    const client = await clientOf({
      'GET /esims': {
        success: true,
        data: {
          esims: [
            { iccid: ODD_ICCID },
            { id: 2, status: 'ACTIVE' },
            {
              iccid: ICCID,
              status: 'active',
              data: { total_mb: '1024', used_mb: 256.5, remaining_mb: null, is_unlimited: 'false' },
              validity: 'seven days',
              manual_installation: { smdp_address: 'smdp.example.net', activation_code: 'X1' },
            },
          ],
          pagination: { page: 1, total_pages: 1 },
        },
      },
    });
    const page = await client.listEsims();
    expect(page.skipped).toBe(1);
    expect(page.esims[0]).toMatchObject({
      iccid: ODD_ICCID,
      status: null,
      statusCode: null,
      install: null,
      data: { totalMb: null, usedMb: null, remainingMb: null, usagePercent: null, unlimited: null },
    });
    expect(page.esims[1]).toMatchObject({
      statusCode: 'ACTIVE',
      data: { totalMb: 1024, usedMb: 256.5, remainingMb: null, unlimited: false },
      validity: { days: null, expiresAt: null, expired: null },
      install: { lpa: 'LPA:1$smdp.example.net$X1' },
    });
  });
});

describe('other reads the counter relies on', () => {
  it('asks the API whether an eSIM may be topped up when the list does not state its status', async () => {
    const topUps = {
      success: true,
      data: { packages: [{ package_code: 'TOP-1', cost: '4.20', currency: 'USD' }] },
    };
    for (const listed of [{ iccid: ICCID }, { iccid: ICCID, status: 'RELEASED' }]) {
      const client = await clientOf({
        'GET /esims': { success: true, data: { esims: [listed] } },
        'GET /topup/packages': topUps,
      });
      expect(await lookupEsim(client, ICCID)).toMatchObject({
        iccid: ICCID,
        toppable: true,
        notToppableReason: null,
      });
    }
    // The API's refusal decides the other way.
    const listing = routes({ 'GET /esims': { success: true, data: { esims: [{ iccid: ICCID }] } } });
    const refusing = await server.client((request) =>
      request.url.includes('/topup/packages')
        ? { kind: 'json', status: 400, body: { success: false, code: 'TOPUP_NOT_SUPPORTED', error: 'no' } }
        : listing(request),
    );
    expect(await lookupEsim(refusing, ICCID)).toMatchObject({
      toppable: false,
      notToppableReason: 'TOPUP_NOT_SUPPORTED',
    });
  });

  it('reads a balance given as text', async () => {
    const client = await clientOf({});
    expect((await client.getBalance()).balance).toEqual(money(48755, 'USD'));
  });

  it('reads usage and live status that leave most fields out', async () => {
    const client = await clientOf({
      'GET /esims/usage/query': { success: true, data: { data: { used_mb: '12.5', total_mb: 1024 } } },
      'POST /esims/status': {
        success: true,
        data: { status: 'SUSPENDED_BY_NETWORK', data_usage: { used_gb: '0.5' } },
      },
    });
    expect(await client.getUsage({ iccid: ICCID })).toMatchObject({
      iccid: null,
      status: null,
      data: { usedMb: 12.5, totalMb: 1024, remainingMb: null },
      validity: { expiresAt: null },
    });
    expect(await client.getLiveStatus({ iccid: ICCID })).toMatchObject({
      status: 'SUSPENDED_BY_NETWORK',
      usedMb: 512,
      totalMb: null,
      lastNetwork: { operator: null },
      device: { model: null },
    });
  });

  it('takes a top-up answer that says only that it succeeded, with its charge as text', async () => {
    const client = await clientOf({
      'POST /topup/order': { success: true, orderReference: 'TOP-30', amount: '4.20', currency: 'USD' },
    });
    expect(await client.topUp({ iccid: ICCID, packageCode: 'TOP-1' })).toMatchObject({
      orderReference: 'TOP-30',
      cost: money(420, 'USD'),
      newBalance: null,
      newTotalGb: null,
      newExpiresAt: null,
    });
  });

  it('keeps the raw text of a top-up answer it cannot read', async () => {
    const client = await server.client(() => ({ kind: 'text', text: '<html>OK</html>' }));
    const failure = await failureOf(client.topUp({ iccid: ICCID, packageCode: 'TOP-1' }));
    expect(failure).toMatchObject({ code: 'BAD_RESPONSE', outcome: 'unknown', raw: '<html>OK</html>' });
  });

  it('reads INSUFFICIENT_BALANCE figures given as text as a refusal', async () => {
    const client = await server.client((request) =>
      request.url.endsWith('/balance')
        ? { kind: 'json', body: balance }
        : {
            kind: 'json',
            status: 400,
            body: { success: false, code: 'INSUFFICIENT_BALANCE', currentBalance: '3.50', needToLoad: '9' },
          },
    );
    const failure = await failureOf(client.createOrder(order));
    expect(failure).toMatchObject({ code: 'INSUFFICIENT_BALANCE', outcome: 'rejected' });
    expect(failure.details).toMatchObject({
      currentBalance: money(350, 'USD'),
      needToLoad: money(900, 'USD'),
    });
  });
});

type OrderRead = Awaited<ReturnType<ResellerClient['getOrder']>>;

/**
 * The rarest shape looked for (status unlisted, payment status left out) comes about once in 22 orders;
 * in 300 the search misses it about once in a million runs.
 */
const FAILED_ORDERS_MAX = 300;
/** Each order placed, failed and read: a minute's budget for all of them, on both sides. */
const ROOMY_PER_MINUTE = 4 * FAILED_ORDERS_MAX;

/**
 * GET /esims/order of a pending order the untidy simulator failed (and refunded) by its control: the
 * first of such orders whose record the untidy style shaped as `shaped` asks. Its draws depend
 * on the order's reference, which carries the day, so the shape is looked for, never assumed of a seed.
 */
async function failedOrderRead(shaped: (read: OrderRead) => boolean): Promise<OrderRead> {
  const sim = await startSimulator({
    port: 0,
    seed: 5,
    faults: { answerStyle: 'untidy' },
    rateLimit: { perMinute: ROOMY_PER_MINUTE, perHour: 100_000, perDay: 1_000_000 },
  });
  onTestFinished(() => sim.close());
  const client = createResellerClient({
    baseUrl: sim.baseUrl,
    credentials: () => sim.defaultAccount,
    timeouts: { readMs: 2_000, writeMs: 2_000 },
    rateLimits: { windows: [{ sizeMs: 60_000, limit: ROOMY_PER_MINUTE }] },
  });
  const [pkg] = (await client.listPackages({ limit: 20 })).packages;
  if (!pkg) throw new Error('no package');
  sim.setFaults({ pendingRate: 1, pendingDelayMs: -1 });
  for (let n = 1; n <= FAILED_ORDERS_MAX; n += 1) {
    const pending = await client.createOrder({
      packageCode: pkg.code,
      expectedCost: pkg.cost,
      idempotencyKey: `failed-${n}`,
    });
    expect(pending.kind).toBe('pending');
    const control = await fetch(`${sim.controlUrl}/orders/fail-pending`, {
      method: 'POST',
      headers: { 'x-sim-control-token': sim.controlToken, 'content-type': 'application/json' },
      body: JSON.stringify({ orderReference: pending.orderReference }),
    });
    expect(control.ok).toBe(true);
    const read = await client.getOrder(pending.orderReference);
    if (shaped(read)) return read;
  }
  throw new Error(`none of ${FAILED_ORDERS_MAX} failed orders had the shape asked for`);
}

describe('an order the provider failed, answered by an untidy simulator', () => {
  it('is read as not charged from its payment status when its status word is one nobody listed', async () => {
    // The record replaces `status` with the unlisted "processing" and keeps `paymentStatus: "refunded"`:
    // the failed order must not read as one still provisioning.
    const status = await failedOrderRead(
      (read) => read.status === 'processing' && read.paymentStatus === 'refunded',
    );
    expect(status).toMatchObject({ notCharged: true, pending: false, esim: null });
  });

  it('stays open, with no cost, when neither its status nor its payment status can be read', async () => {
    // The record says "processing", leaves the payment status out and gives `finalPrice` as zero:
    // nothing certain either way, so the order is still pending and its charge is not known.
    const status = await failedOrderRead(
      (read) => read.status === 'processing' && read.paymentStatus === null,
    );
    expect(status).toMatchObject({ notCharged: false, pending: true, esim: null, cost: null });
  });
});

describe('eSIM care answers: only what the action needs is required', () => {
  it('takes a cancel answer with its refund as text, a refund method nobody listed and one odd eSIM result', async () => {
    const client = await clientOf({
      'POST /esims/cancel': {
        success: true,
        data: {
          refunded_amount: '12.45',
          currency: 'usd',
          refund_method: 'voucher',
          balance_credited: 'false',
          cancel_results: [
            { esimId: '501', iccid: ICCID, success: true, refundAmount: '12.45' },
            { esimId: 502, iccid: null, success: false },
          ],
        },
      },
    });
    const result = await client.cancelEsim({ iccid: ICCID });
    expect(result).toMatchObject({
      orderReference: null,
      refunded: { amount: 1245, currency: 'USD' },
      refundMethod: null,
      refundMethodText: 'voucher',
      balanceCredited: false,
      partial: null,
      results: [{ esimId: 501, iccid: ICCID, success: true, refund: { amount: 1245, currency: 'USD' } }],
      skipped: 1,
      message: null,
    });
  });

  it('takes a cancel answer that states no refund at all: cancelled, the refund not known', async () => {
    const client = await clientOf({ 'POST /esims/cancel': { success: true, data: {} } });
    expect(await client.cancelEsim({ iccid: ICCID })).toMatchObject({
      refunded: null,
      refundMethod: null,
      results: [],
      skipped: 0,
    });
  });

  it('reads network events and a usage report leaving fields out, skipping the events it cannot date', async () => {
    const client = await clientOf({
      'POST /esims/network-events': {
        success: true,
        data: {
          total_events: '3',
          events: [
            {
              time: 'February 13, 2026 at 11:27 PM',
              event_type: 'roaming_handover',
              operator: { name: 'X' },
            },
            { event_type: 'attach' },
            { time: '2026-02-13T22:00:00Z', is_allowed: 'false' },
          ],
        },
      },
      'POST /esims/usage-report': {
        success: true,
        data: {
          summary: { total_data_gb: '1.5' },
          daily_usage: [{ date: 'Feb 13, 2026', data_mb: '120' }, { data_mb: 3 }],
          by_country: [{ country: 'Turkey', operators: [{ operator: 'Turkcell' }] }, 'Greece'],
        },
      },
    });
    const events = await client.getNetworkEvents({ iccid: ICCID });
    expect(events).toMatchObject({
      iccid: null,
      totalEvents: 3,
      wrongNetworkCount: null,
      skipped: 1,
      events: [
        { time: '2026-02-13T23:27:00.000Z', type: 'roaming_handover', operator: null, allowed: null },
        { time: '2026-02-13T22:00:00.000Z', type: null, allowed: false },
      ],
    });
    const report = await client.getUsageReport({ iccid: ICCID }, 7);
    expect(report).toMatchObject({
      periodDays: null,
      totalMb: 1536,
      averageDailyMb: null,
      daily: [{ date: '2026-02-13', mb: 120 }],
      byCountry: [
        { country: 'Turkey', mb: null, operators: [{ operator: 'Turkcell', mnc: null, mb: null }] },
      ],
      skipped: 2,
    });
  });

  it('reads suspend, SMS and webhook answers that leave out all but what the action needs', async () => {
    const client = await clientOf({
      'POST /esims/suspend': { success: true, data: { esim_status: 'Suspended' } },
      'POST /esims/send-sms': { success: true },
      'GET /webhooks': { success: true, webhook: { url: 'https://shop.example/hook', events: null } },
      'PUT /webhooks': { success: true, webhook: { secret: 'whsec_abc123' } },
    });
    expect(await client.setEsimSuspended({ iccid: ICCID }, 'suspend')).toMatchObject({
      esimStatus: 'Suspended',
      action: null,
      message: null,
    });
    expect(await client.sendSms({ iccid: ICCID }, 'Your eSIM is ready')).toMatchObject({ message: null });
    expect(await client.getWebhook()).toMatchObject({
      webhook: { url: 'https://shop.example/hook', events: [], apiKeyName: null },
      availableEvents: [],
      recentDeliveries: [],
    });
    expect(
      await client.setWebhook({ webhook_url: 'https://shop.example/hook', events: ['esim.provisioned'] }),
    ).toEqual({ url: null, secret: 'whsec_abc123', events: [] });
  });
});
