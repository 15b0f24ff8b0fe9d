import { PAGE_LIMIT_MAX } from '../../../shared/api/common';
import type { ResellerClient } from './client';
import type { CachedPackage } from './package-results';

/** Where a synced catalogue goes: the journal's cache, replaced whole. */
export interface CatalogueSink {
  replaceAll(packages: readonly CachedPackage[], syncedAt: string): void;
}

export interface SyncOptions {
  readonly now: () => Date;
  /** The API's bulk pace: at most one request per second. */
  readonly pacingMs?: number;
  readonly signal?: AbortSignal;
}

/** A catalogue of more pages than this is a server that never stops paging, not a catalogue. */
const MAX_PAGES = 500;

/**
 * Fetches every page of the catalogue at the bulk pace, on the background lane so a sale goes first,
 * then replaces the cache in one transaction. A package seen twice (the list shifted while paging) is
 * kept once, at its first position.
 */
export async function syncCatalogue(
  client: ResellerClient,
  sink: CatalogueSink,
  options: SyncOptions,
): Promise<{ count: number; syncedAt: string }> {
  const pacingMs = options.pacingMs ?? 1000;
  const seen = new Map<string, CachedPackage>();
  let lastStart = 0;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const wait = lastStart + pacingMs - Date.now();
    if (page > 1 && wait > 0) await sleep(wait, options.signal);
    options.signal?.throwIfAborted();
    lastStart = Date.now();
    const result = await client.listPackages({ page, limit: PAGE_LIMIT_MAX }, { lane: 'background' });
    for (const pkg of result.packages) if (!seen.has(pkg.code)) seen.set(pkg.code, pkg);
    if (page >= result.pagination.total_pages || result.packages.length === 0) break;
  }
  const syncedAt = options.now().toISOString();
  sink.replaceAll([...seen.values()], syncedAt);
  return { count: seen.size, syncedAt };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((done, fail) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        fail(signal.reason);
      },
      { once: true },
    );
  });
}
