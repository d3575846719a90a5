import type { SQL } from "drizzle-orm";
import type { PaginationResults } from "#contract/catalog.ts";
import { type Executor, queryRows } from "#db/client.ts";

// A page of a listing (products, favorites, orders, categories …): what every list answer shares.

export interface PageQuery {
  page: number;
  limit: number;
}

/** Rows to skip before the page (pages count from 1). */
export const pageOffset = (query: PageQuery) => (query.page - 1) * query.limit;

/** The `paginationResults` of a list answer: next and previous pages only when they exist. */
export function pagination(query: PageQuery, total: number): PaginationResults {
  const numberOfPages = Math.ceil(total / query.limit);
  const result: PaginationResults = { currentPage: query.page, limit: query.limit, numberOfPages };
  if (query.page < numberOfPages) result.nextPage = query.page + 1;
  if (query.page > 1) result.prevPage = query.page - 1;
  return result;
}

/**
 * How many rows a listing has (`count`: a statement answering one row with `total`) and one page of
 * them (`page`), read side by side: an index-ordered page stops early, so counting apart is cheaper.
 */
export async function countedPage<R>(
  db: Executor,
  count: SQL,
  page: SQL,
): Promise<{ total: number; rows: R[] }> {
  const [total, rows] = await Promise.all([
    queryRows<{ total: number }>(db, count).then((r) => r[0]?.total ?? 0),
    queryRows<R>(db, page),
  ]);
  return { total, rows };
}

/** Only the fields a client asked for (`?fields=`), and always the id. */
export function pickFields<T extends { _id: string }>(item: T, fields: readonly string[]): Partial<T> {
  const out: Record<string, unknown> = { _id: item._id };
  for (const f of fields) out[f] = item[f as keyof T];
  return out as Partial<T>;
}
