import type { Sale } from '../../../shared/domain/sale';
import type { PosError } from '../../../shared/errors';
import type { Money } from '../../../shared/money';
import { ApiFailure, type OrderStatus } from '../api';
import type { Connection } from '../connection';
import { readAnswer } from '../money/kept-answers';
import { PosFailure } from '../pos/failure';
import { readOrderEsims } from './order-esims';
import { nextCheckAt, scheduleFrom } from './pending-timing';
import { orderCost, type SellContext, settle } from './sale-context';

type Provisioning = Extract<Sale, { state: 'pending' | 'support' }>;
/** A sale the provider has an order for: pending or at support, or one whose order was found by reads. */
type Ordered = Extract<Sale, { state: 'sent' | 'in_doubt' | 'pending' | 'support' }>;

/** An order of the provider's, as far as it is known before GET /esims/order is asked. */
export interface KnownOrder {
  readonly orderReference: string;
  /** What the provider's list says was charged; null when it was not read from the list. */
  readonly charged: Money | null;
}

/**
 * Settles a sale from its order at the provider, by reads alone: GET /esims/order says whether the
 * order is provisioned, and its eSIMs are read (see readOrderEsims). Nothing is ever sent: a sale
 * whose eSIMs cannot all be read yet is pending (polled, and handed to support after the provider's
 * window), never re-ordered nor replayed from the background. Throws the read's failure.
 */
export async function settleFromOrder(
  ctx: SellContext,
  sale: Ordered,
  connection: Connection,
  known: KnownOrder,
): Promise<Sale> {
  const status = await connection.client.getOrder(known.orderReference, { lane: 'interactive' });
  // The provider failed or refunded the order (its status or its payment status says so): never
  // pending, never given a cost. Anything less certain leaves the sale open for the next read.
  if (status.notCharged) return givenUp(ctx, sale, status);
  const placedAt = status.orderDate === null ? Number.NaN : Date.parse(status.orderDate);
  const esims = status.esim
    ? await readOrderEsims(
        connection,
        {
          orderReference: known.orderReference,
          packageCode: sale.packageCode,
          quantity: sale.quantity,
          placedAt: Number.isNaN(placedAt) ? null : new Date(placedAt),
        },
        status.esim,
        ctx.salesJournal.answerEsims(sale.id),
        (iccids) => ctx.salesJournal.claimedIccids(iccids, sale.id),
      )
    : null;
  const waiting = sale.state === 'pending' || sale.state === 'support';
  if (!esims && waiting) return sale;
  const cost =
    status.cost ??
    known.charged ??
    ('cost' in sale ? sale.cost : null) ??
    (await orderCost(connection, known.orderReference));
  const at = ctx.now();
  const answers = [readAnswer('GET /esims/order', status.raw, at.toISOString())];
  if (!esims || !cost) {
    if (waiting) return sale;
    // The provider has the order and charged it; its eSIMs are not readable yet. Polled like any
    // pending order, and handed to support if they never are.
    return settle(
      ctx,
      ctx.salesJournal.markPending(
        sale.id,
        {
          orderReference: known.orderReference,
          cost,
          ...scheduleFrom(at, ctx.pendingTiming),
          answers,
        },
        at.toISOString(),
      ),
    );
  }
  const completion = {
    orderReference: known.orderReference,
    cost,
    newBalance: null,
    esims,
    answers,
  };
  return settle(ctx, ctx.salesJournal.markCompleted(sale.id, completion, at.toISOString()));
}

function givenUp(ctx: SellContext, sale: Ordered, status: OrderStatus): Sale {
  if (sale.state !== 'pending') return sale;
  const problem: PosError = {
    code: 'ORDER_PROCESSING_ERROR',
    message: 'The provider reports that this order failed. Check its refund with provider support.',
    details: {
      orderReference: sale.orderReference,
      ...(status.status === null ? {} : { providerStatus: status.status }),
    },
  };
  return settle(ctx, ctx.salesJournal.markSupport(sale.id, problem, ctx.now().toISOString()));
}

/**
 * One look at an order the provider is still provisioning (a pending sale, or one already handed to
 * support): settled from the provider's records when they show every eSIM, otherwise looked at again.
 */
export async function checkProvisioning(
  ctx: SellContext,
  sale: Provisioning,
  connection: Connection,
): Promise<Sale> {
  let settled: Sale;
  try {
    settled = await settleFromOrder(ctx, sale, connection, {
      orderReference: sale.orderReference,
      charged: null,
    });
  } catch (error) {
    return notYet(ctx, sale, error);
  }
  return settled.state === 'pending' ? notYet(ctx, settled, null) : settled;
}

/**
 * Still provisioning, or no answer: look again after the jittered interval, never later than the
 * deadline; past the deadline the sale goes to support. A support sale is left as it is.
 */
function notYet(ctx: SellContext, sale: Sale, error: unknown): Sale {
  if (error !== null && !(error instanceof ApiFailure)) throw error;
  if (error !== null) {
    ctx.log.warn('pending order check failed', { saleId: sale.id, code: (error as PosFailure).code });
  }
  if (sale.state !== 'pending') return sale;
  const now = ctx.now();
  const at = now.toISOString();
  if (now.getTime() >= Date.parse(sale.giveUpAt)) {
    const lastError = error instanceof PosFailure ? error.toPosError() : null;
    return settle(ctx, ctx.salesJournal.markSupport(sale.id, lastError, at));
  }
  const next = Math.min(Date.parse(nextCheckAt(now, ctx.pendingTiming)), Date.parse(sale.giveUpAt));
  return ctx.salesJournal.recordPendingCheck(sale.id, new Date(next).toISOString(), at);
}
