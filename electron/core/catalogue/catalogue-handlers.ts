import type { CataloguePackage } from '../../../shared/domain/catalogue';
import type { CoreContext, HandlerGroup } from '../context';
import { retailPrice } from '../money/pricing';
import type { Catalogue } from './catalogue';

/** The packages on sale, each at the shop's retail price, and a sync the counter asks for. */
export function catalogueHandlers(
  ctx: CoreContext,
  catalogue: Catalogue,
): HandlerGroup<'listPackages' | 'syncCatalogue' | 'learnCountryPackages'> {
  return {
    listPackages: async () => {
      const rules = ctx.pricing();
      const cached = ctx.catalogueTable.list();
      if (cached.unreadable > 0)
        ctx.log.warn('catalogue rows skipped: unreadable', { count: cached.unreadable });
      const packages: CataloguePackage[] = cached.packages.map((pkg) => {
        const retail = retailPrice(pkg.cost, pkg, rules);
        const atCost = retail.currency === pkg.cost.currency && retail.amount <= pkg.cost.amount;
        return { ...pkg, retail, atCost };
      });
      return { packages, syncedAt: ctx.catalogueTable.syncedAt() };
    },
    syncCatalogue: async () => catalogue.sync(),
    learnCountryPackages: async ({ country }) => ({ packageCodes: await catalogue.learnCountry(country) }),
  };
}
