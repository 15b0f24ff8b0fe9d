import type { Sale } from '../../../shared/domain/sale';
import type { PosError } from '../../../shared/errors';
import { type Money, money, multiplyMinor } from '../../../shared/money';
import type { PosParsedInput } from '../../../shared/pos-api';
import { ApiFailure, type OrderInput, type OrderOutcome } from '../api';
import type { Connection } from '../connection';
import { certainlyNotPerformed } from '../money/definite-refusal';
import { sendAnswers, withEsimsFound } from '../money/kept-answers';
import { newRecordOrigin } from '../money/money-context';
import { retailPrice } from '../money/pricing';
import { requireQuotedPrice } from '../money/quoted-price';
import { PosFailure } from '../pos/failure';
import { newOrderKey } from './order-keys';
import { scheduleFrom } from './pending-timing';
import { orderCost, type SellContext, settle } from './sale-context';
import { settleByReads } from './sale-evidence';

/** The request every send of a sale makes; its answers are journalled under this name. */
const ORDER_REQUEST = 'POST /esims/order';

/** What the cashier asks for: the package, how many, how the customer pays, and the total quoted. */
export type SaleRequest = PosParsedInput<'sell'>;

/** A journalled sale marked sent, and the order its send makes. */
export interface MarkedSent {
  readonly sale: Sale;
  readonly order: OrderInput;
  /** A new sale's receipt number on disk beside the journal: its answer waits for it. */
  readonly numbersKept?: Promise<void>;
}

/**
 * Journals a new sale of `quantity` eSIMs of one package, with its idempotency key and how the customer
 * paid, and marks it sent, before anything is sent. The retail price is fixed here, from the cached
 * catalogue and the shop's pricing rules. The intent and its "sent" mark stay two state changes,
 * written in one transaction with one record (a chain link) for both, and committed with the sale's
 * one fsync: a new sale costs the journal one commit before its order leaves, and one that cannot be
 * written leaves nothing behind. The order carries no receipt number, so the number's fdatasync beside
 * the journal (issued-numbers.ts) runs while the order is on the wire; the sale's events and answer
 * wait for it. The caller sends it (see `sendMarked`), so that every send of a sale goes through one
 * place.
 */
export function journalAndMarkSent(ctx: SellContext, connection: Connection, input: SaleRequest): MarkedSent {
  const pkg = ctx.catalogueTable.get(input.packageCode);
  if (!pkg) {
    throw new PosFailure(
      'INVALID_INPUT',
      'This package is not in the catalogue. Refresh the catalogue and pick it again.',
      { issues: [{ path: 'packageCode', message: `${input.packageCode} is not in the catalogue` }] },
    );
  }
  const retail = retailPrice(pkg.cost, pkg, ctx.pricing());
  const retailTotal = { amount: multiplyMinor(retail.amount, input.quantity), currency: retail.currency };
  requireQuotedPrice(input.quotedTotal, retailTotal, input.packageCode);
  const { result, numbersKept } = ctx.salesJournal.inOneTransaction(() => {
    const { intent, sent } = ctx.till.record(retailTotal, input.tender, (paid) =>
      ctx.salesJournal.createSent(
        {
          ...newRecordOrigin(ctx, connection),
          ...paid,
          packageCode: pkg.code,
          packageName: pkg.name,
          quantity: input.quantity,
          idempotencyKey: newOrderKey(ctx.counterId(), ctx.shopPlace()),
          retailUnit: retail,
          retailTotal,
          quotedCost: {
            amount: multiplyMinor(pkg.cost.amount, input.quantity),
            currency: pkg.cost.currency,
          },
        },
        ctx.now().toISOString(),
      ),
    );
    return { intent, marked: { sale: sent, order: orderInput(ctx, sent) } };
  });
  const { intent, marked } = result;
  // Told once both are committed and the receipt number is kept, each state as the sale went through it.
  void numbersKept.then(() => {
    ctx.emit({ type: 'sale.updated', sale: intent });
    ctx.emit({ type: 'sale.updated', sale: marked.sale });
  });
  return { ...marked, numbersKept };
}

