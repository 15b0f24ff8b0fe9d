import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createResellerClient } from '../../electron/core/api/client';
import { isUuidV4 } from '../../shared/api/auth';
import { money } from '../../shared/money';
import { completedOrder, expectedSignature, serverPerTest, TEST_CREDENTIALS } from './api-test-server';

// What goes on the wire: the body serialized once, and that same string signed and sent.
const server = serverPerTest();
const COST = money(1245, 'USD');

describe('the signed request on the wire', () => {
  it('signs the exact body bytes the server receives, for any package code and key', async () => {
    await server.start(() => ({ kind: 'json', body: completedOrder() }));
    const client = createResellerClient({ baseUrl: server.baseUrl, credentials: () => TEST_CREDENTIALS });
    const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 });
    await fc.assert(
      fc.asyncProperty(text, text, fc.integer({ min: 1, max: 10 }), async (packageCode, key, quantity) => {
        const before = server.requests.length ?? 0;
        await client.createOrder({ packageCode, quantity, expectedCost: COST, idempotencyKey: key });
        const request = server.requests[before];
        expect(request).toBeDefined();
        if (!request) return;
        expect(request.method).toBe('POST');
        expect(request.headers['content-type']).toBe('application/json');
        expect(request.headers['rt-signature']).toBe(expectedSignature(TEST_CREDENTIALS.secretKey, request));
        expect(isUuidV4(String(request.headers['rt-requestid']))).toBe(true);
        // Package codes are opaque: they arrive exactly as given, never trimmed or reformatted.
        expect(JSON.parse(request.body)).toEqual({
          packageCode,
          quantity,
          idempotency_key: key,
          price: 12.45,
        });
      }),
      { numRuns: 40 },
    );
  });

  it('signs GET requests over the empty body and sends the query verbatim', async () => {
    await server.start(() => ({
      kind: 'json',
      body: { success: true, data: { balance: 100.5, currency: 'USD' } },
    }));
    const client = createResellerClient({
      baseUrl: `${server.baseUrl}/`,
      credentials: () => TEST_CREDENTIALS,
    });
    await client.getBalance();
    const request = server.requests[0];
    if (!request) throw new Error('no request arrived');
    expect(request.url).toBe('/api/v1/business/balance');
    expect(request.body).toBe('');
    expect(request.headers['rt-accesscode']).toBe(TEST_CREDENTIALS.accessCode);
    expect(request.headers['rt-signature']).toBe(expectedSignature(TEST_CREDENTIALS.secretKey, request));
  });

  it('stamps the timestamp from the injected clock, in milliseconds', async () => {
    await server.start(() => ({
      kind: 'json',
      body: { success: true, data: { balance: 1, currency: 'EUR' } },
    }));
    const client = createResellerClient({
      baseUrl: server.baseUrl,
      credentials: () => TEST_CREDENTIALS,
      now: () => new Date(1_750_000_000_123),
    });
    await client.getBalance();
    expect(server.requests[0]?.headers['rt-timestamp']).toBe('1750000000123');
  });

  it('never gives the log a secret key or a signature', async () => {
    await server.start((_request, index) =>
      index === 0 ? { kind: 'drop' } : { kind: 'json', body: completedOrder() },
    );
    const lines: string[] = [];
    const record = (message: string, fields?: Readonly<Record<string, unknown>>): void => {
      lines.push(`${message} ${JSON.stringify(fields)}`);
    };
    const client = createResellerClient({
      baseUrl: server.baseUrl,
      credentials: () => TEST_CREDENTIALS,
      log: { info: record, warn: record },
    });
    await client.createOrder({ packageCode: 'TR_1GB_7D', expectedCost: COST, idempotencyKey: 'sale-1' });
    // An answered call's line is written once its caller has the answer.
    await new Promise((done) => setImmediate(done));
    expect(lines.length).toBe(2);
    const signatures = server.requests.map((request) => String(request.headers['rt-signature']));
    for (const line of lines) {
      expect(line).not.toContain(TEST_CREDENTIALS.secretKey);
      for (const signature of signatures) expect(line).not.toContain(signature);
    }
  });

  it('never sends an order without an idempotency key', async () => {
    await server.start(() => ({ kind: 'json', body: completedOrder() }));
    const client = createResellerClient({ baseUrl: server.baseUrl, credentials: () => TEST_CREDENTIALS });
    const withoutKey = (): Promise<unknown> =>
      // @ts-expect-error: the key is required by the type, so a call without one does not compile.
      client.createOrder({ packageCode: 'TR_1GB_7D', expectedCost: COST });
    await expect(withoutKey()).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(
      client.createOrder({ packageCode: 'TR_1GB_7D', expectedCost: COST, idempotencyKey: '' }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(
      client.createOrder({ packageCode: 'TR_1GB_7D', expectedCost: COST, idempotencyKey: 'k'.repeat(201) }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(server.requests.length).toBe(0);
  });
});
