import { MAX_PRICE_FILTER, MAX_SEARCH_TEXT } from "#contract/search-limits.ts";
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

/** The contract's bounds (contract/catalog.ts MAX_PRICE_FILTER, the `search` limit in contract/catalog.ts). */
export { MAX_SEARCH_TEXT };

const PRICE_RANGE_TEXT = `Prices go from $0 to $${MAX_PRICE_FILTER.toLocaleString("en-US")}.`;
const PRICE_ORDER_TEXT = "Minimum price must not be above the maximum.";

export type PriceField = "minimum" | "maximum";

/** What is wrong with the price fields' texts, if anything (docs/storefront/search.md#odd-input). */
export interface PriceProblem {
  text: string;
  /** The fields to mark invalid. */
  fields: PriceField[];
}

function priceNumber(text: string): number | undefined {
  return text.trim() === "" ? undefined : Number(text);
}

function outOfRange(text: string): boolean {
  const n = priceNumber(text);
  return n !== undefined && !(Number.isFinite(n) && n >= 0 && n <= MAX_PRICE_FILTER);
}

/**
 * A price out of the contract's range, or a minimum above the maximum, with what the results show
 * meanwhile (docs/decisions/032-odd-input-answers.md): prices that came in the URL are shown as
 * they are and the results ignore the wrong one (as the page's loader does); prices typed but not
 * applied leave the results on the last valid price filter.
 */
export function priceProblem(min: string, max: string, applied: boolean): PriceProblem | undefined {
  const fields = ([min, max] as const).flatMap((text, i) =>
    outOfRange(text) ? [i === 0 ? ("minimum" as const) : ("maximum" as const)] : [],
  );
  let text: string;
  if (fields.length > 0) {
    const ignored = fields.length === 2 ? "both prices" : `the ${fields[0]} price`;
    text = `${PRICE_RANGE_TEXT} ${applied ? `Results ignore ${ignored}.` : ""}`;
  } else {
    const lo = priceNumber(min);
    const hi = priceNumber(max);
    if (lo === undefined || hi === undefined || lo <= hi) return undefined;
    fields.push("minimum", "maximum");
    text = `${PRICE_ORDER_TEXT} ${applied ? "Results ignore the maximum price." : ""}`;
  }
  if (!applied) text += "Results keep the last valid price filter.";
  return { text: text.trim(), fields };
}

/**
 * The search term from the path, and a notice when the text could not be searched as typed
 * (docs/storefront/search.md#odd-input): text over the contract's limit is searched by its first
 * characters; text with no letter or digit is not searched (it would match nothing or everything).
 */
export function readSearchText(raw: string | undefined): { term?: string; notice?: string } {
  const text = raw?.trim() ?? "";
  if (text === "") return {};
  if (!/[\p{L}\p{N}]/u.test(text)) {
    return { notice: "Search text needs letters or digits: showing all products instead." };
  }
  if (text.length > MAX_SEARCH_TEXT) {
    return {
      term: text.slice(0, MAX_SEARCH_TEXT).trim() || undefined,
      notice: `Search text can be at most ${MAX_SEARCH_TEXT} characters: showing results for its first ${MAX_SEARCH_TEXT}.`,
    };
  }
  return { term: text };
}
