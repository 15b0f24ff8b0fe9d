import { DueTimer } from '../money/due-timer';
import { scopeOf } from '../money/scope';
import type { SellContext } from './sale-context';
import type { SaleResolver } from './sale-resolver';

/**
 * Polls pending orders of the connected account when their journalled check falls due. The journal is
 * the poller's whole state (next check, deadline), so it resumes where it was after a restart. `arm`
 * it when a sale becomes pending.
 */
export function pendingPoller(ctx: SellContext, resolver: SaleResolver): DueTimer {
  return new DueTimer({
    name: 'pending order poll',
    nextDue: () => ctx.salesJournal.nextPendingCheck(scopeOf(ctx.connection())),
    runDue: async () => {
      const due = ctx.salesJournal.pendingDue(scopeOf(ctx.connection()), ctx.now().toISOString());
      for (const sale of due) {
        await resolver.resolve(sale.id).catch((error: unknown) => {
          ctx.log.warn('pending order check failed', { saleId: sale.id, error: String(error) });
        });
      }
    },
    now: ctx.now,
    log: ctx.log,
  });
}
