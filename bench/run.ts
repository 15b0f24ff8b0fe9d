import { goalLine, recordedGoals } from './goals';
import { type BenchOptions, benchOptions } from './options';

/**
 * `npm run bench [-- --quick] [-- --only NAME]`: runs every benchmark module in turn; each prints its
 * own tables and records the goals it measured (see goals.ts), printed together at the end. Benchmarks
 * measure and report, they never pass or fail on a time. `--quick` runs the small sizes CI uses.
 */

interface BenchmarkModule {
  run(options: BenchOptions): Promise<void>;
}

/** Each module by name; a module added here records its goals with `recordGoal`. */
const modules: ReadonlyArray<readonly [string, () => Promise<BenchmarkModule>]> = [
  ['sale-paths', () => import('./sale-paths')],
  ['catalogue-sync', () => import('./catalogue-sync')],
  ['catalogue-search', () => import('./catalogue-search')],
  ['search-in-browser', () => import('./search-in-browser')],
  ['today-in-browser', () => import('./today-in-browser')],
  ['journal-integrity', () => import('./journal-integrity')],
  ['end-of-day', () => import('./end-of-day')],
  ['reconciliation', () => import('./reconciliation')],
  ['shop-day', () => import('./shop-day')],
  ['shop-ledger', () => import('./shop-ledger')],
  ['journal-scale', () => import('./journal-scale')],
  ['backups', () => import('./backups')],
  ['checkpoints', () => import('./checkpoints')],
];

const options = benchOptions(process.argv.slice(2));
// `--journal N` measures the journal (and its backups) at N sales alone: growing a large one takes minutes.
const only =
  options.argv.includes('--journal') && options.only.length === 0
    ? ['journal-scale', 'backups']
    : options.only;
for (const [name, load] of modules) {
  if (only.length > 0 && !only.some((wanted) => name.includes(wanted))) continue;
  const benchmark = await load();
  await benchmark.run(options);
}
console.log('\n## Goals');
for (const goal of recordedGoals()) console.log(goalLine(goal));
