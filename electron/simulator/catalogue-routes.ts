import type { PackageListResponse } from '../../shared/api';
import { DEFAULT_PAGE_LIMITS, PackageTypeSchema } from '../../shared/api';
import { type CataloguePackage, toWirePackage } from './catalogue';
import type { ApiContext, Route } from './context';
import { countryByIso } from './countries';
import { isReply, paginate, readPaging } from './paging';
import { failWithoutCode, ok, type Reply } from './replies';

/** The packages an account may see and order: enterprise accounts get their own active contracts only. */
export function visiblePackages(ctx: ApiContext): readonly CataloguePackage[] {
  const { catalogue } = ctx.sim;
  if (ctx.account.kind === 'enterprise') {
    return catalogue.enterprise.filter((p) => p.ownerAccessCode === ctx.account.access_code && p.active);
  }
  return catalogue.standard;
}

/** A two-letter term that is a country code searches by code; anything else by name, region or country name. */
function matches(pkg: CataloguePackage, term: string): boolean {
  const needle = term.toLowerCase();
  if (countryByIso(term) && term.length === 2)
    return pkg.countries.some((c) => c.iso2.toLowerCase() === needle);
  if (pkg.name.toLowerCase().includes(needle) || pkg.region.toLowerCase().includes(needle)) return true;
  return pkg.countries.some((c) => c.name.toLowerCase().includes(needle));
}

function listPackages(ctx: ApiContext): Reply {
  const paging = readPaging(ctx.query, DEFAULT_PAGE_LIMITS.packages);
  if (isReply(paging)) return paging;
  const type = ctx.query.get('type');
  if (type && !PackageTypeSchema.safeParse(type).success) {
    return failWithoutCode(
      400,
      'Invalid type',
      `type must be local, regional, global or enterprise, got "${type}"`,
    );
  }
  const search = ctx.query.get('search')?.trim() ?? '';
  const selected = visiblePackages(ctx).filter(
    (p) => (!type || p.type === type) && (search === '' || matches(p, search)),
  );
  const { items, pagination } = paginate(selected, paging);
  const body: PackageListResponse = {
    success: true,
    data: { packages: items.map((p) => toWirePackage(p, ctx.account.currency)), pagination },
  };
  return ok(body);
}

export const catalogueRoutes: readonly Route[] = [
  { method: 'GET', path: '/esims/packages', handler: listPackages },
];
