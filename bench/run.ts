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
  () => import('./reconciliation'),
];

export {};

for (const load of modules) {
  const benchmark = await load();
  await benchmark.run();
}
