import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../electron/simulator';
import {
  EsimListResponseSchema,
  LiveStatusResponseSchema,
  NetworkEventsResponseSchema,
  UsageReportResponseSchema,
  UsageResponseSchema,
} from '../../shared/api';
import { accountOf, buy, ownNetwork, partner, postLater } from './support/fixtures';
import { call, control } from './support/signed-fetch';
import { startSimulator } from './support/tidy-simulator';

let sim: RunningSimulator;
const post = (path: string, body: unknown, account = sim.defaultAccount) =>
  call(sim.baseUrl, account, 'POST', path, { body });
const get = (path: string, account = sim.defaultAccount) => call(sim.baseUrl, account, 'GET', path);

beforeAll(async () => {
  sim = await startSimulator({ seed: 41, rateLimit: { perMinute: 1000, perHour: 10_000, perDay: 100_000 } });
});
afterAll(() => sim.close());

describe('GET /esims', () => {
  it('lists the account’s eSIMs newest first, with data in MB, validity and install details', async () => {
    const first = await buy(sim, sim.defaultAccount, ownNetwork, '&search=IQ&type=local');
    const second = await buy(sim, sim.defaultAccount, ownNetwork, '&search=AE&type=local');
    const res = await get('/esims');
    const { data } = EsimListResponseSchema.parse(res.body);
    expect(data.pagination).toMatchObject({ page: 1, limit: 20 });
    const [newest, older] = data.esims;
    expect(newest?.iccid).toBe(second.esims[0].iccid);
    expect(older?.iccid).toBe(first.esims[0].iccid);
    expect(newest).toMatchObject({
      status: 'NEW',
      package_code: second.pkg.package_code,
      data: { total_mb: second.pkg.data_amount_gb * 1024, used_mb: 0, is_unlimited: false },
      manual_installation: { lpa_format: second.esims[0].lpaString },
      is_pending: false,
    });
    expect(newest?.countries).toEqual(['United Arab Emirates']);
    const image = await fetch(newest?.qr_code ?? '');
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('includes base64 QR data with include_base64=true', async () => {
    const res = await get('/esims?limit=1&include_base64=true');
    expect(res.body.data.esims[0].qr_code).toMatch(/^data:image\/png;base64,/);
  });

  it('filters by status, searches ICCID, package name or code, and pages (max 100)', async () => {
    const order = await buy(sim, sim.defaultAccount, ownNetwork, '&search=JO&type=local');
    const iccid = order.esims[0].iccid;
    await control(sim, 'POST', '/esims/activate', { iccid });
    const active = await get('/esims?status=ACTIVE');
    expect(active.body.data.esims.map((e: { iccid: string }) => e.iccid)).toEqual([iccid]);
    const byIccid = await get(`/esims?search=${iccid.slice(-8)}`);
    expect(byIccid.body.data.esims.map((e: { iccid: string }) => e.iccid)).toEqual([iccid]);
    const byCode = await get(`/esims?search=${encodeURIComponent(order.pkg.package_code)}`);
    expect(byCode.body.data.esims[0].iccid).toBe(iccid);
    const capped = await get('/esims?limit=1000');
    expect(capped.body.data.pagination.limit).toBe(100);
    const bad = await get('/esims?status=SLEEPING');
    expect(bad.status).toBe(400);
  });

  it('shows unlimited plans with total_mb 0, remaining_mb 0 and is_unlimited true', async () => {
    const order = await buy(
      sim,
      sim.defaultAccount,
      (p) => p.find((x) => x.is_unlimited),
      '&search=TR&type=local',
    );
    const res = await get(`/esims?search=${order.esims[0].iccid}`);
    expect(res.body.data.esims[0].data).toMatchObject({ total_mb: 0, remaining_mb: 0, is_unlimited: true });
    expect(order.esims[0].total_volume).toBeNull();
  });

  it('never lists another account’s eSIMs', async () => {
    const iqd = accountOf(sim, 'business', 'IQD');
    const res = await get('/esims?limit=100', iqd);
    expect(res.body.data.esims).toEqual([]);
  });
});

describe('GET /esims/usage/query', () => {
  it('reports usage in MB by iccid or by order reference', async () => {
    const order = await buy(sim, sim.defaultAccount, ownNetwork, '&search=SA&type=local');
    const iccid = order.esims[0].iccid;
    await control(sim, 'POST', '/esims/consume', { iccid, mb: 300 });
    const byIccid = UsageResponseSchema.parse((await get(`/esims/usage/query?iccid=${iccid}`)).body);
    expect(byIccid.data.data).toMatchObject({
      used_mb: 300,
      remaining_mb: order.pkg.data_amount_gb * 1024 - 300,
    });
    expect(byIccid.data.esim).toMatchObject({ iccid, order_id: order.orderReference, status: 'ACTIVE' });
    expect(byIccid.data.validity.activated_at).not.toBeNull();
    const byOrder = await get(`/esims/usage/query?order_id=${order.orderReference}`);
    expect(byOrder.body.data.esim.iccid).toBe(iccid);
    const today = new Date().toISOString().slice(0, 10);
    const history = await get(`/esims/usage/query?iccid=${iccid}&from_date=${today}&to_date=${today}`);
    expect(history.body.data.history).toEqual([{ date: today, used_mb: 300 }]);
  });

  it('answers 404 when not found or not owned, and 400 without an identifier or with a bad date', async () => {
    const missing = await get('/esims/usage/query?iccid=8944476000000000000');
    expect(missing.status).toBe(404);
    const iqd = accountOf(sim, 'business', 'IQD');
    const mine = await buy(sim, sim.defaultAccount, ownNetwork);
    const foreign = await get(`/esims/usage/query?iccid=${mine.esims[0].iccid}`, iqd);
    expect(foreign.status).toBe(404);
    expect((await get('/esims/usage/query')).body.code).toBe('MISSING_IDENTIFIER');
    expect((await get(`/esims/usage/query?iccid=${mine.esims[0].iccid}&from_date=01/02/2025`)).status).toBe(
      400,
    );
  });
});

describe('POST /esims/status (live)', () => {
  it('reads the live status: nulls before the first connection, network and device after', async () => {
    const order = await buy(sim, sim.defaultAccount, ownNetwork, '&search=QA&type=local');
    const iccid = order.esims[0].iccid;
    const before = LiveStatusResponseSchema.parse((await post('/esims/status', { iccid })).body);
    expect(before.data).toMatchObject({
      status: 'NEW',
      profile: 'Not Installed',
      last_network: { operator: null, mcc: null, country_iso2: null },
      device: { model: null, imei: null },
      activation_date: null,
    });
    await control(sim, 'POST', '/esims/install', { iccid, model: 'Galaxy S24' });
    await control(sim, 'POST', '/esims/consume', { iccid, mb: 512 });
    const after = LiveStatusResponseSchema.parse(
      (await post('/esims/status', { esimId: order.esimId })).body,
    );
    expect(after.data).toMatchObject({
      iccid,
      status: 'ACTIVE',
      esim_status: 'Active',
      profile: 'Enabled',
      last_network: { country_iso2: 'QA', mcc: '427' },
      device: { model: 'Galaxy S24' },
      data_usage: { used_gb: 0.5, total_gb: order.pkg.data_amount_gb, unlimited: false },
    });
  });

  it('gives iccid precedence over esimId', async () => {
    const a = await buy(sim, sim.defaultAccount, ownNetwork);
    const b = await buy(sim, sim.defaultAccount, ownNetwork);
    const res = await post('/esims/status', { iccid: a.esims[0].iccid, esimId: b.esimId });
    expect(res.body.data.iccid).toBe(a.esims[0].iccid);
  });

  it('answers 400 MISSING_IDENTIFIER, 404 ESIM_NOT_FOUND and 403 FORBIDDEN', async () => {
    expect((await post('/esims/status', {})).body).toMatchObject({ code: 'MISSING_IDENTIFIER' });
    const unknown = await post('/esims/status', { iccid: '8944476000000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('ESIM_NOT_FOUND');
    const mine = await buy(sim, sim.defaultAccount, ownNetwork);
    const foreign = await post(
      '/esims/status',
      { iccid: mine.esims[0].iccid },
      accountOf(sim, 'business', 'IQD'),
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('FORBIDDEN');
  });

  it('answers 502 PROVIDER_ERROR when the network is unreachable (providerErrorRate fault)', async () => {
    const mine = await buy(sim, sim.defaultAccount, ownNetwork);
    sim.setFaults({ providerErrorRate: 1 });
    try {
      const res = await post('/esims/status', { iccid: mine.esims[0].iccid });
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ success: false, code: 'PROVIDER_ERROR' });
    } finally {
      sim.setFaults({ providerErrorRate: 0 });
    }
  });

  it('turns an eSIM whose validity ran out into EXPIRED when it is read', async () => {
    const order = await buy(sim, sim.defaultAccount, ownNetwork, '&search=OM&type=local');
    const iccid = order.esims[0].iccid;
    await control(sim, 'POST', '/esims/activate', { iccid });
    const days = order.pkg.validity_days;
    const res = await postLater(sim, (days + 1) * 86_400_000, '/esims/status', { iccid });
    expect(res.body.data.status).toBe('EXPIRED');
  });
});

describe('POST /esims/network-events', () => {
  it('lists the last 7 days of network events, newest first, counting wrong networks', async () => {
    const order = await buy(sim, sim.defaultAccount, ownNetwork, '&search=KW&type=local');
    const iccid = order.esims[0].iccid;
    await control(sim, 'POST', '/esims/activate', { iccid });
    await control(sim, 'POST', '/esims/consume', { iccid, mb: 10 });
    await control(sim, 'POST', '/esims/activate', { iccid, country: 'SA' });
    const res = await post('/esims/network-events', { iccid });
    const { data } = NetworkEventsResponseSchema.parse(res.body);
    expect(data.total_events).toBe(data.events.length);
    expect(data.events.map((e) => e.event_type)).toEqual([
      'location_update',
      'attach',
      'data_session',
      'location_update',
      'attach',
    ]);
    expect(data.wrong_network_count).toBe(2);
    expect(data.events[0]).toMatchObject({ country_iso2: 'SA', is_allowed: false });
    const times = data.events.map((e) => Date.parse(e.time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('leaves out events older than 7 days', async () => {
    const order = await buy(sim, sim.defaultAccount, ownNetwork, '&search=BH&type=local');
    const iccid = order.esims[0].iccid;
    await control(sim, 'POST', '/esims/activate', { iccid });
    const res = await postLater(sim, 8 * 86_400_000, '/esims/network-events', { iccid });
    expect(res.body.data.events).toEqual([]);
  });
});

describe('POST /esims/usage-report', () => {
  it('reports daily usage for 7 days by default, by country and operator', async () => {
    const order = await buy(sim, sim.defaultAccount, ownNetwork, '&search=Europe&type=regional');
    const iccid = order.esims[0].iccid;
    await control(sim, 'POST', '/esims/consume', { iccid, mb: 100, country: 'DE' });
    await control(sim, 'POST', '/esims/consume', { iccid, mb: 50, country: 'FR' });
    const res = await post('/esims/usage-report', { iccid });
    const { data } = UsageReportResponseSchema.parse(res.body);
    expect(data.period_days).toBe(7);
    expect(data.daily_usage).toHaveLength(7);
    expect(data.daily_usage.at(-1)).toMatchObject({
      date: new Date().toISOString().slice(0, 10),
      data_mb: 150,
    });
    expect(data.summary.total_data_mb).toBe(150);
    expect(data.by_country.map((c) => [c.country, c.data_mb])).toEqual([
      ['Germany', 100],
      ['France', 50],
    ]);
  });

  it('takes days up to 90 (more is lowered to 90) and refuses less than 1', async () => {
    const order = await buy(sim, sim.defaultAccount, ownNetwork);
    const iccid = order.esims[0].iccid;
    expect((await post('/esims/usage-report', { iccid, days: 30 })).body.data.daily_usage).toHaveLength(30);
    expect((await post('/esims/usage-report', { iccid, days: 365 })).body.data.period_days).toBe(90);
    expect((await post('/esims/usage-report', { iccid, days: 0 })).status).toBe(400);
  });
});

describe('partners', () => {
  it('gives partner eSIMs no msisdn and no imsi', async () => {
    const order = await buy(sim, sim.defaultAccount, partner(false), '&type=global');
    expect(order.esims[0]).toMatchObject({ msisdn: null, imsi: null });
  });
});
