import type { CoreContext, HandlerGroup } from '../context';
import { PosFailure } from '../pos/failure';
import { type SellContext, sell } from './sell';

const WEEK_MS = 7 * 86_400_000;

/** Selling and the sales journal. */
export function saleHandlers(
  ctx: CoreContext,
): HandlerGroup<'sell' | 'getSale' | 'listSales' | 'listBestSellers'> {
  const sellContext: SellContext = {
    sales: ctx.sales,
    catalogue: ctx.catalogue,
    pricing: ctx.pricing,
    client: () => ctx.connections.current.client,
    counterId: () => ctx.counterId,
    training: () => ctx.connections.current.mode === 'training',
    now: ctx.now,
    emit: ctx.emit,
    onOutcome: (sale) => {
      if (sale.state === 'completed' && sale.newBalance) ctx.balance.update(sale.newBalance);
    },
    log: ctx.log,
  };
  return {
    sell: async (input) => sell(sellContext, input),
    getSale: async ({ id }) => {
      const sale = ctx.sales.get(id);
      if (!sale) throw new PosFailure('NOT_FOUND', `No sale with id ${id}.`);
      return sale;
    },
    listSales: async (filter) => ({ sales: ctx.sales.list(filter) }),
    listBestSellers: async ({ limit }) => ({
      packageCodes: ctx.sales.bestSellers(new Date(ctx.now().getTime() - WEEK_MS).toISOString(), limit),
    }),
  };
}
