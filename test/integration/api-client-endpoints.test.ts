import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../electron/core/api/api-failure';
import type { ResellerClient } from '../../electron/core/api/client';
import { esimListItem, type ReceivedRequest, type Reply, serverPerTest } from './api-test-server';

// Every endpoint: the request each method sends, and how it reads the answer the description promises.
const server = serverPerTest();

function clientAnswering(body: unknown, status = 200): Promise<ResellerClient> {
  return server.client(() => ({ kind: 'json', status, body }) satisfies Reply);
}

function only(): ReceivedRequest {
  expect(server.requests.length).toBe(1);
  const request = server.requests[0];
  if (!request) throw new Error('no request arrived');
  return request;
}

const ICCID = '8988247000100000015';
const pagination = { page: 1, limit: 20, total: 1, total_pages: 1 };
const usageData = {
  total_mb: 1024,
  used_mb: 256,
  remaining_mb: 768,
  usage_percentage: 25,
  is_unlimited: false,
};
const validity = {
  days: 7,
  activated_at: '2025-06-01T10:00:00Z',
  expires_at: '2025-06-08T10:00:00Z',
  is_expired: false,
};

describe('reads', () => {
  it('lists top-up packages for an eSIM', async () => {
    const client = await clientAnswering({
      success: true,
      data: {
        packages: [
          {
            package_code: 'TOPUP-TR-1GB',
            name: 'Turkey top-up 1GB',
            data_amount_gb: 1,
            validity_days: 7,
            cost: 4.2,
            currency: 'USD',
            features: { is_rechargeable: true },
            is_unlimited: false,
          },
        ],
        pagination,
      },
    });
    const page = await client.listTopUpPackages({ iccid: ICCID, limit: 100 });
    expect(only().url).toBe(`/api/v1/business/topup/packages?iccid=${ICCID}&limit=100`);
    expect(page.packages).toEqual([
      {
        code: 'TOPUP-TR-1GB',
        name: 'Turkey top-up 1GB',
        dataGb: 1,
        isUnlimited: false,
        validityDays: 7,
        cost: { amount: 420, currency: 'USD' },
      },
    ]);
  });

  it('lists eSIMs, with the status compared case-insensitively', async () => {
    const client = await clientAnswering({
      success: true,
      data: {
        esims: [esimListItem({ status: 'active' })],
        pagination,
      },
    });
    const page = await client.listEsims({ search: ICCID, status: 'all', limit: 10 });
    expect(only().url).toBe(`/api/v1/business/esims?limit=10&status=all&search=${ICCID}`);
    expect(page.esims[0]).toMatchObject({
      iccid: ICCID,
      status: 'active',
      statusCode: 'ACTIVE',
      data: { totalMb: 1024, usedMb: 256, remainingMb: 768, usagePercent: 25, unlimited: false },
      install: { smdpAddress: 'smdp.example.net', activationCode: 'X1', androidInstallUrl: null },
    });
  });

  it('queries usage by ICCID or by order reference, with dates', async () => {
    const client = await clientAnswering({
      success: true,
      data: {
        esim: { iccid: ICCID, order_id: 'ORD-1', package_name: 'Turkey 1GB', status: 'ACTIVE' },
        data: usageData,
        validity,
      },
    });
    const usage = await client.getUsage({ orderReference: 'ORD-1', from: '2025-06-01', to: '2025-06-07' });
    expect(only().url).toBe(
      '/api/v1/business/esims/usage/query?order_id=ORD-1&from_date=2025-06-01&to_date=2025-06-07',
    );
    expect(usage).toMatchObject({
      iccid: ICCID,
      orderId: 'ORD-1',
      data: { usedMb: 256 },
      validity: { days: 7 },
    });
  });

  it('reads live status from a POST, with data in MB', async () => {
    const client = await clientAnswering({
      success: true,
      message: 'ok',
      data: {
        iccid: ICCID,
        status: 'ACTIVE',
        esim_status: 'Active',
        smdp_status: 'ENABLED',
        profile: 'Enabled',
        unlimited: false,
        last_network: {
          operator: 'Turkcell',
          mcc: '286',
          mnc: '01',
          country: 'Turkey',
          country_iso2: 'TR',
          connection_type: '4G',
        },
        device: { model: null, imei: null },
        activation_date: '2025-06-01T10:00:00Z',
        last_usage_date: null,
        expiry_date: null,
        data_usage: { used_gb: 0.5, total_gb: 1, unlimited: false },
      },
    });
    const live = await client.getLiveStatus({ esimId: 9 });
    const request = only();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/v1/business/esims/status');
    expect(JSON.parse(request.body)).toEqual({ esimId: 9 });
    expect(live).toMatchObject({ usedMb: 512, totalMb: 1024, lastNetwork: { countryIso2: 'TR' } });
  });

  it('reads network events', async () => {
    const event = {
      time: '2025-06-01T10:00:00Z',
      event_type: 'attach',
      req_type: null,
      operator: 'Turkcell',
      mcc: '286',
      mnc: '01',
      country: 'Turkey',
      country_iso2: 'TR',
      msisdn: null,
      apn: null,
      connection_type: '4G',
      data_response: null,
      is_allowed: true,
    };
    const client = await clientAnswering({
      success: true,
      data: { iccid: ICCID, total_events: 1, wrong_network_count: 0, events: [event] },
    });
    const events = await client.getNetworkEvents({ iccid: ICCID });
    expect(JSON.parse(only().body)).toEqual({ iccid: ICCID });
    expect(events).toMatchObject({
      totalEvents: 1,
      wrongNetworkCount: 0,
      skipped: 0,
      events: [
        {
          time: '2025-06-01T10:00:00.000Z',
          type: 'attach',
          operator: 'Turkcell',
          country: 'Turkey',
          countryIso2: 'TR',
          connectionType: '4G',
          allowed: true,
        },
      ],
    });
  });

  it('reads a usage report in MB and refuses days outside 1 to 90 before sending', async () => {
    const client = await clientAnswering({
      success: true,
      data: {
        iccid: ICCID,
        period_days: 30,
        start_date: '2025-05-02',
        end_date: '2025-06-01',
        summary: { total_data_mb: 300, total_data_gb: 0.29, avg_daily_mb: 10, avg_daily_gb: 0.01 },
        daily_usage: [{ date: '2025-06-01', data_mb: 10, data_gb: 0.01 }],
        by_country: [
          {
            country: 'Turkey',
            mcc: '286',
            data_mb: 300,
            data_gb: 0.29,
            operators: [{ operator: 'Turkcell', mnc: '01', data_mb: 300, data_gb: 0.29 }],
          },
        ],
      },
    });
    const report = await client.getUsageReport({ iccid: ICCID }, 30);
    expect(JSON.parse(only().body)).toEqual({ iccid: ICCID, days: 30 });
    expect(report).toMatchObject({
      totalMb: 300,
      daily: [{ date: '2025-06-01', mb: 10 }],
      byCountry: [{ mb: 300 }],
    });
    await expect(client.getUsageReport({ iccid: ICCID }, 91)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    expect(server.requests.length).toBe(1);
  });

  it('lists the provider’s orders with amounts as Money', async () => {
    const client = await clientAnswering({
      success: true,
      data: {
        orders: [
          {
            id: 3,
            order_reference: 'ORD-3',
            package_name: 'Iraq 5GB',
            package_code: 'IQ_5GB',
            amount: 16500,
            currency: 'IQD',
            status: 'completed',
            flag_url: null,
            created_at: '2025-06-01T10:00:00Z',
            esim: null,
          },
        ],
        summary: { total_orders: 1, total_revenue: 16500 },
        pagination,
      },
    });
    const page = await client.listOrders({ status: 'completed', sort_order: 'asc' });
    expect(only().url).toBe('/api/v1/business/orders?status=completed&sort_order=asc');
    expect(page.orders[0]).toEqual({
      id: 3,
      orderReference: 'ORD-3',
      packageName: 'Iraq 5GB',
      packageCode: 'IQ_5GB',
      amount: { amount: 16500, currency: 'IQD' },
      status: 'completed',
      statusText: 'completed',
      createdAt: '2025-06-01T10:00:00.000Z',
      iccid: null,
    });
    expect(page.totalRevenue).toEqual({ amount: 16500, currency: 'IQD' });
  });

  it('reads the webhook configuration', async () => {
    const client = await clientAnswering({
      success: true,
      webhook: { url: 'https://shop.example/hook', events: ['esim.provisioned'], api_key_name: 'counter' },
      available_events: ['esim.provisioned', 'esim.installed'],
      recent_deliveries: [],
    });
    const config = await client.getWebhook();
    expect(config.webhook).toEqual({
      url: 'https://shop.example/hook',
      events: ['esim.provisioned'],
      apiKeyName: 'counter',
    });
  });
});

describe('actions', () => {
  it('tops up and reads the new volume, expiry and charge', async () => {
    const client = await clientAnswering({
      success: true,
      message: 'Top-up completed',
      orderReference: 'TOP-1',
      iccid: ICCID,
      packageName: 'Turkey top-up 1GB',
      newBalance: 95.8,
      currency: 'USD',
      status: 'completed',
      amount: 4.2,
      profit: 0.8,
      processing_time_ms: 300,
      esimData: { newTotalVolumeGB: 2, newRemainingVolumeGB: 1.5, expiredTime: '2025-06-15T10:00:00Z' },
    });
    const result = await client.topUp({ iccid: ICCID, packageCode: 'TOPUP-TR-1GB' });
    expect(JSON.parse(only().body)).toEqual({ iccid: ICCID, packageCode: 'TOPUP-TR-1GB' });
    expect(result).toMatchObject({
      cost: { amount: 420, currency: 'USD' },
      newBalance: { amount: 9580, currency: 'USD' },
      newTotalGb: 2,
      newRemainingGb: 1.5,
      newExpiresAt: '2025-06-15T10:00:00.000Z',
    });
  });

  it('suspends and re-activates', async () => {
    const client = await clientAnswering({
      success: true,
      message: 'Suspended',
      data: { iccid: ICCID, action: 'suspend', esim_status: 'Disconnected' },
    });
    const result = await client.setEsimSuspended({ iccid: ICCID }, 'suspend');
    expect(JSON.parse(only().body)).toEqual({ iccid: ICCID, action: 'suspend' });
    expect(result).toMatchObject({ iccid: ICCID, esimStatus: 'Disconnected' });
  });

  it('cancels, with refunds as Money', async () => {
    const client = await clientAnswering({
      success: true,
      message: 'Cancelled',
      data: {
        order_reference: 'ORD-1',
        total_esims: 1,
        cancelled_esims: 1,
        failed_esims: 0,
        refunded_amount: 12.45,
        currency: 'USD',
        refund_method: 'balance',
        balance_credited: true,
        partial_cancellation: false,
        cancel_results: [{ esimId: 501, iccid: ICCID, success: true, refundAmount: 12.45 }],
      },
    });
    const result = await client.cancelEsim({ iccid: ICCID });
    expect(only().url).toBe('/api/v1/business/esims/cancel');
    expect(result).toMatchObject({
      refunded: { amount: 1245, currency: 'USD' },
      refundMethod: 'balance',
      results: [{ esimId: 501, refund: { amount: 1245, currency: 'USD' } }],
    });
  });

  it('sends an SMS and refuses an over-long one before sending', async () => {
    const client = await clientAnswering({ success: true, message: 'SMS sent' });
    await expect(client.sendSms({ iccid: ICCID }, 'x'.repeat(501))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    expect(server.requests.length).toBe(0);
    const result = await client.sendSms({ iccid: ICCID }, 'Your eSIM is ready');
    expect(JSON.parse(only().body)).toEqual({ iccid: ICCID, message: 'Your eSIM is ready' });
    expect(result.message).toBe('SMS sent');
  });

  it('registers a webhook and keeps its secret out of failures', async () => {
    const client = await clientAnswering({
      success: true,
      webhook: { url: 'https://shop.example/hook', secret: 'whsec_abc123', events: ['esim.provisioned'] },
    });
    const registration = await client.setWebhook({
      webhook_url: 'https://shop.example/hook',
      events: ['esim.provisioned'],
    });
    expect(registration).toEqual({
      url: 'https://shop.example/hook',
      secret: 'whsec_abc123',
      events: ['esim.provisioned'],
    });
    expect(only().method).toBe('PUT');
    await server.close();
    const broken = await clientAnswering({
      success: true,
      webhook: { url: 'https://shop.example/hook', secret: 'no-prefix-secret' },
    });
    const failure = await broken
      .setWebhook({ webhook_url: 'https://shop.example/hook', events: ['esim.provisioned'] })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).raw).toBe('');
    expect(JSON.stringify((failure as ApiFailure).toPosError())).not.toContain('no-prefix-secret');
  });
});
