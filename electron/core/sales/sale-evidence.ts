import type { ProviderOrder } from '../../../shared/domain/provider-order';
import type { Sale } from '../../../shared/domain/sale';
import type { PosError } from '../../../shared/errors';
import type { Connection } from '../connection';
import type { SaleSends } from '../journal/sales-journal';
import {
  allMatch,
  evidenceFacts,
  findOrder,
  mayBeDatedIn,
  type OrderEvidence,
  sameField,
  wholeMinutesOf,
} from '../money/order-evidence';
import { scopeOf } from '../money/scope';
import { providerSkewMs, type SendWindow, sendWindow } from '../money/send-window';
import { settleFromOrder } from './provisioning-check';
import { type SellContext, settle } from './sale-context';

/**
 * The longest one order call keeps a sale on the wire: two sends of at most 30 s each, with the rate
 * limiter's waits and its retries after a clock correction or a rate-limit answer. A send a crash cut
 * off had ended at the provider by then.
 */
export const LONGEST_ORDER_CALL_MS = 5 * 60_000;

type Unanswered = Extract<Sale, { state: 'sent' | 'in_doubt' }>;

export interface SaleEvidence {
  readonly evidence: OrderEvidence;
  readonly window: SendWindow;
}

function windowOf(sends: SaleSends, skewMs: number): SendWindow {
  return sendWindow(
    {
      firstSentAt: sends.firstSentAt,
      lastSentAt: sends.lastSentAt ?? sends.firstSentAt,
      endedAt: sends.endedAt,
    },
    LONGEST_ORDER_CALL_MS,
    skewMs,
  );
}

/**
 * Looks for a sale's order in the provider's order list (GET /orders around the sale's sends): an
 * order of the sale's package and expected amount, dated while the sale was on the wire, and claimed
 * by no other record of the journal. It is this sale's only if no other unresolved sale of the
 * account could have made it: two sales alike in doubt at once are never told apart by guessing.
 * Only reads; throws the read's failure.
 */
export async function findSaleOrder(
  ctx: SellContext,
  sale: Unanswered,
  connection: Connection,
): Promise<SaleEvidence> {
  const sends = ctx.salesJournal.sends(sale.id);
  const skew = await providerSkewMs(connection);
  const window = windowOf(sends, skew);
  const sameAmount = sends.quotedCost;
  const claimed = (references: readonly string[]) => ctx.salesJournal.claimedOrderReferences(references);
  const matching = (order: ProviderOrder) =>
    allMatch(
      sameField(order.packageCode, sends.packageCode),
      sameAmount === null
        ? true
        : sameField(order.amount, sameAmount, (a, b) => a.amount === b.amount && a.currency === b.currency),
    );
  // Read over the whole minutes the window touches: an order the provider dates only to the minute
  // is the sale's only if nothing else in that minute could be it (judgeOrders, and the rivals below).
  const evidence = await findOrder(connection, claimed, window, matching, wholeMinutesOf(window));
  if (evidence.kind !== 'found') return { evidence, window };
  // Any instant of the order's stated span counts: an order dated to the minute 6:20 PM may have been
  // placed by a sale sent at 6:20:40, whose window starts after 6:20:00.
  const { order } = evidence;
  const rivals = ctx.salesJournal
    .lookalikes(sale.id, scopeOf(connection))
    .filter((other) => mayBeDatedIn(order, windowOf(other, skew)));
  if (rivals.length > 0) return { evidence: { kind: 'ambiguous', orders: [order] }, window };
  return { evidence, window };
}

/**
 * Settles a sale whose answer was lost from the provider's records, without sending anything: the
 * order found in the list completes it (or makes it pending, see settleFromOrder). A sale left on
 * the wire by a crash is in doubt from now on if nothing settles it. Throws the reads' failure (the
 * crashed sale is marked in doubt first).
 */
export async function settleByReads(
  ctx: SellContext,
  sale: Unanswered,
  connection: Connection,
): Promise<Sale> {
  let found: SaleEvidence;
  try {
    found = await findSaleOrder(ctx, sale, connection);
  } catch (error) {
    interrupted(ctx, sale, null);
    throw error;
  }
  return settleWith(ctx, sale, connection, found);
}

/** Settles a sale from what its search found (see settleByReads). */
export async function settleWith(
  ctx: SellContext,
  sale: Unanswered,
  connection: Connection,
  found: SaleEvidence,
): Promise<Sale> {
  const { evidence } = found;
  if (evidence.kind !== 'found') return interrupted(ctx, sale, found) ?? sale;
  try {
    return await settleFromOrder(ctx, sale, connection, {
      orderReference: evidence.order.orderReference,
      charged: evidence.order.amount,
    });
  } catch (error) {
    interrupted(ctx, sale, null);
    throw error;
  }
}

/** A sale a crash left on the wire, not settled by reads: in doubt from now on, with what was searched. */
function interrupted(ctx: SellContext, sale: Unanswered, found: SaleEvidence | null): Sale | null {
  if (sale.state !== 'sent') return null;
  const problem: PosError = {
    code: 'TIMEOUT',
    message:
      "The app stopped while this sale was being sent, and the provider's records have not shown its order. " +
      'Send it again only if the customer still wants it.',
    ...(found ? { details: evidenceFacts(found.window, found.evidence) } : {}),
  };
  return settle(ctx, ctx.salesJournal.markInDoubt(sale.id, problem, ctx.now().toISOString()));
}
