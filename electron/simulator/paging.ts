import { PAGE_LIMIT_MAX, type Pagination } from '../../shared/api';
import { failWithoutCode, type Reply } from './replies';

export interface Paging {
  readonly page: number;
  readonly limit: number;
}

/**
 * Reads `page` (from 1) and `limit` (default per endpoint). A `limit` above 100 is lowered to 100,
 * as the pagination object then shows; anything that is not a whole number ≥ 1 is a 400.
 */
export function readPaging(query: URLSearchParams, defaultLimit: number): Paging | Reply {
  const page = wholeParam(query, 'page', 1);
  if (typeof page !== 'number') return page;
  const limit = wholeParam(query, 'limit', defaultLimit);
  if (typeof limit !== 'number') return limit;
  return { page, limit: Math.min(limit, PAGE_LIMIT_MAX) };
}

/** A whole-number query parameter ≥ 1, or a 400 naming it. */
export function wholeParam(query: URLSearchParams, name: string, fallback: number): number | Reply {
  const text = query.get(name);
  if (text === null || text === '') return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1) {
    return failWithoutCode(400, `Invalid ${name}`, `${name} must be a whole number ≥ 1, got "${text}"`);
  }
  return Number(text);
}

export function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && 'status' in value && 'body' in value;
}

export function paginate<T>(items: readonly T[], paging: Paging): { items: T[]; pagination: Pagination } {
  const start = (paging.page - 1) * paging.limit;
  return {
    items: items.slice(start, start + paging.limit),
    pagination: {
      page: paging.page,
      limit: paging.limit,
      total: items.length,
      total_pages: Math.ceil(items.length / paging.limit),
    },
  };
}
