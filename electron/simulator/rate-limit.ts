import type { RateLimits } from './options';

/** What a request learns about its key's budget: the tightest window, as the X-RateLimit-* headers say. */
export interface RateVerdict {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  readonly resetAt: number;
  readonly window: WindowName;
}

export type WindowName = 'minute' | 'hour' | 'day';

const WINDOWS = [
  { name: 'minute', ms: 60_000, key: 'perMinute' },
  { name: 'hour', ms: 3_600_000, key: 'perHour' },
  { name: 'day', ms: 86_400_000, key: 'perDay' },
] as const;

interface Bucket {
  starts: number[];
  counts: number[];
}

/**
 * Fixed windows per key (minute, hour, day), each starting at the key's first request in it. A
 * request over any window is refused and not counted; the headers describe the window with the
 * least room left (the one that refuses first).
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private limits: RateLimits;

  constructor(limits: RateLimits) {
    this.limits = checkedLimits(limits);
  }

  get current(): Readonly<RateLimits> {
    return this.limits;
  }

  /** The provider sets a key's limits (the API: "set per API key"); every key's, here. */
  setLimits(change: Partial<RateLimits>): RateLimits {
    this.limits = checkedLimits({ ...this.limits, ...change });
    return this.limits;
  }

  /**
   * Makes `used` requests of one key's window counted already, the window ending at `resetAt`: a key
   * that spent most of its day before the counter started, without sending them all.
   */
  setUsed(key: string, window: WindowName, used: number, resetAt: number, now: number): RateVerdict {
    const i = WINDOWS.findIndex((w) => w.name === window);
    const w = WINDOWS[i];
    if (!w) throw new RangeError(`window must be ${WINDOWS.map((x) => x.name).join(', ')}`);
    if (!Number.isInteger(used) || used < 0) throw new RangeError('used must be a whole number ≥ 0');
    if (resetAt <= now || resetAt > now + w.ms) {
      throw new RangeError(`the reset must be within the next ${w.name}`);
    }
    const bucket = this.bucketOf(key, now);
    bucket.starts[i] = resetAt - w.ms;
    bucket.counts[i] = used;
    return this.verdict(bucket, i, true);
  }

  take(key: string, now: number): RateVerdict {
    const bucket = this.bucketOf(key, now);
    const exceeded = WINDOWS.findIndex((w, i) => (bucket.counts[i] ?? 0) >= this.limits[w.key]);
    if (exceeded >= 0) return this.verdict(bucket, exceeded, false);
    bucket.counts = bucket.counts.map((c) => c + 1);
    let tightest = 0;
    WINDOWS.forEach((_, i) => {
      if (this.room(bucket, i) < this.room(bucket, tightest)) tightest = i;
    });
    return this.verdict(bucket, tightest, true);
  }

  /** The key's bucket, each window started afresh where it has run out. */
  private bucketOf(key: string, now: number): Bucket {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { starts: WINDOWS.map(() => now), counts: WINDOWS.map(() => 0) };
      this.buckets.set(key, bucket);
    }
    for (const [i, w] of WINDOWS.entries()) {
      if (now >= (bucket.starts[i] ?? 0) + w.ms) {
        bucket.starts[i] = now;
        bucket.counts[i] = 0;
      }
    }
    return bucket;
  }

  private room(bucket: Bucket, i: number): number {
    const w = WINDOWS[i];
    return w ? this.limits[w.key] - (bucket.counts[i] ?? 0) : 0;
  }

  private verdict(bucket: Bucket, i: number, allowed: boolean): RateVerdict {
    const w = WINDOWS[i] ?? WINDOWS[0];
    return {
      allowed,
      limit: this.limits[w.key],
      remaining: Math.max(0, this.room(bucket, i)),
      resetAt: (bucket.starts[i] ?? 0) + w.ms,
      window: w.name,
    };
  }
}

function checkedLimits(limits: RateLimits): RateLimits {
  for (const w of WINDOWS) {
    if (!Number.isInteger(limits[w.key]) || limits[w.key] < 1) {
      throw new RangeError(`rate limit ${w.key} must be a whole number ≥ 1`);
    }
  }
  return { perMinute: limits.perMinute, perHour: limits.perHour, perDay: limits.perDay };
}
