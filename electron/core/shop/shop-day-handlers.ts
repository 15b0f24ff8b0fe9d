import type { HandlerGroup } from '../context';
import { periodOf } from '../reconciliation/reconciliation-handlers';
import type { ShopDayDesk } from './shop-day';

export type ShopDayMethods = 'reconcileShop' | 'resolveShopException';

/** The shop day's calls: a manager's, at any counter of the shop. */
export function shopDayHandlers(desk: ShopDayDesk): HandlerGroup<ShopDayMethods> {
  return {
    reconcileShop: async (input) => desk.reconcile(periodOf(input), input.approval),
    resolveShopException: async (input) =>
      desk.resolve({
        period: periodOf(input),
        key: input.key,
        classification: input.classification,
        reason: input.reason,
        approval: input.approval,
      }),
  };
}
