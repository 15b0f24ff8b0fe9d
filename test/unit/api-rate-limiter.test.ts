import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../electron/core/api/api-failure';
import { type Lane, parseReset, RateLimiter, type Timekeeper } from '../../electron/core/api/rate-limiter';

/** A clock moved by hand: timers fire when the test advances time past them. */
class ManualTime implements Timekeeper {
  private current = Date.parse('2025-06-01T10:00:00Z');
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 0;

  now(): number {
    return this.current;
  }

  setTimer(fn: () => void, ms: number): () => void {
    const id = this.nextId++;
    this.timers.push({ at: this.current + ms, fn, id });
    return () => {
      this.timers = this.timers.filter((timer) => timer.id !== id);
    };
  }

  /** Moves time forward, firing due timers in order; then lets promise callbacks run. */
  async advance(ms: number): Promise<void> {
    const end = this.current + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers[0];
      if (!next || next.at > end) break;
      this.timers.shift();
      this.current = Math.max(this.current, next.at);
      next.fn();
      await flush();
    }
    this.current = end;
    await flush();
  }
}

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

/** Starts acquiring and records when (on the manual clock) each one was granted, or its failure. */
function track(
  limiter: RateLimiter,
  time: ManualTime,
  lane: Lane,
  log: string[],
  name: string,
  maxWaitMs = 60_000,
) {
  return limiter.acquire(lane, maxWaitMs).then(
    () => log.push(`${name}@${time.now() - START}`),
    (error: unknown) => log.push(`${name}:${error instanceof ApiFailure ? error.code : 'error'}`),
  );
}

const START = Date.parse('2025-06-01T10:00:00Z');

function headers(values: Record<string, string>): Headers {
  return new Headers(values);
}

const identity = (ms: number): number => ms;

