import { listProviderOrders, listTopUpOptions, lookupEsim } from '../api/reads';
import type { CoreContext, HandlerGroup } from '../context';
import { retailPrice } from '../money/pricing';

/**
 * Reads of the provider's records that the counter shows: an eSIM by ICCID, its top-up packages at the
 * shop's prices, and the provider's own order list.
 */
export function esimHandlers(
  ctx: CoreContext,
): HandlerGroup<'lookupEsim' | 'listTopUpPackages' | 'listOrders'> {
  const client = () => ctx.connections.current.client;
  return {
    lookupEsim: async ({ iccid }) => lookupEsim(client(), iccid),
    listTopUpPackages: async ({ iccid }) =>
      listTopUpOptions(client(), iccid, (cost, pkg) => retailPrice(cost, pkg, ctx.pricing())),
    listOrders: async (input) => listProviderOrders(client(), input),
  };
}
