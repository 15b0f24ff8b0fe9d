import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../electron/core/api/api-failure';
import { createResellerClient, type ResellerClient } from '../../electron/core/api/client';
import { money } from '../../shared/money';
import {
  completedOrder,
  failureOf,
  type ReceivedRequest,
  type Reply,
  serverPerTest,
  TEST_CREDENTIALS,
} from './api-test-server';

// When the client sends a request again, and when it never does.
const server = serverPerTest();

/**
 * A client that gives up on an answer after `waitMs`: short, so that a hung request ends soon; a test
 * whose server answers gives it longer, so that a loaded machine's slow answer is not read as none.
 */
function clientFor(
  reply: (request: ReceivedRequest, index: number) => Reply,
  waitMs = 250,
): Promise<ResellerClient> {
  return server.client(reply, { timeouts: { readMs: waitMs, writeMs: waitMs } });
}

const ICCID = '8988247000100000015';
const COST = money(1245, 'USD');
const balance: Reply = { kind: 'json', body: { success: true, data: { balance: 10, currency: 'USD' } } };
const invalidTimestamp: Reply = {
  kind: 'json',
  status: 401,
  body: { success: false, code: 'INVALID_TIMESTAMP', message: 'Timestamp too old' },
};
const rateLimited: Reply = {
  kind: 'json',
  status: 429,
  headers: { 'x-ratelimit-reset': '1' },
  body: { success: false, code: 'RATE_LIMIT_EXCEEDED', message: 'Slow down' },
};

/** Every way a request can fail, and whether the provider may have performed it. */
const FAILURES: readonly { name: string; reply: Reply; outcome: 'rejected' | 'unknown' }[] = [
  { name: 'dropped connection', reply: { kind: 'drop' }, outcome: 'unknown' },
  { name: 'no answer in time', reply: { kind: 'hang' }, outcome: 'unknown' },
  { name: 'body cut off', reply: { kind: 'truncate', text: '{"success":true,"order' }, outcome: 'unknown' },
  {
    name: '500',
    reply: { kind: 'json', status: 500, body: { success: false, error: 'boom' } },
    outcome: 'unknown',
  },
  {
    name: '502 HTML',
    reply: { kind: 'text', status: 502, text: '<html>Bad gateway</html>' },
    outcome: 'unknown',
  },
  { name: 'not JSON', reply: { kind: 'text', text: 'OK' }, outcome: 'unknown' },
  { name: 'rate limited', reply: rateLimited, outcome: 'rejected' },
  { name: 'clock refused', reply: invalidTimestamp, outcome: 'rejected' },
  {
    name: 'insufficient balance',
    reply: {
      kind: 'json',
      status: 400,
      body: { success: false, code: 'INSUFFICIENT_BALANCE', currentBalance: 1 },
    },
    outcome: 'rejected',
  },
];

describe('top-ups', () => {
  it('are sent exactly once, whatever fails', async () => {
    const topUps = (): number =>
      server.requests.filter((request) => request.url.endsWith('/topup/order')).length ?? 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FAILURES), async (failure) => {
        const client = await clientFor(() => failure.reply, failure.reply.kind === 'hang' ? 250 : 5_000);
        const before = topUps();
        const error = await client
          .topUp({ iccid: ICCID, packageCode: 'TOPUP-1' })
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ApiFailure);
        expect((error as ApiFailure).outcome).toBe(failure.outcome);
        // On a loaded machine the one send may reach the server after the client gave up waiting:
        // wait for it, then give a stray re-send the time to arrive before counting again.
        await expect.poll(() => topUps() - before).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 30));
        expect(topUps() - before).toBe(1);
      }),
      { numRuns: 25 },
    );
  });
});