/**
 * Sends again a journalled sale with its stored idempotency key, over `connection` (which the caller
 * has checked is the sale's account), after the cashier confirmed it. A sale whose answer is kept
 * outside the journal is never sent again: it waits for that answer to be written.
 */
export async function sendAgain(ctx: SellContext, sale: Sale, connection: Connection): Promise<Sale> {
  const waiting = ctx.outcomes.waitingSale(sale);
  if (waiting) return waiting;
  const marked = markForSending(ctx, sale);
  ctx.emit({ type: 'sale.updated', sale: marked.sale });
  return sendMarked(ctx, marked, connection);
}

/**
 * Marks a journalled sale as on the wire (counting the attempt) with the order its send will make,
 * which is settled first: a package gone from the catalogue is refused before the mark.
 */
function markForSending(ctx: SellContext, sale: Sale): MarkedSent {
  const order = orderInput(ctx, sale);
  return { sale: ctx.salesJournal.markSent(sale.id, ctx.now().toISOString()), order };
}

/**
 * Sends a sale marked sent. Only ever called while the cashier is at it (the sale itself, or their
 * confirmed "send again"), by the sale resolver, which runs one piece of work per sale at a time. The
 * provider replays an order it completed, or performs it once. Every answer moves the sale to exactly
 * one state in one transaction; an answer the journal cannot take is kept (the sale is in doubt
 * meanwhile), and a sale whose answer is kept is never sent again. A sale left in doubt is looked for
 * at once in the provider's records (reads only).
 */
export async function sendMarked(
  ctx: SellContext,
  { sale: sent, order, numbersKept }: MarkedSent,
  connection: Connection,
): Promise<Sale> {
  let outcome: OrderOutcome;
  let cost: Money | null = null;
  try {
    outcome = await connection.client.createOrder(order, { lane: 'sale' });
  } catch (error) {
    await numbersKept;
    // Every send of this call was refused, and no earlier call of the sale was made (see recordFailure).
    const definite = sent.attempts === 1 && certainlyNotPerformed(error);
    const recorded = settle(ctx, recordFailure(ctx, sent, error, definite));
    return recorded.state === 'in_doubt' ? lookAtOnce(ctx, recorded, connection) : recorded;
  }
  // The order carries no receipt number: the number's fdatasync ran while it was on the wire.
  await numbersKept;
  // A replay (the key names an order already completed), or a terse answer, may not say what was
  // charged: ask for the order. The order exists whatever this read says, so its failure leaves the
  // sale in doubt, never failed.
  if (outcome.kind !== 'pending' && outcome.cost === null) {
    cost = await orderCost(connection, outcome.orderReference).catch((error: unknown) => {
      ctx.log.warn('replayed order cost unknown', { saleId: sent.id, error: String(error) });
      return null;
    });
  }
  const now = ctx.now();
  // The provider holds this order under the sale's key: an answer a power cut takes from the journal
  // before the next fsync is found again by start-up recovery's reads (one fsync per sale).
  return settle(
    ctx,
    ctx.salesJournal.withoutOwnFsync(() => recordAnswer(ctx, sent, outcome, cost, now)),
  );
}

/** Journals the state a sent sale's order answer says, in one transaction. */
function recordAnswer(
  ctx: SellContext,
  sent: Sale,
  outcome: OrderOutcome,
  cost: Money | null,
  now: Date,
): Sale {
  const at = now.toISOString();
  const answers = sendAnswers(ORDER_REQUEST, sent.attempts, outcome.answers);
  switch (outcome.kind) {
    case 'completed':
    case 'replay': {
      const charged = outcome.cost ?? cost;
      if (!charged) {
        // The provider has this sale's order but did not say what it cost: settled by reads, as a
        // pending order is.
        const pending = {
          orderReference: outcome.orderReference,
          cost: null,
          ...scheduleFrom(now, ctx.pendingTiming),
          answers,
        };
        return ctx.outcomes.recordSale(sent, { to: 'pending', pending }, at);
      }
      const completion = {
        orderReference: outcome.orderReference,
        cost: charged,
        newBalance: outcome.newBalance,
        esims: outcome.esims,
        answers,
      };
      return ctx.outcomes.recordSale(sent, { to: 'completed', completion }, at);
    }
    case 'pending': {
      const pending = {
        orderReference: outcome.orderReference,
        cost: outcome.cost,
        ...scheduleFrom(now, ctx.pendingTiming),
        answers,
      };
      return ctx.outcomes.recordSale(sent, { to: 'pending', pending }, at);
    }
  }
}

