import type { Sale } from '../../shared/domain/sale';
import type { CoreContext } from './context';
import { TopUpsJournal } from './journal/topups-journal';
import { BALANCE_REFRESH_EVERY_MS, BalanceRefresher } from './money/balance-refresher';
import type { DueTimer } from './money/due-timer';
import type { MoneyContext } from './money/money-context';
import { scopeOf } from './money/scope';
import { pendingPoller } from './sales/pending-poller';
import { type PendingTiming, PROVIDER_PENDING_TIMING } from './sales/pending-timing';
import { recoverSales, SaleResolver } from './sales/sale-resolver';
import type { SellContext } from './sales/sell';
import { DEFAULT_TOPUP_CHECK_TIMING, type TopUpCheckTiming, type TopUpContext } from './topups/topup';
import { TopUpWatcher } from './topups/topup-watch';

export interface MoneyTiming {
  readonly pending: PendingTiming;
  readonly topUpCheck: TopUpCheckTiming;
  readonly balanceRefreshMs: number;
}

export const DEFAULT_MONEY_TIMING: MoneyTiming = {
  pending: PROVIDER_PENDING_TIMING,
  topUpCheck: DEFAULT_TOPUP_CHECK_TIMING,
  balanceRefreshMs: BALANCE_REFRESH_EVERY_MS,
};

/**
 * The money paths' moving parts for the connection in use: the sale resolver, start-up recovery, the
 * pending poller, the in-doubt top-up watcher and the background balance refresh. `start` after the
 * connection is chosen, `stop` before it changes or the core closes.
 */
export class MoneyWork {
  readonly resolver: SaleResolver;
  readonly topUpContext: TopUpContext;
  readonly topUpWatcher: TopUpWatcher;
  private readonly sellContext: SellContext;
  private readonly poller: DueTimer;
  private readonly balance: BalanceRefresher;
  private recovery: Promise<unknown> | null = null;

  constructor(
    private readonly ctx: CoreContext,
    options: {
      readonly refreshBalance: () => Promise<unknown>;
      readonly timing?: Partial<MoneyTiming>;
      /** Pending polling while the connection is training (end-to-end tests shorten it); never used live. */
      readonly trainingPending?: PendingTiming;
    },
  ) {
    const timing = { ...DEFAULT_MONEY_TIMING, ...options.timing };
    const { trainingPending } = options;
    this.balance = new BalanceRefresher(options.refreshBalance, ctx.log, timing.balanceRefreshMs);
    const shared: MoneyContext = {
      pricing: ctx.pricing,
      connection: () => ctx.connections.current,
      counterId: () => ctx.counterId,
      now: ctx.now,
      emit: ctx.emit,
      log: ctx.log,
      till: ctx.till,
    };
    this.sellContext = {
      ...shared,
      salesJournal: ctx.salesJournal,
      catalogueTable: ctx.catalogueTable,
      // Read at each use: the connection can switch between training and live while the core runs.
      get pendingTiming(): PendingTiming {
        return trainingPending && ctx.connections.current.mode === 'training'
          ? trainingPending
          : timing.pending;
      },
      onOutcome: (sale) => this.saleSettled(sale),
    };
    this.resolver = new SaleResolver(this.sellContext);
    this.poller = pendingPoller(this.sellContext, this.resolver);
    this.topUpContext = {
      ...shared,
      topUpsJournal: new TopUpsJournal(ctx.db),
      checkTiming: timing.topUpCheck,
      onOutcome: (topUp) => {
        if (topUp.state === 'completed' && topUp.newBalance) ctx.balance.update(topUp.newBalance);
        else if (topUp.state === 'completed' || topUp.state === 'in_doubt') this.balance.soon();
        if (topUp.state === 'in_doubt') this.topUpWatcher.timer.arm();
      },
    };
    this.topUpWatcher = new TopUpWatcher(this.topUpContext);
  }

  /**
   * Settles top-ups a crash left behind, starts the timers, and runs sale recovery in the background:
   * the counter can sell meanwhile.
   */
  start(): void {
    const signal = this.ctx.signal();
    this.topUpWatcher.settleInterrupted();
    this.balance.start();
    this.poller.start();
    this.topUpWatcher.timer.start();
    this.recovery = recoverSales(this.sellContext, this.resolver, signal).catch((error: unknown) =>
      this.ctx.log.warn('sale recovery failed', { error: String(error) }),
    );
  }

  async stop(): Promise<void> {
    await this.recovery;
    await Promise.all([this.poller.stop(), this.topUpWatcher.timer.stop(), this.balance.stop()]);
    await this.resolver.idle();
  }

  /**
   * The entry point for the provider's `esim.provisioned` webhook: the order is checked with the
   * provider at once instead of at its next poll. The event only says when to look; the sale completes
   * from the provider's own answer, so a forged or replayed event cannot complete a sale.
   */
  async esimProvisioned(orderReference: string): Promise<Sale | null> {
    const sale = this.ctx.salesJournal.byOrderReference(orderReference);
    if (!sale || (sale.state !== 'pending' && sale.state !== 'support')) return sale;
    if (!this.ctx.salesJournal.inScope(sale.id, scopeOf(this.ctx.connections.current))) return sale;
    return this.resolver.resolve(sale.id);
  }

  private saleSettled(sale: Sale): void {
    if (sale.state === 'completed' && sale.newBalance) this.ctx.balance.update(sale.newBalance);
    else if (sale.state !== 'failed') this.balance.soon();
    if (sale.state === 'pending') this.poller.arm();
  }
}
