import { randomUUID } from 'node:crypto';
import type { PosEvent, Pricing, Sale } from '../../../shared/domain';
import type { PosError } from '../../../shared/errors';
import { type Money, multiplyMinor } from '../../../shared/money';
import { ApiFailure, type OrderOutcome, type ResellerClient } from '../api';
import type { CatalogueStore } from '../journal/catalogue-store';
import type { SaleStore } from '../journal/sale-store';
import type { Logger } from '../log';
import { PosFailure } from '../pos/failure';
import { retailPrice } from './pricing';

export interface SellContext {
  readonly sales: SaleStore;
  readonly catalogue: CatalogueStore;
  readonly pricing: () => Pricing;
  readonly client: () => ResellerClient;
  readonly counterId: () => string;
  readonly training: () => boolean;
  readonly now: () => Date;
  readonly emit: (event: PosEvent) => void;
  readonly onOutcome: (sale: Sale) => void;
  readonly log: Logger;
}

/** Provider guidance for asynchronous provisioning: poll every 15–30 s, give up after about 10 minutes. */
export const PENDING_POLL_MIN_MS = 15_000;
export const PENDING_POLL_MAX_MS = 30_000;
export const PENDING_GIVE_UP_MS = 10 * 60_000;

export function nextPollDelayMs(random: () => number = Math.random): number {
  return PENDING_POLL_MIN_MS + Math.floor(random() * (PENDING_POLL_MAX_MS - PENDING_POLL_MIN_MS));
}

/**
 * Sells `quantity` eSIMs of one package. The sale is journalled with its idempotency key before
 * anything is sent; every answer moves it to exactly one state in one transaction. The retail price is
 * fixed here, from the cached catalogue and the shop's pricing rules.
 */
export async function sell(
  ctx: SellContext,
  input: { packageCode: string; quantity: number },
): Promise<Sale> {
  const pkg = ctx.catalogue.get(input.packageCode);
  if (!pkg) {
    throw new PosFailure(
      'INVALID_INPUT',
      'This package is not in the catalogue. Refresh the catalogue and pick it again.',
      {
        packageCode: input.packageCode,
      },
    );
  }
  const retail = retailPrice(pkg.cost, pkg, ctx.pricing());
  const id = randomUUID();
  const intent = ctx.sales.createIntent(
    {
      id,
      counterId: ctx.counterId(),
      cashierId: null,
      shiftId: null,
      training: ctx.training(),
      packageCode: pkg.code,
      packageName: pkg.name,
      quantity: input.quantity,
      idempotencyKey: `${ctx.counterId()}-${randomUUID()}`,
      retailUnit: retail,
      retailTotal: { amount: multiplyMinor(retail.amount, input.quantity), currency: retail.currency },
    },
    ctx.now().toISOString(),
  );
  ctx.emit({ type: 'sale.updated', sale: intent });
  return send(ctx, intent);
}

/**
 * Sends (or re-sends) a journalled sale with its stored idempotency key. Used for a new sale and for
 * recovery: the provider replays an order it completed, or performs it once.
 */
export async function send(ctx: SellContext, sale: Sale): Promise<Sale> {
  const sent = ctx.sales.markSent(sale.id, ctx.now().toISOString());
  ctx.emit({ type: 'sale.updated', sale: sent });
  let outcome: OrderOutcome;
  let cost: Money | null = null;
  try {
    outcome = await ctx
      .client()
      .createOrder(
        { packageCode: sale.packageCode, quantity: sale.quantity, idempotencyKey: sale.idempotencyKey },
        { lane: 'sale' },
      );
    // A replay (the key names an order already completed) does not say what was charged: ask for the order.
    if (outcome.kind === 'replay')
      cost = (await ctx.client().getOrder(outcome.orderReference, { lane: 'sale' })).cost;
  } catch (error) {
    return settle(ctx, recordFailure(ctx, sale, error));
  }
  const now = ctx.now();
  const at = now.toISOString();
  switch (outcome.kind) {
    case 'completed':
    case 'replay': {
      const charged = outcome.kind === 'completed' ? outcome.cost : cost;
      if (!charged) {
        const problem = {
          code: 'BAD_RESPONSE' as const,
          message: 'The provider did not say what the order cost.',
        };
        return settle(ctx, ctx.sales.markInDoubt(sale.id, problem, at));
      }
      const completion = {
        orderReference: outcome.orderReference,
        cost: charged,
        newBalance: outcome.kind === 'completed' ? outcome.newBalance : null,
        esims: outcome.esims,
        rawResponse: outcome.raw,
      };
      return settle(ctx, ctx.sales.markCompleted(sale.id, completion, at));
    }
    case 'pending':
      return settle(
        ctx,
        ctx.sales.markPending(
          sale.id,
          {
            orderReference: outcome.orderReference,
            cost: outcome.cost,
            nextCheckAt: new Date(now.getTime() + nextPollDelayMs()).toISOString(),
            giveUpAt: new Date(now.getTime() + PENDING_GIVE_UP_MS).toISOString(),
            rawResponse: outcome.raw,
          },
          at,
        ),
      );
  }
}

/**
 * Only a definite refusal fails a sale (nothing was charged). Anything else (no answer, a dropped
 * connection, an answer we could not read, even a bug of ours after sending) leaves the order's fate
 * unknown: the sale is in doubt and is resolved by re-sending with its key, never by guessing.
 */
function recordFailure(ctx: SellContext, sale: Sale, error: unknown): Sale {
  const now = ctx.now().toISOString();
  if (error instanceof ApiFailure && error.outcome === 'rejected') {
    return ctx.sales.markFailed(sale.id, error.toPosError(), now, error.raw);
  }
  if (!(error instanceof PosFailure))
    ctx.log.error('order ended unexpectedly', { saleId: sale.id, error: String(error) });
  const posError: PosError =
    error instanceof PosFailure
      ? error.toPosError()
      : { code: 'INTERNAL', message: 'The order could not be confirmed.' };
  return ctx.sales.markInDoubt(sale.id, posError, now);
}

function settle(ctx: SellContext, sale: Sale): Sale {
  ctx.emit({ type: 'sale.updated', sale });
  ctx.onOutcome(sale);
  return sale;
}
