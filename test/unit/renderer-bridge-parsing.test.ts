import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitTokenFromHash } from '../../renderer/src/bridge/host-token';
import { createSseParser } from '../../renderer/src/bridge/sse-parser';
import { createWebBridge } from '../../renderer/src/bridge/web-bridge';

function parsedFrom(chunks: readonly string[]): string[] {
  const messages: string[] = [];
  const feed = createSseParser((data) => messages.push(data));
  for (const chunk of chunks) feed(chunk);
  return messages;
}

describe('event-stream parsing', () => {
  it('hands over each message once its blank line arrives', () => {
    expect(parsedFrom(['data: {"a":1}\n\ndata: {"b":2}\n\n'])).toEqual(['{"a":1}', '{"b":2}']);
    expect(parsedFrom(['data: {"a":1}\n'])).toEqual([]);
  });

  it('joins messages split across chunks at any point, even inside a CRLF', () => {
    const text = 'data: {"type":"sale.updated"}\r\n\r\ndata: second\r\n\r\n';
    for (let cut = 1; cut < text.length; cut++) {
      expect(parsedFrom([text.slice(0, cut), text.slice(cut)])).toEqual([
        '{"type":"sale.updated"}',
        'second',
      ]);
    }
  });

  it('ignores comments (heartbeats), other fields and empty events; joins multi-line data', () => {
    expect(parsedFrom([': ping\n\nevent: x\nid: 3\ndata: one\ndata: two\n\n\n'])).toEqual(['one\ntwo']);
    expect(parsedFrom(['data:no-space\r\rdata\n\n'])).toEqual(['no-space', '']);
  });
});

describe('host token in the address', () => {
  it('takes the token out and keeps whatever else the hash held', () => {
    expect(splitTokenFromHash('#token=abc123')).toEqual({ token: 'abc123', rest: '' });
    expect(splitTokenFromHash('#screen=sell&token=t%2Bk')).toEqual({ token: 't+k', rest: '#screen=sell' });
  });

  it('finds no token in an empty hash or an empty token', () => {
    expect(splitTokenFromHash('')).toEqual({ token: null, rest: '' });
    expect(splitTokenFromHash('#token=')).toEqual({ token: null, rest: '' });
  });
});

/** A host on 127.0.0.1 that answers each method its own way; the bridge talks to it over real HTTP. */
let host: Server;
let origin: string;

beforeAll(async () => {
  host = createServer((req, res) => {
    const method = req.url?.replace('/api/', '');
    if (req.headers.authorization !== 'Bearer right') {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: false, error: { code: 'HOST_UNAUTHORIZED', message: 'wrong token' } }));
    } else if (method === 'getStatus') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, value: { mode: 'training' } }));
    } else if (method === 'getBalance') {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ answer: 42 }));
    }
  });
  await new Promise<void>((done) => host.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((done) => host.close(done));
});

describe('the web bridge never throws: a failed transport is a Result with its own code', () => {
  it('passes the host’s Result through', async () => {
    const bridge = createWebBridge({ baseUrl: origin, token: 'right' });
    expect(await bridge.getStatus({})).toEqual({ ok: true, value: { mode: 'training' } });
  });

  it('says HOST_UNAUTHORIZED when the host refuses the window’s token', async () => {
    const bridge = createWebBridge({ baseUrl: origin, token: 'wrong' });
    const result = await bridge.getStatus({});
    expect(result.ok ? null : result.error.code).toBe('HOST_UNAUTHORIZED');
  });

  it('says HOST_UNREACHABLE when nothing answers, or the answer is not the host’s', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    const gone = await createWebBridge({ baseUrl: `http://127.0.0.1:${port}`, token: 'right' }).sell({
      packageCode: 'FR-1GB-3D',
      quantity: 1,
    });
    expect(gone.ok ? null : gone.error).toEqual({
      code: 'HOST_UNREACHABLE',
      message: 'The counter service did not answer sell',
    });
    const proxy = await createWebBridge({ baseUrl: origin, token: 'right' }).getBalance({});
    expect(proxy.ok ? null : proxy.error.code).toBe('HOST_UNREACHABLE');
  });

  it('says INTERNAL for JSON that is not a Result', async () => {
    const result = await createWebBridge({ baseUrl: origin, token: 'right' }).getPricing({});
    expect(result.ok ? null : result.error.code).toBe('INTERNAL');
  });
});
