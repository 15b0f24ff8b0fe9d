import type { Status } from '../../shared/domain/status';
import type { Catalogue } from './catalogue/catalogue';
import type { CoreEvent } from './core-events';
import type { Logger } from './log';
import type { AccountBalance } from './money/balance';
import type { MoneyWork } from './money-work';
import { failureSummary } from './pos/failure';

/** The signal of work bound to the connection in use: aborted when the connection changes or the core closes. */
export class Lifetime {
  private controller = new AbortController();

  readonly signal = (): AbortSignal => this.controller.signal;

  /** Ends the old signal (if it still runs) and gives the work that starts now a fresh one. */
  renew(): void {
    this.controller.abort();
    this.controller = new AbortController();
  }

  end(): void {
    this.controller.abort();
  }
}

export interface ConnectionWorkDeps {
  readonly lifetime: Lifetime;
  readonly catalogue: Catalogue;
  readonly balance: AccountBalance;
  readonly money: MoneyWork;
  readonly log: Logger;
  readonly status: () => Status;
  readonly emit: (event: CoreEvent) => void;
}

/**
 * The work bound to the connection in use: the catalogue's refresh, the balance, and the money paths'
 * timers and recovery. It starts once the connection is chosen; when the connection changes, the old
 * account's work is stopped and its balance and catalogue forgotten before it starts on the new one.
 */
export class ConnectionWork {
  constructor(private readonly deps: ConnectionWorkDeps) {}

  start(): void {
    this.warmUp(false);
    this.deps.money.start();
    this.deps.catalogue.start();
  }

  /** A new connection: stop the work bound to the old one, forget its balance and catalogue, start afresh. */
  async switched(): Promise<Status> {
    const { lifetime, catalogue, balance, money } = this.deps;
    lifetime.end();
    await catalogue.idle();
    await money.stop();
    lifetime.renew();
    balance.forget();
    catalogue.forget();
    this.warmUp(true);
    money.start();
    const current = this.deps.status();
    this.deps.emit({ type: 'status.changed', status: current });
    return current;
  }

  async stop(): Promise<void> {
    this.deps.lifetime.end();
    await this.deps.catalogue.stop();
    await this.deps.money.stop();
  }

  /** Background work after start-up or a change of connection: it never holds the counter back. */
  private warmUp(forceSync: boolean): void {
    this.deps.catalogue.refreshIfStale(forceSync);
    this.deps.balance
      .refresh()
      .catch((error: unknown) =>
        this.deps.log.warn('balance refresh failed', { error: failureSummary(error) }),
      );
  }
}
