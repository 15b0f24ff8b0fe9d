import type { Cancellation, SaleCancellation } from '../../../shared/domain/cancellation';
import type { Sale, SaleSummary } from '../../../shared/domain/sale';
import { toSaleSummary } from '../../../shared/domain/sale-summary';
import type { ShopTopUp } from '../../../shared/domain/topup';
import type { CancellationJournal } from '../care/cancellation-journal';
import type { CoreContext, HandlerGroup } from '../context';
import type { MoneyWork } from '../money-work';
import { type ServingShop, saleToServe } from '../shop/shop-sales';
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
  shop: ServingShop,
): HandlerGroup<
  'sell' | 'getSale' | 'getSaleForHandOver' | 'listSales' | 'listBestSellers' | 'resolveSale' | 'resendSale'
> {
  // Each sale with its cancellation, read for the whole list at once, and, in a shop, its counter's
  // code. A sale with none reads exactly as its events say it, with no cancellation at all. This
  // counter's cancellation of another counter's sale stands before the one the ledger showed.
  const withCancellations = (sales: readonly (Sale | SaleSummary)[]): SaleSummary[] => {
    const ids = sales.map((sale) => sale.id);
    const found = cancellations.ofSales(ids);
    const elsewhere = shop.cancelledElsewhere.ofSales(ids);
    const code = ctx.shopPlace()?.counterCode ?? null;
    return sales.map((sale) => {
      const cancellation = facts(found.get(sale.id)) ?? elsewhere.get(sale.id) ?? null;
      return {
        ...toSaleSummary(sale),
        ...(cancellation ? { cancellation } : {}),
        ...(code ? { counterCode: sale.counterCode ?? code } : {}),
      };
    });
  };
  // At a counter in a shop, a search also finds the other counters' completed sales and their top-ups
  // in the ledger; a ledger out of reach is said, never passed over.
  const otherCounters = async (
    asked: { search?: string | undefined; from?: string | undefined; to?: string | undefined },
    limit: number,
  ): Promise<{
    sales: SaleSummary[];
    otherTopUps: ShopTopUp[];
    otherCounters: 'searched' | 'unreachable';
  }> => {
    const filter = { ...asked, search: asked.search ?? '', limit };
    try {
      const [found, otherTopUps] = await Promise.all([
        shop.sales.search(filter),
        shop.sales.searchTopUps(filter),
      ]);
      const sales = withCancellations(found.map((each) => each.sale));
      return { sales, otherTopUps, otherCounters: 'searched' };
    } catch (error) {
      ctx.log.warn("the other counters' sales could not be searched", {
        error: error instanceof Error ? error.message : String(error),
      });
      return { sales: [], otherTopUps: [], otherCounters: 'unreachable' };
    }
  };
  return {
    sell: async (input) => money.answered(await money.resolver.sell(input)),
    getSale: async ({ id }) =>
      withCancellations([(await saleToServe(id, ctx.salesJournal.get(id), shop)).sale])[0]!,
    getSaleForHandOver: async ({ id, pin }) => handOver(handOverDeps(ctx), id, 'screen', pin),
    listSales: async ({ before, limit, ...asked }) => {
      const named = { ...asked, counterCode: ctx.shopPlace()?.counterCode ?? null };
      const own = {
        sales: withCancellations(ctx.salesJournal.list({ ...named, limit, ...(before ? { before } : {}) })),
        totals: ctx.salesJournal.totals(named, shop.cancelledElsewhere.saleIds()),
      };
      const searchesShop =
        asked.search?.trim() && !before && shop.inShop() && (asked.states?.includes('completed') ?? true);
      if (!searchesShop) return own;
      // The other counters' sales follow this counter's, on the first page; the totals stay this counter's.
      const others = await otherCounters(asked, limit);
      return {
        ...own,
        sales: [...own.sales, ...others.sales],
        otherCounters: others.otherCounters,
        otherTopUps: others.otherTopUps,
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
