import type { PosEvent } from '../../shared/domain/events';
import type { Sale } from '../../shared/domain/sale';
import { toSaleSummary } from '../../shared/domain/sale-summary';
import type { Logger } from './log';

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

/** Where the core's parts raise events and its windows and browsers listen. */
export class CoreEvents {
  private readonly listeners = new Set<(event: CoreEvent) => void>();

  constructor(private readonly log: Logger) {}

  /**
   * Events are raised on the money paths, between a journal write and a request: a listener that
   * fails (a window closing as it is told) must not stop a sale already marked sent from leaving.
   */
  readonly emit = (event: CoreEvent): void => {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.log.error('an event listener failed', { event: event.type, error: String(error) });
      }
    }
  };

  /** Returns what stops the listening. */
  listen(listener: (event: CoreEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  clear(): void {
    this.listeners.clear();
  }
}
