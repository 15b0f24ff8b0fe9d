import { PAGE_LIMIT_MAX } from '../../../shared/api/common';
import type { ResellerClient } from '../api/client';
import type { CatalogueTable } from '../journal/catalogue-table';

/** A bound on paging one country's packages, far above any real answer (100 per page). */
const MAX_PAGES = 20;

/**
 * Which cached packages cover a country, asked of the provider (`search=<code>`), for a provider whose
 * catalogue names no countries: without this a cashier could not find a package by its destination.
 * What the provider answers is kept in the cache, so the country is found on the counter from then
 * on, and a later sync that again names no countries keeps it (CatalogueTable.replaceAll). Packages
 * the cache does not hold are left to the next sync. Asked in the interactive lane: a cashier waits.
 */
export async function learnCountryCoverage(
  client: ResellerClient,
  table: CatalogueTable,
  country: string,
): Promise<string[]> {
  const codes = new Set<string>();
  let page = 0;
  let more = true;
  while (more && page < MAX_PAGES) {
    page += 1;
    const result = await client.listPackages(
      { search: country, page, limit: PAGE_LIMIT_MAX },
      { lane: 'interactive' },
    );
    for (const pkg of result.packages) codes.add(pkg.code);
    more = result.pagination.hasMore && result.packages.length + result.skipped > 0;
  }
  return table.addCoverage(country, [...codes]);
}
