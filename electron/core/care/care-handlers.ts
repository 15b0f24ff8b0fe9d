import type { HandlerGroup } from '../context';
import type { Cancellations } from './cancellations';

export type CareMethods = 'checkCancelSale' | 'cancelSale' | 'settleCancellation' | 'goodwillRefund';

/** Cancellations of sold eSIMs and goodwill refunds of top-ups; `changed` tells every window the drawer moved. */
export function careHandlers(cancellations: Cancellations, changed: () => void): HandlerGroup<CareMethods> {
  return {
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
    goodwillRefund: async (input) => {
      const cancellation = cancellations.goodwillRefund(input);
      changed();
      return cancellation;
    },
  };
}
