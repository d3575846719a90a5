import { data, redirect } from "react-router";
import { PRODUCT_CARD_FIELDS, type ProductCardData } from "#app/components/product-card.tsx";
import { RouteErrorBoundary } from "#app/components/route-error-boundary.tsx";
import { SearchFailed, SearchPage } from "#app/components/search/search-page.tsx";
import { countForWidth, SEARCH_PAGE_SIZES } from "#app/lib/breakpoints.ts";
import { readViewportWidth } from "#app/lib/cookies.server.ts";
import { pageLog } from "#app/lib/log.server.ts";
import { effectiveMaxPrice, readSearchText, type SearchState } from "#app/lib/search-url.ts";
import { viewerId } from "#app/lib/session.server.ts";
import { siteOrigin } from "#app/lib/site.server.ts";
import type { ProductListQuery } from "#contract/catalog.ts";
import { readSearchPageParams, type SearchSort } from "#contract/storefront.ts";
import { listProducts } from "#core/catalog/products.ts";
import {
  listBrands,
  listCategories,
  listSubcategories,
  listUnderSubcategories,
} from "#core/catalog/taxonomy.ts";
import type { Route } from "./+types/search";

/** docs/storefront/search.md#sort: best sellers first, unless the shopper filters by rating or price. */
const DEFAULT_SORT: ProductListQuery["sort"] = [
  { field: "sold", descending: true },
  { field: "ratingsAverage", descending: true },
];
/** docs/storefront/search.md#sort: the sort control's choices as the products query's `sort`. */
const SORTS: Record<SearchSort, ProductListQuery["sort"]> = {
  relevance: [{ field: "relevance", descending: true }],
  bestsellers: DEFAULT_SORT,
  "price-asc": [{ field: "price", descending: false }],
  "price-desc": [{ field: "price", descending: true }],
  newest: [{ field: "createdAt", descending: true }],
  rating: [
    { field: "ratingsAverage", descending: true },
    { field: "sold", descending: true },
  ],
};
const TAXONOMY_FIELDS: ("_id" | "name" | "image")[] = ["_id", "name", "image"];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The navigation bar's search form without JavaScript arrives as /search/?q=term.
  const q = url.searchParams.get("q")?.trim();
  if (!params.searchValue && q) throw redirect(`/search/${encodeURIComponent(q)}?page=1`);

  // Too long, or no letters or digits: a notice says what is shown (docs/storefront/search.md#odd-input).
  const { term, notice: searchNotice } = readSearchText(params.searchValue);
  const p = readSearchPageParams(url.searchParams);
  // Relevance needs words to rank by.
  if (p.sort === "relevance" && !term) p.sort = undefined;
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
    sort: p.sort ? SORTS[p.sort] : filtersSortByDefault ? DEFAULT_SORT : undefined,
  };
  // What the sort control shows when the URL names none: the default order in force.
  const sort: SearchSort = p.sort ?? (filtersSortByDefault ? "bestsellers" : term ? "relevance" : "newest");
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
    total: products?.total ?? 0,
    totalCapped: products?.totalCapped === true,
    correctedSearch: products?.correctedSearch,
    sort,
    categories: named(categories),
    subcategories: named(subcategories),
    underSubcategories: named(underSubcategories),
    brands: named(brands).map(({ _id, name }) => ({ _id, name })),
    searchNotice,
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
    Boolean(state.sort) ||
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

/** The page's data could not be loaded at all (the request itself failed). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteErrorBoundary error={error}>
      <SearchFailed headingLevel={1} />
    </RouteErrorBoundary>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  return <SearchPage loaderData={loaderData} />;
}
