import type { CoreContext, HandlerGroup } from '../context';
import { PosFailure } from '../pos/failure';
import type { MoneyWork } from './money-work';

const WEEK_MS = 7 * 86_400_000;

/** Selling, resolving sales, and the sales journal. */
export function saleHandlers(
  ctx: CoreContext,
  money: MoneyWork,
): HandlerGroup<'sell' | 'getSale' | 'listSales' | 'listBestSellers' | 'resolveSale'> {
  return {
    sell: async (input) => money.sales.sell(input),
    getSale: async ({ id }) => {
      const sale = ctx.sales.get(id);
      if (!sale) throw new PosFailure('NOT_FOUND', `No sale with id ${id}.`);
      return sale;
    },
    listSales: async (filter) => ({ sales: ctx.sales.list(filter) }),
    listBestSellers: async ({ limit }) => ({
      packageCodes: ctx.sales.bestSellers(new Date(ctx.now().getTime() - WEEK_MS).toISOString(), limit),
    }),
    resolveSale: async ({ id }) => money.sales.resolve(id),
  };
}
