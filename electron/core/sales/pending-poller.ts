import { DueTimer } from './due-timer';
import type { SaleResolver } from './sale-resolver';
import { scopeOf } from './scope';
import type { SellContext } from './sell';

/**
 * Polls pending orders of the connected account when their journalled check falls due. The journal is
 * the poller's whole state (next check, deadline), so it resumes where it was after a restart.
 */
export class PendingPoller {
  private readonly timer: DueTimer;

  constructor(
    private readonly ctx: SellContext,
    private readonly resolver: SaleResolver,
  ) {
    this.timer = new DueTimer({
      name: 'pending order poll',
      nextDue: () => ctx.sales.nextPendingCheck(scopeOf(ctx.connection())),
      runDue: () => this.runDue(),
      now: ctx.now,
      log: ctx.log,
    });
  }

  start(): void {
    this.timer.start();
  }

  stop(): Promise<void> {
    return this.timer.stop();
  }

  /** A sale became pending, or a check was recorded elsewhere: re-read the schedule. */
  wake(): void {
    this.timer.arm();
  }

  private async runDue(): Promise<void> {
    const due = this.ctx.sales.pendingDue(scopeOf(this.ctx.connection()), this.ctx.now().toISOString());
    for (const sale of due) {
      await this.resolver.resolve(sale.id).catch((error: unknown) => {
        this.ctx.log.warn('pending order check failed', { saleId: sale.id, error: String(error) });
      });
    }
  }
}
