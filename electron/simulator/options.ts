import type { Currency } from '../../shared/money';

/**
 * How the simulator words its successful answers (docs/simulator.md, "Answer styles"): `tidy` gives
 * every field the description lists, `lean` only what money and the hand-over need, `untidy` varies
 * what a real service varies (decimal text, unlisted values, nulls, other shapes, extra keys).
 */
export const ANSWER_STYLES = ['tidy', 'lean', 'untidy'] as const;
export type AnswerStyle = (typeof ANSWER_STYLES)[number];

export function isAnswerStyle(value: unknown): value is AnswerStyle {
  return (ANSWER_STYLES as readonly unknown[]).includes(value);
}

/**
 * `ESIM_TEST_ANSWER_STYLE` gives the answer style of every simulator started without one in its
 * options, in this process and its children: one variable runs the integration tests, the end-to-end
 * tests (the web host's training simulator) and the torture in each style.
 */
export function answerStyleFromEnvironment(): AnswerStyle | undefined {
  const text = process.env.ESIM_TEST_ANSWER_STYLE;
  if (text === undefined || text === '') return undefined;
  if (!isAnswerStyle(text)) {
    throw new Error(`ESIM_TEST_ANSWER_STYLE must be ${ANSWER_STYLES.join(', ')}, not "${text}"`);
  }
  return text;
}

/** Faults the simulator injects on demand: from CLI flags, from options, or at run time via the control API. */
export interface Faults {
  /** Added to every affected response (for orders: while the order is in flight). */
  latencyMs: number;
  /** Up to this many more milliseconds, uniformly drawn per request. */
  jitterMs: number;
  /** Share (0–1) of affected requests answered with a 5xx before anything is done. */
  failRate: number;
  /** Share of affected requests whose work is committed, then the connection is destroyed unanswered. */
  dropAfterCommitRate: number;
  /** Share of affected requests that are never answered and never processed. */
  hangRate: number;
  /**
   * This many of the next affected requests are never answered and never processed, whatever
   * `hangRate` draws; counts down as they arrive (one request held while others go through).
   */
  hangNext: number;
  /** Share of affected requests whose work is committed, then never answered. */
  hangAfterCommitRate: number;
  /** Share of affected requests answered 429 RATE_LIMIT_EXCEEDED whatever the windows say (a storm). */
  rateLimitStormRate: number;
  /** Share of eSIM orders answered `pending_details` and provisioned later. */
  pendingRate: number;
  /** Simulated time asynchronous provisioning takes; negative: only the control API completes it. */
  pendingDelayMs: number;
  /** Added to the server's clock: its `Date` header, timestamps and the 5-minute timestamp check. */
  clockOffsetMs: number;
  /** Share of live-status requests answered 502 PROVIDER_ERROR. */
  providerErrorRate: number;
  /** Share of issued eSIMs whose ICCID's last digit is not its Luhn check digit (as some issuers' are not). */
  wrongCheckDigitRate: number;
  /**
   * Which requests the latency, 5xx, drop, hang and storm faults affect: entries like
   * `/esims/order` (any method) or `POST /esims/order`, relative to the API base. Empty: all.
   */
  paths: string[];
  /** The shape of every successful API answer; error bodies are the same in every style. */
  answerStyle: AnswerStyle;
}

export const DEFAULT_FAULTS: Readonly<Faults> = {
  latencyMs: 0,
  jitterMs: 0,
  failRate: 0,
  dropAfterCommitRate: 0,
  hangRate: 0,
  hangNext: 0,
  hangAfterCommitRate: 0,
  rateLimitStormRate: 0,
  pendingRate: 0,
  pendingDelayMs: 60_000,
  clockOffsetMs: 0,
  providerErrorRate: 0,
  wrongCheckDigitRate: 0,
  paths: [],
  answerStyle: 'tidy',
};

export interface RateLimits {
  perMinute: number;
  perHour: number;
  perDay: number;
}

