import type { HandlerGroup } from '../context';
import { type PrintContext, periodOf } from '../reconciliation/reconciliation-handlers';
import { renderShopDayDocument } from '../reports/shop-day-document';
import type { ShopDayDesk } from './shop-day';

export type ShopDayMethods = 'reconcileShop' | 'renderShopDayReport' | 'resolveShopException';

/** The shop day's calls: a manager's, at any counter of the shop. */
export function shopDayHandlers(desk: ShopDayDesk, printContext: PrintContext): HandlerGroup<ShopDayMethods> {
  return {
    reconcileShop: async (input) => desk.reconcile(periodOf(input), input.approval),
    renderShopDayReport: async (input) => {
      const day = await desk.latest(periodOf(input), input.approval);
      return { html: renderShopDayDocument(day, { ...printContext(input.language), paper: input.paper }) };
    },
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
