/**
 * The simulator's sense of time. `now()` is the server's clock (the wall clock, or the clock a test
 * gives, plus the configured offset); `after()` waits a simulated duration, shortened by the time
 * scale, and can be cancelled all at once when the simulator closes.
 */
export interface Clock {
  now(): number;
  iso(at?: number): string;
  readonly timeScale: number;
  /** Real milliseconds a simulated duration takes. */
  real(simulatedMs: number): number;
  after(simulatedMs: number, run: () => void): void;
  sleep(realMs: number): Promise<void>;
  stop(): void;
}

export function createClock(
  offsetMs: () => number,
  timeScale: number,
  wallClock: () => number = Date.now,
): Clock {
  if (!Number.isFinite(timeScale) || timeScale <= 0) throw new RangeError('timeScale must be a number > 0');
  const timers = new Set<NodeJS.Timeout>();
  const pending = new Set<() => void>();
  const now = (): number => wallClock() + offsetMs();
  return {
    now,
    iso: (at) => new Date(at ?? now()).toISOString(),
    timeScale,
    real: (simulatedMs) => Math.max(0, simulatedMs / timeScale),
    after(simulatedMs, run) {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          run();
        },
        Math.max(0, simulatedMs / timeScale),
      );
      timers.add(timer);
    },
    sleep(realMs) {
      if (realMs <= 0) return Promise.resolve();
      return new Promise((resolve) => {
        const done = (): void => {
          timers.delete(timer);
          pending.delete(done);
          resolve();
        };
        const timer = setTimeout(done, realMs);
        timers.add(timer);
        pending.add(done);
      });
    },
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const done of pending) done();
    },
  };
}
