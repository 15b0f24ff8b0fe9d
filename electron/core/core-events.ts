import type { PosEvent } from '../../shared/domain/events';
import type { Sale } from '../../shared/domain/sale';
import { toSaleSummary } from '../../shared/domain/sale-summary';

/**
 * The core's own events: PosEvents, except that a sale carries its eSIMs in full for the parts of the
 * core that hand them over (the customer display). What leaves the core is `toPosEvent` of one:
 * events reach every window and browser of the counter, so they never carry an activation code.
 */
export type CoreEvent =
  | Exclude<PosEvent, { type: 'sale.updated' }>
  | { readonly type: 'sale.updated'; readonly sale: Sale };

export function toPosEvent(event: CoreEvent): PosEvent {
  return event.type === 'sale.updated' ? { type: 'sale.updated', sale: toSaleSummary(event.sale) } : event;
}
