import type { HandlerGroup } from '../context';
import type { Cancellations } from './cancellations';
import type { EsimCareDesk } from './esim-care';

export type CareMethods =
  | 'checkCancelSale'
  | 'cancelSale'
  | 'settleCancellation'
  | 'checkGoodwillRefund'
  | 'goodwillRefund'
  | 'getEsimCare'
  | 'exportDisputePack';

/** Cancellations of sold eSIMs and goodwill refunds of top-ups; `changed` tells every window the drawer moved. */
export function careHandlers(
  cancellations: Cancellations,
  desk: EsimCareDesk,
  changed: () => void,
): HandlerGroup<CareMethods> {
  return {
    getEsimCare: async ({ saleId }) => ({ esims: await desk.read(saleId) }),
    exportDisputePack: async ({ saleId }) => desk.disputePack(saleId),
    checkCancelSale: async ({ saleId }) => cancellations.check(saleId),
    cancelSale: async (input) => {
      const cancellation = await cancellations.cancel(input);
      changed();
      return cancellation;
    },
    settleCancellation: async ({ id }) => {
      const cancellation = await cancellations.settle(id);
      changed();
      return cancellation;
    },
    checkGoodwillRefund: async ({ topUpId }) => cancellations.checkGoodwill(topUpId),
    goodwillRefund: async (input) => {
      const cancellation = cancellations.goodwillRefund(input);
      changed();
      return cancellation;
    },
  };
}
