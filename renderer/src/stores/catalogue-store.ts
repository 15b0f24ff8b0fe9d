import { create } from 'zustand';
import type { CataloguePackage } from '../../../shared/domain/catalogue';
import type { PosError } from '../../../shared/errors';
import { pos } from '../bridge/pos';
import {
  buildCatalogueIndex,
  type CatalogueIndex,
  countriesNamed,
  EMPTY_QUERY,
  type SearchQuery,
  type SearchResult,
  searchCatalogue,
} from '../catalogue/search-index';

/** The cached catalogue, its search index, the cashier's current search and this week's best sellers. */

const PAGE = 40;

/** Countries asked of the provider since the counter opened: each is asked once, unless it failed. */
const askedCountries = new Set<string>();

/**
 * The country to ask the provider for: a search that found nothing, whose whole text names a country,
 * in a catalogue where some packages name no countries (a terse provider's), not asked before.
 */
function countryToAsk(index: CatalogueIndex, query: SearchQuery, result: SearchResult): string | null {
  if (result.packages.length > 0 || query.text.trim() === '') return null;
  if (!index.packages.some((pkg) => pkg.countries.length === 0)) return null;
  return countriesNamed(query.text).find((code) => !askedCountries.has(code)) ?? null;
}

interface CatalogueState {
  readonly index: CatalogueIndex | null;
  readonly syncedAt: string | null;
  readonly loading: boolean;
  readonly syncing: boolean;
  readonly error: PosError | null;
  readonly query: SearchQuery;
  readonly result: SearchResult;
  /** How many results are rendered: a long list is shown a page at a time. */
  readonly visible: number;
  /** The result the arrow keys point at; Enter in the search field sells from it. */
  readonly active: number;
  readonly bestSellers: readonly string[];
  /** The country the provider is being asked for, for a catalogue that names no countries. */
  readonly askingCountry: string | null;
  load(): Promise<void>;
  sync(): Promise<void>;
  setQuery(patch: Partial<SearchQuery>): void;
  showMore(): void;
  setActive(index: number): void;
  find(code: string): CataloguePackage | undefined;
}

const NO_RESULT: SearchResult = {
  packages: [],
  destinations: [],
  corrections: [],
  typedDataGb: null,
  typedValidityDays: null,
  typedUnlimited: false,
};

export const useCatalogue = create<CatalogueState>()((set, get) => ({
  index: null,
  syncedAt: null,
  loading: false,
  syncing: false,
  error: null,
  query: EMPTY_QUERY,
  result: NO_RESULT,
  visible: PAGE,
  active: 0,
  bestSellers: [],
  askingCountry: null,

  async load() {
    set({ loading: true });
    const [packages, best] = await Promise.all([pos().listPackages({}), pos().listBestSellers({ limit: 6 })]);
    if (!packages.ok) {
      set({ loading: false, error: packages.error });
      return;
    }
    const index = buildCatalogueIndex(packages.value.packages);
    set({
      index,
      syncedAt: packages.value.syncedAt,
      loading: false,
      error: null,
      result: searchCatalogue(index, get().query),
      bestSellers: best.ok ? best.value.packageCodes : get().bestSellers,
    });
  },

  async sync() {
    set({ syncing: true });
    const result = await pos().syncCatalogue({});
    set({ syncing: false, error: result.ok ? null : result.error });
    if (result.ok) await get().load();
  },

  setQuery(patch) {
    const query = { ...get().query, ...patch };
    const { index } = get();
    const result = index ? searchCatalogue(index, query) : NO_RESULT;
    set({ query, visible: PAGE, active: 0, result });
    const country = index ? countryToAsk(index, query, result) : null;
    if (country) void askProvider(country);
  },

  showMore() {
    set({ visible: get().visible + PAGE });
  },

  setActive(index) {
    set({ active: index });
  },

  find(code) {
    return get().index?.byCode.get(code);
  },
}));

/**
 * Asks the provider which packages cover the country; the core keeps the answer in its cache, so the
 * catalogue read again finds them under the country's names, and the search is run again.
 */
async function askProvider(country: string): Promise<void> {
  askedCountries.add(country);
  useCatalogue.setState({ askingCountry: country });
  const asked = await pos().learnCountryPackages({ country });
  useCatalogue.setState({ askingCountry: null });
  if (!asked.ok) {
    askedCountries.delete(country);
    useCatalogue.setState({ error: asked.error });
    return;
  }
  await useCatalogue.getState().load();
}
