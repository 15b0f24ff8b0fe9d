import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWebHost, startWebHost } from '../../electron/host/server';
import { startHost } from '../../scripts/torture/host-process';
import type { CataloguePackage } from '../../shared/domain/catalogue';
import type { PosEvent } from '../../shared/domain/events';
import type { Status } from '../../shared/domain/status';
import { POS_METHOD_NAMES } from '../../shared/pos-api';
import { type CoreHarness, startCoreHarness, unwrap } from '../support/core-harness';

const TOKEN = 'test-token-0123456789';
let h: CoreHarness;
let host: RunningWebHost;
let staticDir: string;

beforeAll(async () => {
  h = await startCoreHarness();
  staticDir = mkdtempSync(join(tmpdir(), 'static-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>counter</title>');
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(tmpdir(), 'outside.txt'), 'secret');
  host = await startWebHost({ core: h.core, port: 0, token: TOKEN, staticDir });
});

afterAll(async () => {
  await host.close();
  await h.close();
  rmSync(staticDir, { recursive: true, force: true });
});

function api(
  method: string,
  body: unknown,
  headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` },
) {
  return fetch(`${host.origin}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** A raw request, for headers fetch will not let a test forge (Host). */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port: host.port, path, headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

/** Reads a stream's events until `enough` says so. */
async function readEvents(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  enough: (seen: readonly PosEvent[]) => boolean,
): Promise<PosEvent[]> {
  const seen: PosEvent[] = [];
  let buffer = '';
  while (!enough(seen)) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += new TextDecoder().decode(value);
    const frames = buffer.split('\n\n');
    buffer = frames.pop() ?? '';
    for (const frame of frames)
      if (frame.startsWith('data: ')) seen.push(JSON.parse(frame.slice(6)) as PosEvent);
  }
  return seen;
}

