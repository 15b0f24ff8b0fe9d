/**
 * Keeps the shown balance fresh between answers that carry `newBalance`: every few minutes, and soon
 * after an outcome that moved money without saying the new balance (a replay, a pending order, an
 * answer lost in doubt, a top-up inferred from the eSIM). A failed refresh is logged and retried on
 * the next round; the counter never waits for it.
 */
export interface BalanceRefreshLog {
  warn(message: string, fields?: Record<string, unknown>): void;
}

export const BALANCE_REFRESH_EVERY_MS = 5 * 60_000;
/** Outcomes arriving together (recovery after a restart) share one refresh. */
const SOON_MS = 2_000;

export class BalanceRefresher {
  private interval: NodeJS.Timeout | null = null;
  private soonTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly refresh: () => Promise<unknown>,
    private readonly log: BalanceRefreshLog,
    private readonly everyMs: number = BALANCE_REFRESH_EVERY_MS,
  ) {}

  start(): void {
    if (this.interval) return;
    this.interval = setInterval(() => void this.run(), this.everyMs);
    this.interval.unref();
  }

  async stop(): Promise<void> {
    if (this.interval) clearInterval(this.interval);
    if (this.soonTimer) clearTimeout(this.soonTimer);
    this.interval = null;
    this.soonTimer = null;
    await this.running;
  }

  soon(): void {
    if (this.soonTimer || !this.interval) return;
    this.soonTimer = setTimeout(() => {
      this.soonTimer = null;
      void this.run();
    }, SOON_MS);
    this.soonTimer.unref();
  }

  /**
   * Reads the balance now, and resolves once it is announced (or the read failed and was logged). A
   * read already on the wire may have left before the answer that prompted this one: it is waited
   * for, then the balance is read again.
   */
  async now(): Promise<void> {
    if (this.soonTimer) clearTimeout(this.soonTimer);
    this.soonTimer = null;
    await this.running;
    await this.run();
  }

  private run(): Promise<void> {
    this.running ??= this.refresh()
      .then(() => undefined)
      .catch((error: unknown) => this.log.warn('balance refresh failed', { error: String(error) }))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
