import { type SQL, sql } from "drizzle-orm";
import type {
  PaginationResults,
  ProductDetail,
  ProductListField,
  ProductListItem,
  ProductListQuery,
} from "#contract/catalog.ts";
import { queryPreparedRows, queryRows } from "#db/client.ts";
import { ID_PATTERN } from "#db/ids.ts";
import { anyOf } from "#db/sql.ts";
import type { CoreContext } from "../context.ts";
import { notFound } from "../errors.ts";
import { countedPage, pageOffset, pagination, pickFields } from "../shared/pages.ts";
import { availableProductStockSql, availableSizeStockSql } from "../stock/availability.ts";
import { buildFilters, orderBy, textSearch } from "./product-query.ts";
import {
  favoriteIds,
  listItemsForRows,
  type ProductDetailRow,
  type ProductRow,
  productColumns,
  type SizeRow,
  toProductDetail,
} from "./product-rows.ts";
import { searchWords } from "./search.ts";

export interface ProductPage {
  results: number;
  paginationResults: PaginationResults;
  data: Partial<ProductListItem>[];
  /** How many products match, over all pages; with `totalCapped`, at least that many. */
  total: number;
  /** A search's count stopped at SEARCH_COUNT_LIMIT (docs/decisions/062-bounded-search-counts.md). */
  totalCapped?: true;
  /** The words searched for when spelling correction replaced some of the query's. */
  correctedSearch?: string;
}

/**
 * A page of the catalogue (the product listing, search, the home page's sliders): filters combine with AND,
 * several values of one filter with OR. A text search matches words of titles, colours, brands and category
 * names, correcting the spelling of a word that is none ("jaens" finds jeans), docs/decisions/031-search-matches-words.md.
 */
export async function listProducts(
  ctx: CoreContext,
  query: ProductListQuery,
  options: {
    viewerId?: string;
    /** How far a search's matches are counted when no kept count answers; SEARCH_COUNT_LIMIT unless a test says. */
    countLimit?: number;
  } = {},
): Promise<ProductPage> {
  const words = query.search ? searchWords(query.search) : [];
  if (query.search !== undefined && query.search.trim() !== "" && words.length === 0) {
    return emptyPage(query); // only punctuation: nothing can match
  }
  const offset = pageOffset(query);
  const limit = sql`LIMIT ${query.limit} OFFSET ${offset}`;
  let rows: ProductRow[];
  let total: number;
  let correctedSearch: string | undefined;
  let capped = false;
  if (words.length > 0) {
    const search = await textSearch(ctx, query, words);
    if (!search) return emptyPage(query); // only stop words
    const { matches, rank, fenced, count } = search;
    correctedSearch = search.correctedSearch;
    if (!matches) return { ...emptyPage(query), correctedSearch };
    // The page of matches, counted over all of them, and their full rows in the same statement.
    // Fenced matches are materialized whole anyway, so the window counts them at no extra cost. The
    // postings' matches are counted apart, in a subquery run once: counting them through the
    // window materialized every match (20–40 ms of a 60 ms search for a common word at 100k), where
    // the count alone is an index-only scan of search_postings_lexeme_idx, which holds the filter
    // columns (docs/decisions/056-scale-queries-and-page-render.md). A word filtered by its category
    // or brand at most is counted from the counts kept per lexeme (search_counts), whatever the
    // number of matches (docs/decisions/061-search-counts-and-related-walk.md). With any other filter
    // the count visits the matches (44,458 for a common word in the largest category at 1M: 16–29 ms),
    // so it stops one past countLimit, as search engines' counts do (1 ms): "1,000+ results", and
    // the pages reach that far (docs/decisions/062-bounded-search-counts.md).
    const countLimit = options.countLimit ?? SEARCH_COUNT_LIMIT;
    const bounded = sql`(SELECT count(*)::int FROM (SELECT 1 FROM (${matches}) AS c LIMIT ${countLimit + 1}) AS c)`;
    const counting = fenced ? sql`count(*) OVER ()::int` : (count ?? bounded);
    const page = await queryRows<ProductRow & { total: number }>(
      ctx.db,
      sql`WITH m AS ${fenced ? sql`MATERIALIZED` : sql``} (${matches}),
          page AS (SELECT p.*, ${counting} AS total FROM m p ORDER BY ${orderBy(query.sort, rank)} ${limit})
          SELECT ${productColumns(sql`x`)}, p.total FROM page p JOIN products x ON x.id = p.id
          ORDER BY ${orderBy(query.sort, rank)}`,
    );
    // A page past the end has no row to carry the total.
    const counted = async () =>
      (
        await queryRows<{ total: number }>(
          ctx.db,
          fenced
            ? sql`WITH m AS MATERIALIZED (${matches}) SELECT count(*)::int AS total FROM m`
            : sql`SELECT ${count ?? bounded} AS total`,
        )
      )[0]?.total ?? 0;
    total = page[0]?.total ?? (offset > 0 ? await counted() : 0);
    rows = page;
    if (!fenced && !count && total > countLimit) {
      total = countLimit;
      capped = true;
    }
  } else {
    // Without a search, an index-ordered scan stops after the page: counting separately is cheaper.
    const { whereSql, page } = listingPage(query);
    ({ total, rows } = await countedPage<ProductRow>(
      ctx.db,
      listedCount(query) ?? sql`SELECT count(*)::int AS total FROM products p ${whereSql}`,
      page,
    ));
  }

  const data = await listingItems(ctx, rows, query.fields, options.viewerId);
  return {
    results: data.length,
    paginationResults: pagination(query, total),
    data,
    total,
    ...(capped ? { totalCapped: true as const } : {}),
    ...(correctedSearch ? { correctedSearch } : {}),
  };
}