describe('orders', () => {
  it('are re-sent at most once after no answer, always with the same body and key', async () => {
    let script: Reply = { kind: 'hang' };
    const client = await clientFor(() => script);
    const noAnswer = FAILURES.filter((failure) =>
      ['dropped connection', 'no answer in time', 'body cut off', '500', '502 HTML'].includes(failure.name),
    );
    for (const failure of noAnswer) {
      script = failure.reply;
      const before = server.requests.length ?? 0;
      const error = await client
        .createOrder({ packageCode: 'P1', expectedCost: COST, idempotencyKey: `k-${failure.name}` })
        .catch((caught: unknown) => caught);
      expect(error, failure.name).toMatchObject({ outcome: 'unknown' });
      // The re-send may reach the server after the client gave up waiting for it (a loaded machine).
      await expect.poll(() => server.requests.length - before, { message: failure.name }).toBe(2);
      const sent = server.requests.slice(before) ?? [];
      expect(sent.length, failure.name).toBe(2);
      expect(sent[1]?.body).toBe(sent[0]?.body);
      expect(sent[1]?.headers['rt-requestid']).not.toBe(sent[0]?.headers['rt-requestid']);
    }
  });

  it('stay outcome unknown when the re-send after no answer is refused: the first may have been performed', async () => {
    const refusals: Reply[] = [
      {
        kind: 'json',
        status: 400,
        body: { success: false, code: 'INSUFFICIENT_BALANCE', currentBalance: 0 },
      },
      {
        kind: 'json',
        status: 429,
        headers: { 'x-ratelimit-reset': new Date(Date.now() + 3_600_000).toISOString() },
        body: { success: false, code: 'RATE_LIMIT_EXCEEDED' },
      },
    ];
    for (const refusal of refusals) {
      const client = await clientFor((_request, index) => (index === 0 ? { kind: 'drop' } : refusal));
      const error = await client
        .createOrder({ packageCode: 'P1', expectedCost: COST, idempotencyKey: 'k-after-drop' })
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: 'OFFLINE', kind: 'dropped', outcome: 'unknown' });
      expect((error as ApiFailure).details?.laterAttempt).toMatchObject({
        code:
          refusal.kind === 'json' && refusal.status === 429 ? 'RATE_LIMIT_EXCEEDED' : 'INSUFFICIENT_BALANCE',
      });
    }
  });

  it('are not re-sent after an answer that is merely unreadable as an order', async () => {
    const client = await clientFor(() => ({ kind: 'json', body: completedOrder({ esims: 'none' }) }));
    const error = await client
      .createOrder({ packageCode: 'P1', expectedCost: COST, idempotencyKey: 'k-1' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'BAD_RESPONSE', outcome: 'unknown' });
    expect(server.requests.length).toBe(1);
  });

  it('carry every answer their sends received, a cut-off one as far as it arrived', async () => {
    const cutOff = '{"success":true,"orderReference":"ORD-77","esims":[{"iccid":"8988247000100000015","lpaS';
    const client = await clientFor((_request, index) =>
      index === 0
        ? { kind: 'truncate', text: cutOff }
        : { kind: 'json', status: 502, body: { success: false, error: 'bad gateway' } },
    );
    const error = await failureOf(
      client.createOrder({ packageCode: 'P1', expectedCost: COST, idempotencyKey: 'k-answers' }),
    );
    expect(error.outcome).toBe('unknown');
    expect(error.answers).toEqual([
      { attempt: 1, status: 200, receivedAt: expect.any(String), body: cutOff, whole: false },
      {
        attempt: 2,
        status: 502,
        receivedAt: expect.any(String),
        body: '{"success":false,"error":"bad gateway"}',
        whole: true,
      },
    ]);

    await server.close();
    const resent = await clientFor((_request, index) =>
      index === 0 ? { kind: 'drop' } : { kind: 'json', body: completedOrder() },
    );
    const result = await resent.createOrder({ packageCode: 'P1', expectedCost: COST, idempotencyKey: 'k-2' });
    // A dropped connection brought no answer: only the re-send's is there.
    expect(result.answers).toEqual([
      { attempt: 2, status: 200, receivedAt: expect.any(String), body: result.raw, whole: true },
    ]);
  });

  it('wait out a rate limit and go through with the same key', async () => {
    const client = await clientFor((_request, index) =>
      index === 0 ? rateLimited : { kind: 'json', body: completedOrder() },
    );
    const result = await client.createOrder({
      packageCode: 'P1',
      expectedCost: COST,
      idempotencyKey: 'k-rate',
    });
    expect(result.kind).toBe('completed');
    const [first, second] = server.requests ?? [];
    expect(second?.body).toBe(first?.body);
  });
});

