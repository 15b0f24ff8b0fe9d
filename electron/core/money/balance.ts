import type { BalanceView } from '../../../shared/domain/balance';
import type { PosEvent } from '../../../shared/domain/events';
import type { Sale } from '../../../shared/domain/sale';
import type { TopUp } from '../../../shared/domain/topup';
import type { Money } from '../../../shared/money';
import { MoneySchema } from '../../../shared/money-schema';
import type { Balance } from '../api';
import type { Connection } from '../connection';

export interface AccountBalanceOptions {
  /** The connection in use now: its account is the one whose balance this is. */
  readonly connection: () => Connection;
  /** The shop's low-balance threshold, read at every change (the settings may change meanwhile). */
  readonly threshold: () => Money | null;
  readonly now: () => Date;
  readonly emit: (event: Extract<PosEvent, { type: 'balance.updated' | 'balance.low' }>) => void;
}

/**
 * The provider account's balance as the core knows it, kept in this one place. Every change the core
 * learns of (a GET /balance, an answer that says the balance after it, a refusal that says what is
 * left) is judged against the shop's low-balance threshold and announced as `balance.updated`, with
 * `balance.low` when it crosses the threshold: the renderer shows what it is sent and never works a
 * balance out for itself.
 */
export class AccountBalance {
  private view: BalanceView | null = null;
  private readonly readers: ((balance: Money, askedAt: Date) => void)[] = [];

  constructor(private readonly options: AccountBalanceOptions) {}

  /** Also tells `reader` of every reading asked of the provider, with when it was asked. */
  onRead(reader: (balance: Money, askedAt: Date) => void): void {
    this.readers.push(reader);
  }

  current(): BalanceView | null {
    return this.view;
  }

  /** Asks the provider for the balance now (GET /balance) and announces it. */
  async refresh(): Promise<BalanceView> {
    const askedAt = this.options.now();
    const fresh = await this.options.connection().client.getBalance({ lane: 'interactive' });
    for (const reader of this.readers) reader(fresh.balance, askedAt);
    const read = balanceViewOf(fresh, this.options.now(), false);
    return this.set(read.balance, read.enterprise);
  }

  /**
   * What a settled sale or top-up says about the balance: the balance after a completed one, or what
   * the provider said is left when it refused one for lack of balance. False when it says nothing (the
   * caller then asks the provider soon, if money may have moved).
   */
  learnFrom(record: Sale | TopUp): boolean {
    const reported = reportedBalance(record);
    if (reported) this.set(reported, this.view?.enterprise ?? null);
    return reported !== null;
  }

  /** The shop changed its threshold: the balance is judged again, and announced if that changes it. */
  thresholdChanged(): void {
    if (this.view && this.isLow(this.view.balance) !== this.view.low) {
      this.set(this.view.balance, this.view.enterprise);
    }
  }

  /** Another account is connected: this balance no longer applies. */
  forget(): void {
    this.view = null;
  }

  private set(amount: Money, enterprise: BalanceView['enterprise']): BalanceView {
    const low = this.isLow(amount);
    const wasLow = this.view?.low ?? false;
    const view: BalanceView = {
      balance: amount,
      enterprise,
      updatedAt: this.options.now().toISOString(),
      low,
    };
    this.view = view;
    this.options.emit({ type: 'balance.updated', balance: view });
    if (low && !wasLow) this.options.emit({ type: 'balance.low', balance: view });
    return view;
  }

  private isLow(amount: Money): boolean {
    const threshold = this.options.threshold();
    return threshold !== null && threshold.currency === amount.currency && amount.amount < threshold.amount;
  }
}

function reportedBalance(record: Sale | TopUp): Money | null {
  if (record.state === 'completed') return record.newBalance;
  if (record.state === 'failed' && record.error.code === 'INSUFFICIENT_BALANCE') {
    const left = MoneySchema.safeParse(record.error.details?.currentBalance);
    return left.success ? left.data : null;
  }
  return null;
}

/**
 * A GET /balance answer as the counter shows it. An enterprise answer without `as_of` is dated when
 * it was read: the provider reads a live balance just then.
 */
export function balanceViewOf(fresh: Balance, readAt: Date, low: boolean): BalanceView {
  const updatedAt = readAt.toISOString();
  const enterprise = fresh.enterprise
    ? {
        account: fresh.enterprise.account ?? '',
        live: fresh.enterprise.live ?? false,
        asOf: fresh.enterprise.asOf ?? updatedAt,
      }
    : null;
  return { balance: fresh.balance, enterprise, updatedAt, low };
}
