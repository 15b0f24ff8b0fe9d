import { performance } from 'node:perf_hooks';
import {
  buildCatalogueIndex,
  EMPTY_QUERY,
  type SearchQuery,
  searchCatalogue,
} from '../renderer/src/catalogue/search-index';
import { syntheticCatalogue } from '../test/unit/renderer-catalogue-fixture';

/**
 * The counter's catalogue search over 10,000 packages: the index build (once per catalogue sync)
 * and each keystroke of typical searches, against one 60 Hz frame (16.7 ms).
 */

const FRAME_MS = 1000 / 60;
const SIZE = 10_000;
const ROUNDS = 30;

function typed(text: string): SearchQuery[] {
  return [...text].map((_, i) => ({ ...EMPTY_QUERY, text: text.slice(0, i + 1) }));
}

const QUERIES: ReadonlyArray<readonly [string, readonly SearchQuery[]]> = [
  ['typing "germany"', typed('germany')],
  ['typing "العراق"', typed('العراق')],
  ['typing "united kingdom"', typed('united kingdom')],
  ['typing "germny" (a typo)', typed('germny')],
  ['typing "turky 30 days"', typed('turky 30 days')],
  ['"spain 10gb"', [{ ...EMPTY_QUERY, text: 'spain 10gb' }]],
  ['ISO code "FR"', [{ ...EMPTY_QUERY, text: 'FR' }]],
  ['region "europe", sorted by price', [{ ...EMPTY_QUERY, text: 'europe', sort: 'price' }]],
  [
    'no text, 5 GB+ for 30 days+, by data',
    [{ ...EMPTY_QUERY, minDataGb: 5, minValidityDays: 30, sort: 'data' }],
  ],
  ['no text, everything', [EMPTY_QUERY]],
];

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

export async function run(): Promise<void> {
  const packages = syntheticCatalogue(SIZE);
  const buildStart = performance.now();
  const index = buildCatalogueIndex(packages);
  const buildMs = performance.now() - buildStart;
  console.log(`catalogue search: ${SIZE} packages, ${index.destinations.length} destinations`);
  console.log(`  index build: ${buildMs.toFixed(1)} ms (once per catalogue sync)`);
  // Warm up the JIT as a running counter would be after its first few searches.
  for (const [, queries] of QUERIES) for (const query of queries) searchCatalogue(index, query);
  let worst = 0;
  for (const [label, queries] of QUERIES) {
    const times: number[] = [];
    let found = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const query of queries) {
        const start = performance.now();
        found = searchCatalogue(index, query).packages.length;
        times.push(performance.now() - start);
      }
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 0.95);
    worst = Math.max(worst, p95);
    console.log(
      `  ${label.padEnd(40)} median ${percentile(times, 0.5).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms (${found} found)`,
    );
  }
  console.log(
    `  worst p95 is ${((worst / FRAME_MS) * 100).toFixed(0)}% of a ${FRAME_MS.toFixed(1)} ms frame`,
  );
}
