import type { Cancellation, SaleCancellation } from '../../../shared/domain/cancellation';
import type { Sale, SaleSummary } from '../../../shared/domain/sale';
import { toSaleSummary } from '../../../shared/domain/sale-summary';
import type { CancellationJournal } from '../care/cancellation-journal';
import type { CoreContext, HandlerGroup } from '../context';
import type { MoneyWork } from '../money-work';
import { PosFailure } from '../pos/failure';
import { handOver, handOverDeps } from './install-codes';

const WEEK_MS = 7 * 86_400_000;

/** What a sale carries of its cancellation (the rest is the cancellation's own read). */
function facts(cancellation: Cancellation | undefined): SaleCancellation | null {
  if (!cancellation) return null;
  const { id, state, receiptNumber, originalReceiptNumber, refundMethod, cashRefund, cashRefunded } =
    cancellation;
  const { createdAt, settledAt } = cancellation;
  return {
    id,
    state,
    receiptNumber,
    originalReceiptNumber,
    refundMethod,
    cashRefund,
    cashRefunded,
    createdAt,
    settledAt,
  };
}

/**
 * Selling, resolving sales, and the sales journal. Only `sell` and the confirmed send again (the
 * sale's own answer) and `getSaleForHandOver` (under the install codes' rule, audited) answer with a
 * completed sale's activation codes; every list and read answers with summaries.
 */
export function saleHandlers(
  ctx: CoreContext,
  money: MoneyWork,
  cancellations: CancellationJournal,
): HandlerGroup<
  'sell' | 'getSale' | 'getSaleForHandOver' | 'listSales' | 'listBestSellers' | 'resolveSale' | 'resendSale'
> {
  const find = (id: string): Sale => {
    const sale = ctx.salesJournal.get(id);
    if (!sale) throw new PosFailure('NOT_FOUND', `No sale with id ${id}.`);
    return sale;
  };
  // Each sale with its cancellation, read for the whole list at once. A sale with none reads exactly as
  // its events say it, with no cancellation at all.
  const withCancellations = (sales: readonly Sale[]): SaleSummary[] => {
    const found = cancellations.ofSales(sales.map((sale) => sale.id));
    return sales.map((sale) => {
      const cancellation = facts(found.get(sale.id));
      return { ...toSaleSummary(sale), ...(cancellation ? { cancellation } : {}) };
    });
  };
  return {
    sell: async (input) => money.answered(await money.resolver.sell(input)),
    getSale: async ({ id }) => withCancellations([find(id)])[0]!,
    getSaleForHandOver: async ({ id, pin }) => handOver(handOverDeps(ctx), id, 'screen', pin),
    listSales: async ({ before, limit, ...asked }) => {
      const named = { ...asked, counterCode: ctx.shopPlace()?.counterCode ?? null };
      return {
        sales: withCancellations(ctx.salesJournal.list({ ...named, limit, ...(before ? { before } : {}) })),
        totals: ctx.salesJournal.totals(named),
      };
    },
    listBestSellers: async ({ limit }) => ({
      packageCodes: ctx.salesJournal.bestSellers(
        new Date(ctx.now().getTime() - WEEK_MS).toISOString(),
        limit,
      ),
    }),
    resolveSale: async ({ id }) => toSaleSummary(await money.resolver.resolve(id)),
    // The cashier's confirmed send hands the eSIMs over, as a sale does.
    resendSale: async ({ id }) => money.answered(await money.resolver.resend(id)),
  };
}
