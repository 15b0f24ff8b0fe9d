/**
 * `npm run bench`: runs every benchmark module in turn; each prints its own figures. Benchmarks
 * measure and report, they never pass or fail on a time.
 */

interface BenchmarkModule {
  run(): Promise<void>;
}

const modules: ReadonlyArray<() => Promise<BenchmarkModule>> = [
  () => import('./catalogue-search'),
  () => import('./api-sale'),
  () => import('./journal-integrity'),
  () => import('./end-of-day'),
  () => import('./journal-scale'),
];

export {};

// `--journal N` measures the journal at N sales alone: growing a large one takes minutes.
const selected = process.argv.includes('--journal') ? [() => import('./journal-scale')] : modules;
for (const load of selected) {
  const benchmark = await load();
  await benchmark.run();
}
