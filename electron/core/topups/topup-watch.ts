import type { TopUp } from '../../../shared/domain/topup';
import type { CashierTable } from '../cashiers/cashier-table';
import { DueTimer } from '../money/due-timer';
import { requireSameAccount, scopeOf } from '../money/scope';
import { PosFailure } from '../pos/failure';
import { checkInDoubt, type TopUpContext } from './topup';
import { decideTopUp } from './topup-decision';

/**
 * Settles in-doubt top-ups of the connected account from the provider's order list, on the schedule
 * the journal holds; resumes after a restart. Nothing here sends a top-up.
 */
export class TopUpWatcher {
  /** Started and stopped with the money paths; armed when a top-up goes in doubt. */
  readonly timer: DueTimer;
  private readonly busy = new Map<string, Promise<TopUp>>();

  constructor(private readonly ctx: TopUpContext) {
    this.timer = new DueTimer({
      name: 'in-doubt top-up check',
      nextDue: () => ctx.topUpsJournal.nextInDoubtCheck(scopeOf(ctx.connection())),
      runDue: () => this.runDue(),
      now: ctx.now,
      log: ctx.log,
    });
  }

  /**
   * After a crash: a top-up still in `intent` was never sent (the journal marks `sent` before the
   * request leaves) and failed (only a journal written before a top-up's intent and its mark became one
   * transaction holds one); one in `sent` may have been applied and is in doubt from now on.
   */
  settleInterrupted(): void {
    const now = this.ctx.now().toISOString();
    for (const topUp of this.ctx.topUpsJournal.interrupted(scopeOf(this.ctx.connection()))) {
      const settled =
        topUp.state === 'intent'
          ? this.ctx.topUpsJournal.markFailed(
              topUp.id,
              {
                code: 'INTERNAL',
                message: 'The app stopped before this top-up was sent. Nothing was charged.',
              },
              now,
            )
          : this.ctx.topUpsJournal.markInDoubt(
              topUp.id,
              { code: 'INTERNAL', message: 'The app stopped while this top-up was being sent.' },
              now,
              now,
            );
      this.ctx.emit({ type: 'topup.updated', topUp: settled });
    }
  }

  /** A cashier's "check again": one look at the provider's order list now (never a re-send). */
  check(id: string): Promise<TopUp> {
    const running = this.busy.get(id);
    if (running) return running;
    return this.run(id, async () => {
      const topUp = this.ctx.topUpsJournal.get(id);
      if (!topUp) throw new PosFailure('NOT_FOUND', `No top-up with id ${id}.`);
      if (topUp.state !== 'in_doubt') return topUp;
      const connection = this.ctx.connection();
      requireSameAccount(this.ctx.topUpsJournal.inScope(id, scopeOf(connection)), topUp, 'top-up');
      return checkInDoubt(this.ctx, topUp, connection);
    });
  }

  /**
   * A manager's decision on a top-up in doubt (see decideTopUp), once any look at the provider's
   * orders already running for it has ended: the two never interleave.
   */
  async decide(cashiers: CashierTable, input: Parameters<typeof decideTopUp>[2]): Promise<TopUp> {
    await this.busy.get(input.id)?.catch(() => undefined);
    return this.run(input.id, () => decideTopUp(this.ctx, cashiers, input));
  }

  /** Work on one top-up, known as running until it ends: checks join it, decisions wait for it. */
  private run(id: string, work: () => Promise<TopUp>): Promise<TopUp> {
    const running = work().finally(() => this.busy.delete(id));
    this.busy.set(id, running);
    return running;
  }

  private async runDue(): Promise<void> {
    const due = this.ctx.topUpsJournal.inDoubtDue(
      scopeOf(this.ctx.connection()),
      this.ctx.now().toISOString(),
    );
    for (const topUp of due) {
      await this.check(topUp.id).catch((error: unknown) => {
        this.ctx.log.warn('in-doubt top-up check failed', { topUpId: topUp.id, error: String(error) });
      });
    }
  }
}
