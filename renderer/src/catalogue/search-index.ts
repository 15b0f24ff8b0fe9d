import type { PackageType } from '../../../shared/api/common';
import type { CataloguePackage } from '../../../shared/domain/catalogue';
import { countryName, countrySearchNames, regionSearchNames, TYPE_SEARCH_NAMES } from './destination-names';
import { boundedEditDistance, typoAllowance } from './edit-distance';
import { foldedWords, foldText, searchTokens } from './normalize';
import { readQueryText } from './query-text';

/**
 * Catalogue search in the renderer: everything that does not depend on the query (folded names,
 * which packages cover which country, the three sort orders) is computed once per catalogue, so a
 * query is a few linear passes over typed arrays and answers within a frame for 10,000 packages.
 */

export type SortKey = 'relevance' | 'price' | 'data' | 'validity';
export type TypeFilter = PackageType | 'all';

export interface SearchQuery {
  readonly text: string;
  readonly type: TypeFilter;
  /** At least this many GB (unlimited plans always qualify); null for any. */
  readonly minDataGb: number | null;
  readonly unlimitedOnly: boolean;
  /** At least this many days; null for any. */
  readonly minValidityDays: number | null;
  readonly sort: SortKey;
}

export const EMPTY_QUERY: SearchQuery = {
  text: '',
  type: 'all',
  minDataGb: null,
  unlimitedOnly: false,
  minValidityDays: null,
  sort: 'relevance',
};

interface Destination {
  readonly code: string;
  /** " token token … ": a word is found at a token start with includes(" " + word). */
  readonly haystack: string;
  /** Whole folded names, to rank "iraq" or "IQ" typed in full above a mere prefix. */
  readonly exactNames: ReadonlySet<string>;
  /** Indexes of the packages that cover this country. */
  readonly packages: Int32Array;
}

export interface CatalogueIndex {
  readonly packages: readonly CataloguePackage[];
  readonly byCode: ReadonlyMap<string, CataloguePackage>;
  /** The same packages under their codes folded as typed: a code typed or scanned whole names one package. */
  readonly byTypedCode: ReadonlyMap<string, CataloguePackage>;
  readonly texts: readonly string[];
  readonly destinations: readonly Destination[];
  readonly typeRank: Uint8Array;
  readonly orders: Readonly<Record<Exclude<SortKey, 'relevance'>, Int32Array>>;
  /** Every word a destination or package is found under, sorted: typos are corrected against it. */
  readonly vocabulary: readonly string[];
  /** The words of package names, regions and types, so a correction that names none skips their scan. */
  readonly textWords: ReadonlySet<string>;
}

export interface SearchResult {
  readonly packages: readonly CataloguePackage[];
  /** Countries whose name (or code) matches the whole query, best match first. */
  readonly destinations: readonly string[];
  /** Typed words that match nothing, each with the words it was read as ("turky" → turkey). */
  readonly corrections: ReadonlyArray<readonly [string, readonly string[]]>;
  /** The data and validity read from the search text ("10gb", "30 days"), null where none was typed. */
  readonly typedDataGb: number | null;
  readonly typedValidityDays: number | null;
  readonly typedUnlimited: boolean;
}

const TYPE_RANK: Readonly<Record<PackageType, number>> = { local: 0, regional: 1, enterprise: 1, global: 2 };

/**
 * Sizes and durations in package names ("Europe 5 GB 30 Days") are left out of their search text:
 * the filters handle them, and "GB" typed by a cashier means Great Britain.
 */
const NOT_SEARCHED = /^(\d.*|gb|mb|tb|day|days|يوم|ايام|غيغابايت|جيجا|جيجابايت|ميغابايت)$/;

function haystackOf(tokens: readonly string[]): string {
  return ` ${tokens.join(' ')} `;
}

function searchedTokens(names: readonly string[]): string[] {
  return names.flatMap(searchTokens).filter((token) => !NOT_SEARCHED.test(token));
}

