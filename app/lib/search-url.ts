import type { SearchPageParams } from "#contract/storefront.ts";

/** The price filter applies its maximum only when it is greater than the minimum (docs/storefront/search.md#price-filter). */
export function effectiveMaxPrice(p: Pick<SearchPageParams, "minPrice" | "maxPrice">): number | undefined {
  if (p.maxPrice === undefined) return undefined;
  if (p.minPrice !== undefined && p.maxPrice <= p.minPrice) return undefined;
  return p.maxPrice;
}

export type SearchState = { term?: string } & Partial<SearchPageParams>;

/**
 * The URL of a search page. Every filter lives in the URL (docs/storefront/search.md#url), so filters and pagination
 * are plain links; any change other than the page itself starts again at page 1 (docs/storefront/search.md#filters).
 */
export function searchUrl(state: SearchState, changes: Partial<SearchState> = {}): string {
  const next: SearchState = { ...state, ...changes };
  if (!("page" in changes)) next.page = 1;
  const path = next.term ? `/search/${encodeURIComponent(next.term)}` : "/search/";
  const params = new URLSearchParams();
  params.set("page", String(next.page ?? 1));
  if (next.minRating) params.set("minRating", String(next.minRating));
  if (next.minPrice !== undefined) params.set("minPrice", String(next.minPrice));
  if (next.maxPrice !== undefined) params.set("maxPrice", String(next.maxPrice));
  if (next.category) params.set("category", next.category);
  if (next.subcategory) params.set("subcategory", next.subcategory);
  if (next.undersubcategory) params.set("undersubcategory", next.undersubcategory);
  if (next.brand) params.set("brand", next.brand);
  if (next.sort) params.set("sort", next.sort);
  return `${path}?${params}`;
}

/** Choosing a category clears the levels below it; choosing the current one clears it. */
export function toggleCategory(state: SearchState, id: string): string {
  const category = state.category === id ? undefined : id;
  return searchUrl(state, { category, subcategory: undefined, undersubcategory: undefined });
}

export function toggleSubcategory(state: SearchState, id: string): string {
  const subcategory = state.subcategory === id ? undefined : id;
  return searchUrl(state, { subcategory, undersubcategory: undefined });
}

export function toggleUnderSubcategory(state: SearchState, id: string): string {
  return searchUrl(state, { undersubcategory: state.undersubcategory === id ? undefined : id });
}

export function toggleBrand(state: SearchState, id: string): string {
  return searchUrl(state, { brand: state.brand === id ? undefined : id });
}

/** docs/storefront/search.md#rating-filter: choosing the current minimum rating again clears it (0). */
export function toggleRating(state: SearchState, stars: number): string {
  return searchUrl(state, { minRating: state.minRating === stars ? 0 : stars });
}
