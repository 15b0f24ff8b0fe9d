import { randomUUID } from 'node:crypto';
import type { Sale } from '../../../shared/domain/sale';
import type { TenderInput } from '../../../shared/domain/till';
import type { PosError } from '../../../shared/errors';
import { type Money, multiplyMinor } from '../../../shared/money';
import { ApiFailure, type OrderOutcome } from '../api';
import type { Connection } from '../connection';
import type { CatalogueTable } from '../journal/catalogue-table';
import type { SalesJournal } from '../journal/sales-journal';
import { certainlyNotPerformed } from '../money/definite-refusal';
import { type MoneyContext, newRecordOrigin } from '../money/money-context';
import { retailPrice } from '../money/pricing';
import { PosFailure } from '../pos/failure';
import { type PendingTiming, scheduleFrom } from './pending-timing';

export interface SellContext extends MoneyContext {
  readonly salesJournal: SalesJournal;
  readonly catalogueTable: CatalogueTable;
  /** Called with every state a send ends in (balance, the pending poller). */
  readonly onOutcome: (sale: Sale) => void;
  readonly pendingTiming: PendingTiming;
}

/**
 * Journals a sale of `quantity` eSIMs of one package, with its idempotency key, before anything is
 * sent. The retail price is fixed here, from the cached catalogue and the shop's pricing rules. The
 * caller sends it (see `send`), so that every send of a sale goes through one place.
 */
export function recordIntent(
  ctx: SellContext,
  connection: Connection,
  input: { packageCode: string; quantity: number; tender?: TenderInput | undefined },
): Sale {
  const pkg = ctx.catalogueTable.get(input.packageCode);
  if (!pkg) {
    throw new PosFailure(
      'INVALID_INPUT',
      'This package is not in the catalogue. Refresh the catalogue and pick it again.',
      { packageCode: input.packageCode },
    );
  }
  const retail = retailPrice(pkg.cost, pkg, ctx.pricing());
  const retailTotal = { amount: multiplyMinor(retail.amount, input.quantity), currency: retail.currency };
  const id = ctx.till.record(
    'sale',
    retailTotal,
    input.tender,
    (staff) =>
      ctx.salesJournal.createIntent(
        {
          ...newRecordOrigin(ctx, connection),
          ...staff,
          packageCode: pkg.code,
          packageName: pkg.name,
          quantity: input.quantity,
          idempotencyKey: `${ctx.counterId()}-${randomUUID()}`,
          retailUnit: retail,
          retailTotal,
        },
        ctx.now().toISOString(),
      ).id,
  );
  const intent = ctx.salesJournal.require(id);
  ctx.emit({ type: 'sale.updated', sale: intent });
  return intent;
}

/**
 * Sends (or re-sends) a journalled sale with its stored idempotency key, over `connection` (which the
 * caller has checked is the sale's account). Used for a new sale and for recovery: the provider
 * replays an order it completed, or performs it once. Every answer moves the sale to exactly one state
 * in one transaction.
 */
export async function send(ctx: SellContext, sale: Sale, connection: Connection): Promise<Sale> {
  const sent = ctx.salesJournal.markSent(sale.id, ctx.now().toISOString());
  ctx.emit({ type: 'sale.updated', sale: sent });
  let sends = 0;
  let outcome: OrderOutcome;
  let cost: Money | null = null;
  try {
    outcome = await connection.client.createOrder(
      { packageCode: sale.packageCode, quantity: sale.quantity, idempotencyKey: sale.idempotencyKey },
      { lane: 'sale', onSend: (attempt) => (sends = attempt) },
    );
  } catch (error) {
    // Only the sale's first send can be refused definitively (see recordFailure).
    const definite = sent.attempts === 1 && certainlyNotPerformed(error, sends);
    return settle(ctx, recordFailure(ctx, sale, error, definite));
  }
  // A replay (the key names an order already completed) does not say what was charged: ask for the
  // order. The order exists whatever this read says, so its failure leaves the sale in doubt, never failed.
  if (outcome.kind === 'replay') {
    cost = await orderCost(connection, outcome.orderReference).catch((error: unknown) => {
      ctx.log.warn('replayed order cost unknown', { saleId: sale.id, error: String(error) });
      return null;
    });
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
          message: 'The provider has the order but did not say what it cost yet. Check the sale again.',
        };
        return settle(ctx, ctx.salesJournal.markInDoubt(sale.id, problem, at));
      }
      const completion = {
        orderReference: outcome.orderReference,
        cost: charged,
        newBalance: outcome.kind === 'completed' ? outcome.newBalance : null,
        esims: outcome.esims,
        rawResponse: outcome.raw,
      };
      return settle(ctx, ctx.salesJournal.markCompleted(sale.id, completion, at));
    }
    case 'pending':
      return settle(
        ctx,
        ctx.salesJournal.markPending(
          sale.id,
          {
            orderReference: outcome.orderReference,
            cost: outcome.cost,
            ...scheduleFrom(now, ctx.pendingTiming),
            rawResponse: outcome.raw,
          },
          at,
        ),
      );
  }
}

/**
 * What an order cost, from GET /esims/order. Its amounts carry no currency, so a client that has not
 * heard from the provider since it started (recovery right after a restart) asks for the balance first.
 */
export async function orderCost(connection: Connection, orderReference: string): Promise<Money | null> {
  if (connection.client.status().currency === null) await connection.client.getBalance({ lane: 'sale' });
  return (await connection.client.getOrder(orderReference, { lane: 'sale' })).cost;
}

/**
 * Only a definite refusal of the one request this sale ever sent fails it (nothing was charged).
 * Anything else leaves the order's fate unknown and the sale in doubt, to be resolved by re-sending
 * with its key, never by guessing: no answer, a dropped connection, an answer we could not read, a bug
 * of ours after sending, and also any refusal once an earlier send (the first send before the client's
 * re-send, or a send before a crash) may have been performed: "cannot connect" or "rate limited" says
 * nothing about what an earlier request did.
 */
function recordFailure(ctx: SellContext, sale: Sale, error: unknown, definite: boolean): Sale {
  const now = ctx.now().toISOString();
  if (error instanceof ApiFailure && definite) {
    return ctx.salesJournal.markFailed(sale.id, error.toPosError(), now, error.raw);
  }
  if (!(error instanceof PosFailure))
    ctx.log.error('order ended unexpectedly', { saleId: sale.id, error: String(error) });
  const posError: PosError =
    error instanceof PosFailure
      ? error.toPosError()
      : { code: 'INTERNAL', message: 'The order could not be confirmed.' };
  return ctx.salesJournal.markInDoubt(sale.id, posError, now);
}

export function settle(ctx: Pick<SellContext, 'emit' | 'onOutcome'>, sale: Sale): Sale {
  ctx.emit({ type: 'sale.updated', sale });
  ctx.onOutcome(sale);
  return sale;
}