export const DEFAULT_RATE_LIMITS: Readonly<RateLimits> = { perMinute: 100, perHour: 1000, perDay: 10_000 };

export interface SimulatorOptions {
  /** 0 (the default) picks a random free port; the server listens on 127.0.0.1 only. */
  port?: number;
  seed?: number;
  /** Currency of the default account: USD or IQD give a business account, EUR the enterprise one. */
  currency?: Currency;
  /** Opening balance of the default account in major units (only when its data is created). */
  balance?: number;
  /** SQLite file that keeps the simulator's state across restarts; in memory when absent. */
  dataFile?: string;
  faults?: Partial<Faults>;
  /** Simulated delays (provisioning, webhook retries, activation) run this many times faster. */
  timeScale?: number;
  /**
   * The wall clock the server's clock is read from (before `clockOffsetMs`); `Date.now` when absent.
   * Tests give the simulator and the counter one clock, and move it instead of waiting.
   */
  now?: () => number;
  rateLimit?: RateLimits;
  /**
   * How long an idempotency key is remembered after the order it placed (server clock); kept for good
   * when absent. Past it the key places a new order: a provider that does not keep keys forever.
   */
  keyRetentionMs?: number;
  /** Guards the control API; random when absent. */
  controlToken?: string;
  /**
   * Accept `http://` webhook URLs whose host is 127.0.0.1, ::1 or localhost (tests and training mode
   * have no TLS receiver). Every other URL must still be https.
   */
  allowLoopbackHttpWebhooks?: boolean;
}

export interface SimAccount {
  kind: 'business' | 'enterprise' | 'personal';
  currency: Currency;
  accessCode: string;
  secretKey: string;
}

export interface RunningSimulator {
  /** http://127.0.0.1:N/api/v1/business */
  baseUrl: string;
  /** http://127.0.0.1:N/__sim */
  controlUrl: string;
  controlToken: string;
  accounts: SimAccount[];
  defaultAccount: SimAccount;
  setFaults(faults: Partial<Faults>): void;
  close(): Promise<void>;
}

const RATE_KEYS = [
  'failRate',
  'dropAfterCommitRate',
  'hangRate',
  'hangAfterCommitRate',
  'rateLimitStormRate',
  'pendingRate',
  'providerErrorRate',
  'wrongCheckDigitRate',
] as const;

/** Merges a partial fault set into the current one, rejecting values that make no sense. */
export function mergeFaults(current: Readonly<Faults>, change: Readonly<Partial<Faults>>): Faults {
  const next: Faults = { ...current, ...change, paths: [...(change.paths ?? current.paths)] };
  for (const key of RATE_KEYS) {
    const value = next[key];
    if (!Number.isFinite(value) || value < 0 || value > 1) {
      throw new RangeError(`${key} must be a number from 0 to 1, got ${String(value)}`);
    }
  }
  for (const key of ['latencyMs', 'jitterMs'] as const) {
    if (!Number.isFinite(next[key]) || next[key] < 0) {
      throw new RangeError(`${key} must be a number of milliseconds ≥ 0, got ${String(next[key])}`);
    }
  }
  if (!Number.isInteger(next.hangNext) || next.hangNext < 0) {
    throw new RangeError(`hangNext must be a whole number ≥ 0, got ${String(next.hangNext)}`);
  }
  for (const key of ['clockOffsetMs', 'pendingDelayMs'] as const) {
    if (!Number.isFinite(next[key])) throw new RangeError(`${key} must be a number of milliseconds`);
  }
  if (!next.paths.every((p) => typeof p === 'string' && /^((GET|POST|PUT|DELETE) )?\//.test(p))) {
    throw new RangeError('paths entries must look like "/esims/order" or "POST /esims/order"');
  }
  if (!isAnswerStyle(next.answerStyle)) {
    throw new RangeError(`answerStyle must be ${ANSWER_STYLES.join(', ')}, got ${String(next.answerStyle)}`);
  }
  return next;
}
