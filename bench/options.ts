import { parseArgs } from 'node:util';

/** What `npm run bench -- …` was asked for. */
export interface BenchOptions {
  /** The small sizes CI runs as a smoke test: every module runs, printing, in well under a minute. */
  readonly quick: boolean;
  /** Modules run only when their name contains one of these (all when empty). */
  readonly only: readonly string[];
  /** Every argument as given, for modules that read options of their own (e.g. `--journal N`). */
  readonly argv: readonly string[];
}

export function benchOptions(argv: readonly string[]): BenchOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: { quick: { type: 'boolean', default: false }, only: { type: 'string', multiple: true } },
    strict: false,
    allowPositionals: true,
  });
  return {
    quick: values.quick === true,
    only: (values.only ?? []).filter((value): value is string => typeof value === 'string'),
    argv,
  };
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}

export const ms = (value: number): string => `${value.toFixed(2)} ms`;