/**
 * How many matches a search counts when no count kept apart answers it: beyond, the answer says
 * "at least this many" (docs/decisions/062-bounded-search-counts.md).
 */
export const SEARCH_COUNT_LIMIT = 1_000;

/** A page of the customer's favorites, newest first, as list items (docs/storefront/api.md#calls). */
export async function listFavoriteProducts(
  ctx: CoreContext,
  customerId: string,
  query: { page: number; limit: number },
): Promise<{ total: number; items: ProductListItem[] }> {
  const { total, rows } = await countedPage<ProductRow>(
    ctx.db,
    sql`SELECT count(*)::int AS total FROM favorites f JOIN products p ON p.id = f.product_id
        WHERE f.customer_id = ${customerId} AND p.archived_at IS NULL`,
    sql`SELECT ${productColumns(sql`p`)} FROM favorites f JOIN products p ON p.id = f.product_id
        WHERE f.customer_id = ${customerId} AND p.archived_at IS NULL
        ORDER BY f.created_at DESC, p.id LIMIT ${query.limit} OFFSET ${pageOffset(query)}`,
  );
  // Every row is one of the customer's favorites: no need to ask which.
  return { total, items: await listItemsForRows(ctx, rows, new Set(rows.map((r) => r.id))) };
}

/**
 * The total of a listing filtered by category and brand at most (the storefront's listing, a
 * category's or a brand's page), from the counts kept per category and brand (db/schema.ts
 * `productCounts`): a few rows, whatever the catalogue's size, where counting the products read
 * every listed one (4 s at 1M, docs/decisions/056-scale-queries-and-page-render.md). Undefined for
 * any other filter, which counts the products.
 */
function listedCount(query: ProductListQuery): SQL | undefined {
  const others = buildFilters({ ...query, category: undefined, brand: undefined }, "products");
  if (others.length > 1) return undefined; // more than `archived_at IS NULL`
  const where: SQL[] = [sql`true`];
  if (query.category?.length) where.push(sql`c.category_id = ${anyOf(query.category)}`);
  if (query.brand?.length) where.push(sql`c.brand_id = ${anyOf(query.brand)}`);
  return sql`SELECT COALESCE(sum(c.listed), 0)::int AS total FROM product_counts c
    WHERE ${sql.join(where, sql` AND `)}`;
}

/** A page of the catalogue without a search: its filters and the index-ordered page statement. */
function listingPage(query: ProductListQuery): { whereSql: SQL; page: SQL } {
  const where = buildFilters(query, "products");
  const whereSql = where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  // The page's ids first, then their rows: the offset is skipped in an index (an index-only scan of
  // products_listed_sold_idx in the default order) rather than by fetching every skipped row.
  const order = orderBy(query.sort, undefined);
  const page = sql`SELECT ${productColumns(sql`p`)} FROM products p
    JOIN (SELECT p.id FROM products p ${whereSql} ORDER BY ${order} LIMIT ${query.limit} OFFSET ${pageOffset(query)}) k
      ON k.id = p.id
    ORDER BY ${order}`;
  return { whereSql, page };
}

