import { type SQL, sql } from "drizzle-orm";
import type { ProductListQuery, ProductSortField } from "#contract/catalog.ts";
import type { SortKey } from "#contract/query.ts";
import { anyOf } from "#db/sql.ts";
import type { CoreContext } from "../context.ts";
import { amountToCents } from "../money.ts";
import { analyseSearch, prefixTsQuery } from "./search.ts";
import { postingsMatches } from "./search-postings.ts";

// The SQL of a product list query: its filters, its order, and the matches of a text search
// (docs/decisions/006-list-and-search-queries.md).

const SORT_COLUMNS: Record<ProductSortField, SQL> = {
  price: sql`p.price_cents`,
  discountPercent: sql`p.discount_percent`,
  sold: sql`p.sold`,
  ratingsAverage: sql`p.ratings_average`,
  createdAt: sql`p.created_at`,
  title: sql`p.title`,
};

/** Filters on `p` (products) or `s` (search postings, which carry the same filter columns). */
export function buildFilters(query: ProductListQuery, from: "products" | "postings"): SQL[] {
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

export function orderBy(sort: SortKey<ProductSortField>[] | undefined, rank: SQL | undefined): SQL {
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
export async function textSearch(
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
