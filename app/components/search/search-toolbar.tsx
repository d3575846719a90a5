import { useNavigate } from "react-router";
import { type SearchState, searchUrl } from "#app/lib/search-url.ts";
import { SEARCH_SORTS, type SearchSort } from "#contract/search-limits.ts";

/** docs/storefront/search.md#sort: the sort control's labels. */
const SORT_LABELS: Record<SearchSort, string> = {
  relevance: "Relevance",
  bestsellers: "Best sellers",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  newest: "Newest",
  rating: "Rating",
};

/** "Showing results for …" when spelling correction replaced words of the search (docs/storefront/search.md#result-count-and-corrections). */
export function SearchCorrection({ corrected }: { corrected: string | undefined }) {
  if (!corrected) return null;
  return (
    <p className="mb-3 text-gray-600 text-sm dark:text-gray-300" data-testid="search-correction">
      Showing results for <strong className="text-gray-900 dark:text-gray-100">“{corrected}”</strong>
    </p>
  );
}

/**
 * 'N results' ('1 result'), or '1,000+ results' when the count stopped at its limit
 * (docs/storefront/search.md#result-count-and-corrections).
 */
export function resultCount(total: number, capped: boolean): string {
  if (total === 1 && !capped) return "1 result";
  return `${total.toLocaleString("en-US")}${capped ? "+" : ""} results`;
}

/**
 * The result count and the sort control. The choice lives in the URL (`sort`) and starts again at
 * page 1; with JavaScript a choice navigates at once, without it the form's Sort button submits it.
 */
export function SearchToolbar({
  state,
  total,
  totalCapped = false,
  sort,
}: {
  state: SearchState;
  total: number;
  /** At least `total` products match: the count stopped there (docs/decisions/062-bounded-search-counts.md). */
  totalCapped?: boolean;
  sort: SearchSort;
}) {
  const navigate = useNavigate();
  const choices = SEARCH_SORTS.filter((s) => s !== "relevance" || state.term);
  const url = new URL(searchUrl(state), "http://x");
  url.searchParams.delete("sort");
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <p className="font-semibold text-sm" role="status" data-testid="search-count">
        {resultCount(total, totalCapped)}
      </p>
      <form method="get" action={url.pathname} className="flex items-center gap-2">
        {[...url.searchParams].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor="search-sort" className="text-gray-600 text-sm dark:text-gray-300">
          Sort by
        </label>
        <select
          id="search-sort"
          name="sort"
          value={sort}
          onChange={(e) => navigate(searchUrl(state, { sort: e.target.value as SearchSort }))}
          className="h-10 rounded-lg border border-gray-300 bg-white px-3 text-sm dark:border-gray-700 dark:bg-gray-900"
        >
          {choices.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
        <noscript>
          <button
            type="submit"
            className="h-10 rounded-lg border border-gray-300 px-3 text-sm dark:border-gray-700"
          >
            Sort
          </button>
        </noscript>
      </form>
    </div>
  );
}
