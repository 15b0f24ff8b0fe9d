import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../electron/simulator';
import { accountOf } from './support/fixtures';
import { type CallResult, call, control } from './support/signed-fetch';
import { startSimulator } from './support/tidy-simulator';

let sim: RunningSimulator;
let offset = 0;
const balance = (account = sim.defaultAccount): Promise<CallResult> =>
  call(sim.baseUrl, account, 'GET', '/balance', { timestamp: String(Date.now() + offset) });

function limits(res: CallResult): { limit: number; remaining: number; reset: string } {
  return {
    limit: Number(res.headers.get('x-ratelimit-limit')),
    remaining: Number(res.headers.get('x-ratelimit-remaining')),
    reset: res.headers.get('x-ratelimit-reset') ?? '',
  };
}

beforeAll(async () => {
  sim = await startSimulator({ seed: 81, rateLimit: { perMinute: 3, perHour: 5, perDay: 100 } });
});
afterAll(() => sim.close());

describe('rate limits', () => {
  it('sends X-RateLimit-Limit, -Remaining and -Reset (ISO 8601) on every response', async () => {
    const ok = await balance();
    expect(limits(ok)).toMatchObject({ limit: 3, remaining: 2 });
    expect(limits(ok).reset).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const unauthenticated = await call(sim.baseUrl, null, 'GET', '/balance');
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('x-ratelimit-limit')).not.toBeNull();
    const notFound = await call(sim.baseUrl, sim.defaultAccount, 'GET', '/nowhere');
    expect(notFound.status).toBe(404);
    expect(limits(notFound).remaining).toBe(1);
  });

  it('answers 429 RATE_LIMIT_EXCEEDED once the minute window is spent, for that key only', async () => {
    const last = await balance();
    expect(last.status).toBe(200);
    expect(limits(last).remaining).toBe(0);
    const refused = await balance();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMIT_EXCEEDED' });
    expect(limits(refused)).toMatchObject({ limit: 3, remaining: 0 });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await balance(accountOf(sim, 'business', 'IQD'));
    expect(other.status).toBe(200);
  });

  it('enforces the hour window too, and reports the window that refuses first', async () => {
    // A minute later (on the server's clock) the minute window is fresh; the hour has 2 requests left.
    offset = 61_000;
    sim.setFaults({ clockOffsetMs: offset });
    const first = await balance();
    expect(first.status).toBe(200);
    expect(limits(first)).toMatchObject({ limit: 5, remaining: 1 });
    expect((await balance()).status).toBe(200);
    const refused = await balance();
    expect(refused.status).toBe(429);
    expect(limits(refused)).toMatchObject({ limit: 5, remaining: 0 });
    expect(Date.parse(limits(refused).reset)).toBeGreaterThan(Date.now() + 30 * 60_000);
  });

  it('answers 429 in a rate-limit storm, whatever the windows say (rateLimitStormRate fault)', async () => {
    const iqd = accountOf(sim, 'business', 'IQD');
    sim.setFaults({ rateLimitStormRate: 1 });
    const stormed = await balance(iqd);
    sim.setFaults({ rateLimitStormRate: 0 });
    expect(stormed.status).toBe(429);
    expect(stormed.body.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(limits(stormed).remaining).toBe(0);
  });

  it("takes a key's limits and spent requests from the control API: the headers then describe the day", async () => {
    const iqd = accountOf(sim, 'business', 'IQD');
    const changed = await control(sim, 'PUT', '/rate-limits', {
      perMinute: 1000,
      perHour: 5000,
      perDay: 10_000,
    });
    expect(changed.body).toEqual({ perMinute: 1000, perHour: 5000, perDay: 10_000 });
    const resetAt = new Date(Date.now() + offset + 20 * 3_600_000).toISOString();
    const used = await control(sim, 'POST', '/rate-limits/used', {
      accessCode: iqd.accessCode,
      window: 'day',
      used: 9_549,
      resetAt,
    });
    expect(used.body).toMatchObject({ window: 'day', limit: 10_000, remaining: 451, resetAt });
    // The day has the least room left: the headers describe it, and its reset 20 hours ahead.
    const answered = await balance(iqd);
    expect(answered.status).toBe(200);
    expect(limits(answered)).toEqual({ limit: 10_000, remaining: 450, reset: resetAt });
    const refused = await control(sim, 'POST', '/rate-limits/used', {
      accessCode: iqd.accessCode,
      window: 'day',
      used: 10,
      resetAt: new Date(Date.now() + offset + 25 * 3_600_000).toISOString(),
    });
    expect(refused).toMatchObject({ status: 400, body: { error: 'the reset must be within the next day' } });
    expect((await control(sim, 'PUT', '/rate-limits', { perDay: 0 })).status).toBe(400);
  });
});
