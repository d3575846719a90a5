import { type SQL, sql } from "drizzle-orm";
import type {
  PaginationResults,
  ProductDetail,
  ProductListField,
  ProductListItem,
  ProductListQuery,
  ProductSortField,
} from "#contract/catalog.ts";
import type { SortKey } from "#contract/query.ts";
import { queryRows } from "#db/client.ts";
import { ID_PATTERN } from "#db/ids.ts";
import { anyOf } from "#db/sql.ts";
import type { CoreContext } from "../context.ts";
import { notFound } from "../errors.ts";
import { amountToCents, centsToAmount } from "../money.ts";
import { analyseSearch, prefixTsQuery, searchWords } from "./search.ts";
import { postingsMatches } from "./search-postings.ts";
import { availableProductStockSql, availableSizeStockSql } from "./stock.ts";

const SORT_COLUMNS: Record<ProductSortField, SQL> = {
  price: sql`p.price_cents`,
  discountPercent: sql`p.discount_percent`,
  sold: sql`p.sold`,
  ratingsAverage: sql`p.ratings_average`,
  createdAt: sql`p.created_at`,
  title: sql`p.title`,
};

export interface ProductPage {
  results: number;
  paginationResults: PaginationResults;
  data: Partial<ProductListItem>[];
}

interface ProductRow {
  id: string;
  title: string;
  slug: string;
  color: string;
  image_cover: string;
  price_cents: number;
  price_before_discount_cents: number;
  discount_percent: number;
  has_sizes: boolean;
  available: number;
  sold: number;
  ratings_average: number;
  ratings_quantity: number;
  category_id: string;
  brand_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

interface SizeRow {
  id: string;
  product_id: string;
  size: string;
  position: number;
  stock: number;
  available: number;
  price_cents: number;
  price_before_discount_cents: number;
  discount_percent: number;
}

/** The product row columns of `ProductRow`, from the products table aliased `t`. */
function productColumns(t: SQL): SQL {
  return sql`${t}.id, ${t}.title, ${t}.slug, ${t}.color, ${t}.image_cover, ${t}.price_cents,
    ${t}.price_before_discount_cents, ${t}.discount_percent, ${t}.has_sizes, ${t}.stock, ${t}.sold,
    ${t}.ratings_average::float8 AS ratings_average, ${t}.ratings_quantity, ${t}.category_id, ${t}.brand_id,
    ${t}.created_at, ${t}.updated_at`;
}

/** A database timestamp (a Date from `pg`, a string from PGlite) as the API's ISO 8601 text. */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** The size whose price a listing shows: the cheapest with available stock, else the cheapest. */
export function displaySize<S extends { available: number; price_cents: number; position: number }>(
  sizes: readonly S[],
): S | undefined {
  const byPrice = [...sizes].sort((a, b) => a.price_cents - b.price_cents || a.position - b.position);
  return byPrice.find((s) => s.available > 0) ?? byPrice[0];
}

/** Filters on `p` (products) or `s` (search postings, which carry the same filter columns). */
function buildFilters(query: ProductListQuery, from: "products" | "postings"): SQL[] {
  const t = sql.raw(from === "products" ? "p" : "s");
  const id = from === "products" ? sql`p.id` : sql`s.product_id`;
  const where: SQL[] = [];
  if (query.category?.length) where.push(sql`${t}.category_id = ${anyOf(query.category)}`);
  if (query.brand?.length) where.push(sql`${t}.brand_id = ${anyOf(query.brand)}`);
  if (query.subCategories?.length) {
    where.push(sql`EXISTS (SELECT 1 FROM product_subcategories ps
      WHERE ps.product_id = ${id} AND ps.subcategory_id = ${anyOf(query.subCategories)})`);
  }
  if (query.underSubCategories?.length) {
    where.push(sql`EXISTS (SELECT 1 FROM product_under_subcategories pu
      WHERE pu.product_id = ${id} AND pu.under_subcategory_id = ${anyOf(query.underSubCategories)})`);
  }
  const minRating = query["ratingsAverage[gte]"];
  if (minRating !== undefined) where.push(sql`${t}.ratings_average >= ${minRating}`);
  const minPrice = query["price[gte]"];
  if (minPrice !== undefined) where.push(sql`${t}.price_cents >= ${amountToCents(minPrice)}`);
  const maxPrice = query["price[lte]"];
  if (maxPrice !== undefined) where.push(sql`${t}.price_cents <= ${amountToCents(maxPrice)}`);
  const maxDiscount = query["discountPercent[lte]"];
  // Whole percents in the column: `<= 1.5` is `<= 1`, and stays a comparison of integers (indexed).
  if (maxDiscount !== undefined) where.push(sql`${t}.discount_percent <= ${Math.floor(maxDiscount)}`);
  return where;
}

function orderBy(sort: SortKey<ProductSortField>[] | undefined, rank: SQL | undefined): SQL {
  // `DESC NULLS LAST` spelled out: it is how the indexes are built, and a plain DESC (NULLS FIRST)
  // makes PostgreSQL sort the whole table instead of reading the index (400 ms vs 1 ms at 100k).
  const keys: SQL[] = (sort ?? []).map(
    (k) => sql`${SORT_COLUMNS[k.field]} ${k.descending ? sql`DESC NULLS LAST` : sql`ASC`}`,
  );
  if (keys.length === 0) {
    if (rank) keys.push(rank, sql`p.sold DESC NULLS LAST`);
    else keys.push(sql`p.created_at DESC NULLS LAST`);
  }
  keys.push(sql`p.id ASC`); // a total order, so pages never repeat or skip a product
  return sql.join(keys, sql`, `);
}

/**
 * The products a text search matches, with the filters: one row each with the sort columns,
 * `exact_match` and `rank` (see `orderBy`). Undefined when the words are all stop words.
 */
async function textSearch(
  ctx: CoreContext,
  query: ProductListQuery,
  words: string[],
): Promise<{ matches: SQL; rank: SQL | undefined; fenced: boolean } | undefined> {
  const analysis = await analyseSearch(ctx.db, words);
  const lexemesOf = (ws: readonly string[]) => [...new Set(ws.flatMap((w) => analysis.lexemes.get(w) ?? []))];
  const exact = lexemesOf(words);
  const fuzzy = lexemesOf(analysis.corrected);
  if (exact.length === 0 && fuzzy.length === 0) return undefined;
  const changed = analysis.corrected.some((w, i) => w !== words[i]);
  const ranked = !query.sort?.length;
  // Exact matches rank first, then by relevance; an explicit sort overrides both.
  const rank = ranked ? (changed ? sql`p.exact_match DESC, p.rank DESC` : sql`p.rank DESC`) : undefined;
  // Title and creation date are read from the product rows, which the full-text query reads anyway.
  const sortsByRow = (query.sort ?? []).some((k) => k.field === "title" || k.field === "createdAt");
  const lexemes =
    exact.length <= 1 && fuzzy.length <= 1 && !sortsByRow
      ? [...new Set([...words, ...analysis.corrected].flatMap((w) => analysis.postingLexemes.get(w) ?? []))]
      : [];
  if (lexemes.length === 1) {
    // One word that names one lexeme of the search documents (the usual search: a whole word,
    // maybe misspelt) goes to the search postings, an inverted index that carries the filter and
    // sort columns and each lexeme's rank: matching, filtering, ranking and counting the thousands
    // of products a common word matches touch a few contiguous pages instead of every matching
    // product row (core/catalog/search-postings.ts, docs/decisions/008-search-postings.md).
    const matches = postingsMatches(
      { exact: exact[0], fuzzy: fuzzy[0], lexeme: lexemes[0]! },
      { postings: buildFilters(query, "postings"), products: buildFilters(query, "products") },
      ranked,
    );
    return { matches, rank, fenced: false };
  }
  // Several words, a prefix of several lexemes, words found only in descriptions: the full-text
  // index finds the products, whose rows are read to filter and rank them (a rank over several
  // words depends on where they stand in the text). The matches are fenced (MATERIALIZED): else
  // the planner may walk a sort index testing every product against the text (300 ms instead of
  // 15 at 100k, sorted by -sold).
  const exactQuery = sql`to_tsquery('english', ${prefixTsQuery(words)})`;
  const fuzzyQuery = sql`to_tsquery('english', ${prefixTsQuery(analysis.corrected)})`;
  const where = [
    ...buildFilters(query, "products"),
    changed
      ? sql`(p.search_vector @@ ${exactQuery} OR p.search_vector @@ ${fuzzyQuery})`
      : sql`p.search_vector @@ ${exactQuery}`,
  ];
  const relevance = ranked
    ? sql`(p.search_vector @@ ${exactQuery}) AS exact_match, ts_rank(p.search_vector, ${fuzzyQuery}) AS rank`
    : sql`true AS exact_match, 0::real AS rank`;
  const matches = sql`SELECT p.id, p.price_cents, p.discount_percent, p.sold, p.ratings_average, p.title,
      p.created_at, ${relevance}
    FROM products p WHERE ${sql.join(where, sql` AND `)}`;
  return { matches, rank, fenced: true };
}

/**
 * GET /products: filters combine with AND, several values of one filter with OR. A text search
 * matches full-text first (ranked), then spelling-corrected words ("jaens" finds jeans).
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
  const offset = (query.page - 1) * query.limit;
  const limit = sql`LIMIT ${query.limit} OFFSET ${offset}`;
  const columns = productColumns(sql`p`);
  let rows: ProductRow[];
  let total: number;
  if (words.length > 0) {
    const search = await textSearch(ctx, query, words);
    if (!search) return emptyPage(query); // only stop words
    const { matches, rank, fenced } = search;
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
    [total, rows] = await Promise.all([
      queryRows<{ total: number }>(
        ctx.db,
        sql`SELECT count(*)::int AS total FROM products p ${whereSql}`,
      ).then((r) => r[0]?.total ?? 0),
      queryRows<ProductRow>(
        ctx.db,
        sql`SELECT ${columns} FROM products p ${whereSql} ORDER BY ${orderBy(query.sort, undefined)} ${limit}`,
      ),
    ]);
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
  const data = query.fields?.length ? items.map((item) => pick(item, query.fields!)) : items;
  return { results: data.length, paginationResults: pagination(query, total), data };
}

/**
 * List items for product rows already chosen (a page of a listing, a page of favorites): their
 * available stock (on hand − active holds), computed only for these rows, and `isFavorite`: whether
 * `favorites` (the ids the viewer saved among them, or the query reading them, run alongside the
 * stock's) has the row.
 */
async function listItemsForRows(
  ctx: CoreContext,
  rows: ProductRow[],
  favorites: Set<string> | Promise<Set<string>>,
): Promise<ProductListItem[]> {
  const now = ctx.now();
  const sized = rows.filter((r) => r.has_sizes).map((r) => r.id);
  const unsized = rows.filter((r) => !r.has_sizes).map((r) => r.id);
  const [sizes, unsizedStock, saved] = await Promise.all([
    sized.length === 0
      ? Promise.resolve([] as SizeRow[])
      : queryRows<SizeRow>(
          ctx.db,
          sql`SELECT s.id, s.product_id, s.size, s.position, s.stock, s.price_cents, s.price_before_discount_cents,
                s.discount_percent, ${availableSizeStockSql(sql`s`, now)} AS available
              FROM product_sizes s WHERE s.product_id = ${anyOf(sized)}`,
        ),
    unsized.length === 0
      ? Promise.resolve([] as { id: string; available: number }[])
      : queryRows<{ id: string; available: number }>(
          ctx.db,
          sql`SELECT p.id, ${availableProductStockSql(sql`p`, now)} AS available
              FROM products p WHERE p.id = ${anyOf(unsized)}`,
        ),
    favorites,
  ]);
  const available = new Map(unsizedStock.map((r) => [r.id, r.available]));
  for (const row of rows) if (!row.has_sizes) row.available = available.get(row.id) ?? 0;
  return rows.map((row) =>
    toListItem(
      row,
      sizes.filter((s) => s.product_id === row.id),
      saved.has(row.id),
    ),
  );
}

/** A page of the customer's favorites, newest first, as list items (SPEC §7 GET /customer/favorites). */
export async function listFavoriteProducts(
  ctx: CoreContext,
  customerId: string,
  query: { page: number; limit: number },
): Promise<{ total: number; items: ProductListItem[] }> {
  const offset = (query.page - 1) * query.limit;
  const [total, rows] = await Promise.all([
    queryRows<{ total: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS total FROM favorites WHERE customer_id = ${customerId}`,
    ).then((r) => r[0]?.total ?? 0),
    queryRows<ProductRow>(
      ctx.db,
      sql`SELECT ${productColumns(sql`p`)} FROM favorites f JOIN products p ON p.id = f.product_id
          WHERE f.customer_id = ${customerId}
          ORDER BY f.created_at DESC, p.id LIMIT ${query.limit} OFFSET ${offset}`,
    ),
  ]);
  // Every row is one of the customer's favorites: no need to ask which.
  return { total, items: await listItemsForRows(ctx, rows, new Set(rows.map((r) => r.id))) };
}

function emptyPage(query: { page: number; limit: number }): ProductPage {
  return { results: 0, paginationResults: pagination(query, 0), data: [] };
}

export function pagination(query: { page: number; limit: number }, total: number): PaginationResults {
  const numberOfPages = Math.ceil(total / query.limit);
  const result: PaginationResults = { currentPage: query.page, limit: query.limit, numberOfPages };
  if (query.page < numberOfPages) result.nextPage = query.page + 1;
  if (query.page > 1) result.prevPage = query.page - 1;
  return result;
}

function pick(item: ProductListItem, fields: readonly ProductListField[]): Partial<ProductListItem> {
  const out: Record<string, unknown> = { _id: item._id };
  for (const f of fields) out[f] = item[f];
  return out as Partial<ProductListItem>;
}

function toListItem(row: ProductRow, sizes: SizeRow[], isFavorite: boolean): ProductListItem {
  const shown = row.has_sizes ? displaySize(sizes) : undefined;
  const quantity = row.has_sizes ? sizes.reduce((sum, s) => sum + s.available, 0) : row.available;
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    price: centsToAmount(shown?.price_cents ?? row.price_cents),
    priceBeforeDiscount: centsToAmount(shown?.price_before_discount_cents ?? row.price_before_discount_cents),
    discountPercent: shown?.discount_percent ?? row.discount_percent,
    imageCover: row.image_cover,
    size: shown?.size ?? null,
    quantity,
    sold: row.sold,
    ratingsAverage: Number(row.ratings_average),
    ratingsQuantity: row.ratings_quantity,
    color: row.color,
    category: row.category_id,
    brand: row.brand_id,
    isFavorite,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Which of these products the viewer has saved. */
async function favoriteIds(ctx: CoreContext, viewerId: string | undefined, productIds: string[]) {
  if (!viewerId || productIds.length === 0) return new Set<string>();
  const rows = await queryRows<{ product_id: string }>(
    ctx.db,
    sql`SELECT product_id FROM favorites WHERE customer_id = ${viewerId} AND product_id = ${anyOf(productIds)}`,
  );
  return new Set(rows.map((r) => r.product_id));
}

/** GET /products/{id}. Any id that names no product, whatever its form, is a 404. */
export async function getProduct(
  ctx: CoreContext,
  id: string,
  options: { viewerId?: string } = {},
): Promise<ProductDetail> {
  const missing = () => notFound(`No product for this ID: ${id.slice(0, 100)}.`);
  if (!ID_PATTERN.test(id)) throw missing();
  const now = ctx.now();
  const [row] = await queryRows<
    ProductRow & {
      description: string;
      images: string[];
      color_name: string;
      category_name: string;
      brand_name: string | null;
      group_id: string | null;
      group_name: string | null;
    }
  >(
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
        WHERE p.id = ${id}`,
  );
  if (!row) throw missing();

  const [sizes, subCategories, underSubCategories, variants, favorites] = await Promise.all([
    queryRows<SizeRow>(
      ctx.db,
      sql`SELECT s.id, s.product_id, s.size, s.position, s.stock, s.price_cents, s.price_before_discount_cents,
            s.discount_percent, ${availableSizeStockSql(sql`s`, now)} AS available
          FROM product_sizes s WHERE s.product_id = ${id} ORDER BY s.position, s.size`,
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
          sql`SELECT id, image_cover, color, color_name FROM products WHERE group_id = ${row.group_id}
              ORDER BY created_at, id`,
        )
      : Promise.resolve([]),
    favoriteIds(ctx, options.viewerId, [id]),
  ]);

  const item = toListItem(row, sizes, favorites.has(id));
  const { category: _category, brand: _brand, ...rest } = item;
  return {
    ...rest,
    description: row.description,
    images: row.images,
    colorName: row.color_name,
    category: { _id: row.category_id, name: row.category_name },
    subCategories: subCategories.map((s) => ({ _id: s.id, name: s.name })),
    underSubCategories: underSubCategories.map((u) => ({ _id: u.id, name: u.name })),
    brand: row.brand_id && row.brand_name ? { _id: row.brand_id, name: row.brand_name } : null,
    sizes: sizes.map((s) => ({
      _id: s.id,
      size: s.size,
      quantity: s.available,
      price: centsToAmount(s.price_cents),
      priceBeforeDiscount: centsToAmount(s.price_before_discount_cents),
      discountPercent: s.discount_percent,
    })),
    group:
      row.group_id && row.group_name
        ? {
            _id: row.group_id,
            name: row.group_name,
            productsIDs: variants.map((v) => ({
              _id: v.id,
              imageCover: v.image_cover,
              color: v.color,
              colorName: v.color_name,
            })),
          }
        : null,
  };
}

/**
 * SPEC §9: products related to one product: the same category, subcategories, under-subcategories
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