function eventStream(token: string, signal: AbortSignal): Promise<Response> {
  return fetch(`${host.origin}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal });
}

/** The token a page's address carries in its hash. */
function tokenOf(address: string): string {
  return new URL(address).hash.replace(/^#token=/, '');
}

describe('the web host', () => {
  it('serves PosApi methods behind the bearer token only', async () => {
    const refused = await api('getStatus', {}, {});
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ ok: false, error: { code: 'HOST_UNAUTHORIZED' } });
    expect((await api('getStatus', {}, { authorization: 'Bearer wrong' })).status).toBe(401);
    const ok = await api('getStatus', {});
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ ok: true, value: { mode: 'training' } });
  });

  it('answers bad calls with a Result naming what was wrong', async () => {
    expect(await (await api('noSuchMethod', {})).json()).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    const notJson = await fetch(`${host.origin}/api/getStatus`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
      body: '{not json',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringMatching(/JSON/) },
    });
    const badQuantity = await (await api('sell', { packageCode: 'X', quantity: 0 })).json();
    expect(badQuantity).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringMatching(/quantity/) },
    });
  });

  it('answers a body over 1 MB with 413, and reads one just below it whole', async () => {
    const tooLarge = await api('getStatus', { padding: 'x'.repeat(1_100_000) });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringMatching(/too large/) },
    });
    // Many chunks on the way in: the body is parsed only once the last has arrived.
    const large = await api('sell', { packageCode: 'P'.repeat(900_000), quantity: 0 });
    expect(large.status).toBe(200);
    expect(await large.json()).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect((await api('getStatus', {})).status).toBe(200);
  });

  it('refuses requests that name another host or come from another origin', async () => {
    expect((await rawGet('/', { host: 'evil.example:80' })).status).toBe(421);
    const cross = await api(
      'getStatus',
      {},
      { authorization: `Bearer ${TOKEN}`, origin: 'http://evil.example' },
    );
    expect(cross.status).toBe(403);
  });

  it('serves the renderer with a strict content security policy and no path escape', async () => {
    const page = await fetch(`${host.origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('<title>counter</title>');
    expect((await fetch(`${host.origin}/assets/app.js`)).headers.get('content-type')).toMatch(/javascript/);
    expect((await rawGet('/../outside.txt', { host: `127.0.0.1:${host.port}` })).status).toBe(404);
    expect((await rawGet('/%2e%2e/outside.txt', { host: `127.0.0.1:${host.port}` })).status).toBe(404);
  });

  it('streams core events to a subscriber', async () => {
    const controller = new AbortController();
    const stream = await eventStream(TOKEN, controller.signal);
    expect(stream.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = stream.body!.getReader();
    const { packages } = unwrap(await h.call<{ packages: CataloguePackage[] }>('listPackages'));
    const sold = (await (await api('sell', { packageCode: packages[0]!.code, quantity: 1 })).json()) as {
      value: { id: string };
    };
    const seen = await readEvents(reader, (events) =>
      events.some((e) => e.type === 'sale.updated' && e.sale.state === 'completed'),
    );
    controller.abort();
    const saleEvents = seen.filter((e) => e.type === 'sale.updated');
    expect(saleEvents.every((e) => e.type === 'sale.updated' && e.sale.id === sold.value.id)).toBe(true);
    expect(saleEvents.map((e) => (e.type === 'sale.updated' ? e.sale.state : null))).toEqual([
      'intent',
      'sent',
      'completed',
    ]);
  });

  it('gives the customer display an address of its own, without the counter’s token', () => {
    expect(tokenOf(host.counterUrl)).toBe(TOKEN);
    expect(new URL(host.customerUrl).pathname).toBe('/customer');
    expect(host.customerUrl).not.toContain(TOKEN);
    expect(tokenOf(host.customerUrl)).toMatch(/^[\w-]{32}$/);
  });

  it('lets the customer display’s token read the display and hear its changes, and nothing else', async () => {
    const display = tokenOf(host.customerUrl);
    const asDisplay = { authorization: `Bearer ${display}` };
    const refused: string[] = [];
    for (const method of POS_METHOD_NAMES) {
      if (method === 'getCustomerDisplay') continue;
      const answer = await api(method, {}, asDisplay);
      const body = (await answer.json()) as { ok: boolean; error?: { code: string } };
      if (answer.status === 403 && body.error?.code === 'HOST_UNAUTHORIZED') refused.push(method);
    }
    expect(refused).toEqual(POS_METHOD_NAMES.filter((method) => method !== 'getCustomerDisplay'));
    expect(await (await api('getCustomerDisplay', {}, asDisplay)).json()).toMatchObject({
      ok: true,
      value: { language: 'en' },
    });
    // Neither a method spelt otherwise nor another path gets past it.
    expect((await api('getCustomerDisplay/../sell', {}, asDisplay)).status).toBe(403);
    expect((await api('noSuchMethod', {}, asDisplay)).status).toBe(403);

    // Its event stream carries what the display shows, nothing of the sale the counter makes.
    const controller = new AbortController();
    const displayEvents = (await eventStream(display, controller.signal)).body!.getReader();
    const counterEvents = (await eventStream(TOKEN, controller.signal)).body!.getReader();
    const { packages } = unwrap(await h.call<{ packages: CataloguePackage[] }>('listPackages'));
    await api('sell', { packageCode: packages[0]!.code, quantity: 1 });
    const counterSaw = await readEvents(counterEvents, (events) =>
      events.some((e) => e.type === 'customer.display' && e.display.sale !== null),
    );
    const displaySaw = await readEvents(displayEvents, (events) =>
      events.some((e) => e.type === 'customer.display' && e.display.sale !== null),
    );
    controller.abort();
    expect(counterSaw.some((e) => e.type === 'sale.updated')).toBe(true);
    expect(new Set(displaySaw.map((e) => e.type))).toEqual(new Set(['customer.display']));
  });
});

describe('the web host in a process of its own', () => {
  it('starts from its source under tsx, as `npm run web` does, and from the build the tests run', async () => {
    for (const fromSource of [true, false]) {
      const dataDir = mkdtempSync(join(tmpdir(), 'web-host-process-'));
      const started = await startHost({ dataDir, fromSource });
      try {
        expect((await started.call<Status>('getStatus')).value?.mode, `from source: ${fromSource}`).toBe(
          'training',
        );
      } finally {
        await started.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  });
});
