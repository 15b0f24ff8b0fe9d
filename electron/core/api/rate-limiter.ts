import { RATE_LIMIT_HEADERS } from '../../../shared/api/auth';
import { ApiFailure, messageFor } from './api-failure';

/**
 * Who is waiting for a request: a cashier's sale goes first, then interactive reads, then
 * background work (catalogue sync, reconciliation paging), so a sale never queues behind a sync.
 */
export type Lane = 'sale' | 'interactive' | 'background';
export const LANES: readonly Lane[] = ['sale', 'interactive', 'background'];

/** A rate-limit window of the API key: at most `limit` requests in any `sizeMs`. */
export interface RateWindow {
  readonly sizeMs: number;
  readonly limit: number;
}

/** The API's typical limits per key: 100 a minute, 1,000 an hour, 10,000 a day. */
export const DEFAULT_WINDOWS: readonly RateWindow[] = [
  { sizeMs: 60_000, limit: 100 },
  { sizeMs: 3_600_000, limit: 1_000 },
  { sizeMs: 86_400_000, limit: 10_000 },
];

/** Bulk work is paced at one request per second. */
export const BULK_INTERVAL_MS = 1_000;

/**
 * The share of every window (and of the server's remaining budget) a lane may use. The rest is kept
 * for the lanes above it: interactive reads leave a little for sales, background work leaves a fifth.
 */
const LANE_SHARE: Record<Lane, number> = { sale: 1, interactive: 0.95, background: 0.8 };

/** Time on a clock, and a way to be called back later; tests drive both by hand. */
export interface Timekeeper {
  now(): number;
  /** Calls `fn` after `ms`; returns a function that cancels the call. */
  setTimer(fn: () => void, ms: number): () => void;
}

export const realTimekeeper: Timekeeper = {
  now: Date.now,
  setTimer(fn, ms) {
    const handle = setTimeout(fn, ms);
    return () => clearTimeout(handle);
  },
};

/** How often a timer on an injected clock looks whether the clock has reached its time. */
const INJECTED_CLOCK_CHECK_MS = 50;

/**
 * Time from an injected clock (the core's `now`, which tests move), with timers that fire when either
 * that clock or the wall clock has gone on by their delay: a deadline passes when the injected clock
 * is moved past it, and still passes on time while the clock stands still.
 */
export function timekeeperOf(now: () => number): Timekeeper {
  return {
    now,
    setTimer(fn, ms) {
      const due = now() + ms;
      let fired = false;
      const fire = (): void => {
        if (fired) return;
        fired = true;
        clearTimeout(wall);
        clearInterval(watch);
        fn();
      };
      const wall = setTimeout(fire, ms);
      const watch = setInterval(() => {
        if (now() >= due) fire();
      }, INJECTED_CLOCK_CHECK_MS);
      watch.unref?.();
      return () => {
        fired = true;
        clearTimeout(wall);
        clearInterval(watch);
      };
    },
  };
}

export interface RateLimiterOptions {
  readonly windows?: readonly RateWindow[];
  readonly bulkIntervalMs?: number;
  readonly time: Timekeeper;
}

/** What the server said in its last X-RateLimit-* headers, its reset in local time. */
export interface ServerBudget {
  readonly limit: number | null;
  readonly remaining: number;
  readonly resetAt: number;
}

/** A long window's budget holding a lane until its reset (see RateLimiter.budgetHold). */
export interface BudgetHold {
  readonly limit: number | null;
  /** Requests the server still allows in the window. */
  readonly left: number;
  /** Local time of the window's reset. */
  readonly resetAt: number;
  /** Requests are left, but only for sales: the lanes below keep them in reserve. */
  readonly keptForSales: boolean;
}

interface Waiter {
  readonly lane: Lane;
  readonly seq: number;
  readonly deadline: number;
  readonly resolve: () => void;
  readonly reject: (error: ApiFailure) => void;
}

/** When the server names no reset, a budget or a refusal is assumed to last this long. */
const UNKNOWN_RESET_MS = 60_000;
const MAX_BACKOFF_MS = 60_000;
/**
 * A server budget whose reset is further away than this describes a long window (hours, a day):
 * lanes below sales spend it at the pace that makes it last until the reset, measured over this span,
 * instead of spending it all and then waiting hours for the reset.
 */
const PACE_SPAN_MS = 3_600_000;

/**
 * The client-side rate limiter. It keeps each lane under its share of the key's windows, takes the
 * server's X-RateLimit-* headers as evidence of the budget left (paced over a long window, a reserve
 * kept for sales), holds everyone after a RATE_LIMIT_EXCEEDED for as long as the refusal's headers
 * make sense of, and paces the background lane at the bulk rate. Waiters are served by lane, then in
 * arrival order.
 */
export class RateLimiter {
  private readonly windows: readonly RateWindow[];
  private readonly bulkIntervalMs: number;
  private readonly time: Timekeeper;
  /** Start times of requests sent, oldest first, for as long as the longest window (or the pacing span). */
  private readonly sent: number[] = [];
  private budget: ServerBudget | null = null;
  private sentSinceBudget = 0;
  private blockedUntil = 0;
  private refusals = 0;
  private lastRefusalAt = Number.NEGATIVE_INFINITY;
  private lastBulkAt = Number.NEGATIVE_INFINITY;
  private waiting: Waiter[] = [];
  private seq = 0;
  private cancelTimer: (() => void) | null = null;

