/**
 * How pending orders are polled. The provider's guidance: every 15 to 30 seconds, for at most about
 * 10 minutes, after which the order is handed to support and never re-ordered. Tests shorten these.
 */
export interface PendingTiming {
  readonly minIntervalMs: number;
  readonly maxIntervalMs: number;
  readonly giveUpAfterMs: number;
  /** A number in [0, 1); the jitter keeps many counters from polling in step. */
  readonly random: () => number;
}

export const PROVIDER_PENDING_TIMING: PendingTiming = {
  minIntervalMs: 15_000,
  maxIntervalMs: 30_000,
  giveUpAfterMs: 10 * 60_000,
  random: Math.random,
};

export function nextCheckAt(from: Date, timing: PendingTiming): string {
  const spread = timing.maxIntervalMs - timing.minIntervalMs;
  return new Date(from.getTime() + timing.minIntervalMs + Math.floor(timing.random() * spread)).toISOString();
}

/** The schedule of an order that has just become pending. */
export function scheduleFrom(from: Date, timing: PendingTiming): { nextCheckAt: string; giveUpAt: string } {
  return {
    nextCheckAt: nextCheckAt(from, timing),
    giveUpAt: new Date(from.getTime() + timing.giveUpAfterMs).toISOString(),
  };
}
