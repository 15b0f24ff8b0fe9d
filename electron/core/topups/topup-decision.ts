import type { Approval } from '../../../shared/domain/cashier';
import type { TopUp, TopUpDecision } from '../../../shared/domain/topup';
import type { CashierTable } from '../cashiers/cashier-table';
import { readAnswer } from '../money/kept-answers';
import { requireSameAccount, scopeOf } from '../money/scope';
import { PosFailure } from '../pos/failure';
import { searchDeps, settle, type TopUpContext } from './topup';
import { candidatesOf, searchTopUpOrders } from './topup-search';

/** What a manager decides about a top-up in doubt: one of its candidate orders is its own, or none is. */
export type TopUpChoice =
  | { readonly kind: 'ours'; readonly orderReference: string }
  | { readonly kind: 'none' };

/**
 * Settles a top-up whose answer was lost, on a manager's decision with their PIN: nothing the counter
 * reads can (see topup-search.ts). The decision is journalled with the move, and its record (a chain
 * link) names the manager, the order taken or none, and the orders the decision was taken over.
 *
 * - `ours`: the provider's orders are read again now, and the order named must still be a candidate
 *   (nothing rules it out: placed while the top-up was on the wire, of its package, charged, claimed by
 *   no other record). The top-up is completed at what the order charged, the list page kept.
 * - `none`: nothing was charged; the top-up fails and the customer is given back what they paid. The
 *   last look is what the decision was taken over (the provider need not be reachable).
 */
export async function decideTopUp(
  ctx: TopUpContext,
  cashiers: CashierTable,
  input: { readonly id: string; readonly choice: TopUpChoice; readonly approval: Approval | undefined },
): Promise<TopUp> {
  const manager = cashiers.approve(input.approval, 'Deciding a top-up whose answer was lost');
  const topUp = ctx.topUpsJournal.get(input.id);
  if (!topUp) throw new PosFailure('NOT_FOUND', `No top-up with id ${input.id}.`);
  if (topUp.state !== 'in_doubt') {
    throw new PosFailure('INVALID_STATE', 'Only a top-up whose answer was lost waits for a decision.', {
      state: topUp.state,
    });
  }
  const connection = ctx.connection();
  requireSameAccount(ctx.topUpsJournal.inScope(topUp.id, scopeOf(connection)), topUp, 'top-up');
  const at = ctx.now().toISOString();
  const decided = (orderReference: string | null): TopUpDecision => ({
    by: manager.id,
    byName: manager.name,
    at,
    orderReference,
  });
  if (input.choice.kind === 'none') {
    const searched = topUp.search?.orders.map((order) => order.orderReference) ?? [];
    const notCharged = {
      code: 'DECIDED_NOT_CHARGED',
      message: `${manager.name} decided that none of the provider's orders is this top-up's: nothing was charged.`,
    } as const;
    return settle(
      ctx,
      ctx.topUpsJournal.markDecidedNotCharged(topUp.id, notCharged, decided(null), searched, at),
    );
  }
  const { orderReference } = input.choice;
  const { search, read } = await searchTopUpOrders(searchDeps(ctx, connection), topUp);
  const looked = ctx.topUpsJournal.recordSearch(topUp.id, search, null, at);
  const seen = search.orders.find((order) => order.orderReference === orderReference);
  if (!seen || !candidatesOf(search).includes(seen)) {
    ctx.emit({ type: 'topup.updated', topUp: looked });
    throw new PosFailure(
      'INVALID_STATE',
      seen
        ? `Order ${orderReference} cannot be this top-up's: ${seen.ruledOut.join(', ')}.`
        : `Order ${orderReference} is not among the provider's orders of this eSIM around this top-up.`,
      { state: topUp.state, orderReference, ruledOut: seen?.ruledOut ?? [] },
    );
  }
  const page = read.raw.find((text) => text.includes(orderReference)) ?? read.raw.join('\n');
  const completion = {
    orderReference,
    cost: seen.amount ?? ctx.topUpsJournal.quotedCost(topUp.id),
    newBalance: null,
    newTotalGb: null,
    newRemainingGb: null,
    newExpiresAt: null,
    inferred: true,
    answers: [readAnswer('GET /orders', page, at)],
    decision: decided(orderReference),
  };
  return settle(ctx, ctx.topUpsJournal.markCompleted(topUp.id, completion, at));
}
