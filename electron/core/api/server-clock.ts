/**
 * The provider's clock as seen from ours. Every answer's `Date` header (one-second resolution) gives
 * an estimate of the offset; request timestamps are stamped in server time so a counter whose clock
 * is off still signs acceptable timestamps once it has heard from the server.
 */
export class ServerClock {
  private offset: number | null = null;

  constructor(private readonly now: () => number) {}

  /** Our best estimate of the server's time now, in epoch milliseconds. */
  serverNow(): number {
    return this.now() + (this.offset ?? 0);
  }

  /** Server time minus ours, in milliseconds; null until an answer with a readable Date header arrived. */
  skewMs(): number | null {
    return this.offset;
  }

  /** Converts a time on the server's clock (e.g. a rate-limit reset) into ours. */
  toLocal(serverTimeMs: number): number {
    return serverTimeMs - (this.offset ?? 0);
  }

  /** Learns from a `Date` header received at local time `receivedAt`; unreadable headers are ignored. */
  observe(dateHeader: string | null, receivedAt: number): void {
    if (!dateHeader) return;
    const serverSecond = Date.parse(dateHeader);
    if (Number.isNaN(serverSecond)) return;
    // The header is truncated to the second: the middle of that second is the least-biased guess.
    const estimate = serverSecond + 500 - receivedAt;
    // Within the header's own resolution a new estimate is noise; keep the shown skew steady.
    if (this.offset !== null && Math.abs(estimate - this.offset) <= 1000) return;
    this.offset = estimate;
  }
}