describe('rate limiter', () => {
  it('keeps under a window and lets the next request go when the oldest leaves it', async () => {
    const time = new ManualTime();
    const limiter = new RateLimiter({ time, windows: [{ sizeMs: 1_000, limit: 3 }] });
    const log: string[] = [];
    for (const name of ['a', 'b', 'c', 'd']) void track(limiter, time, 'sale', log, name);
    await flush();
    expect(log).toEqual(['a@0', 'b@0', 'c@0']);
    await time.advance(999);
    expect(log).toEqual(['a@0', 'b@0', 'c@0']);
    await time.advance(1);
    expect(log).toEqual(['a@0', 'b@0', 'c@0', 'd@1000']);
  });

  it('keeps a share of every window for the lanes above: background stops first, sales last', async () => {
    const time = new ManualTime();
    const limiter = new RateLimiter({ time, windows: [{ sizeMs: 60_000, limit: 10 }], bulkIntervalMs: 0 });
    const log: string[] = [];
    for (let i = 0; i < 9; i++) void track(limiter, time, 'background', log, `b${i}`);
    await flush();
    // Background may use 80 % of the window: 8 of 10.
    expect(log.filter((entry) => entry.startsWith('b')).length).toBe(8);
    void track(limiter, time, 'interactive', log, 'i');
    void track(limiter, time, 'sale', log, 's1');
    void track(limiter, time, 'sale', log, 's2');
    await flush();
    // Interactive may use 95 % (9 of 10); the sale may use the last one; the second sale waits.
    expect(log.slice(8)).toEqual(['i@0', 's1@0']);
    void track(limiter, time, 'interactive', log, 'i2');
    await time.advance(60_000);
    expect(log.slice(10)).toEqual(['s2@60000', 'i2@60000', 'b8@60000']);
  });

  it('serves a waiting sale before background work that was waiting longer', async () => {
    const time = new ManualTime();
    const limiter = new RateLimiter({ time, windows: [{ sizeMs: 1_000, limit: 1 }], bulkIntervalMs: 0 });
    const log: string[] = [];
    void track(limiter, time, 'sale', log, 'first');
    void track(limiter, time, 'background', log, 'sync');
    void track(limiter, time, 'sale', log, 'sale');
    await flush();
    await time.advance(1_000);
    expect(log).toEqual(['first@0', 'sale@1000']);
    await time.advance(1_000);
    expect(log).toEqual(['first@0', 'sale@1000', 'sync@2000']);
  });

  it('paces background work at one request per second without slowing sales', async () => {
    const time = new ManualTime();
    const limiter = new RateLimiter({ time });
    const log: string[] = [];
    for (let i = 0; i < 3; i++) void track(limiter, time, 'background', log, `page${i + 1}`);
    void track(limiter, time, 'sale', log, 'sale');
    await flush();
    expect(log).toEqual(['page1@0', 'sale@0']);
    await time.advance(2_000);
    expect(log).toEqual(['page1@0', 'sale@0', 'page2@1000', 'page3@2000']);
  });

  it('follows X-RateLimit-Remaining: at zero every lane waits for X-RateLimit-Reset', async () => {
    const time = new ManualTime();
    const limiter = new RateLimiter({ time });
    const reset = new Date(START + 5_000).toISOString();
    limiter.observe(
      headers({ 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }),
      identity,
    );
    const log: string[] = [];
    void track(limiter, time, 'sale', log, 'sale');
    await time.advance(4_999);
    expect(log).toEqual([]);
    await time.advance(1);
    expect(log).toEqual(['sale@5000']);
  });

  it('keeps the last of the server budget for sales', async () => {
    const time = new ManualTime();
    const limiter = new RateLimiter({ time });
    limiter.observe(
      headers({
        'x-ratelimit-limit': '100',
        'x-ratelimit-remaining': '3',
        'x-ratelimit-reset': String((START + 60_000) / 1000),
      }),
      identity,
    );
    const log: string[] = [];
    void track(limiter, time, 'interactive', log, 'read');
    void track(limiter, time, 'sale', log, 'sale');
    await flush();
    // 3 left, interactive keeps 5 in reserve: only the sale goes now.
    expect(log).toEqual(['sale@0']);
    await time.advance(60_000);
    expect(log).toEqual(['sale@0', 'read@60000']);
  });

  it('spreads a day’s budget over the day for reads, never stopping them for hours, and never paces a sale', async () => {
    const time = new ManualTime();
    const limiter = new RateLimiter({ time, windows: [], bulkIntervalMs: 0 });
    limiter.observe(
      headers({
        'x-ratelimit-limit': '10000',
        'x-ratelimit-remaining': '9000',
        'x-ratelimit-reset': new Date(START + 86_400_000).toISOString(),
      }),
      identity,
    );
    const log: string[] = [];
    for (let i = 0; i < 400; i++) void track(limiter, time, 'interactive', log, `read${i}`, 2 * 3_600_000);
    for (let i = 0; i < 3; i++) void track(limiter, time, 'sale', log, `sale${i}`);
    await flush();
    const reads = (): number => log.filter((entry) => entry.startsWith('read')).length;
    // About a 24th of the usable budget goes at once; the rest within the hour, not at the reset.
    expect(reads()).toBeGreaterThan(300);
    expect(reads()).toBeLessThan(400);
    expect(log.filter((entry) => entry.startsWith('sale'))).toEqual(['sale0@0', 'sale1@0', 'sale2@0']);
    await time.advance(3_600_000);
    expect(reads()).toBe(400);
  });

  it("says when a day's budget holds a lane until its reset: kept for sales, or spent; a minute's says nothing of it", async () => {
    const time = new ManualTime();
    const limiter = new RateLimiter({ time, windows: [] });
    const budget = (remaining: number, resetInMs: number): Headers =>
      headers({
        'x-ratelimit-limit': '10000',
        'x-ratelimit-remaining': String(remaining),
        'x-ratelimit-reset': new Date(START + resetInMs).toISOString(),
      });
    const resetAt = new Date(START + 20 * 3_600_000).toISOString();
    limiter.observe(budget(450, 20 * 3_600_000), identity);
    const read = await limiter.acquire('interactive', 15_000).catch((caught: unknown) => caught);
    expect((read as ApiFailure).details).toMatchObject({
      retryAt: resetAt,
      budget: { limit: 10_000, left: 450, resetAt, keptForSales: true },
    });
    expect((read as ApiFailure).message).toMatch(
      /nearly spent \(450 left until .*\); what is left is kept for sales/,
    );
    expect(limiter.budgetHold('sale')).toBeNull();
    await limiter.acquire('sale', 0);
    limiter.observe(budget(0, 20 * 3_600_000), identity);
    expect(limiter.budgetHold('sale')).toEqual({
      limit: 10_000,
      left: 0,
      resetAt: START + 20 * 3_600_000,
      keptForSales: false,
    });
    // A window that resets within the hour is a short wait: "wait a moment" says it.
    limiter.observe(budget(0, 50_000), identity);
    expect(limiter.budgetHold('sale')).toBeNull();
    const sale = await limiter.acquire('sale', 0).catch((caught: unknown) => caught);
    expect((sale as ApiFailure).details).toMatchObject({ retryAt: new Date(START + 50_000).toISOString() });
    expect((sale as ApiFailure).details).not.toHaveProperty('budget');
  });

  it('after a refusal whose headers show budget left, holds for a back-off, not until their far reset', () => {
    const time = new ManualTime();
    const limiter = new RateLimiter({ time });
    const day = headers({
      'x-ratelimit-limit': '10000',
      'x-ratelimit-remaining': '9000',
      'x-ratelimit-reset': new Date(START + 86_400_000).toISOString(),
    });
    limiter.observe(day, identity);
    expect(limiter.refused(day, identity)).toBe(START + 1_000);
    expect(limiter.refused(day, identity)).toBe(START + 2_000);
    const spent = headers({
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': new Date(START + 86_400_000).toISOString(),
    });
    expect(limiter.refused(spent, identity)).toBe(START + 86_400_000);
  });

  it('holds every lane after a refusal until the reset, then lets them go', async () => {
    const time = new ManualTime();
    const limiter = new RateLimiter({ time });
    const until = limiter.refused(headers({ 'x-ratelimit-reset': '7' }), identity);
    expect(until).toBe(START + 7_000);
    expect(limiter.heldUntil()).toBe(START + 7_000);
    const log: string[] = [];
    void track(limiter, time, 'sale', log, 'sale');
    await time.advance(7_000);
    expect(log).toEqual(['sale@7000']);
  });

  it('falls back to Retry-After, then to a doubling back-off, when a refusal names no reset', () => {
    const time = new ManualTime();
    const limiter = new RateLimiter({ time });
    expect(limiter.refused(headers({ 'retry-after': '3' }), identity)).toBe(START + 3_000);
    const fresh = new RateLimiter({ time });
    expect(fresh.refused(headers({}), identity)).toBe(START + 1_000);
    expect(fresh.refused(headers({}), identity)).toBe(START + 2_000);
    expect(fresh.refused(headers({}), identity)).toBe(START + 4_000);
  });

  it('fails a call that would wait longer than its lane allows, as a refusal that sent nothing', async () => {
    const time = new ManualTime();
    const limiter = new RateLimiter({ time });
    limiter.refused(headers({ 'x-ratelimit-reset': new Date(START + 3_600_000).toISOString() }), identity);
    const error = await limiter.acquire('sale', 15_000).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiFailure);
    expect(error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', outcome: 'rejected', kind: 'throttled' });
    expect((error as ApiFailure).details).toMatchObject({
      retryAt: new Date(START + 3_600_000).toISOString(),
    });
  });

  it('counts the day window too', async () => {
    const time = new ManualTime();
    const limiter = new RateLimiter({
      time,
      windows: [
        { sizeMs: 1_000, limit: 100 },
        { sizeMs: 86_400_000, limit: 2 },
      ],
    });
    const log: string[] = [];
    for (const name of ['a', 'b', 'c']) void track(limiter, time, 'sale', log, name, 100_000_000);
    await flush();
    expect(log).toEqual(['a@0', 'b@0']);
    await time.advance(86_400_000);
    expect(log).toEqual(['a@0', 'b@0', 'c@86400000']);
  });
});

describe('X-RateLimit-Reset', () => {
  const now = START;
  it('reads ISO 8601, epoch seconds, epoch milliseconds and seconds-from-now', () => {
    expect(parseReset('2025-06-01T10:01:00Z', now, identity)).toBe(START + 60_000);
    expect(parseReset(String(START / 1000 + 60), now, identity)).toBe(START + 60_000);
    expect(parseReset(String(START + 60_000), now, identity)).toBe(START + 60_000);
    expect(parseReset('60', now, identity)).toBe(START + 60_000);
  });

  it('turns a reset on the server clock into ours', () => {
    const serverAheadOneHour = (ms: number): number => ms - 3_600_000;
    expect(parseReset('2025-06-01T11:01:00Z', now, serverAheadOneHour)).toBe(START + 60_000);
    // Seconds from now need no clock.
    expect(parseReset('60', now, serverAheadOneHour)).toBe(START + 60_000);
  });

  it('ignores what it cannot read', () => {
    expect(parseReset('soon', now, identity)).toBeNull();
    expect(parseReset('', now, identity)).toBeNull();
    expect(parseReset(null, now, identity)).toBeNull();
  });
});