function packageText(pkg: CataloguePackage, regionTokens: Map<string, string[]>): string {
  // Thousands of packages share a few dozen regions: fold each region once.
  const key = `${pkg.type}\u0000${pkg.region}`;
  let shared = regionTokens.get(key);
  if (!shared) {
    shared = searchedTokens([
      ...regionSearchNames(pkg.region),
      ...(pkg.type ? [TYPE_SEARCH_NAMES[pkg.type]] : []),
    ]);
    regionTokens.set(key, shared);
  }
  return haystackOf([...searchedTokens([pkg.name]), ...shared]);
}

function exactNamesOf(names: readonly string[]): Set<string> {
  const exact = new Set<string>();
  for (const name of names) {
    const words = foldedWords(name);
    exact.add(words.join(' '));
    exact.add(words.map((word) => (word.startsWith('\u0627\u0644') ? word.slice(2) : word)).join(' '));
  }
  return exact;
}

/** Every country the browser can name, under each of its whole folded names: built on first use. */
let countriesByName: Map<string, string[]> | null = null;

/**
 * The countries whose name or code the whole text is ("Turkey", "تركيا", "TR"), among every ISO 3166
 * region the browser names, not only those the catalogue covers: for a provider whose catalogue
 * names no countries, the counter asks it for the country's packages (catalogue-store.ts).
 */
export function countriesNamed(text: string): string[] {
  if (!countriesByName) {
    const byName = new Map<string, string[]>();
    const named = new Set<string>();
    for (let first = 65; first <= 90; first++) {
      for (let second = 65; second <= 90; second++) {
        const code = String.fromCharCode(first, second);
        // A code the browser cannot name is no region (its name falls back to the code), and one it
        // names as an earlier code is a reserved alias of it (UK of GB).
        const name = countryName(code, 'en');
        if (name === code || named.has(name)) continue;
        named.add(name);
        for (const name of exactNamesOf(countrySearchNames(code))) {
          byName.set(name, [...(byName.get(name) ?? []), code]);
        }
      }
    }
    countriesByName = byName;
  }
  return countriesByName.get(foldedWords(text).join(' ')) ?? [];
}

function sortedOrder(count: number, compare: (a: number, b: number) => number): Int32Array {
  const order = Int32Array.from({ length: count }, (_, i) => i);
  return order.sort(compare);
}

export function buildCatalogueIndex(packages: readonly CataloguePackage[]): CatalogueIndex {
  const coverage = new Map<string, number[]>();
  const texts: string[] = [];
  const typeRank = new Uint8Array(packages.length);
  const byCode = new Map<string, CataloguePackage>();
  const byTypedCode = new Map<string, CataloguePackage>();
  const regionTokens = new Map<string, string[]>();
  packages.forEach((pkg, i) => {
    byCode.set(pkg.code, pkg);
    byTypedCode.set(foldText(pkg.code), pkg);
    // A package whose type the provider does not state ranks with the global ones, after local and regional plans.
    typeRank[i] = TYPE_RANK[pkg.type ?? 'global'];
    texts.push(packageText(pkg, regionTokens));
    for (const code of new Set(pkg.countries)) {
      const list = coverage.get(code);
      if (list) list.push(i);
      else coverage.set(code, [i]);
    }
  });
  const destinations = [...coverage].map(([code, list]): Destination => {
    const names = countrySearchNames(code);
    return {
      code,
      haystack: haystackOf(names.flatMap(searchTokens)),
      exactNames: exactNamesOf(names),
      packages: Int32Array.from(list),
    };
  });
  const price = (i: number): number => packages[i]!.retail.amount;
  // Unlimited plans sort after every volume, and packages whose provider states none after those.
  const data = (i: number): number => {
    const pkg = packages[i]!;
    if (pkg.isUnlimited) return Number.MAX_VALUE;
    return pkg.dataGb ?? Number.POSITIVE_INFINITY;
  };
  const validity = (i: number): number => packages[i]!.validityDays ?? Number.POSITIVE_INFINITY;
  const byPrice = (a: number, b: number): number => price(a) - price(b) || a - b;
  const textWords = wordsOf(new Set(texts));
  return {
    packages,
    byCode,
    byTypedCode,
    texts,
    destinations,
    typeRank,
    vocabulary: [...new Set([...wordsOf(destinations.map((each) => each.haystack)), ...textWords])].sort(),
    textWords,
    orders: {
      price: sortedOrder(packages.length, byPrice),
      data: sortedOrder(packages.length, (a, b) => data(a) - data(b) || byPrice(a, b)),
      validity: sortedOrder(packages.length, (a, b) => validity(a) - validity(b) || byPrice(a, b)),
    },
  };
}

