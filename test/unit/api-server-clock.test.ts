import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ServerClock } from '../../electron/core/api/server-clock';

/** An exchange with a server whose clock is `offset` ms off ours: the Date header it would send. */
function exchangeWith(
  clock: ServerClock,
  offset: number,
  sentAt: number,
  stampDelay: number,
  latency: number,
): void {
  const serverStamp = sentAt + stampDelay + offset;
  clock.observe(new Date(serverStamp).toUTCString(), sentAt, sentAt + latency);
}

const localTime = fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 });
const timing = fc
  .integer({ min: 0, max: 400 })
  .chain((latency) =>
    fc.record({ latency: fc.constant(latency), stampDelay: fc.integer({ min: 0, max: latency }) }),
  );

describe('server clock', () => {
  it('knows no skew until it has read a Date header, and signs with our own clock meanwhile', () => {
    const clock = new ServerClock();
    expect(clock.skewMs()).toBeNull();
    expect(clock.signingOffset()).toBe(0);
  });

  it('learns an offset of up to two hours either way to within the header’s second plus the round trip', () => {
    fc.assert(
      fc.property(fc.integer({ min: -7_200_000, max: 7_200_000 }), localTime, timing, (offset, sentAt, t) => {
        const clock = new ServerClock();
        exchangeWith(clock, offset, sentAt, t.stampDelay, t.latency);
        const skew = clock.skewMs() ?? Number.NaN;
        expect(Math.abs(skew - offset)).toBeLessThanOrEqual(1_000 + t.latency);
        expect(clock.signingOffset()).toBe(skew);
        expect(clock.toLocal(sentAt + skew)).toBe(sentAt);
      }),
    );
  });

  it('keeps a clock that is right at an offset of exactly 0', () => {
    fc.assert(
      fc.property(localTime, fc.array(timing, { minLength: 1, maxLength: 10 }), (start, timings) => {
        const clock = new ServerClock();
        let sentAt = start;
        for (const t of timings) {
          exchangeWith(clock, 0, sentAt, t.stampDelay, t.latency);
          sentAt += 1_337;
        }
        expect(clock.skewMs()).toBe(0);
      }),
    );
  });

  it('holds a learned skew steady across answers, and follows a real change', () => {
    const sentAt = Date.parse('2025-06-01T10:00:00.250Z');
    const clock = new ServerClock();
    exchangeWith(clock, 3_600_000, sentAt, 20, 40);
    const learned = clock.skewMs();
    expect(Math.abs((learned ?? 0) - 3_600_000)).toBeLessThanOrEqual(1_040);
    exchangeWith(clock, 3_600_000, sentAt + 5_300, 10, 30);
    exchangeWith(clock, 3_600_000, sentAt + 9_900, 5, 10);
    expect(Math.abs((clock.skewMs() ?? 0) - 3_600_000)).toBeLessThanOrEqual(1_040);
    exchangeWith(clock, -3_600_000, sentAt + 20_000, 10, 20);
    expect(Math.abs((clock.skewMs() ?? 0) + 3_600_000)).toBeLessThanOrEqual(1_020);
  });

  it('ignores a Date header it cannot read', () => {
    const clock = new ServerClock();
    clock.observe('yesterday-ish', 5_000, 5_000);
    clock.observe(null, 5_000, 5_000);
    expect(clock.skewMs()).toBeNull();
  });

  it('keeps signing with the offset the provider accepts while the Date header says otherwise', () => {
    const sentAt = Date.parse('2026-02-13T23:27:00.000Z');
    const clock = new ServerClock();
    clock.accepted(0);
    exchangeWith(clock, -600_000, sentAt, 10, 20);
    expect(clock.signingOffset()).toBe(0);
    expect(clock.skewMs()).toBe(0);
  });

  it('follows the Date header while it agrees with the accepted offset', () => {
    const sentAt = Date.parse('2026-02-13T23:27:00.250Z');
    const clock = new ServerClock();
    exchangeWith(clock, 3_600_000, sentAt, 10, 20);
    clock.accepted(clock.signingOffset());
    exchangeWith(clock, 3_605_000, sentAt + 60_000, 10, 20);
    expect(Math.abs(clock.signingOffset() - 3_605_000)).toBeLessThanOrEqual(1_020);
  });

  it('after a refused timestamp names the clock not yet tried: the Date header’s, then ours', () => {
    const sentAt = Date.parse('2026-02-13T23:27:00.250Z');
    const clock = new ServerClock();
    exchangeWith(clock, -600_000, sentAt, 10, 20);
    const dated = clock.signingOffset();
    expect(clock.refused([dated])).toBe(0);
    expect(clock.refused([dated, 0])).toBeNull();
    const trusted = new ServerClock();
    trusted.accepted(0);
    exchangeWith(trusted, 3_600_000, sentAt, 10, 20);
    expect(trusted.signingOffset()).toBe(0);
    // Our clock stopped working (it was corrected, or the provider's moved): the Date header's is next,
    // and the refused offset is no longer trusted.
    const next = trusted.refused([0]);
    expect(Math.abs((next ?? 0) - 3_600_000)).toBeLessThanOrEqual(1_020);
    expect(trusted.signingOffset()).toBe(next);
  });
});
