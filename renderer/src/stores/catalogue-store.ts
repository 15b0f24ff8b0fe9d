import { create } from 'zustand';
import type { CataloguePackage } from '../../../shared/domain/catalogue';
import type { PosError } from '../../../shared/errors';
import { pos } from '../bridge/pos';
import {
  buildCatalogueIndex,
  type CatalogueIndex,
  EMPTY_QUERY,
  type SearchQuery,
  type SearchResult,
  searchCatalogue,
} from '../catalogue/search-index';

/** The cached catalogue, its search index, the cashier's current search and this week's best sellers. */

const PAGE = 40;

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
    set({ query, visible: PAGE, active: 0, result: index ? searchCatalogue(index, query) : NO_RESULT });
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
