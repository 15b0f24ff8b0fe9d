import type { Fields, ItemsRead } from './fields';
import type { FieldProblem } from './parse';

/** A page of a list as read: the page, and the problems of the items left out (for the log). */
export interface PageRead<T> {
  readonly page: T;
  readonly problems: readonly FieldProblem[];
}

/** The page a list request asked for. */
export interface PageQuery {
  readonly page: number;
  readonly limit: number;
}

/** A page's place in its list, as far as the answer says. */
export interface PageInfo {
  /** The page number, as answered (else as asked). */
  readonly page: number;
  readonly totalPages: number | null;
  readonly total: number | null;
  /**
   * Whether another page follows: from `total_pages` when the answer gives it, else whether this page
   * came back full (so a list without a readable `pagination` is still read to its end).
   */
  readonly hasMore: boolean;
}

/** Reads `pagination` tolerantly: a missing or odd one never fails the page. `items` counts read and skipped items. */
export function pageInfoOf(data: Fields, asked: PageQuery, items: number): PageInfo {
  const pagination = data.object('pagination');
  const page = pagination?.integer('page') ?? asked.page;
  const totalPages = pagination?.integer('total_pages') ?? null;
  return {
    page,
    totalPages,
    total: pagination?.integer('total') ?? null,
    hasMore: totalPages === null ? items > 0 && items >= asked.limit : page < totalPages,
  };
}

/** How many items of a page were skipped, and where the page stands in its list. */
export function pageCounts(
  data: Fields,
  read: ItemsRead<unknown>,
  asked: PageQuery,
): { readonly skipped: number; readonly pagination: PageInfo } {
  return {
    skipped: read.skipped.length,
    pagination: pageInfoOf(data, asked, read.items.length + read.skipped.length),
  };
}
