import { describe, expect, it } from 'vitest';
import { judgeTopUpOrders, wireOf } from '../../electron/core/topups/topup-search';
import type { ProviderOrder } from '../../shared/domain/provider-order';
import { minor } from '../../shared/money';

const ICCID = '8988247000100000015';
const TOP_UP = { iccid: ICCID, packageCode: 'TOPUP-1' };
/** Sent at 10:00:00.000 and given up on at 10:00:30.000, on the provider's clock. */
const WIRE = wireOf('2026-03-01T10:00:00.000Z', '2026-03-01T10:00:30.000Z', 0);

function order(
  reference: string,
  createdAt: string | null,
  more: Partial<ProviderOrder> = {},
): ProviderOrder {
  return {
    id: null,
    orderReference: reference,
    packageName: null,
    packageCode: 'TOPUP-1',
    amount: { amount: minor(249), currency: 'USD' },
    status: 'completed',
    statusText: 'completed',
    createdAt,
    iccid: ICCID,
    ...more,
  };
}

function judged(
  orders: readonly ProviderOrder[],
  claimedHere = new Map<string, number>(),
  elsewhere: Set<string> | null = null,
) {
  return Object.fromEntries(
    judgeTopUpOrders(TOP_UP, WIRE, orders, claimedHere, elsewhere).map((seen) => [
      seen.orderReference,
      seen.ruledOut,
    ]),
  );
}

describe("what rules an order out as a lost top-up's own", () => {
  it("the time: placed after the counter stopped waiting, even by 30 ms; before it sent, beyond the clocks' margin", () => {
    expect(
      judged([
        order('WHILE', '2026-03-01T10:00:10.000Z'),
        order('AT-THE-END', '2026-03-01T10:00:30.000Z'),
        order('AFTER', '2026-03-01T10:00:30.030Z'),
        order('JUST-BEFORE', '2026-03-01T09:59:56.000Z'),
        order('BEFORE', '2026-03-01T09:59:54.000Z'),
        order('UNDATED', null),
      ]),
    ).toEqual({
      WHILE: [],
      'AT-THE-END': [],
      AFTER: ['placed_after_wait'],
      'JUST-BEFORE': [],
      BEFORE: ['placed_before_send'],
      UNDATED: [],
    });
  });

  it('an order dated to the minute is ruled out by time only when the whole minute is', () => {
    const later = wireOf('2026-03-01T10:00:20.000Z', '2026-03-01T10:00:50.000Z', 0);
    const seen = judgeTopUpOrders(
      TOP_UP,
      later,
      [order('THAT-MINUTE', '2026-03-01T10:00:00.000Z'), order('NEXT-MINUTE', '2026-03-01T10:01:00.000Z')],
      new Map(),
      null,
    );
    expect(seen.map((each) => [each.orderReference, each.placedWithinMs, each.ruledOut])).toEqual([
      ['THAT-MINUTE', 60_000, []],
      ['NEXT-MINUTE', 60_000, ['placed_after_wait']],
    ]);
  });

  it('another package, not charged, claimed by a record here or by another counter; another eSIM is left out', () => {
    const at = '2026-03-01T10:00:10.000Z';
    expect(
      judged(
        [
          order('OTHER-PACKAGE', at, { packageCode: 'TOPUP-2' }),
          order('FAILED', at, { status: 'failed' }),
          order('HERE', at),
          order('ELSEWHERE', at),
          order('OTHER-ESIM', at, { iccid: '8988247000100000023' }),
          order('ESIM-NOT-STATED', at, { iccid: null, packageCode: null }),
        ],
        new Map([['HERE', 12]]),
        new Set(['ELSEWHERE']),
      ),
    ).toEqual({
      'OTHER-PACKAGE': ['other_package'],
      FAILED: ['not_charged'],
      HERE: ['claimed_here'],
      ELSEWHERE: ['claimed_elsewhere'],
      'ESIM-NOT-STATED': [],
    });
  });

  it("moves the counter's times onto the provider's clock by the offset learned; a crash's end is a minute after the send", () => {
    expect(wireOf('2026-03-01T10:00:00.000Z', '2026-03-01T10:00:30.000Z', 1_500)).toEqual({
      sentAt: Date.parse('2026-03-01T10:00:01.500Z'),
      stoppedAt: Date.parse('2026-03-01T10:00:31.500Z'),
    });
    expect(wireOf('2026-03-01T10:00:00.000Z', '2026-03-01T12:00:00.000Z', 0).stoppedAt).toBe(
      Date.parse('2026-03-01T10:01:00.000Z'),
    );
  });
});
