import { type RunningSimulator, type SimulatorOptions, startSimulator } from '../../electron/simulator/index';

/**
 * A clock tests move instead of waiting for the wall clock. It runs at the wall clock's pace from
 * wherever it was last moved, so timers, timeouts and the time a request takes stay real, and a test
 * moves it forward in an instant: to a second inside a minute, past a business day's cut-off, past a
 * window the counter waits out. The counter (`CoreOptions.now`) and the simulator
 * (`SimulatorOptions.now`) read one clock, so the provider's clock moves with the counter's.
 */
export class TestClock {
  private aheadMs: number;

  /**
   * A clock at `startAt` (epoch milliseconds), or at the wall clock's time. `movable: false` is the
   * clock of a counter whose simulator runs on the wall clock: moving only the counter's would tell it
   * the provider's clock is off, so it refuses to move.
   */
  constructor(
    startAt?: number,
    private readonly movable = true,
  ) {
    this.aheadMs = startAt === undefined ? 0 : startAt - Date.now();
  }

  /** The time, in epoch milliseconds: the simulator's `now`. */
  readonly ms = (): number => Date.now() + this.aheadMs;

  /** The time: the counter's `now`. */
  readonly now = (): Date => new Date(this.ms());

  /** Moves the clock forward by `ms` (never back: a journal's times only move on). */
  advance(ms: number): void {
    if (!this.movable) {
      throw new Error('this counter’s simulator runs on the wall clock: start it with startClockedSimulator');
    }
    if (!(ms >= 0)) throw new RangeError(`the clock only moves forward, not by ${ms} ms`);
    this.aheadMs += ms;
  }

  /** Moves the clock forward to `at` (epoch milliseconds); an instant already past leaves it as it is. */
  moveTo(at: number): void {
    this.advance(Math.max(0, at - this.ms()));
  }

  /**
   * `work`, awaited while the clock moves on by `stepMs` every 20 ms of the wall clock's: what the
   * counter paces on its clock (a catalogue sync's pages, a second apart) is done at once, not waited
   * out. The pace itself is tested where it is the point (api-rate-limiter.test.ts).
   */
  async hurry<T>(work: Promise<T>, stepMs = 1_000): Promise<T> {
    const pump = setInterval(() => this.advance(stepMs), 20);
    try {
      return await work;
    } finally {
      clearInterval(pump);
    }
  }

  /**
   * Moves the clock to `from` seconds into a minute, unless it already is between `from` and `to`
   * seconds into one: the next such instant.
   */
  intoMinute(from: number, to: number): void {
    const second = (this.ms() % 60_000) / 1_000;
    if (second >= from && second <= to) return;
    const minute = this.ms() - (this.ms() % 60_000);
    this.moveTo(second < from ? minute + from * 1_000 : minute + 60_000 + from * 1_000);
  }
}

const clocks = new WeakMap<RunningSimulator, TestClock>();

/** Starts a simulator on `clock` (a new one when absent); a counter started on it reads the same clock. */
export async function startClockedSimulator(
  options: SimulatorOptions = {},
  clock = new TestClock(),
): Promise<RunningSimulator> {
  const sim = await startSimulator({ ...options, now: clock.ms });
  clocks.set(sim, clock);
  return sim;
}

/** The clock a simulator runs on: its own, or, for one started on the wall clock, one that cannot move. */
export function clockOf(sim: RunningSimulator): TestClock {
  return clocks.get(sim) ?? new TestClock(undefined, false);
}
