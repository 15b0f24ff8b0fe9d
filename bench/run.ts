/**
 * `npm run bench`: runs every benchmark module in turn and prints its figures. Benchmarks measure and
 * print; they never pass or fail on a time. Add a module by appending it to BENCHMARKS.
 */
export interface Benchmark {
  readonly name: string;
  /** Runs the measurement and returns the lines to print. */
  run(): Promise<readonly string[]>;
}

const BENCHMARKS: readonly (() => Promise<Benchmark>)[] = [
  async () => (await import('./api-sale')).apiSaleBenchmark,
];

for (const load of BENCHMARKS) {
  const benchmark = await load();
  console.log(`\n## ${benchmark.name}`);
  for (const line of await benchmark.run()) console.log(line);
}
