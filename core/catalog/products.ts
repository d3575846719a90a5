import { sql } from "drizzle-orm";
import type {
  PaginationResults,
  ProductDetail,
  ProductListField,
  ProductListItem,
  ProductListQuery,
} from "#contract/catalog.ts";
import { queryRows } from "#db/client.ts";
import { ID_PATTERN } from "#db/ids.ts";
import type { CoreContext } from "../context.ts";
import { notFound } from "../errors.ts";
import { countedPage, pageOffset, pagination, pickFields } from "../shared/pages.ts";
import { availableProductStockSql } from "../stock/availability.ts";
import { buildFilters, orderBy, textSearch } from "./product-query.ts";
import {
  favoriteIds,
  listItemsForRows,
  type ProductDetailRow,
  type ProductRow,
  productColumns,
  type SizeRow,
  sizeColumns,
  toProductDetail,
} from "./product-rows.ts";
import { searchWords } from "./search.ts";

export interface ProductPage {
  results: number;
  paginationResults: PaginationResults;
  data: Partial<ProductListItem>[];
  /** How many products match, over all pages. */
  total: number;
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
  options: { viewerId?: string } = {},
): Promise<ProductPage> {
  const words = query.search ? searchWords(query.search) : [];
  if (query.search !== undefined && query.search.trim() !== "" && words.length === 0) {
    return emptyPage(query); // only punctuation: nothing can match
  }
  const offset = pageOffset(query);
  const limit = sql`LIMIT ${query.limit} OFFSET ${offset}`;
  const columns = productColumns(sql`p`);
  let rows: ProductRow[];
  let total: number;
  let correctedSearch: string | undefined;
  if (words.length > 0) {
    const search = await textSearch(ctx, query, words);
    if (!search) return emptyPage(query); // only stop words
    const { matches, rank, fenced } = search;
    correctedSearch = search.correctedSearch;
    if (!matches) return { ...emptyPage(query), correctedSearch };
    // The page of matches, counted over all of them, and their full rows in the same statement.
    const page = await queryRows<ProductRow & { total: number }>(
      ctx.db,
      sql`WITH m AS ${fenced ? sql`MATERIALIZED` : sql``} (${matches}),
          page AS (SELECT p.*, count(*) OVER ()::int AS total FROM m p ORDER BY ${orderBy(query.sort, rank)} ${limit})
          SELECT ${productColumns(sql`x`)}, p.total FROM page p JOIN products x ON x.id = p.id
          ORDER BY ${orderBy(query.sort, rank)}`,
    );
    // A page past the end has no row to carry the total.
    const counted = async () =>
      (
        await queryRows<{ total: number }>(
          ctx.db,
          sql`WITH m AS MATERIALIZED (${matches}) SELECT count(*)::int AS total FROM m`,
        )
      )[0]?.total ?? 0;
    total = page[0]?.total ?? (offset > 0 ? await counted() : 0);
    rows = page;
  } else {
    // Without a search, an index-ordered scan stops after the page: counting separately is cheaper.
    const where = buildFilters(query, "products");
    const whereSql = where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
    ({ total, rows } = await countedPage<ProductRow>(
      ctx.db,
      sql`SELECT count(*)::int AS total FROM products p ${whereSql}`,
      sql`SELECT ${columns} FROM products p ${whereSql} ORDER BY ${orderBy(query.sort, undefined)} ${limit}`,
    ));
  }

  const items = await listItemsForRows(
    ctx,
    rows,
    favoriteIds(
      ctx,
      options.viewerId,
      rows.map((r) => r.id),
    ),
  );
  const data = query.fields?.length ? items.map((item) => pickFields(item, query.fields!)) : items;
  return {
    results: data.length,
    paginationResults: pagination(query, total),
    data,
    total,
    ...(correctedSearch ? { correctedSearch } : {}),
  };
}

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
  const [row] = await queryRows<ProductDetailRow>(
    ctx.db,
    sql`SELECT p.id, p.title, p.slug, p.color, p.color_name, p.image_cover, p.images, p.description,
          p.price_cents, p.price_before_discount_cents, p.discount_percent, p.has_sizes,
          ${availableProductStockSql(sql`p`, now)} AS available, p.sold,
          p.ratings_average::float8 AS ratings_average, p.ratings_quantity, p.category_id, p.brand_id,
          p.created_at, p.updated_at, c.name AS category_name, b.name AS brand_name,
          g.id AS group_id, g.name AS group_name
        FROM products p
        JOIN categories c ON c.id = p.category_id
        LEFT JOIN brands b ON b.id = p.brand_id
        LEFT JOIN product_groups g ON g.id = p.group_id
        WHERE p.id = ${id} ${options.archived === "include" ? sql`` : sql`AND p.archived_at IS NULL`}`,
  );
  // An archived product is gone from the shop: its page is a 404 like any unknown id.
  if (!row) throw missing();

  const [sizes, subCategories, underSubCategories, variants, favorites] = await Promise.all([
    queryRows<SizeRow>(
      ctx.db,
      sql`SELECT ${sizeColumns(now)} FROM product_sizes s WHERE s.product_id = ${id} AND s.removed_at IS NULL
          ORDER BY s.position, s.size`,
    ),
    queryRows<{ id: string; name: string }>(
      ctx.db,
      sql`SELECT s.id, s.name FROM product_subcategories ps JOIN subcategories s ON s.id = ps.subcategory_id
          WHERE ps.product_id = ${id} ORDER BY s.name`,
    ),
    queryRows<{ id: string; name: string }>(
      ctx.db,
      sql`SELECT u.id, u.name FROM product_under_subcategories pu
          JOIN under_subcategories u ON u.id = pu.under_subcategory_id
          WHERE pu.product_id = ${id} ORDER BY u.name`,
    ),
    row.group_id
      ? queryRows<{ id: string; image_cover: string; color: string; color_name: string }>(
          ctx.db,
          sql`SELECT id, image_cover, color, color_name FROM products
              WHERE group_id = ${row.group_id} AND archived_at IS NULL ORDER BY created_at, id`,
        )
      : Promise.resolve([]),
    favoriteIds(ctx, options.viewerId, [id]),
  ]);

  return toProductDetail(row, {
    sizes,
    subCategories,
    underSubCategories,
    variants,
    isFavorite: favorites.has(id),
  });
}

/**
 * docs/storefront/product.md#related-products: products related to one product: the same category, subcategories, under-subcategories
 * and brand, best sellers first, never the product itself.
 */
export async function listRelatedProducts(
  ctx: CoreContext,
  product: Pick<ProductDetail, "_id" | "category" | "subCategories" | "underSubCategories" | "brand">,
  options: { limit: number; fields?: ProductListField[]; viewerId?: string },
): Promise<Partial<ProductListItem>[]> {
  const ids = (refs: { _id: string }[]) => (refs.length > 0 ? refs.map((r) => r._id) : undefined);
  const page = await listProducts(
    ctx,
    {
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
    },
    { viewerId: options.viewerId },
  );
  return page.data.filter((p) => p._id !== product._id).slice(0, options.limit);
}
