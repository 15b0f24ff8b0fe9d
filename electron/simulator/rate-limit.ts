import type { RateLimits } from './options';

/** What a request learns about its key's budget: the tightest window, as the X-RateLimit-* headers say. */
export interface RateVerdict {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  readonly resetAt: number;
  readonly window: 'minute' | 'hour' | 'day';
}

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

  constructor(private readonly limits: RateLimits) {
    for (const w of WINDOWS) {
      if (!Number.isInteger(limits[w.key]) || limits[w.key] < 1) {
        throw new RangeError(`rate limit ${w.key} must be a whole number ≥ 1`);
      }
    }
  }

  take(key: string, now: number): RateVerdict {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { starts: WINDOWS.map(() => now), counts: WINDOWS.map(() => 0) };
      this.buckets.set(key, bucket);
    }
    WINDOWS.forEach((w, i) => {
      if (now >= (bucket.starts[i] ?? 0) + w.ms) {
        bucket.starts[i] = now;
        bucket.counts[i] = 0;
      }
    });
    const exceeded = WINDOWS.findIndex((w, i) => (bucket.counts[i] ?? 0) >= this.limits[w.key]);
    if (exceeded >= 0) return this.verdict(bucket, exceeded, false);
    bucket.counts = bucket.counts.map((c) => c + 1);
    let tightest = 0;
    WINDOWS.forEach((_, i) => {
      if (this.room(bucket, i) < this.room(bucket, tightest)) tightest = i;
    });
    return this.verdict(bucket, tightest, true);
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
