import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "#db/client.ts";

/**
 * Rebuilds the search postings (db/schema.ts `searchPostings`) of these products from their current
 * rows: one per lexeme of the search document (title, colour, brand and category names, weight A).
 * Call it in the same transaction as any write to a product's search document, description,
 * category, brand, price, discount, rating or sales (the catalogue import and the listing price refresh do).
 *
 * `ts_rank` of a one-lexeme query depends only on the weights of that lexeme's positions, in
 * order (calc_rank_or in PostgreSQL's tsrank.c), and a catalogue has few such patterns ({A}, {A,A},
 * {A,C}, …): each pattern is ranked once, on a stand-in vector with the same weights, which gives
 * the very value `ts_rank(search_vector, 'lexeme')` would at a fraction of the cost. Rows go in
 * sorted by the index key, so one lexeme's postings in a category sit on a few contiguous pages.
 */
export async function refreshSearchPostings(db: Executor, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  const ids = sql.param([...new Set(productIds)]);
  await db.execute(sql`DELETE FROM search_postings WHERE product_id = ANY(${ids}::text[])`);
  await db.execute(sql`
    INSERT INTO search_postings
      (lexeme, category_id, brand_id, price_cents, discount_percent, ratings_average, sold, rank, product_id)
    WITH entries AS (
      SELECT p.id, p.category_id, p.brand_id, p.price_cents, p.discount_percent, p.ratings_average, p.sold,
        e.lexeme, e.weights
      FROM products p, unnest(p.search_vector) AS e
      WHERE p.id = ANY(${ids}::text[]) AND 'A' = ANY(e.weights)
    ), patterns AS MATERIALIZED (
      SELECT w.weights, ts_rank(
          ('x:' || array_to_string(
            ARRAY(SELECT k || w.weights[k] FROM generate_subscripts(w.weights, 1) AS k ORDER BY k), ','))::tsvector,
          'x'::tsquery) AS rank
      FROM (SELECT DISTINCT weights FROM entries) AS w
    )
    SELECT e.lexeme, e.category_id, e.brand_id, e.price_cents, e.discount_percent, e.ratings_average, e.sold, r.rank, e.id
    FROM entries e JOIN patterns r ON r.weights = e.weights
    ORDER BY e.lexeme, e.category_id`);
}

/**
 * The first two lexemes of the postings that start with a prefix (an SQL text expression), read from
 * the lexeme index one distinct value at a time (a loose index scan: a probe per lexeme, however
 * many postings each has). Two are enough to tell whether a prefix names one lexeme.
 */
export function postingLexemesStartingWith(prefix: SQL): SQL {
  // The first string after all those that start with the prefix, in byte order (the column's collation).
  const stop = sql`left(${prefix}, -1) || chr(ascii(right(${prefix}, 1)) + 1)`;
  return sql`ARRAY(
    WITH RECURSIVE l(lexeme, n) AS (
      SELECT min(s.lexeme), 1 FROM search_postings s WHERE s.lexeme >= ${prefix} AND s.lexeme < ${stop}
      UNION ALL
      SELECT (SELECT min(s.lexeme) FROM search_postings s WHERE s.lexeme > l.lexeme AND s.lexeme < ${stop}), l.n + 1
      FROM l WHERE l.lexeme IS NOT NULL AND l.n < 2)
    SELECT lexeme FROM l WHERE lexeme IS NOT NULL)`;
}

/** A lexeme as a tsquery prefix operand, quoted so that no character of it is tsquery syntax. */
function prefixOperand(lexeme: string, weight = ""): string {
  return `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}':*${weight}`;
}

export interface WordQuery {
  /** The lexeme of the word as typed (`to_tsquery('english', 'jaens:*')` → `jaen`); none for a stop word. */
  exact?: string;
  /** The lexeme of its spelling correction (`jean`), the same when the word needs none. */
  fuzzy?: string;
  /** The one lexeme of the postings that starts with `exact` or `fuzzy`. */
  lexeme: string;
}

/**
 * The products matching a one-word search whose prefixes name a single lexeme of the search
 * documents, and the filters, one row each: `id`, the filter and sort columns, `exact_match`
 * (matched by the word as typed) and `rank`, exactly `ts_rank(search_vector, 'fuzzy':*)` when
 * `ranked` (0 otherwise) — the result of `search_vector @@ exact OR search_vector @@ fuzzy`.
 *
 * A product matches through its posting of that lexeme or through its description (the GIN index
 * on the lexemes of weight C). One posting per product: products found through the postings alone
 * are filtered, counted and ranked without reading their rows; a product row is read only when its
 * description matches too.
 *
 * Products are joined by id in byte order ("C"): the same pairs, without a locale-aware comparison
 * of each; the result goes back to the database's collation, which orders ties.
 */
export function postingsMatches(
  q: WordQuery,
  filters: { postings: readonly SQL[]; products: readonly SQL[] },
  ranked: boolean,
): SQL {
  const bool = (value: boolean) => (value ? sql`true` : sql`false`);
  const prefixes = [...new Set([q.exact, q.fuzzy].filter((p): p is string => p !== undefined))];
  const postingExact = q.exact !== undefined && q.lexeme.startsWith(q.exact);
  const postingRank =
    ranked && q.fuzzy !== undefined && q.lexeme.startsWith(q.fuzzy) ? sql`s.rank` : sql`0::real`;
  // A description that matches has one of the prefixes; which one matters only when there are two.
  const descriptionExact =
    prefixes.length === 1 || q.exact === undefined
      ? bool(q.exact !== undefined)
      : sql`p.search_vector @@ ${prefixOperand(q.exact, "C")}::tsquery`;
  const descriptionRank =
    ranked && q.fuzzy !== undefined
      ? sql`ts_rank(p.search_vector, ${prefixOperand(q.fuzzy)}::tsquery)`
      : sql`0::real`;
  return sql`
    WITH s AS (
      SELECT s.product_id COLLATE "C" AS id, s.price_cents, s.discount_percent, s.sold, s.ratings_average,
        ${postingRank} AS rank
      FROM search_postings s
      WHERE ${sql.join([sql`s.lexeme = ${q.lexeme}`, ...filters.postings], sql` AND `)}
    ), d AS (
      SELECT p.id COLLATE "C" AS id, p.price_cents, p.discount_percent, p.sold, p.ratings_average,
        ${descriptionExact} AS exact, ${descriptionRank} AS rank
      FROM products p
      WHERE ${sql.join(
        [
          sql`ts_filter(p.search_vector, '{c}'::"char"[]) @@ ${prefixes.map((l) => prefixOperand(l)).join(" | ")}::tsquery`,
          ...filters.products,
        ],
        sql` AND `,
      )}
    )
    SELECT coalesce(s.id, d.id) COLLATE "default" AS id, coalesce(s.price_cents, d.price_cents) AS price_cents,
      coalesce(s.discount_percent, d.discount_percent) AS discount_percent, coalesce(s.sold, d.sold) AS sold,
      coalesce(s.ratings_average, d.ratings_average) AS ratings_average,
      (coalesce(d.exact, false) OR (s.id IS NOT NULL AND ${bool(postingExact)})) AS exact_match,
      coalesce(d.rank, s.rank) AS rank
    FROM s FULL JOIN d ON d.id = s.id`;
}
