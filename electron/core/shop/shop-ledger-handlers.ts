import type { Status } from '../../../shared/domain/status';
import type { CoreContext, HandlerGroup } from '../context';
import type { ShopLedger } from './shop-ledger';

/**
 * Joining and leaving the shop ledger: a manager's actions, each behind the PIN. A counter that joins
 * takes the shop's settings (`joined`) before it answers.
 */
export function shopLedgerHandlers(
  ctx: CoreContext,
  ledger: ShopLedger,
  status: () => Status,
  joined: () => Promise<void>,
): HandlerGroup<'joinShopLedger' | 'leaveShopLedger'> {
  return {
    joinShopLedger: async ({ pin, ...join }) => {
      ctx.requireManager(pin);
      await ledger.join(join);
      await joined();
      return status();
    },
    leaveShopLedger: async ({ pin }) => {
      ctx.requireManager(pin);
      await ledger.leave();
      return status();
    },
  };
}
