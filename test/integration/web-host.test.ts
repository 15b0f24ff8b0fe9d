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
    const stream = await fetch(`${host.origin}/api/events`, {
      headers: { authorization: `Bearer ${TOKEN}` },
      signal: controller.signal,
    });
    expect(stream.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = stream.body!.getReader();
    const { packages } = unwrap(await h.call<{ packages: CataloguePackage[] }>('listPackages'));
    const sold = (await (await api('sell', { packageCode: packages[0]!.code, quantity: 1 })).json()) as {
      value: { id: string };
    };
    const seen: PosEvent[] = [];
    let buffer = '';
    while (!seen.some((e) => e.type === 'sale.updated' && e.sale.state === 'completed')) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += new TextDecoder().decode(value);
      const frames = buffer.split('\n\n');
      buffer = frames.pop() ?? '';
      for (const frame of frames)
        if (frame.startsWith('data: ')) seen.push(JSON.parse(frame.slice(6)) as PosEvent);
    }
    controller.abort();
    const saleEvents = seen.filter((e) => e.type === 'sale.updated');
    expect(saleEvents.every((e) => e.type === 'sale.updated' && e.sale.id === sold.value.id)).toBe(true);
    expect(saleEvents.map((e) => (e.type === 'sale.updated' ? e.sale.state : null))).toEqual([
      'intent',
      'sent',
      'completed',
    ]);
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
