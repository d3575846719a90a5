import { PRODUCT_CARD_FIELDS, type ProductCardData } from "#app/components/product-card.tsx";
import { HOME_GRID_LIMITS, largest } from "#app/lib/breakpoints.ts";
import { listBrands, listCategories } from "#core/catalog/taxonomy.ts";
import type { CoreContext } from "#core/context.ts";
import { type HomeRailQuery, listHomeRail } from "#core/storefront/home-rails.ts";

/** docs/storefront/home.md#limits: the home page's limits, sorts and filters. */
const CATEGORY_LIMIT = 40;
const BEST_SELLERS_LIMIT = 20;
const OFFERS_MAX_DISCOUNT = 59;
const BRANDS_LIMIT = 48;
const NEW_PRODUCTS_LIMIT = 20;
const CHEAP_MAX_PRICE = 120;

export type Taxonomy = Awaited<ReturnType<typeof listCategories>>["data"];

// docs/storefront/home.md#rails: one card per colour group, in-stock products first.
function rail(ctx: CoreContext, query: Omit<HomeRailQuery, "fields">, viewer: string | undefined) {
  return listHomeRail(ctx, { fields: PRODUCT_CARD_FIELDS, ...query }, { viewerId: viewer }).then(
    (data) => data as ProductCardData[],
  );
}

type Viewer = string | undefined;

/**
 * The reads behind the home page's sections below the banner, one function each: the loader starts
 * them all at once; bench/scale/explain-home.ts prints each one's plans on a benchmark catalogue.
 */
export const homeSections = {
  categories: (ctx: CoreContext, _viewer: Viewer) =>
    listCategories(ctx, {
      page: 1,
      limit: CATEGORY_LIMIT,
      sort: [{ field: "createdAt", descending: false }],
      fields: ["_id", "name", "image"],
    }).then((page) => page.data),
  bestSellers: (ctx: CoreContext, viewer: Viewer) =>
    rail(ctx, { limit: BEST_SELLERS_LIMIT, sort: [{ field: "sold", descending: true }] }, viewer),
  offers: (ctx: CoreContext, viewer: Viewer) =>
    rail(
      ctx,
      {
        limit: largest(HOME_GRID_LIMITS),
        "discountPercent[lte]": OFFERS_MAX_DISCOUNT,
        sort: [{ field: "discountPercent", descending: true }],
      },
      viewer,
    ),
  brands: (ctx: CoreContext, _viewer: Viewer) =>
    listBrands(ctx, {
      page: 1,
      limit: BRANDS_LIMIT,
      sort: [{ field: "name", descending: false }],
      fields: ["_id", "name", "image"],
    }).then((page) => page.data),
  newProducts: (ctx: CoreContext, viewer: Viewer) =>
    rail(ctx, { limit: NEW_PRODUCTS_LIMIT, sort: [{ field: "createdAt", descending: true }] }, viewer),
  cheapProducts: (ctx: CoreContext, viewer: Viewer) =>
    rail(
      ctx,
      {
        limit: largest(HOME_GRID_LIMITS),
        "price[lte]": CHEAP_MAX_PRICE,
        sort: [{ field: "sold", descending: true }],
      },
      viewer,
    ),
};
