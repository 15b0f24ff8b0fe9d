/** Two offsets closer than this are one clock: the API allows 5 minutes, a Date header is good to a second or two. */
export const SAME_CLOCK_MS = 60_000;

/**
 * The provider's clock as seen from ours, from two kinds of evidence.
 *
 * An answer's `Date` header is truncated to the second and was stamped somewhere between our sending
 * and our receiving, so it bounds the offset (server time minus ours) to an interval. That estimate
 * is moved only when it falls outside the interval, and then only to the interval's nearest edge: a
 * counter whose clock is right keeps an offset of 0, one an hour off learns the hour, and the shown
 * skew does not jitter with every answer.
 *
 * But the Date header is evidence, not an order: a front server or cache can stamp a wrong one while
 * the provider checks signatures against its own right clock. So the clock also remembers the offset
 * of the last request the provider accepted, and signs with that one while the Date header disagrees
 * with it. When the provider refuses a timestamp, the other candidates (the Date header's offset, our
 * own clock) are tried in turn, so neither a lying Date header nor a wrong local clock locks the
 * counter out while the other one works.
 */
export class ServerClock {
  private dateOffset: number | null = null;
  private acceptedOffset: number | null = null;

  /** The offset to sign the next request with: server time is our time plus this. */
  signingOffset(): number {
    if (this.acceptedOffset === null) return this.dateOffset ?? 0;
    // While the Date header agrees with what the provider accepts, follow it (it tracks drift).
    if (this.dateOffset !== null && sameClock(this.dateOffset, this.acceptedOffset)) return this.dateOffset;
    return this.acceptedOffset;
  }

  /**
   * Server time minus ours, in milliseconds, for the manager: the offset the provider accepts once it
   * has accepted one, else the Date headers'; null until either is known.
   */
  skewMs(): number | null {
    return this.acceptedOffset ?? this.dateOffset;
  }

  /** Converts a time the server's headers give (e.g. a rate-limit reset) into ours. */
  toLocal(serverTimeMs: number): number {
    return serverTimeMs - (this.dateOffset ?? 0);
  }

  /** Learns from a `Date` header of an answer to a request sent at `sentAt` and received at `receivedAt` (local ms). */
  observe(dateHeader: string | null, sentAt: number, receivedAt: number): void {
    if (!dateHeader) return;
    const serverSecond = Date.parse(dateHeader);
    if (Number.isNaN(serverSecond)) return;
    const lowest = serverSecond - receivedAt;
    const highest = serverSecond + 999 - sentAt;
    const current = this.dateOffset ?? 0;
    this.dateOffset = Math.min(highest, Math.max(lowest, current));
  }

  /** The provider accepted a request signed with `offset`. */
  accepted(offset: number): void {
    this.acceptedOffset = offset;
  }

  /**
   * The provider refused the timestamp of requests signed with each offset in `tried`: forgets a
   * refused offset it had trusted, and names the next offset to try (the Date header's, then our own
   * clock's), or null when each has been tried.
   */
  refused(tried: readonly number[]): number | null {
    if (this.acceptedOffset !== null && tried.some((offset) => sameClock(offset, this.acceptedOffset ?? 0))) {
      this.acceptedOffset = null;
    }
    const candidates = [this.dateOffset, 0].filter((offset): offset is number => offset !== null);
    return candidates.find((offset) => tried.every((used) => !sameClock(used, offset))) ?? null;
  }
}

function sameClock(a: number, b: number): boolean {
  return Math.abs(a - b) < SAME_CLOCK_MS;
}