/**
 * The order a journalled sale sends, every time: its stored key, and what one eSIM is expected to
 * cost, so that a provider price rise is refused (PRICE_MISMATCH, nothing charged) instead of charged.
 * Once the sale was charged that is what it cost per eSIM (the price its first send carried); before,
 * the catalogue's cost the retail price was quoted from.
 */
export function orderInput(ctx: Pick<SellContext, 'catalogueTable'>, sale: Sale): OrderInput {
  const charged = 'cost' in sale ? sale.cost : null;
  const expectedCost =
    charged && charged.amount % sale.quantity === 0
      ? money(charged.amount / sale.quantity, charged.currency)
      : ctx.catalogueTable.get(sale.packageCode)?.cost;
  if (!expectedCost) {
    throw new PosFailure(
      'INVALID_INPUT',
      'This package is no longer in the catalogue. Refresh the catalogue and pick it again.',
      {
        issues: [{ path: 'packageCode', message: 'not in the catalogue' }],
        packageCode: sale.packageCode,
      },
    );
  }
  return {
    packageCode: sale.packageCode,
    quantity: sale.quantity,
    idempotencyKey: sale.idempotencyKey,
    expectedCost,
  };
}

/**
 * A sale is failed (nothing charged) only when every send it ever made was refused for certain: every
 * attempt of this call (the client's own re-sends included) was refused, which the client reports as
 * outcome `rejected`, and this call was the sale's first. A sale sent again was in doubt before, so an
 * earlier send may have been performed, and no later refusal says anything about it. Anything else
 * leaves the order's fate unknown and the sale in doubt: no answer, a dropped connection, an answer we
 * could not read, a bug of ours after sending.
 */
function recordFailure(ctx: SellContext, sale: Sale, error: unknown, definite: boolean): Sale {
  const now = ctx.now().toISOString();
  const answers = error instanceof ApiFailure ? sendAnswers(ORDER_REQUEST, sale.attempts, error.answers) : [];
  if (error instanceof ApiFailure && definite) {
    return ctx.outcomes.recordSale(sale, { to: 'failed', error: error.toPosError(), answers }, now);
  }
  if (!(error instanceof PosFailure))
    ctx.log.error('order ended unexpectedly', { saleId: sale.id, error: String(error) });
  const posError: PosError =
    error instanceof PosFailure
      ? error.toPosError()
      : { code: 'INTERNAL', message: 'The order could not be confirmed.' };
  // The answers are kept with the eSIMs found in them: at hand when the sale is settled.
  return ctx.outcomes.recordSale(
    sale,
    { to: 'in_doubt', error: posError, answers: withEsimsFound(answers) },
    now,
  );
}

/**
 * A sale that has just gone in doubt, with the cashier still waiting: one look at the provider's
 * records (never a send). The answer may have been lost after the provider did the work.
 */
async function lookAtOnce(ctx: SellContext, sale: Sale, connection: Connection): Promise<Sale> {
  if (sale.state !== 'in_doubt') return sale;
  try {
    return await settleByReads(ctx, sale, connection);
  } catch (error) {
    if (!(error instanceof PosFailure)) throw error;
    ctx.log.warn('in-doubt sale not found by reads', { saleId: sale.id, code: error.code });
    return ctx.salesJournal.require(sale.id);
  }
}
