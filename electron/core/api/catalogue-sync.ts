import { PAGE_LIMIT_MAX } from '../../../shared/api/common';
import type { ResellerClient } from './client';
import type { CachedPackage } from './package-results';

/** Where a synced catalogue goes (the journal's catalogue cache): all at once, or not at all. */
export interface CatalogueCache {
  replaceAll(packages: readonly CachedPackage[], syncedAt: string): void;
}

export interface CatalogueSyncOptions {
  readonly now: () => Date;
  /** Page size; the API's maximum by default. */
  readonly pageLimit?: number;
  /** Stops the sync between pages (the cache is then left as it was). */
  readonly signal?: AbortSignal;
}

export interface CatalogueSyncResult {
  readonly count: number;
  /** When the first page was asked for: the catalogue is at least this fresh. */
  readonly syncedAt: string;
  readonly pages: number;
}

/** A bound on paging, far above any real catalogue (100 per page), so a server that never ends cannot loop us. */
const MAX_PAGES = 1_000;

/**
 * Reads every page of the catalogue in the background lane (paced at one request per second by the
 * client's limiter, so a sale never waits behind it) and replaces the cache in one go. A failure
 * part-way leaves the old cache as it was. A package seen on two pages (the catalogue shifted while
 * paging) is kept once, at its first place, so the API's order (local, regional, global) survives.
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
  let totalPages = 1;
  while (pages < totalPages) {
    options.signal?.throwIfAborted();
    pages += 1;
    const result = await client.listPackages({ page: pages, limit }, { lane: 'background' });
    for (const pkg of result.packages) if (!byCode.has(pkg.code)) byCode.set(pkg.code, pkg);
    if (result.packages.length === 0) break;
    totalPages = Math.min(MAX_PAGES, result.pagination.total_pages);
  }
  const packages = [...byCode.values()];
  cache.replaceAll(packages, syncedAt);
  return { count: packages.length, syncedAt, pages };
}
