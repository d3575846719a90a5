// The search page's bounds and sort choices as plain values, without zod, so the browser's search
// code (app/lib/search-url.ts, the sort control) can use them without loading the contract's schemas
// (docs/storefront/search.md#odd-input, #sort).

/** Upper bound for price filters, in dollars: far above any garment, far below integer overflow. */
export const MAX_PRICE_FILTER = 1_000_000;

/** The longest search text searched as typed; the API's `search` parameter has the same limit. */
export const MAX_SEARCH_TEXT = 200;

/** docs/storefront/search.md#sort: the search page's sort choices, as the URL spells them. */
export const SEARCH_SORTS = [
  "relevance",
  "bestsellers",
  "price-asc",
  "price-desc",
  "newest",
  "rating",
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
