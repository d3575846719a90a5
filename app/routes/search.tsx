import { useEffect } from "react";
import { data, redirect, useNavigate, useRevalidator } from "react-router";
import { MessageScreen } from "#app/components/message-screen.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { PRODUCT_CARD_FIELDS, type ProductCardData } from "#app/components/product-card.tsx";
import { ProductGrid } from "#app/components/product-grid.tsx";
import { ChoiceStrip, SearchFilters } from "#app/components/search-filters.tsx";
import { countForWidth, SEARCH_PAGE_SIZES } from "#app/lib/breakpoints.ts";
import { readViewportWidth } from "#app/lib/cookies.server.ts";
import { pageLog } from "#app/lib/log.server.ts";
import { isGlobalError } from "#app/lib/route-errors.ts";
import {
  effectiveMaxPrice,
  type SearchState,
  searchUrl,
  toggleCategory,
  toggleSubcategory,
  toggleUnderSubcategory,
} from "#app/lib/search-url.ts";
import { viewerId } from "#app/lib/session.server.ts";
import { siteOrigin } from "#app/lib/site.server.ts";
import { takeNewViewportFlag } from "#app/lib/viewport.ts";
import type { ProductListQuery } from "#contract/catalog.ts";
import { readSearchPageParams, searchTerm } from "#contract/storefront.ts";
import { listProducts } from "#core/catalog/products.ts";
import {
  listBrands,
  listCategories,
  listSubcategories,
  listUnderSubcategories,
} from "#core/catalog/taxonomy.ts";
import type { Route } from "./+types/search";

/** SPEC §9: best sellers first, unless the shopper filters by rating or price. */
const DEFAULT_SORT: ProductListQuery["sort"] = [
  { field: "sold", descending: true },
  { field: "ratingsAverage", descending: true },
];
const TAXONOMY_FIELDS: ("_id" | "name" | "image")[] = ["_id", "name", "image"];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The navigation bar's search form without JavaScript arrives as /search/?q=term.
  const q = searchTerm.parse(url.searchParams.get("q") ?? undefined);
  if (!params.searchValue && q) throw redirect(`/search/${encodeURIComponent(q)}?page=1`);

  const term = searchTerm.parse(params.searchValue);
  const p = readSearchPageParams(url.searchParams);
  const maxPrice = effectiveMaxPrice(p);
  const limit = countForWidth(SEARCH_PAGE_SIZES, readViewportWidth(request));
  const filtersSortByDefault = p.minRating === 0 && p.minPrice === undefined && maxPrice === undefined;
  const ctx = context.core;
  // The cards' favorite toggles show the signed-in customer's favorites.
  const viewer = await viewerId(request, ctx);
  const state: SearchState = { ...p, maxPrice, term };

  const query: ProductListQuery = {
    page: p.page,
    limit,
    fields: [...PRODUCT_CARD_FIELDS],
    search: term,
    category: p.category ? [p.category] : undefined,
    subCategories: p.subcategory ? [p.subcategory] : undefined,
    underSubCategories: p.undersubcategory ? [p.undersubcategory] : undefined,
    brand: p.brand ? [p.brand] : undefined,
    "ratingsAverage[gte]": p.minRating > 0 ? p.minRating : undefined,
    "price[gte]": p.minPrice,
    "price[lte]": maxPrice,
    sort: filtersSortByDefault ? DEFAULT_SORT : undefined,
  };
  const taxonomy = {
    page: 1,
    limit: 100,
    fields: TAXONOMY_FIELDS,
    sort: [{ field: "name" as const, descending: false }],
  };
  const [products, categories, subcategories, underSubcategories, brands] = await Promise.all([
    listProducts(ctx, query, { viewerId: viewer }).catch((error: unknown) => {
      pageLog.warn({ err: error }, "search failed");
      return null;
    }),
    listCategories(ctx, { ...taxonomy, sort: [{ field: "createdAt", descending: false }] }),
    p.category ? listSubcategories(ctx, { ...taxonomy, category: [p.category] }) : null,
    p.subcategory ? listUnderSubcategories(ctx, { ...taxonomy, subCategory: [p.subcategory] }) : null,
    listBrands(ctx, taxonomy),
  ]);
  const named = (page: { data: Partial<{ _id: string; name: string; image: string }>[] } | null) =>
    (page?.data ?? []).map((t) => ({ _id: t._id!, name: t.name!, image: t.image }));

  const body = {
    origin: siteOrigin(request, context),
    limit,
    state,
    products: products ? (products.data as ProductCardData[]) : null,
    numberOfPages: products?.paginationResults.numberOfPages ?? 0,
    categories: named(categories),
    subcategories: named(subcategories),
    underSubcategories: named(underSubcategories),
    brands: named(brands).map(({ _id, name }) => ({ _id, name })),
  };
  return data(body, { status: products ? 200 : 500 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Search — shop" }];
  const { state, origin } = loaderData;
  const base = state.term ? `/search/${encodeURIComponent(state.term)}` : "/search/";
  const title = state.term ? `${state.term} — search results — shop` : "All products — shop";
  const description = state.term
    ? `Clothing, shoes and accessories matching “${state.term}” at shop.`
    : "Browse all clothing, shoes and accessories at shop.";
  // Filtered and later pages are variations of the base search: followed, not indexed, and the
  // base search is the canonical page.
  const variant =
    (state.page ?? 1) > 1 ||
    Boolean(state.minRating || state.minPrice !== undefined || state.maxPrice !== undefined) ||
    Boolean(state.category || state.subcategory || state.undersubcategory || state.brand);
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: `${origin}${base}` },
    ...(variant || loaderData.products?.length === 0 ? [{ name: "robots", content: "noindex, follow" }] : []),
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: `${origin}${base}` },
  ];
};

