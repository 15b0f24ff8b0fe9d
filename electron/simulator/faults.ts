import { DEFAULT_FAULTS, type Faults, mergeFaults } from './options';
import { createRandom, type Random } from './seed';

/**
 * Decides, request by request, which injected faults strike. Draws come from a PRNG seeded from the
 * simulator's seed, so one seed and one sequence of requests give one sequence of faults.
 */
export class FaultInjector {
  private current: Faults;
  private readonly random: Random;

  constructor(seed: number, initial: Partial<Faults> | undefined) {
    this.current = mergeFaults(DEFAULT_FAULTS, initial ?? {});
    this.random = createRandom(seed ^ 0xfa17);
  }

  get faults(): Readonly<Faults> {
    return this.current;
  }

  set(change: Partial<Faults>): Faults {
    this.current = mergeFaults(this.current, change);
    return this.current;
  }

  /** Whether the path-scoped faults (latency, 5xx, drop, hang, storm) apply to this request. */
  applies(method: string, path: string): boolean {
    const { paths } = this.current;
    return paths.length === 0 || paths.some((p) => p === path || p === `${method} ${path}`);
  }

  /** Whether this affected request is one of the next `hangNext`: it is counted off. */
  hangsNext(): boolean {
    if (this.current.hangNext <= 0) return false;
    this.current = { ...this.current, hangNext: this.current.hangNext - 1 };
    return true;
  }

  strikes(rate: number): boolean {
    return rate > 0 && this.random.next() < rate;
  }

  latencyMs(): number {
    const { latencyMs, jitterMs } = this.current;
    return latencyMs + (jitterMs > 0 ? this.random.next() * jitterMs : 0);
  }
}
