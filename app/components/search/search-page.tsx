import { useNavigate } from "react-router";
import { MessageScreen } from "#app/components/message-screen.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { ProductGrid } from "#app/components/product-grid.tsx";
import { RetryScreen } from "#app/components/route-error-boundary.tsx";
import { ChoiceStrip, SearchFilters } from "#app/components/search-filters.tsx";
import { SEARCH_PAGE_SIZES } from "#app/lib/breakpoints.ts";
import {
  type SearchState,
  searchUrl,
  toggleCategory,
  toggleSubcategory,
  toggleUnderSubcategory,
} from "#app/lib/search-url.ts";
import { useReloadAtViewportSize } from "#app/lib/viewport.ts";
import type { Route } from "../../routes/+types/search";
import { SearchNotice } from "./search-notice.tsx";
import { SearchCorrection, SearchToolbar } from "./search-toolbar.tsx";

type SearchData = Route.ComponentProps["loaderData"];

/** docs/storefront/search.md#title-and-states: the search page's failed state; TRY AGAIN repeats the request. */
export function SearchFailed({ headingLevel }: { headingLevel: 1 | 2 }) {
  return (
    <RetryScreen
      headingLevel={headingLevel}
      title="something went wrong."
      paragraph="We couldn't retrieve the products Please try again later."
    />
  );
}

function SearchResults({ data }: { data: SearchData }) {
  const navigate = useNavigate();
  const { products, state, numberOfPages } = data;
  if (products === null) return <SearchFailed headingLevel={2} />;
  if (products.length === 0) {
    return (
      <>
        <SearchCorrection corrected={data.correctedSearch} />
        <MessageScreen
          image="noResults"
          headingLevel={2}
          title="No result found."
          paragraph="Try searching for something else or go back to the previous page."
          action={{ label: "GO BACK", onClick: () => navigate(-1) }}
        />
      </>
    );
  }
  return (
    <>
      <SearchCorrection corrected={data.correctedSearch} />
      <SearchToolbar state={state} total={data.total} totalCapped={data.totalCapped} sort={data.sort} />
      <ProductGrid products={products} columns="search" label="Products" />
      <Pagination
        current={state.page ?? 1}
        count={numberOfPages}
        href={(page) => searchUrl(state, { page })}
      />
    </>
  );
}

/** The category strip, and below it the chosen category's and subcategory's own strips. */
function TaxonomyStrips({ data }: { data: SearchData }) {
  const { state, categories, subcategories, underSubcategories } = data;
  const strips = [
    {
      shown: true,
      title: "Categories",
      headingId: "categories-strip",
      items: categories,
      selected: state.category,
      href: (id: string) => toggleCategory(state, id),
    },
    {
      shown: Boolean(state.category),
      title: "SUB CATEGORIES",
      headingId: "subcategories-strip",
      items: subcategories,
      selected: state.subcategory,
      href: (id: string) => toggleSubcategory(state, id),
    },
    {
      shown: Boolean(state.subcategory),
      title: "UNDER SUB CATEGORIES",
      headingId: "undersubcategories-strip",
      items: underSubcategories,
      selected: state.undersubcategory,
      href: (id: string) => toggleUnderSubcategory(state, id),
    },
  ];
  return strips.map(({ shown, ...strip }) => shown && <ChoiceStrip key={strip.headingId} {...strip} />);
}

function pageTitle(state: SearchState, categoryName: string | undefined, brandName: string | undefined) {
  return state.term
    ? `SEARCH RESULTS FOR: "${state.term}"`
    : (brandName ?? categoryName ?? "ALL PRODUCTS").toUpperCase();
}

/** The search page: the title, taxonomy strips, filters and one page of results. */
export function SearchPage({ loaderData }: { loaderData: SearchData }) {
  const { state, limit, categories, brands } = loaderData;
  useReloadAtViewportSize(SEARCH_PAGE_SIZES, limit);
  const categoryName = categories.find((c) => c._id === state.category)?.name;
  const brandName = brands.find((b) => b._id === state.brand)?.name;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="section-title mb-5 break-words">{pageTitle(state, categoryName, brandName)}</h1>
      <SearchNotice notice={loaderData.searchNotice} />
      <TaxonomyStrips data={loaderData} />
      <div className="mt-2 grid gap-8 lg:grid-cols-[15rem_1fr]">
        <aside aria-label="Filters">
          <details
            className="group rounded-xl border border-gray-200 p-4 lg:hidden dark:border-gray-800"
            open={false}
          >
            <summary className="cursor-pointer font-semibold text-sm">Filters</summary>
            <div className="mt-4">
              <SearchFilters state={state} brands={brands} />
            </div>
          </details>
          <div className="hidden lg:block">
            <SearchFilters state={state} brands={brands} />
          </div>
        </aside>
        <div>
          <SearchResults data={loaderData} />
        </div>
      </div>
    </div>
  );
}
