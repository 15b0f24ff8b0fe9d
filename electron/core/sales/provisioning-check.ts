import type { Sale } from '../../../shared/domain/sale';
import type { PosError } from '../../../shared/errors';
import { ApiFailure, type OrderStatus } from '../api';
import type { Connection } from '../connection';
import { PosFailure } from '../pos/failure';
import { nextCheckAt } from './pending-timing';
import { orderCost, orderInput, type SellContext, settle } from './sell';

type Provisioning = Extract<Sale, { state: 'pending' | 'support' }>;

/** Order statuses that mean provisioning will never finish: the provider failed (and refunds) the order. */
const GIVEN_UP = new Set(['failed', 'cancelled']);

/**
 * One look at an order the provider is still provisioning (a pending sale, or one already handed to
 * support). When GET /esims/order says it is done, the stored key is sent once more: the provider
 * replays the completed order with every eSIM, and charges nothing again. Polling never places an
 * order: a replay is the only POST, and only once the provider says the order exists and completed.
 */
export async function checkProvisioning(
  ctx: SellContext,
  sale: Provisioning,
  connection: Connection,
): Promise<Sale> {
  let status: OrderStatus;
  try {
    status = await connection.client.getOrder(sale.orderReference, { lane: 'interactive' });
  } catch (error) {
    return notYet(ctx, sale, error);
  }
  if (GIVEN_UP.has(status.status?.toLowerCase() ?? '')) {
    if (sale.state === 'support') return sale;
    const problem: PosError = {
      code: 'ORDER_PROCESSING_ERROR',
      message: 'The provider reports that this order failed. Check its refund with provider support.',
      details: { orderReference: sale.orderReference, providerStatus: status.status },
    };
    return settle(ctx, ctx.salesJournal.markSupport(sale.id, problem, ctx.now().toISOString()));
  }
  if (status.pending) return notYet(ctx, sale, null);
  try {
    const outcome = await connection.client.createOrder(orderInput(ctx, sale), { lane: 'sale' });
    if (outcome.kind === 'pending') return notYet(ctx, sale, null);
    const cost =
      outcome.cost ?? sale.cost ?? status.cost ?? (await orderCost(connection, sale.orderReference));
    if (!cost) return notYet(ctx, sale, null);
    const completion = {
      orderReference: outcome.orderReference,
      cost,
      newBalance: outcome.newBalance,
      esims: outcome.esims,
      rawResponse: outcome.raw,
    };
    return settle(ctx, ctx.salesJournal.markCompleted(sale.id, completion, ctx.now().toISOString()));
  } catch (error) {
    return notYet(ctx, sale, error);
  }
}

/**
 * Still provisioning, or no answer: look again after the jittered interval, never later than the
 * deadline; past the deadline the sale goes to support. A support sale is left as it is.
 */
function notYet(ctx: SellContext, sale: Provisioning, error: unknown): Sale {
  if (error !== null && !(error instanceof ApiFailure)) throw error;
  if (error !== null) {
    ctx.log.warn('pending order check failed', { saleId: sale.id, code: (error as PosFailure).code });
  }
  if (sale.state === 'support') return sale;
  const now = ctx.now();
  const at = now.toISOString();
  if (now.getTime() >= Date.parse(sale.giveUpAt)) {
    const lastError = error instanceof PosFailure ? error.toPosError() : null;
    return settle(ctx, ctx.salesJournal.markSupport(sale.id, lastError, at));
  }
  const next = Math.min(Date.parse(nextCheckAt(now, ctx.pendingTiming)), Date.parse(sale.giveUpAt));
  return ctx.salesJournal.recordPendingCheck(sale.id, new Date(next).toISOString(), at);
}
