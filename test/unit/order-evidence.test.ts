import { describe, expect, it } from 'vitest';
import { isoTimeOf } from '../../electron/core/api/provider-time';
import {
  judgeOrders,
  mayBeDatedIn,
  type OrdersRead,
  wholeMinutesOf,
} from '../../electron/core/money/order-evidence';
import type { ProviderOrder } from '../../shared/domain/provider-order';

const window = { from: new Date('2026-02-13T23:27:30.000Z'), to: new Date('2026-02-13T23:27:50.000Z') };

function listed(createdAt: string | null, orderReference = 'ORD-1'): ProviderOrder {
  return {
    id: null,
    orderReference,
    packageName: null,
    packageCode: 'PKG',
    amount: null,
    status: 'completed',
    statusText: 'completed',
    createdAt,
    iccid: null,
  };
}

function judged(
  createdAt: string | null,
  options: { readonly span?: OrdersRead['span']; readonly others?: readonly ProviderOrder[] } = {},
): ReturnType<typeof judgeOrders> {
  const read: OrdersRead = {
    orders: [listed(createdAt), ...(options.others ?? [])],
    raw: ['{}'],
    complete: true,
    span: options.span ?? window,
  };
  return judgeOrders(
    () => new Set(),
    read,
    window,
    () => true,
  );
}

describe('the provider’s order list as evidence for a request whose answer was lost', () => {
  it('finds the one order dated inside the window to the second', () => {
    expect(judged('2026-02-13T23:27:41.000Z').kind).toBe('found');
  });

  it('never says "no order" for one dated to the minute or the day the window falls in', () => {
    // "February 13, 2026 at 11:27 PM" may be any second of that minute, the window's among them.
    for (const text of ['February 13, 2026 at 11:27 PM', 'February 13, 2026']) {
      expect(judged(isoTimeOf(text)).kind, text).toBe('ambiguous');
    }
  });

  it('finds the one order dated to a minute the window falls in once that whole minute was read and holds no other', () => {
    const minute = wholeMinutesOf(window);
    expect(minute).toEqual({
      from: new Date('2026-02-13T23:27:00.000Z'),
      to: new Date('2026-02-13T23:28:00.000Z'),
    });
    const atTheMinute = isoTimeOf('February 13, 2026 at 11:27 PM');
    expect(judged(atTheMinute, { span: minute }).kind).toBe('found');
    // Another order that minute may stand for, even one dated to the second outside the window: either may be it.
    for (const other of ['2026-02-13T23:27:55.000Z', 'February 13, 2026 at 11:27 PM', null]) {
      const others = [listed(other === null ? null : isoTimeOf(other), 'ORD-2')];
      expect(judged(atTheMinute, { span: minute, others }).kind, String(other)).toBe('ambiguous');
    }
    // One dated to the second outside that minute is not.
    const outside = [listed('2026-02-13T23:28:05.000Z', 'ORD-2')];
    expect(judged(atTheMinute, { span: minute, others: outside }).kind).toBe('found');
    // A day is never read whole for it.
    expect(judged(isoTimeOf('February 13, 2026'), { span: minute }).kind).toBe('ambiguous');
  });

  it('says "no order" for one dated to a minute that ends before the window', () => {
    expect(judged(isoTimeOf('February 13, 2026 at 11:26 PM')).kind).toBe('none');
  });

  it('counts an order dated to a minute as possibly placed in a window that starts inside that minute', () => {
    // 11:27 PM may be 23:27:40; a window from 23:27:30 may hold it, one from 23:28:00 may not.
    const order = listed(isoTimeOf('February 13, 2026 at 11:27 PM'));
    expect(mayBeDatedIn(order, window)).toBe(true);
    const later = { from: new Date('2026-02-13T23:28:00.001Z'), to: new Date('2026-02-13T23:29:00.000Z') };
    expect(mayBeDatedIn(order, later)).toBe(false);
    expect(mayBeDatedIn(listed('2026-02-13T23:27:20.000Z'), window)).toBe(false);
  });
});