/** The rows of a page as list items (sizes, stock, the viewer's favorites), with only the asked fields. */
async function listingItems(
  ctx: CoreContext,
  rows: ProductRow[],
  fields: ProductListField[] | undefined,
  viewerId: string | undefined,
): Promise<Partial<ProductListItem>[]> {
  const items = await listItemsForRows(
    ctx,
    rows,
    favoriteIds(
      ctx,
      viewerId,
      rows.map((r) => r.id),
    ),
  );
  return fields?.length ? items.map((item) => pickFields(item, fields)) : items;
}

function emptyPage(query: { page: number; limit: number }): ProductPage {
  return { results: 0, paginationResults: pagination(query, 0), data: [], total: 0 };
}

/**
 * One product with its sizes, names and colour variants. Any id that names no product, whatever its
 * form, is a 404, and so is an archived product's, unless staff ask with `archived: "include"`.
 */
export async function getProduct(
  ctx: CoreContext,
  id: string,
  options: { viewerId?: string; archived?: "include" } = {},
): Promise<ProductDetail> {
  const missing = () => notFound(`No product for this ID: ${id.slice(0, 100)}.`);
  if (!ID_PATTERN.test(id)) throw missing();
  const now = ctx.now();
  // One statement, one round trip: the sizes, taxonomy names, colour variants and the viewer's
  // favorite come back as JSON beside the row. Four parallel reads used to hold up to four pool
  // connections per request, which capped throughput under load (bench/results/scale-*.md).
  // Prepared: planning this statement costs more than running it (docs/decisions/067-prepared-product-detail.md).
  const [row] = await queryPreparedRows<
    ProductDetailRow & {
      sizes: SizeRow[];
      sub_categories: { id: string; name: string }[];
      under_sub_categories: { id: string; name: string }[];
      variants: { id: string; image_cover: string; color: string; color_name: string }[];
      is_favorite: boolean;
    }
  >(
    ctx.db,
    sql`SELECT p.id, p.title, p.slug, p.color, p.color_name, p.image_cover, p.images, p.description,
          p.price_cents, p.price_before_discount_cents, p.discount_percent, p.has_sizes,
          ${availableProductStockSql(sql`p`, now)} AS available, p.sold,
          p.ratings_average::float8 AS ratings_average, p.ratings_quantity, p.category_id, p.brand_id,
          p.created_at, p.updated_at, c.name AS category_name, b.name AS brand_name,
          g.id AS group_id, g.name AS group_name,
          COALESCE((SELECT json_agg(json_build_object('id', s.id, 'product_id', s.product_id, 'size', s.size,
              'position', s.position, 'stock', s.stock, 'price_cents', s.price_cents,
              'price_before_discount_cents', s.price_before_discount_cents, 'discount_percent', s.discount_percent,
              'available', ${availableSizeStockSql(sql`s`, now)}) ORDER BY s.position, s.size)
            FROM product_sizes s WHERE s.product_id = p.id AND s.removed_at IS NULL), '[]'::json) AS sizes,
          COALESCE((SELECT json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY s.name)
            FROM product_subcategories ps JOIN subcategories s ON s.id = ps.subcategory_id
            WHERE ps.product_id = p.id), '[]'::json) AS sub_categories,
          COALESCE((SELECT json_agg(json_build_object('id', u.id, 'name', u.name) ORDER BY u.name)
            FROM product_under_subcategories pu JOIN under_subcategories u ON u.id = pu.under_subcategory_id
            WHERE pu.product_id = p.id), '[]'::json) AS under_sub_categories,
          COALESCE((SELECT json_agg(json_build_object('id', v.id, 'image_cover', v.image_cover, 'color', v.color,
              'color_name', v.color_name) ORDER BY v.created_at, v.id)
            FROM products v WHERE v.group_id = p.group_id AND v.archived_at IS NULL), '[]'::json) AS variants,
          ${
            options.viewerId
              ? sql`EXISTS (SELECT 1 FROM favorites f WHERE f.customer_id = ${options.viewerId} AND f.product_id = p.id)`
              : sql`false`
          } AS is_favorite
        FROM products p
        JOIN categories c ON c.id = p.category_id
        LEFT JOIN brands b ON b.id = p.brand_id
        LEFT JOIN product_groups g ON g.id = p.group_id
        WHERE p.id = ${id} ${options.archived === "include" ? sql`` : sql`AND p.archived_at IS NULL`}`,
  );
  // An archived product is gone from the shop: its page is a 404 like any unknown id.
  if (!row) throw missing();

  return toProductDetail(row, {
    sizes: row.sizes,
    subCategories: row.sub_categories,
    underSubCategories: row.under_sub_categories,
    variants: row.variants,
    isFavorite: row.is_favorite,
  });
}