function wordsOf(haystacks: Iterable<string>): Set<string> {
  const words = new Set<string>();
  for (const haystack of haystacks) for (const word of haystack.split(' ')) if (word) words.add(word);
  return words;
}

/** Whether some word of the catalogue starts with `word` (a name still being typed). */
function startsSomeWord(vocabulary: readonly string[], word: string): boolean {
  let low = 0;
  let high = vocabulary.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (vocabulary[middle]! < word) low = middle + 1;
    else high = middle;
  }
  return vocabulary[low]?.startsWith(word) ?? false;
}

/**
 * The catalogue words nearest to a word that starts none of them, within its typo allowance
 * ("germny" → germany); empty when nothing is that close. Only words that would find nothing are
 * corrected, so the usual search pays for one binary search per word.
 */
function nearestWords(vocabulary: readonly string[], word: string): string[] {
  let bound = typoAllowance(word.length);
  let nearest: string[] = [];
  if (bound === 0) return nearest;
  for (const candidate of vocabulary) {
    const distance = boundedEditDistance(word, candidate, bound);
    if (distance < bound) {
      bound = distance;
      nearest = [candidate];
    } else if (distance === bound) {
      nearest.push(candidate);
    }
  }
  return nearest;
}

/** Each typed word with the words it may stand for: itself, or its nearest corrections. */
function readingsOf(vocabulary: readonly string[], words: readonly string[]): string[][] {
  return words.map((word) => {
    if (startsSomeWord(vocabulary, word)) return [word];
    const nearest = nearestWords(vocabulary, word);
    return nearest.length > 0 ? nearest : [word];
  });
}

/** Whole phrases the readings may spell, to rank a destination typed in full (with typos) first. */
function phrasesOf(readings: readonly (readonly string[])[]): Set<string> {
  let phrases = [''];
  for (const options of readings) {
    phrases = phrases.flatMap((phrase) => options.map((option) => (phrase ? `${phrase} ${option}` : option)));
    if (phrases.length > 16) break;
  }
  return new Set(phrases);
}

/** Relevance buckets: the country's own plans first, then plans that cover it, then word matches. */
const BUCKET = { exactLocal: 0, local: 1, regional: 2, global: 3, words: 4 } as const;
const BUCKET_COUNT = 5;

function passesFilters(pkg: CataloguePackage, query: SearchQuery): boolean {
  if (query.type !== 'all' && pkg.type !== query.type) return false;
  if (query.unlimitedOnly && !pkg.isUnlimited) return false;
  // A package whose provider does not state its data or validity is not claimed to meet a minimum.
  if (query.minDataGb !== null && !pkg.isUnlimited && (pkg.dataGb ?? 0) < query.minDataGb) return false;
  if (query.minValidityDays !== null && (pkg.validityDays ?? 0) < query.minValidityDays) return false;
  return true;
}

/** The query's own filters tightened by what the search text says ("spain 10gb 30 days"). */
function withTypedFilters(query: SearchQuery, typed: ReturnType<typeof readQueryText>): SearchQuery {
  const atLeast = (chosen: number | null, written: number | null): number | null =>
    chosen === null ? written : written === null ? chosen : Math.max(chosen, written);
  return {
    ...query,
    minDataGb: atLeast(query.minDataGb, typed.minDataGb),
    minValidityDays: atLeast(query.minValidityDays, typed.minValidityDays),
    unlimitedOnly: query.unlimitedOnly || typed.unlimited,
  };
}

