import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../electron/simulator';
import {
  isUuidV4,
  WebhookGetResponseSchema,
  WebhookPayloadSchema,
  WebhookPutResponseSchema,
} from '../../shared/api';
import { accountOf, findPackages } from './support/fixtures';
import { type Receiver, startReceiver } from './support/receiver';
import { call, control, type Json } from './support/signed-fetch';
import { startSimulator } from './support/tidy-simulator';

// Time scale 1000: the retry schedule of 10 s, 30 s, 2 min and 10 min takes under a second.
let sim: RunningSimulator;
let receiver: Receiver;
let secret: string;
const ALL = [
  'esim.installed',
  'esim.profile.updated',
  'esim.usage.threshold',
  'esim.status.changed',
  'esim.provisioned',
];

async function configure(events = ALL): Promise<string> {
  const res = await call(sim.baseUrl, sim.defaultAccount, 'PUT', '/webhooks', {
    body: { webhook_url: receiver.url, events },
  });
  expect(res.status).toBe(200);
  return res.body.webhook.secret;
}

async function buy(query: string): Promise<Json> {
  const [pkg] = await findPackages(sim, sim.defaultAccount, query);
  const res = await call(sim.baseUrl, sim.defaultAccount, 'POST', '/esims/order', {
    body: { packageCode: pkg.package_code },
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function deliveries(): Promise<Json[]> {
  return (await control(sim, 'GET', `/webhooks/deliveries?accessCode=${sim.defaultAccount.accessCode}`)).body
    .deliveries;
}

async function settled(count: number): Promise<Json[]> {
  for (let i = 0; i < 200; i++) {
    const list = await deliveries();
    if (list.length >= count && list.every((d) => d.status !== 'pending')) return list;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('deliveries did not settle');
}

let mark = 0;

/** Payloads the simulator queued since the test began, in the order it queued them. */
async function payloads(): Promise<Json[]> {
  return (await deliveries()).slice(mark).map((d) => d.payload);
}

beforeAll(async () => {
  sim = await startSimulator({ seed: 31, timeScale: 1000, allowLoopbackHttpWebhooks: true });
});
afterAll(() => sim.close());
beforeEach(async () => {
  mark = (await deliveries()).length;
});
afterEach(async () => {
  await receiver?.close();
});

describe('PUT and GET /webhooks', () => {
  it('stores an https URL and returns a whsec_ secret once; GET shows url, events and api_key_name, never the secret', async () => {
    receiver = await startReceiver();
    const put = await call(sim.baseUrl, sim.defaultAccount, 'PUT', '/webhooks', {
      body: { webhook_url: receiver.url, events: ['esim.provisioned', 'esim.status.changed'] },
    });
    const written = WebhookPutResponseSchema.parse(put.body);
    expect(written.webhook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{20,}$/);
    const get = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/webhooks');
    const read = WebhookGetResponseSchema.parse(get.body);
    expect(read.webhook).toEqual({
      url: receiver.url,
      events: ['esim.provisioned', 'esim.status.changed'],
      api_key_name: expect.any(String),
    });
    expect(read.available_events).toEqual(ALL);
    expect(get.text).not.toContain(written.webhook.secret);
    const again = await configure();
    expect(again).not.toBe(written.webhook.secret);
  });

  it('refuses a URL that is not https, and unknown events', async () => {
    receiver = await startReceiver();
    for (const webhook_url of [
      'http://example.com/hooks',
      'ftp://example.com',
      'not a url',
      'https://10.0.0.1/x',
    ]) {
      const res = await call(sim.baseUrl, sim.defaultAccount, 'PUT', '/webhooks', {
        body: { webhook_url, events: ['esim.provisioned'] },
      });
      expect(res.status, webhook_url).toBe(400);
      expect(res.body.message).toMatch(/webhook_url/);
    }
    const events = await call(sim.baseUrl, sim.defaultAccount, 'PUT', '/webhooks', {
      body: { webhook_url: 'https://hooks.example.com/x', events: ['esim.exploded'] },
    });
    expect(events.status).toBe(400);
    expect(events.body.message).toContain('esim.exploded');
  });

  it('refuses http to 127.0.0.1 unless the simulator allows loopback http for tests', async () => {
    const strict = await startSimulator({ seed: 31 });
    try {
      const res = await call(strict.baseUrl, strict.defaultAccount, 'PUT', '/webhooks', {
        body: { webhook_url: 'http://127.0.0.1:9/hooks', events: ['esim.provisioned'] },
      });
      expect(res.status).toBe(400);
    } finally {
      await strict.close();
    }
  });
});

describe('deliveries', () => {
  it('signs each delivery with sha256= HMAC of the raw body and sends the four headers', async () => {
    receiver = await startReceiver();
    secret = await configure();
    const order = await buy('&search=TR&type=local');
    const iccid = order.esims[0].iccid;
    await control(sim, 'POST', '/esims/activate', { iccid });
    const [delivery] = await receiver.waitFor(1);
    const { headers, raw } = delivery as { headers: Json; raw: string };
    const expected = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
    const given = String(headers['x-webhook-signature']);
    expect(given.length).toBe(expected.length);
    expect(timingSafeEqual(Buffer.from(given), Buffer.from(expected))).toBe(true);
    expect(headers['x-webhook-event']).toBe(JSON.parse(raw).event);
    expect(isUuidV4(String(headers['x-webhook-id']))).toBe(true);
    expect(Date.parse(String(headers['x-webhook-timestamp']))).not.toBeNaN();
    const payload = WebhookPayloadSchema.parse(JSON.parse(raw));
    expect(payload.data).toMatchObject({
      iccid,
      order_reference: order.orderReference,
      esim_id: order.esimId,
    });
  });

  it('retries after 10 s, 30 s, 2 min and 10 min (scaled), then marks the delivery failed', async () => {
    receiver = await startReceiver();
    receiver.fallback = 500;
    await configure(['esim.status.changed']);
    const before = (await deliveries()).length;
    const order = await buy('&search=japan&type=local');
    await control(sim, 'POST', '/esims/activate', { iccid: order.esims[0].iccid });
    const received = await receiver.waitFor(5);
    const [last] = (await settled(before + 1)).slice(-1);
    expect(last.status).toBe('failed');
    expect(last.attempts).toBe(5);
    const gaps = last.attemptLog.slice(0, 4).map((a: Json) => Date.parse(a.nextAttemptAt) - Date.parse(a.at));
    expect(gaps).toEqual([10_000, 30_000, 120_000, 600_000]);
    expect(last.attemptLog[4].nextAttemptAt).toBeNull();
    // Every attempt is the same delivery: same id, same body, so receivers can dedupe.
    expect(new Set(received.map((r) => r.headers['x-webhook-id'])).size).toBe(1);
    expect(new Set(received.map((r) => r.raw)).size).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received).toHaveLength(5);
  });

  it('stops retrying once the receiver answers 2xx', async () => {
    receiver = await startReceiver();
    receiver.answers = [503, 404];
    receiver.fallback = 204;
    await configure(['esim.status.changed']);
    const before = (await deliveries()).length;
    const order = await buy('&search=thailand&type=local');
    await control(sim, 'POST', '/esims/activate', { iccid: order.esims[0].iccid });
    await receiver.waitFor(3);
    const [last] = (await settled(before + 1)).slice(-1);
    expect(last).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 204 });
    await new Promise((r) => setTimeout(r, 800));
    expect(receiver.received).toHaveLength(3);
  });

  it('counts no answer within the deadline as a failed attempt', async () => {
    receiver = await startReceiver();
    receiver.answers = ['hang'];
    await configure(['esim.status.changed']);
    const before = (await deliveries()).length;
    const order = await buy('&search=spain&type=local');
    await control(sim, 'POST', '/esims/activate', { iccid: order.esims[0].iccid });
    const [last] = (await settled(before + 1)).slice(-1);
    expect(last.status).toBe('delivered');
    expect(last.attemptLog[0].error).toMatch(/no answer/);
    expect(last.attempts).toBe(2);
  });

  it('lists recent deliveries on GET /webhooks', async () => {
    receiver = await startReceiver();
    await configure();
    const res = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/webhooks');
    expect(res.body.recent_deliveries.length).toBeGreaterThan(0);
    expect(res.body.recent_deliveries[0]).toMatchObject({
      id: expect.any(String),
      event: expect.any(String),
      status: expect.stringMatching(/^(pending|delivered|failed)$/),
      attempts: expect.any(Number),
    });
  });
});

describe('events', () => {
  it('sends esim.installed and esim.profile.updated when an own-network eSIM is installed', async () => {
    receiver = await startReceiver();
    await configure(['esim.installed', 'esim.profile.updated']);
    const order = await buy('&search=iraq&type=local');
    expect(order.esims[0].msisdn).not.toBeNull();
    await control(sim, 'POST', '/esims/install', { iccid: order.esims[0].iccid, model: 'Pixel 9' });
    await receiver.waitFor(4);
    const events = (await payloads()).map((p) => WebhookPayloadSchema.parse(p));
    const installed = events.find((e) => e.event === 'esim.installed');
    expect(installed?.data).toMatchObject({ iccid: order.esims[0].iccid, eid: expect.any(String) });
    const steps = events
      .filter((e) => e.event === 'esim.profile.updated')
      .map((e) =>
        e.event === 'esim.profile.updated'
          ? `${e.data.previous_profile_status}→${e.data.profile_status}`
          : '',
      );
    expect(steps).toEqual(['RELEASED→DOWNLOADED', 'DOWNLOADED→INSTALLED', 'INSTALLED→ENABLED']);
  });

  it('sends esim.status.changed NEW→ACTIVE→DEPLETED, and esim.usage.threshold at 500, 200, 100 and 50 MB left', async () => {
    receiver = await startReceiver();
    await configure(['esim.status.changed', 'esim.usage.threshold']);
    const order = await buy('&search=iraq&type=local');
    const iccid = order.esims[0].iccid;
    const total = order.esims[0].total_volume / 1048576;
    await control(sim, 'POST', '/esims/consume', { iccid, mb: total - 600 });
    for (const mb of [150, 150, 100, 60, 40, 50, 60])
      await control(sim, 'POST', '/esims/consume', { iccid, mb });
    await receiver.waitFor(6);
    const events = await payloads();
    expect(
      events
        .filter((e) => e.event === 'esim.status.changed')
        .map((e) => `${e.data.old_status}→${e.data.new_status}`),
    ).toEqual(['NEW→ACTIVE', 'ACTIVE→DEPLETED']);
    expect(
      events.filter((e) => e.event === 'esim.usage.threshold').map((e) => e.data.threshold_remaining_mb),
    ).toEqual([500, 200, 100, 50]);
  });

  it('sends esim.status.changed ACTIVE→EXPIRED when validity runs out', async () => {
    receiver = await startReceiver();
    await configure(['esim.status.changed']);
    const order = await buy('&search=iraq&type=local');
    const iccid = order.esims[0].iccid;
    await control(sim, 'POST', '/esims/activate', { iccid });
    await control(sim, 'POST', '/esims/expire', { iccid });
    await receiver.waitFor(2);
    expect((await payloads()).map((e) => e.data.new_status)).toEqual(['ACTIVE', 'EXPIRED']);
  });

  it('sends no real-time events for partner eSIMs, but status changes', async () => {
    receiver = await startReceiver();
    await configure(ALL);
    const partner = (await findPackages(sim, sim.defaultAccount, '&type=local')).find((p) => !p.countries);
    const res = await call(sim.baseUrl, sim.defaultAccount, 'POST', '/esims/order', {
      body: { packageCode: partner.package_code },
    });
    await control(sim, 'POST', '/esims/install', { iccid: res.body.esims[0].iccid });
    await control(sim, 'POST', '/esims/activate', { iccid: res.body.esims[0].iccid });
    await receiver.waitFor(1);
    await new Promise((r) => setTimeout(r, 200));
    expect((await payloads()).map((e) => e.event)).toEqual(['esim.status.changed']);
  });

  it('sends esim.provisioned when an asynchronous order completes', async () => {
    receiver = await startReceiver();
    await configure(['esim.provisioned']);
    sim.setFaults({ pendingRate: 1, pendingDelayMs: 30_000 });
    const [pkg] = await findPackages(sim, sim.defaultAccount, '&search=egypt');
    const res = await call(sim.baseUrl, sim.defaultAccount, 'POST', '/esims/order', {
      body: { packageCode: pkg.package_code, idempotency_key: 'provisioned-1' },
    });
    sim.setFaults({ pendingRate: 0 });
    expect(res.body.status).toBe('pending_details');
    const [delivery] = await receiver.waitFor(1);
    const payload = WebhookPayloadSchema.parse(JSON.parse(delivery?.raw ?? '{}'));
    expect(payload.event).toBe('esim.provisioned');
    const status = await call(
      sim.baseUrl,
      sim.defaultAccount,
      'GET',
      `/esims/order?orderReference=${res.body.orderReference}`,
    );
    expect(status.body.order.status).toBe('completed');
    expect(payload.data).toMatchObject({
      order_reference: res.body.orderReference,
      iccid: status.body.order.esim.iccid,
      lpa_string: status.body.order.esim.lpaString,
      package_name: pkg.name,
    });
    const image = await fetch(payload.event === 'esim.provisioned' ? payload.data.qr_code_url : '');
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('delivers nothing for events the webhook does not subscribe to', async () => {
    receiver = await startReceiver();
    await configure(['esim.provisioned']);
    const order = await buy('&search=iraq&type=local');
    await control(sim, 'POST', '/esims/activate', { iccid: order.esims[0].iccid });
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received).toHaveLength(0);
  });
});

describe('accounts', () => {
  it('keeps webhooks per account', async () => {
    receiver = await startReceiver();
    await configure();
    const iqd = accountOf(sim, 'business', 'IQD');
    const res = await call(sim.baseUrl, iqd, 'GET', '/webhooks');
    expect(res.body.webhook).toBeNull();
  });
});