describe('reads', () => {
  it('back off and retry a bounded number of times', async () => {
    const client = await clientFor(() => ({
      kind: 'json',
      status: 503,
      body: { success: false, error: 'busy' },
    }));
    const error = await client.getBalance().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'API_ERROR', outcome: 'unknown', status: 503 });
    expect(server.requests.length).toBe(3);
  });

  it('recover from one failure', async () => {
    const client = await clientFor((_request, index) => (index === 0 ? { kind: 'drop' } : balance));
    const result = await client.getBalance();
    expect(result.balance).toEqual({ amount: 1000, currency: 'USD' });
  });

  it('are not retried after a definite refusal', async () => {
    const client = await clientFor(() => ({
      kind: 'json',
      status: 401,
      body: { success: false, code: 'INVALID_SIGNATURE' },
    }));
    await expect(client.getBalance()).rejects.toMatchObject({
      code: 'INVALID_SIGNATURE',
      outcome: 'rejected',
    });
    expect(server.requests.length).toBe(1);
  });
});

describe('rate limits', () => {
  it('hold requests until X-RateLimit-Reset after RATE_LIMIT_EXCEEDED, then continue', async () => {
    let resetAt = 0;
    const client = await clientFor((request) => {
      if (resetAt === 0) resetAt = Math.ceil((request.at + 1_000) / 1_000) * 1_000;
      if (request.at < resetAt) {
        return {
          kind: 'json',
          status: 429,
          headers: {
            'x-ratelimit-limit': '100',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': new Date(resetAt).toISOString(),
          },
          body: { success: false, code: 'RATE_LIMIT_EXCEEDED', message: 'Too many requests' },
        };
      }
      return balance;
    });
    const result = await client.getBalance();
    expect(result.balance.amount).toBe(1000);
    const requests = server.requests ?? [];
    expect(requests.at(-1)?.at).toBeGreaterThanOrEqual(resetAt);
    expect(requests.length).toBeLessThanOrEqual(1 + 3);
    expect(client.status().rateLimit).toMatchObject({ limit: 100, remaining: 0 });
  });

  it('are evidence, not orders: a refusal while a day’s budget is far from spent holds requests for seconds, not a day', async () => {
    // The headers describe the day (9,000 of 10,000 left); the refusal came from a shorter window.
    const day = {
      'x-ratelimit-limit': '10000',
      'x-ratelimit-remaining': '9000',
      'x-ratelimit-reset': new Date(Date.now() + 86_400_000).toISOString(),
    };
    const client = await clientFor((request, index) => {
      if (index === 0) return { ...rateLimited, headers: day };
      if (request.url.endsWith('/topup/order'))
        return { kind: 'json', headers: day, body: { success: true } };
      return { ...balance, headers: day };
    });
    expect((await client.getBalance()).balance.amount).toBe(1000);
    expect(server.requests.length).toBe(2);
    // Reads and top-ups go on under that budget.
    for (let i = 0; i < 5; i++) await client.getBalance();
    await client.topUp({ iccid: ICCID, packageCode: 'TOPUP-1' });
    expect(server.requests.length).toBe(8);
    expect(client.status().heldUntil).toBeNull();
  });

  it('give up with RATE_LIMIT_EXCEEDED when the reset is further away than the call may wait', async () => {
    await server.start(() => ({
      kind: 'json',
      status: 429,
      headers: { 'x-ratelimit-reset': new Date(Date.now() + 3_600_000).toISOString() },
      body: { success: false, code: 'RATE_LIMIT_EXCEEDED' },
    }));
    const client = createResellerClient({ baseUrl: server.baseUrl, credentials: () => TEST_CREDENTIALS });
    const error = await client
      .createOrder({ packageCode: 'P1', expectedCost: COST, idempotencyKey: 'k-1' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', outcome: 'rejected', kind: 'throttled' });
    expect(server.requests.length).toBe(1);
    expect(client.status().heldUntil).not.toBeNull();
  });
});

describe('clock', () => {
  /** A server whose clock is off by `offsetMs`, refusing timestamps more than 5 minutes from its own time. */
  function skewedServer(offsetMs: number): (request: ReceivedRequest) => Reply {
    return (request) => {
      const serverNow = request.at + offsetMs;
      const date = { date: new Date(serverNow).toUTCString() };
      if (Math.abs(Number(request.headers['rt-timestamp']) - serverNow) > 300_000) {
        return { ...invalidTimestamp, headers: date };
      }
      return { ...balance, headers: date };
    };
  }

  for (const [label, offset] of [
    ['an hour ahead', 3_600_000],
    ['an hour behind', -3_600_000],
  ] as const) {
    it(`corrects for a server ${label} and retries once with a new request id`, async () => {
      const client = await clientFor(skewedServer(offset));
      await client.getBalance();
      const [first, second] = server.requests ?? [];
      expect(server.requests.length).toBe(2);
      expect(second?.headers['rt-requestid']).not.toBe(first?.headers['rt-requestid']);
      expect(Math.abs((client.status().clockSkewMs ?? 0) - offset)).toBeLessThan(2_000);
      // Later requests are stamped in server time from the start.
      await client.getBalance();
      expect(server.requests.length).toBe(3);
    });
  }

  /** A provider checking timestamps against the right time behind a front server whose Date header is 10 minutes slow. */
  function slowDateHeader(first?: Reply): (request: ReceivedRequest, index: number) => Reply {
    return (request, index) => {
      const headers = { date: new Date(request.at - 600_000).toUTCString() };
      if (index === 0 && first) return { ...first, headers };
      if (Math.abs(Number(request.headers['rt-timestamp']) - request.at) > 300_000) {
        return { ...invalidTimestamp, headers };
      }
      return { ...balance, headers };
    };
  }

  it('keeps signing with the clock the provider accepts when its Date header is 10 minutes off', async () => {
    const client = await clientFor(slowDateHeader());
    for (let i = 0; i < 3; i++) await client.getBalance();
    expect(server.requests.length).toBe(3);
    expect(Math.abs(client.status().clockSkewMs ?? Number.NaN)).toBeLessThan(2_000);
  });

  it('falls back to our own clock when requests signed by the Date header’s are refused', async () => {
    // The first answer refuses for another reason, so all the client has learned is the wrong Date header.
    const client = await clientFor(
      slowDateHeader({ kind: 'json', status: 403, body: { success: false, code: 'INVALID_USER' } }),
    );
    await expect(client.getBalance()).rejects.toMatchObject({ code: 'INVALID_USER' });
    expect((await client.getBalance()).balance.amount).toBe(1000);
    const stamps = server.requests.map((request) => Number(request.headers['rt-timestamp']) - request.at);
    // Signed in the Date header's time and refused, then in ours and accepted; later requests stay on ours.
    expect(stamps.length).toBe(3);
    expect(stamps[1]).toBeLessThan(-500_000);
    expect(Math.abs(stamps[2] ?? Number.NaN)).toBeLessThan(2_000);
    await client.getBalance();
    expect(server.requests.length).toBe(4);
  });

  it('retries only once when the clock is still refused', async () => {
    const client = await clientFor(() => invalidTimestamp);
    await expect(client.getBalance()).rejects.toMatchObject({
      code: 'INVALID_TIMESTAMP',
      outcome: 'rejected',
    });
    expect(server.requests.length).toBe(2);
  });
});