function someIn(text: string, needles: readonly string[]): boolean {
  for (const needle of needles) if (text.includes(needle)) return true;
  return false;
}

export function searchCatalogue(index: CatalogueIndex, asked: SearchQuery): SearchResult {
  // A package's code typed whole is that package, before its letters and digits are read as words,
  // sizes or days ("ubq7g9" is no 7 GB plan): a provider that names no package leaves only codes.
  const coded = index.byTypedCode.get(foldText(asked.text.trim()));
  if (coded)
    return {
      packages: [coded],
      destinations: [],
      corrections: [],
      typedDataGb: null,
      typedValidityDays: null,
      typedUnlimited: false,
    };
  const count = index.packages.length;
  const typed = readQueryText(asked.text);
  const query = withTypedFilters(asked, typed);
  const { words } = typed;
  const bucket = new Uint8Array(count);
  const phraseDestinations: Destination[] = [];
  const readings = readingsOf(index.vocabulary, words);

  if (words.length === 0) {
    for (let i = 0; i < count; i++) bucket[i] = index.typeRank[i]! + BUCKET.local;
  } else {
    // A package matches when it covers a country that every word names, or when every word is
    // in its own name, region or type. Words are never split across countries: "المملكة المتحدة"
    // must not find a plan covering Saudi Arabia (المملكة …) and the Emirates (… المتحدة).
    const needles = readings.map((options) => options.map((word) => ` ${word}`));
    const phrases = phrasesOf(readings);
    const exact = new Set<Destination>();
    for (const destination of index.destinations) {
      if (!needles.every((options) => someIn(destination.haystack, options))) continue;
      phraseDestinations.push(destination);
      for (const phrase of phrases) if (destination.exactNames.has(phrase)) exact.add(destination);
    }
    phraseDestinations.sort((a, b) => Number(exact.has(b)) - Number(exact.has(a)));
    bucket.fill(255);
    // A corrected word stands for whole catalogue words: only those in package texts can match one.
    const textNeedles = needles.map((options, n) =>
      options.length === 1 && readings[n]![0] === words[n]
        ? options
        : options.filter((needle) => index.textWords.has(needle.slice(1))),
    );
    if (textNeedles.every((options) => options.length > 0)) {
      for (let i = 0; i < count; i++) {
        const text = index.texts[i]!;
        if (textNeedles.every((options) => someIn(text, options))) bucket[i] = BUCKET.words;
      }
    }
    for (const destination of phraseDestinations) {
      const named = exact.has(destination);
      for (const i of destination.packages) {
        const rank = index.typeRank[i]!;
        const level =
          rank === 0
            ? named
              ? BUCKET.exactLocal
              : BUCKET.local
            : rank === 1
              ? BUCKET.regional
              : BUCKET.global;
        if (level < bucket[i]!) bucket[i] = level;
      }
    }
  }

  const result: CataloguePackage[] = [];
  if (query.sort === 'relevance') {
    const buckets: CataloguePackage[][] = Array.from({ length: BUCKET_COUNT }, () => []);
    for (const i of index.orders.price) {
      const level = bucket[i]!;
      const pkg = index.packages[i]!;
      if (level < BUCKET_COUNT && passesFilters(pkg, query)) buckets[level]!.push(pkg);
    }
    for (const list of buckets) for (const pkg of list) result.push(pkg);
  } else {
    for (const i of index.orders[query.sort]) {
      const pkg = index.packages[i]!;
      if (bucket[i]! < BUCKET_COUNT && passesFilters(pkg, query)) result.push(pkg);
    }
  }
  return {
    packages: result,
    destinations: phraseDestinations.map((destination) => destination.code),
    corrections: words.flatMap((word, i) => {
      const options = readings[i]!;
      return options.length === 1 && options[0] === word ? [] : [[word, options] as const];
    }),
    typedDataGb: typed.minDataGb,
    typedValidityDays: typed.minValidityDays,
    typedUnlimited: typed.unlimited,
  };
}
