import { listProviderOrders, listTopUpOptions, lookupEsim } from '../api/reads';
import type { CoreContext, HandlerGroup } from '../context';
import { retailPrice } from '../money/pricing';
import { admitTypedIccid } from './typed-iccid';

/**
 * Reads of the provider's records that the counter shows: an eSIM by ICCID, its top-up packages at the
 * shop's prices, and the provider's own order list.
 */
export function esimHandlers(
  ctx: CoreContext,
): HandlerGroup<'lookupEsim' | 'listTopUpPackages' | 'listOrders'> {
  const client = () => ctx.connections.current.client;
  return {
    lookupEsim: async (input) => {
      admitTypedIccid(ctx.db, input);
      return lookupEsim(client(), input.iccid);
    },
    listTopUpPackages: async (input) => {
      admitTypedIccid(ctx.db, input);
      return listTopUpOptions(client(), input.iccid, (cost, pkg) => retailPrice(cost, pkg, ctx.pricing()));
    },
    listOrders: async (input) => listProviderOrders(client(), input),
  };
}
