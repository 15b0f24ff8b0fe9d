import type { Sale } from '../../shared/domain/sale';
import type { TopUp } from '../../shared/domain/topup';
import type { CoreContext } from './context';
import { BALANCE_REFRESH_EVERY_MS, BalanceRefresher } from './money/balance-refresher';
import type { DueTimer } from './money/due-timer';
import type { MoneyContext } from './money/money-context';
import { scopeOf } from './money/scope';
import { pendingPoller } from './sales/pending-poller';
import { type PendingTiming, PROVIDER_PENDING_TIMING } from './sales/pending-timing';
import { type SellContext, settle } from './sales/sale-context';
import { recoverSales, SaleResolver } from './sales/sale-resolver';
import { SHOP_OF_ONE, type ShopTopUps } from './topups/shop-topups';
import {
  DEFAULT_TOPUP_CHECK_TIMING,
  settle as settleTopUp,
  type TopUpCheckTiming,
  type TopUpContext,
} from './topups/topup';
import { type ClaimsElsewhere, OTHER_COUNTERS_UNCHECKED } from './topups/topup-search';
import { TopUpWatcher } from './topups/topup-watch';

export interface MoneyTiming {
  readonly pending: PendingTiming;
  readonly topUpCheck: TopUpCheckTiming;
  readonly balanceRefreshMs: number;
  /** How often answers the journal could not take are offered to it again. */
  readonly unsavedRetryMs: number;
}

export const DEFAULT_MONEY_TIMING: MoneyTiming = {
  pending: PROVIDER_PENDING_TIMING,
  topUpCheck: DEFAULT_TOPUP_CHECK_TIMING,
  balanceRefreshMs: BALANCE_REFRESH_EVERY_MS,
  unsavedRetryMs: 5_000,
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
  private readonly balanceRefresher: BalanceRefresher;
  private recovery: Promise<unknown> | null = null;
  private readonly unsavedRetryMs: number;
  private unsavedRetry: NodeJS.Timeout | null = null;

  constructor(
    private readonly ctx: CoreContext,
    options: {
      readonly timing?: Partial<MoneyTiming>;
      /** Pending polling while the connection is training (end-to-end tests shorten it); never used live. */
      readonly trainingPending?: PendingTiming;
      /** Which provider orders the shop's other counters hold (the shop ledger's claims). */
      readonly claimsElsewhere?: ClaimsElsewhere;
      /** The shop's other counters' top-ups and the eSIMs' leases (the shop ledger's). */
      readonly shopTopUps?: ShopTopUps;
    } = {},
  ) {
    const timing = { ...DEFAULT_MONEY_TIMING, ...options.timing };
    this.unsavedRetryMs = timing.unsavedRetryMs;
    const { trainingPending } = options;
    this.balanceRefresher = new BalanceRefresher(
      () => ctx.balance.refresh(),
      ctx.log,
      timing.balanceRefreshMs,
    );
    const shared: MoneyContext = {
      pricing: ctx.pricing,
      connection: () => ctx.connections.current,
      counterId: () => ctx.counterId,
      shopPlace: ctx.shopPlace,
      now: ctx.now,
      emit: ctx.emit,
      log: ctx.log,
      outcomes: ctx.outcomes,
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
    const shopTopUps = options.shopTopUps ?? SHOP_OF_ONE;
    this.topUpContext = {
      ...shared,
      topUpsJournal: ctx.topUpsJournal,
      checkTiming: timing.topUpCheck,
      // A counter with no shop ledger cannot ask which orders its other counters hold.
      claimsElsewhere: options.claimsElsewhere ?? OTHER_COUNTERS_UNCHECKED,
      shopTopUps,
      onOutcome: (topUp) => {
        // Journalled: the shop may top the eSIM up again (its lease says how this one ended).
        shopTopUps.settled(topUp);
        const movedMoney = topUp.state === 'completed' || topUp.state === 'in_doubt';
        if (!ctx.balance.learnFrom(topUp) && movedMoney) this.balanceRefresher.soon();
        if (topUp.state === 'in_doubt') this.topUpWatcher.timer.arm();
      },
    };
    this.topUpWatcher = new TopUpWatcher(this.topUpContext);
    // An answer the journal could not take reaches the cashier's screen and the timers once written.
    ctx.outcomes.onWritten((written) => {
      if (written.record === 'sale') settle(this.sellContext, written.value);
      else settleTopUp(this.topUpContext, written.value);
    });
  }

  /**
   * Settles top-ups a crash left behind, starts the timers, and runs sale recovery in the background:
   * the counter can sell meanwhile.
   */
  start(): void {
    const signal = this.ctx.signal();
    this.topUpWatcher.settleInterrupted();
    this.balanceRefresher.start();
    this.poller.start();
    this.topUpWatcher.timer.start();
    this.unsavedRetry = setInterval(() => {
      if (this.ctx.outcomes.size > 0) this.ctx.outcomes.flush();
    }, this.unsavedRetryMs);
    this.unsavedRetry.unref();
    this.recovery = recoverSales(this.sellContext, this.resolver, signal).catch((error: unknown) =>
      this.ctx.log.warn('sale recovery failed', { error: String(error) }),
    );
  }

  async stop(): Promise<void> {
    if (this.unsavedRetry) clearInterval(this.unsavedRetry);
    this.unsavedRetry = null;
    await this.recovery;
    await Promise.all([this.poller.stop(), this.topUpWatcher.timer.stop(), this.balanceRefresher.stop()]);
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

  /**
   * A sale or top-up as the cashier is answered with it. A provider may answer an order without the
   * balance after it (the description's terse examples do): then the balance is read before the
   * cashier is answered, so the counter never shows the balance from before money moved. A read that
   * fails is logged and the answer goes out all the same; the background refresh tries again.
   */
  async answered<T extends Sale | TopUp>(record: T): Promise<T> {
    const charged = record.state === 'completed' || record.state === 'pending';
    if (charged && !('newBalance' in record && record.newBalance)) await this.balanceRefresher.now();
    return record;
  }

  private saleSettled(sale: Sale): void {
    // A refusal for lack of balance says the shown balance is out of date: read it again, unless the
    // refusal itself said what is left.
    const refusedForBalance = sale.state === 'failed' && sale.error.code === 'INSUFFICIENT_BALANCE';
    if (!this.ctx.balance.learnFrom(sale) && (sale.state !== 'failed' || refusedForBalance)) {
      this.balanceRefresher.soon();
    }
    if (sale.state === 'pending') this.poller.arm();
  }
}
