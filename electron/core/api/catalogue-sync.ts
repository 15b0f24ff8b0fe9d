import { PAGE_LIMIT_MAX } from '../../../shared/api/common';
import { PosFailure } from '../pos/failure';
import type { ResellerClient } from './client';
import type { CachedPackage } from './package-results';
import type { Lane } from './rate-limiter';

/** Where a synced catalogue goes (the journal's catalogue cache): all at once, or not at all. */
export interface CatalogueCache {
  /** `skipped`: the provider's packages left out because they could not be read. */
  replaceAll(packages: readonly CachedPackage[], syncedAt: string, skipped: number): void;
}

export interface CatalogueSyncOptions {
  readonly now: () => Date;
  /** Page size; the API's maximum by default. */
  readonly pageLimit?: number;
  /** Stops the sync between pages (the cache is then left as it was). */
  readonly signal?: AbortSignal;
  /**
   * `background` (the default): a refresh while the counter sells from its cache, paced at the bulk
   * rate. `interactive`: a counter with nothing to sell waits for this sync, so its pages go as fast
   * as the key's windows allow, still leaving the reserve a sale needs and behind any sale.
   */
  readonly lane?: Extract<Lane, 'background' | 'interactive'>;
  /** After each page: the packages read so far, and the provider's total when its answer gives one. */
  readonly onPage?: (packages: number, total: number | null) => void;
}

export interface CatalogueSyncResult {
  readonly count: number;
  /** When the first page was asked for: the catalogue is at least this fresh. */
  readonly syncedAt: string;
  readonly pages: number;
  /** Packages left out because they could not be read (each page logs what was wrong with them). */
  readonly skipped: number;
}

/** A bound on paging, far above any real catalogue (100 per page), so a server that never ends cannot loop us. */
const MAX_PAGES = 1_000;

/**
 * Reads every page of the catalogue (in the background lane unless told otherwise: paced at one
 * request per second by the client's limiter; in either lane a sale goes first) and replaces the
 * cache in one go. A failure
 * part-way leaves the old cache as it was. A package seen on two pages (the catalogue shifted while
 * paging) is kept once, at its first place, so the API's order (local, regional, global) survives.
 * A package that cannot be read is left out and counted; a catalogue of which nothing at all can be
 * read leaves the old cache in place, so the counter keeps something to sell.
 * The pace comes from the client's limiter, not from here: every caller of the background lane
 * shares the one bulk budget.
 */
export async function syncCatalogue(
  client: ResellerClient,
  cache: CatalogueCache,
  options: CatalogueSyncOptions,
): Promise<CatalogueSyncResult> {
  const syncedAt = options.now().toISOString();
  const limit = options.pageLimit ?? PAGE_LIMIT_MAX;
  const byCode = new Map<string, CachedPackage>();
  let pages = 0;
  let skipped = 0;
  let more = true;
  while (more && pages < MAX_PAGES) {
    options.signal?.throwIfAborted();
    pages += 1;
    const result = await client.listPackages({ page: pages, limit }, { lane: options.lane ?? 'background' });
    for (const pkg of result.packages) if (!byCode.has(pkg.code)) byCode.set(pkg.code, pkg);
    skipped += result.skipped;
    more = result.pagination.hasMore && result.packages.length + result.skipped > 0;
    options.onPage?.(byCode.size, result.pagination.total);
  }
  if (byCode.size === 0 && skipped > 0) {
    throw new PosFailure(
      'BAD_RESPONSE',
      'The provider sent a catalogue in which no package could be read; the catalogue on the counter is kept.',
      { field: 'data.packages', problem: `none of the ${skipped} packages could be read`, skipped },
    );
  }
  const packages = [...byCode.values()];
  cache.replaceAll(packages, syncedAt, skipped);
  return { count: packages.length, syncedAt, pages, skipped };
}
