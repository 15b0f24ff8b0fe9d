import type { Connection } from '../connection';

/**
 * The stretch of the provider's clock in which it may have performed a request whose answer was lost:
 * from the first send to the end of the last one, on the provider's clock. Orders the provider dates
 * outside it cannot be the answer to that request; inside it, an order is only evidence if nothing
 * else of the journal could have made it.
 */
export interface SendWindow {
  readonly from: Date;
  readonly to: Date;
}

/**
 * How far the provider's clock may be from our estimate of it: a `Date` header is truncated to the
 * second and bounds the offset to within a round trip of that, so a few seconds cover it.
 */
export const CLOCK_MARGIN_MS = 5_000;

export interface Sends {
  readonly firstSentAt: string;
  readonly lastSentAt: string;
  /** When the last send ended (its answer, or the client giving up); null when unknown (a crash). */
  readonly endedAt: string | null;
}

/**
 * The window of `sends` on the provider's clock. `longestCallMs` is the longest the client keeps one
 * call on the wire: a send that ended unseen (a crash) ended by then. `skewMs` is the provider's
 * clock minus ours.
 */
export function sendWindow(sends: Sends, longestCallMs: number, skewMs: number): SendWindow {
  const latestEnd = Date.parse(sends.lastSentAt) + longestCallMs;
  const ended = sends.endedAt === null ? latestEnd : Math.min(Date.parse(sends.endedAt), latestEnd);
  return {
    from: new Date(Date.parse(sends.firstSentAt) + skewMs - CLOCK_MARGIN_MS),
    to: new Date(ended + skewMs + CLOCK_MARGIN_MS),
  };
}

/**
 * The provider's clock minus ours. A client that has not heard from the provider since it started
 * asks for the balance first (which also tells it the account currency).
 */
export async function providerSkewMs(connection: Connection): Promise<number> {
  const known = connection.client.status().clockSkewMs;
  if (known !== null) return known;
  await connection.client.getBalance({ lane: 'interactive' });
  return connection.client.status().clockSkewMs ?? 0;
}