/** How many of a category and brand's best sellers the related products are first sought among. */
const RELATED_CANDIDATES = 400;

/**
 * docs/storefront/product.md#related-products: products related to one product: the same category, subcategories, under-subcategories
 * and brand, best sellers first, never the product itself.
 */
export async function listRelatedProducts(
  ctx: CoreContext,
  product: Pick<ProductDetail, "_id" | "category" | "subCategories" | "underSubCategories" | "brand">,
  options: {
    limit: number;
    fields?: ProductListField[];
    viewerId?: string;
    /** How many best sellers of the pair to look among first (tests use a few, to reach the fallback). */
    candidates?: number;
  },
): Promise<Partial<ProductListItem>[]> {
  const candidates = options.candidates ?? RELATED_CANDIDATES;
  const ids = (refs: { _id: string }[]) => (refs.length > 0 ? refs.map((r) => r._id) : undefined);
  const query: ProductListQuery = {
    page: 1,
    limit: options.limit + 1, // one more, in case the product itself is among them
    fields: options.fields,
    category: [product.category._id],
    subCategories: ids(product.subCategories),
    underSubCategories: ids(product.underSubCategories),
    brand: product.brand ? [product.brand._id] : undefined,
    sort: [
      { field: "sold", descending: true },
      { field: "ratingsAverage", descending: true },
    ],
  };
  // listProducts' page without its count: the related products need no total, and counting every
  // product of the category and brand grew with the catalogue on every product page
  // (docs/decisions/055-growth-benchmark.md). And not that page's plan either: at 1M products
  // PostgreSQL intersected the category's and the brand's bitmaps, fetched the 13,000 products of
  // the pair from disk and sorted those of the subcategories (230–320 ms), because it expects a
  // handful where there are hundreds. The pair's best sellers are read in order from
  // products_listed_category_brand_sold_idx instead, RELATED_CANDIDATES at most, and checked
  // against the subcategories; only when that many candidates do not give the page is the full
  // statement run (docs/decisions/061-search-counts-and-related-walk.md).
  const { whereSql, page } = listingPage(query);
  const pair = listingPage({ ...query, subCategories: undefined, underSubCategories: undefined });
  const order = orderBy(query.sort, undefined);
  // One row at least, which carries how many candidates there were (a row with a null id: no match).
  const walked = await queryRows<(ProductRow | { [K in keyof ProductRow]: null }) & { candidates: number }>(
    ctx.db,
    sql`WITH c AS MATERIALIZED (
          SELECT p.id FROM products p ${pair.whereSql} ORDER BY ${order} LIMIT ${candidates}),
        found AS (SELECT ${productColumns(sql`p`)} FROM products p ${whereSql} AND p.id IN (SELECT id FROM c)
          ORDER BY ${order} LIMIT ${query.limit})
        SELECT p.*, k.candidates FROM (SELECT count(*)::int AS candidates FROM c) k LEFT JOIN found p ON true
        ORDER BY ${order}`,
  );
  const found = walked.filter((r): r is ProductRow & { candidates: number } => r.id !== null);
  const rows =
    found.length === query.limit || (walked[0]?.candidates ?? 0) < candidates
      ? found
      : await queryRows<ProductRow>(ctx.db, page);
  const data = await listingItems(ctx, rows, query.fields, options.viewerId);
  return data.filter((p) => p._id !== product._id).slice(0, options.limit);
}
