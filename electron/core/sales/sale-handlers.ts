import type { CoreContext, HandlerGroup } from '../context';
import type { MoneyWork } from '../money-work';
import { PosFailure } from '../pos/failure';

const WEEK_MS = 7 * 86_400_000;

/** Selling, resolving sales, and the sales journal. */
export function saleHandlers(
  ctx: CoreContext,
  money: MoneyWork,
): HandlerGroup<'sell' | 'getSale' | 'listSales' | 'listBestSellers' | 'resolveSale' | 'resendSale'> {
  return {
    sell: async (input) => money.resolver.sell(input),
    getSale: async ({ id }) => {
      const sale = ctx.salesJournal.get(id);
      if (!sale) throw new PosFailure('NOT_FOUND', `No sale with id ${id}.`);
      return sale;
    },
    listSales: async (filter) => ({ sales: ctx.salesJournal.list(filter) }),
    listBestSellers: async ({ limit }) => ({
      packageCodes: ctx.salesJournal.bestSellers(
        new Date(ctx.now().getTime() - WEEK_MS).toISOString(),
        limit,
      ),
    }),
    resolveSale: async ({ id }) => money.resolver.resolve(id),
    resendSale: async ({ id }) => money.resolver.resend(id),
  };
}