  constructor(options: RateLimiterOptions) {
    this.windows = options.windows ?? DEFAULT_WINDOWS;
    this.bulkIntervalMs = options.bulkIntervalMs ?? BULK_INTERVAL_MS;
    this.time = options.time;
  }

  /**
   * Resolves when a request in this lane may be sent (and counts it as sent). Rejects with
   * RATE_LIMIT_EXCEEDED, outcome rejected, if that would take longer than `maxWaitMs`.
   */
  acquire(lane: Lane, maxWaitMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ lane, seq: this.seq++, deadline: this.time.now() + maxWaitMs, resolve, reject });
      this.pump();
    });
  }

  /** How long a request in this lane must wait from `now`; 0 when it may go. */
  delayFor(lane: Lane, now: number): number {
    let wait = Math.max(this.blockedUntil - now, this.budgetDelay(lane, now));
    const share = LANE_SHARE[lane];
    for (const window of this.windows) {
      const allowed = Math.max(1, Math.floor(window.limit * share));
      const inWindow = this.sent.length - firstAfter(this.sent, now - window.sizeMs);
      if (inWindow >= allowed) {
        const leaving = this.sent[this.sent.length - allowed] ?? now;
        wait = Math.max(wait, leaving + window.sizeMs - now);
      }
    }
    if (lane === 'background') wait = Math.max(wait, this.lastBulkAt + this.bulkIntervalMs - now);
    return wait;
  }

  /**
   * What the server's budget asks of this lane. Sales wait only when it is spent. The lanes below keep
   * their share in reserve for sales and wait for the reset only once they reach it; a budget for a
   * long window is spread over the time to its reset (at most its share of the usable rest in any
   * hour), so reads and top-ups slow down early instead of stopping for hours later.
   */
  private budgetDelay(lane: Lane, now: number): number {
    if (!this.budget || now >= this.budget.resetAt) return 0;
    const toReset = this.budget.resetAt - now;
    const usable = this.usable(lane);
    if (usable <= 0) return toReset;
    if (lane === 'sale' || toReset <= PACE_SPAN_MS) return 0;
    const allowed = Math.max(1, Math.floor((usable * PACE_SPAN_MS) / toReset));
    const inSpan = this.sent.length - firstAfter(this.sent, now - PACE_SPAN_MS);
    if (inSpan < allowed) return 0;
    const leaving = this.sent[this.sent.length - allowed] ?? now;
    return leaving + PACE_SPAN_MS - now;
  }

  /** Requests of the server's budget this lane may still use: what is left, less the reserve of the lanes above. */
  private usable(lane: Lane): number {
    if (!this.budget) return Number.POSITIVE_INFINITY;
    const { limit, remaining } = this.budget;
    const reserve = limit === null ? 0 : Math.floor(limit * (1 - LANE_SHARE[lane]));
    return remaining - this.sentSinceBudget - reserve;
  }

  /**
   * Whether a long window of the server's budget (more than PACE_SPAN_MS to its reset) holds this lane
   * until its reset: spent, or what is left kept for the lanes above. The cashier is told so, with the
   * reset, instead of "wait a moment". Null when no such budget holds it.
   */
  budgetHold(lane: Lane): BudgetHold | null {
    const now = this.time.now();
    if (!this.budget || this.budget.resetAt - now <= PACE_SPAN_MS || this.usable(lane) > 0) return null;
    const left = Math.max(0, this.budget.remaining - this.sentSinceBudget);
    return { limit: this.budget.limit, left, resetAt: this.budget.resetAt, keptForSales: left > 0 };
  }

  /** Learns the server's budget from an answer's headers (any status). */
  observe(headers: Headers, serverToLocal: (serverMs: number) => number): void {
    const remaining = intHeader(headers.get(RATE_LIMIT_HEADERS.remaining));
    if (remaining === null) return;
    const now = this.time.now();
    const reset = parseReset(headers.get(RATE_LIMIT_HEADERS.reset), now, serverToLocal);
    this.budget = {
      limit: intHeader(headers.get(RATE_LIMIT_HEADERS.limit)),
      remaining,
      resetAt: reset ?? now + UNKNOWN_RESET_MS,
    };
    this.sentSinceBudget = 0;
    this.pump();
  }

  /**
   * The server refused a request for its rate limit: nobody sends until it may be worth trying again.
   * That is X-RateLimit-Reset when the headers say the budget they describe is spent (or say nothing
   * of it); when they say requests remain, the refusal came from another, shorter window than the one
   * they describe (a day's budget far from spent, a minute's exceeded), so Retry-After or a doubling
   * back-off decides, never a reset hours away. Returns the local time sending resumes.
   */
  refused(headers: Headers, serverToLocal: (serverMs: number) => number): number {
    const now = this.time.now();
    // Refusals in a row double the back-off; a quiet spell starts it afresh.
    if (now - this.lastRefusalAt > 2 * MAX_BACKOFF_MS) this.refusals = 0;
    this.refusals += 1;
    this.lastRefusalAt = now;
    const backoff = (baseMs: number): number =>
      now + Math.min(MAX_BACKOFF_MS, baseMs * 2 ** (this.refusals - 1));
    const remaining = intHeader(headers.get(RATE_LIMIT_HEADERS.remaining));
    const reset =
      remaining !== null && remaining > 0
        ? null
        : parseReset(headers.get(RATE_LIMIT_HEADERS.reset), now, serverToLocal);
    const until = reset ?? parseRetryAfter(headers.get('retry-after'), now, serverToLocal) ?? backoff(1_000);
    // Our view of the server's clock is good to about a second: a reset that seems already past must
    // not turn repeated refusals into a burst.
    this.blockedUntil = Math.max(this.blockedUntil, until, backoff(250));
    this.pump();
    return this.blockedUntil;
  }

  /** The server's last budget, for the status screen. */
  serverBudget(): ServerBudget | null {
    return this.budget;
  }

  /** Local time until which every lane is held after a refusal, or null. */
  heldUntil(): number | null {
    return this.blockedUntil > this.time.now() ? this.blockedUntil : null;
  }

  private record(lane: Lane, now: number): void {
    this.sent.push(now);
    this.sentSinceBudget += 1;
    if (lane === 'background') this.lastBulkAt = now;
    const longest = Math.max(PACE_SPAN_MS, ...this.windows.map((window) => window.sizeMs));
    const expired = firstAfter(this.sent, now - longest);
    if (expired > 0) this.sent.splice(0, expired);
  }

  private pump(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    const now = this.time.now();
    this.waiting.sort((a, b) => LANES.indexOf(a.lane) - LANES.indexOf(b.lane) || a.seq - b.seq);
    let nextCheck = Number.POSITIVE_INFINITY;
    const still: Waiter[] = [];
    for (const waiter of this.waiting) {
      const wait = this.delayFor(waiter.lane, now);
      if (wait <= 0) {
        this.record(waiter.lane, now);
        waiter.resolve();
      } else if (now + wait > waiter.deadline) {
        waiter.reject(throttled(now + wait, this.budgetHold(waiter.lane)));
      } else {
        still.push(waiter);
        nextCheck = Math.min(nextCheck, wait);
      }
    }
    this.waiting = still;
    if (still.length > 0) this.cancelTimer = this.time.setTimer(() => this.pump(), nextCheck);
  }
}

