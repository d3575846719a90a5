import { z } from "zod";
import { MAX_PAGE } from "./query.ts";
import { MAX_PRICE_FILTER, MAX_SEARCH_TEXT, SEARCH_SORTS, type SearchSort } from "./search-limits.ts";

const ID = /^[0-9a-f]{24}$/;

// A storefront URL is typed by people and shared in links: a value that makes no sense is dropped
// (as if absent) rather than answered with an error page. The API, by contrast, answers 400.
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const id = lenient(z.string().regex(ID));
const price = lenient(z.coerce.number().min(0).max(MAX_PRICE_FILTER));

const pageNumber = z.coerce.number().int().min(1).max(MAX_PAGE).catch(1).default(1);

export { SEARCH_SORTS, type SearchSort };

/** docs/storefront/search.md#url: the search page's query parameters. */
export const searchPageParams = z.object({
  page: pageNumber,
  minRating: z.coerce.number().int().min(0).max(5).catch(0).default(0),
  minPrice: price,
  maxPrice: price,
  category: id,
  subcategory: id,
  undersubcategory: id,
  brand: id,
  sort: lenient(z.enum(SEARCH_SORTS)),
});
export type SearchPageParams = z.output<typeof searchPageParams>;

export const SEARCH_PARAM_NAMES = [
  "page",
  "minRating",
  "minPrice",
  "maxPrice",
  "category",
  "subcategory",
  "undersubcategory",
  "brand",
  "sort",
] as const;

export function readSearchPageParams(params: URLSearchParams): SearchPageParams {
  const raw: Record<string, string> = {};
  for (const name of SEARCH_PARAM_NAMES) {
    const value = params.get(name);
    if (value !== null && value.trim() !== "") raw[name] = value.trim();
  }
  return searchPageParams.parse(raw);
}

/** `?page=` of a paginated storefront list (favorites, orders): 1 when absent or nonsense. */
export function readPageParam(params: URLSearchParams): number {
  return pageNumber.parse(params.get("page")?.trim() || undefined);
}

/** The search term from the path, limited like the API's `search` parameter. */
export const searchTerm = lenient(z.string().trim().min(1).max(MAX_SEARCH_TEXT));
