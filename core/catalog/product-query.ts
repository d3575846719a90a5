import { type SQL, sql } from "drizzle-orm";
import type { ProductListQuery, ProductSortField } from "#contract/catalog.ts";
import type { SortKey } from "#contract/query.ts";
import { anyOf } from "#db/sql.ts";
import type { CoreContext } from "../context.ts";
import { amountToCents } from "../money.ts";
import { analyseSearch, effectiveWords, wordTsQuery } from "./search.ts";
import { postingsMatches } from "./search-postings.ts";

// The SQL of a product list query: its filters, its order, and the matches of a text search
// (docs/decisions/006-list-and-search-queries.md).

const SORT_COLUMNS: Record<Exclude<ProductSortField, "relevance">, SQL> = {
  price: sql`p.price_cents`,
  discountPercent: sql`p.discount_percent`,
  sold: sql`p.sold`,
  ratingsAverage: sql`p.ratings_average`,
  createdAt: sql`p.created_at`,
  title: sql`p.title`,
};

/** Filters on `p` (products, never an archived one) or `s` (search postings, which carry the same filter columns). */
export function buildFilters(query: ProductListQuery, from: "products" | "postings"): SQL[] {
  const t = sql.raw(from === "products" ? "p" : "s");
  const id = from === "products" ? sql`p.id` : sql`s.product_id`;
  // An archived product is no longer sold: no list shows it. Its search postings are gone
  // (refreshSearchPostings), so the postings need no such filter.
  const where: SQL[] = from === "products" ? [sql`p.archived_at IS NULL`] : [];
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
  // `relevance` is the search's rank; without a search it orders nothing.
  const keys: SQL[] = (sort ?? []).flatMap((k) => {
    if (k.field === "relevance") return rank ? [rank] : [];
    return [sql`${SORT_COLUMNS[k.field]} ${k.descending ? sql`DESC NULLS LAST` : sql`ASC`}`];
  });
  if (!sort?.length) {
    if (rank) keys.push(rank, sql`p.sold DESC NULLS LAST`);
    else keys.push(sql`p.created_at DESC NULLS LAST`);
  }
  keys.push(sql`p.id ASC`); // a total order, so pages never repeat or skip a product
  return sql.join(keys, sql`, `);
}

export interface TextSearch {
  /** One row per matching product with the sort columns and `rank`; undefined when nothing can match. */
  matches: SQL | undefined;
  rank: SQL | undefined;
  fenced: boolean;
  /** A scalar subquery of how many products match, when counts kept apart can answer it. */
  count?: SQL;
  /** The words searched for when spelling correction replaced some ("jaens" → "jeans"). */
  correctedSearch?: string;
}

/**
 * The products a text search matches, with the filters (docs/decisions/031-search-matches-words.md):
 * every word must be a word of the product's title, colour, brand or category names (stemmed, so
 * plurals match); a word that is no such word is replaced by its spelling correction, if any.
 * Undefined when the words are all stop words.
 */
export async function textSearch(
  ctx: CoreContext,
  query: ProductListQuery,
  words: string[],
): Promise<TextSearch | undefined> {
  const analysis = await analyseSearch(ctx.db, words);
  const searched = effectiveWords(analysis);
  const lexemesOf = (w: string) => analysis.lexemes.get(w) ?? [];
  const lexemes = [...new Set(searched.flatMap(lexemesOf))];
  if (lexemes.length === 0) return undefined;
  const changed = searched.some((w, i) => w !== words[i]);
  const correctedSearch = changed ? searched.join(" ") : undefined;
  const ranked = !query.sort?.length || query.sort.some((k) => k.field === "relevance");
  const rank = ranked ? sql`p.rank DESC` : undefined;
  // Postings hold every lexeme of the search documents: a word none of whose lexemes is among them
  // (even corrected) matches no product.
  const known = (w: string) => lexemesOf(w).some((l) => (analysis.postingLexemes.get(w) ?? []).includes(l));
  if (searched.some((w) => lexemesOf(w).length > 0 && !known(w))) {
    return { matches: undefined, rank, fenced: false, correctedSearch };
  }
  // Title and creation date are read from the product rows.
  const sortsByRow = (query.sort ?? []).some((k) => k.field === "title" || k.field === "createdAt");
  if (lexemes.length === 1 && !sortsByRow) {
    // One word (the usual search, maybe misspelt) goes to the search postings, an inverted index that
    // carries the filter and sort columns and each lexeme's rank: matching, filtering, ranking and
    // counting the thousands of products a common word matches touch a few contiguous pages instead
    // of every matching product row (core/catalog/search-postings.ts, docs/decisions/008-search-postings.md).
    const matches = postingsMatches(lexemes[0]!, buildFilters(query, "postings"), ranked);
    return { matches, rank, fenced: false, count: postingsCount(lexemes[0]!, query), correctedSearch };
  }
  // Several words (a rank over several words depends on where they stand in the text), or a sort by
  // title or date: the full-text index finds the products, whose rows are read to filter and rank
  // them. The matches are fenced (MATERIALIZED): else the planner may walk a sort index testing every
  // product against the text (300 ms instead of 15 at 100k, sorted by -sold).
  const tsQuery = sql`to_tsquery('english', ${wordTsQuery(searched)})`;
  const where = [...buildFilters(query, "products"), sql`p.search_vector @@ ${tsQuery}`];
  const relevance = ranked ? sql`ts_rank(p.search_vector, ${tsQuery}) AS rank` : sql`0::real AS rank`;
  const matches = sql`SELECT p.id, p.price_cents, p.discount_percent, p.sold, p.ratings_average, p.title,
      p.created_at, ${relevance}
    FROM products p WHERE ${sql.join(where, sql` AND `)}`;
  return { matches, rank, fenced: true, correctedSearch };
}

/**
 * How many products a one-word search matches, from the counts per lexeme, category and brand
 * (db/schema.ts `searchCounts`): a few rows however common the word, where counting its postings read
 * every match. Undefined for any filter other than the category and the brand, whose matches are counted.
 */
function postingsCount(lexeme: string, query: ProductListQuery): SQL | undefined {
  const others = buildFilters({ ...query, category: undefined, brand: undefined }, "postings");
  if (others.length > 0) return undefined;
  const where: SQL[] = [sql`c.lexeme = ${lexeme}`];
  if (query.category?.length) where.push(sql`c.category_id = ${anyOf(query.category)}`);
  if (query.brand?.length) where.push(sql`c.brand_id = ${anyOf(query.brand)}`);
  return sql`(SELECT COALESCE(sum(c.products), 0)::int FROM search_counts c WHERE ${sql.join(where, sql` AND `)})`;
}