function throttled(retryAt: number, hold: BudgetHold | null): ApiFailure {
  return new ApiFailure('RATE_LIMIT_EXCEEDED', rateLimitMessage(hold), {
    kind: 'throttled',
    outcome: 'rejected',
    details: { retryAt: new Date(retryAt).toISOString(), ...budgetFacts(hold) },
  });
}

/** The core's sentence (for logs and support) for a request the rate limits hold back. */
export function rateLimitMessage(hold: BudgetHold | null): string {
  if (!hold) return messageFor('RATE_LIMIT_EXCEEDED');
  const until = new Date(hold.resetAt).toISOString();
  return hold.keptForSales
    ? `The provider's request budget is nearly spent (${hold.left} left until ${until}); what is left is kept for sales.`
    : `The provider's request budget is spent until ${until}.`;
}

/** A budget hold as the facts of a RATE_LIMIT_EXCEEDED error (`details.budget`); nothing without one. */
export function budgetFacts(hold: BudgetHold | null): { budget?: Record<string, unknown> } {
  if (!hold) return {};
  return {
    budget: {
      limit: hold.limit,
      left: hold.left,
      resetAt: new Date(hold.resetAt).toISOString(),
      keptForSales: hold.keptForSales,
    },
  };
}

/** Index of the first entry greater than `time` in an ascending list. */
function firstAfter(sorted: readonly number[], time: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] ?? 0) <= time) low = mid + 1;
    else high = mid;
  }
  return low;
}

function intHeader(value: string | null): number | null {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return null;
  return Number(value);
}

/**
 * X-RateLimit-Reset as servers send it, in local time: ISO 8601 (the API's form) or a number —
 * epoch milliseconds, epoch seconds, or (below 10^9) seconds from now. Epoch and ISO times are on
 * the server's clock. Null when unreadable.
 */
export function parseReset(
  value: string | null,
  now: number,
  serverToLocal: (serverMs: number) => number,
): number | null {
  if (value === null || value.trim() === '') return null;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) {
    const number = Number(text);
    if (number >= 1e12) return serverToLocal(number);
    if (number >= 1e9) return serverToLocal(number * 1000);
    return now + number * 1000;
  }
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? null : serverToLocal(parsed);
}

/** Retry-After: seconds from now, or an HTTP date on the server's clock. */
function parseRetryAfter(
  value: string | null,
  now: number,
  serverToLocal: (serverMs: number) => number,
): number | null {
  if (value === null) return null;
  if (/^\s*\d+\s*$/.test(value)) return now + Number(value) * 1000;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : serverToLocal(parsed);
}
