/**
 * The provider's clock as seen from ours. An answer's `Date` header is truncated to the second and
 * was stamped somewhere between our sending and our receiving, so it bounds the offset (server time
 * minus ours) to an interval. The estimate is moved only when it falls outside that interval, and
 * then only to the interval's nearest edge: a counter whose clock is right keeps an offset of 0, one
 * an hour off learns the hour, and the shown skew does not jitter with every answer.
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

  /** Learns from a `Date` header of an answer to a request sent at `sentAt` and received at `receivedAt` (local ms). */
  observe(dateHeader: string | null, sentAt: number, receivedAt: number): void {
    if (!dateHeader) return;
    const serverSecond = Date.parse(dateHeader);
    if (Number.isNaN(serverSecond)) return;
    const lowest = serverSecond - receivedAt;
    const highest = serverSecond + 999 - sentAt;
    const current = this.offset ?? 0;
    this.offset = Math.min(highest, Math.max(lowest, current));
  }
}
