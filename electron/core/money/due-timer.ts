/**
 * Runs journal-driven work when it falls due. The journal holds the schedule (a `next_check_at` per
 * record), so the work survives restarts; this only keeps one timer armed for the earliest due time.
 * It re-reads the schedule after every run and at least once a minute, so a changed clock or a record
 * written elsewhere is never missed for long.
 */
export interface DueTimerLog {
  warn(message: string, fields?: Record<string, unknown>): void;
}

const LONGEST_SLEEP_MS = 60_000;
/** After a run, a record still due (its check failed before rescheduling) waits this long: never a busy loop. */
const GAP_AFTER_RUN_MS = 1_000;

export class DueTimer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly options: {
      /** The earliest time (ISO 8601) any record is due, or null when none is waiting. */
      readonly nextDue: () => string | null;
      /** Handles every record due now; must not throw for one bad record. */
      readonly runDue: () => Promise<void>;
      readonly now: () => Date;
      readonly log: DueTimerLog;
      readonly name: string;
    },
  ) {}

  start(): void {
    this.stopped = false;
    this.arm();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Something was scheduled or changed: look at the schedule again. */
  arm(afterRun = false): void {
    if (this.stopped) return;
    // A run in progress re-arms when it ends.
    if (this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const due = this.options.nextDue();
    if (due === null) return;
    const floor = afterRun ? GAP_AFTER_RUN_MS : 0;
    const wait = Math.min(LONGEST_SLEEP_MS, Math.max(floor, Date.parse(due) - this.options.now().getTime()));
    this.timer = setTimeout(() => this.fire(), wait);
    this.timer.unref();
  }

  private fire(): void {
    this.timer = null;
    if (this.stopped) return;
    this.running = this.options
      .runDue()
      .catch((error: unknown) =>
        this.options.log.warn(`${this.options.name} failed`, { error: String(error) }),
      )
      .finally(() => {
        this.running = null;
        this.arm(true);
      });
  }
}