/** SPEC §2: the search page's failed state; TRY AGAIN repeats the request. */
function SearchFailed({ onRetry, headingLevel }: { onRetry: () => void; headingLevel: 1 | 2 }) {
  return (
    <MessageScreen
      image="somethingWentWrong"
      headingLevel={headingLevel}
      title="something went wrong."
      paragraph="We couldn't retrieve the products Please try again later."
      action={{ label: "TRY AGAIN", onClick: onRetry }}
    />
  );
}

/** The page's data could not be loaded at all (the request itself failed). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const revalidator = useRevalidator();
  if (isGlobalError(error)) throw error; // the root shows the global page
  return <SearchFailed onRetry={() => revalidator.revalidate()} headingLevel={1} />;
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { state, limit, products, numberOfPages, categories, subcategories, underSubcategories, brands } =
    loaderData;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  // First visit: the server could not know the screen width yet; load again at the right size.
  useEffect(() => {
    if (takeNewViewportFlag() && countForWidth(SEARCH_PAGE_SIZES, window.innerWidth) !== limit) {
      revalidator.revalidate();
    }
  }, [limit, revalidator]);
  const categoryName = categories.find((c) => c._id === state.category)?.name;
  const brandName = brands.find((b) => b._id === state.brand)?.name;

  let results: React.ReactNode;
  if (products === null) {
    results = <SearchFailed onRetry={() => revalidator.revalidate()} headingLevel={2} />;
  } else if (products.length === 0) {
    results = (
      <MessageScreen
        image="noResults"
        headingLevel={2}
        title="No result found."
        paragraph="Try searching for something else or go back to the previous page."
        action={{ label: "GO BACK", onClick: () => navigate(-1) }}
      />
    );
  } else {
    results = (
      <>
        <ProductGrid products={products} columns="search" label="Products" />
        <Pagination
          current={state.page ?? 1}
          count={numberOfPages}
          href={(page) => searchUrl(state, { page })}
        />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="section-title mb-5 break-words">
        {state.term
          ? `SEARCH RESULTS FOR: "${state.term}"`
          : (brandName ?? categoryName ?? "ALL PRODUCTS").toUpperCase()}
      </h1>
      <ChoiceStrip
        title="Categories"
        headingId="categories-strip"
        items={categories}
        selected={state.category}
        href={(id) => toggleCategory(state, id)}
      />
      {state.category && (
        <ChoiceStrip
          title="SUB CATEGORIES"
          headingId="subcategories-strip"
          items={subcategories}
          selected={state.subcategory}
          href={(id) => toggleSubcategory(state, id)}
        />
      )}
      {state.subcategory && (
        <ChoiceStrip
          title="UNDER SUB CATEGORIES"
          headingId="undersubcategories-strip"
          items={underSubcategories}
          selected={state.undersubcategory}
          href={(id) => toggleUnderSubcategory(state, id)}
        />
      )}
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
        <div>{results}</div>
      </div>
    </div>
  );
}
