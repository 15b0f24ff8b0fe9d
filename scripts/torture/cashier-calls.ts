import type { Sale } from '../../shared/domain/sale';
import type { OrderPost } from './api-tap';
import type { HostProcess, PosAnswer } from './host-process';

/**
 * Which orders were placed with a cashier at the counter. A counter may send an order only while a
 * cashier's `sell` or confirmed `resendSale` about that sale is waiting for its answer; anything else
 * (recovery, a background timer, "check now") may only read. The tap records every order on the
 * wire with the counter process that sent it; this records every cashier call with the process it
 * went to and when it was open. An order is attended when a call of the same process about the same
 * sale was open when the tap received it: the process cannot send before the call reaches it, and the
 * tap receives the order before the call's answer can come back. One clock (the torture's) times both.
 */

export interface CashierCall {
  readonly kind: 'sell' | 'resend';
  /** The counter process (the tap label of its base URL). */
  readonly label: string;
  readonly start: number;
  /** When its answer arrived; null if the process was killed while it was open. */
  end: number | null;
  /** The sale it was about: a resend's input, a sell's answer (null when a killed sell never answered). */
  saleId: string | null;
}

/** One run of the counter process: its tap label, when it lived, and how far ahead its clock ran. */
export interface HostLife {
  readonly label: string;
  readonly startedAt: number;
  diedAt: number | null;
  readonly clockOffsetMs: number;
}

export class CashierCalls {
  readonly calls: CashierCall[] = [];

  /** Makes a cashier call on `host`, recording when it was open and which sale it was about. */
  async call(
    host: HostProcess,
    label: string,
    kind: CashierCall['kind'],
    input: { packageCode: string; quantity: number } | { id: string },
  ): Promise<PosAnswer<Sale>> {
    const call: CashierCall = {
      kind,
      label,
      start: Date.now(),
      end: null,
      saleId: 'id' in input ? input.id : null,
    };
    this.calls.push(call);
    const answer = await host.call<Sale>(
      kind === 'sell' ? 'sell' : 'resendSale',
      'id' in input ? { id: input.id, confirmed: true } : input,
    );
    call.end = Date.now();
    call.saleId ??= answer.value?.id ?? null;
    return answer;
  }
}

interface JournalSaleTimes {
  readonly id: string;
  readonly idempotency_key: string;
  /** On the clock of the process that wrote it. */
  readonly created_at: string;
}

/** The orders on the wire that no cashier call of their process, about their sale, was open for. */
export function unattendedOrders(
  posts: readonly OrderPost[],
  calls: readonly CashierCall[],
  lives: readonly HostLife[],
  sales: readonly JournalSaleTimes[],
): OrderPost[] {
  const byKey = new Map(sales.map((sale) => [sale.idempotency_key, sale]));
  const answered = new Set(
    calls.flatMap((c) => (c.kind === 'sell' && c.end !== null && c.saleId ? [c.saleId] : [])),
  );
  // A sell killed before it answered made a sale on its process that no answered sell names.
  const madeBy = (sale: JournalSaleTimes): string | null => {
    if (answered.has(sale.id)) return null;
    const life = lives.find((l) => {
      const at = Date.parse(sale.created_at) - l.clockOffsetMs;
      return at >= l.startedAt && (l.diedAt === null || at <= l.diedAt);
    });
    return life?.label ?? null;
  };
  return posts.filter((post) => {
    const sale = post.idempotencyKey === null ? undefined : byKey.get(post.idempotencyKey);
    if (!sale) return true;
    return !calls.some(
      (c) =>
        c.label === post.label &&
        post.at >= c.start &&
        (c.end === null || post.at <= c.end) &&
        (c.saleId === sale.id || (c.kind === 'sell' && c.saleId === null && madeBy(sale) === post.label)),
    );
  });
}
