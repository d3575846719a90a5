import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "#db/client.ts";

/**
 * Brings the search postings (db/schema.ts `searchPostings`) of these products up to date with their
 * rows: one per lexeme of the search document (title, colour, brand and category names, weight A).
 * Call it in the same transaction as any write to a product's search document, description,
 * category, brand, price, discount, rating or sales (the catalogue import and the listing price refresh do),
 * and to its archived state: an archived product has no postings, so no one-word search finds it
 * (docs/back-office/products.md).
 *
 * One statement: postings whose lexeme the product no longer has are deleted, those it keeps are
 * updated in place when a column changed, and new lexemes are inserted. A sale or a new rating
 * therefore only updates postings, which leaves the counts per lexeme (`search_counts`, kept by
 * triggers, migration 0013) untouched: deleting and re-inserting them would make every checkout
 * write, and lock until it commits, the count rows of its products' words
 * (docs/decisions/061-search-counts-and-related-walk.md).
 *
 * `ts_rank` of a one-lexeme query depends only on the weights of that lexeme's positions, in
 * order (calc_rank_or in PostgreSQL's tsrank.c), and a catalogue has few such patterns ({A}, {A,A},
 * {A,C}, …): each pattern is ranked once, on a stand-in vector with the same weights, which gives
 * the very value `ts_rank(search_vector, 'lexeme')` would at a fraction of the cost. Rows go in
 * sorted by the index key, so one lexeme's postings in a category sit on a few contiguous pages.
 */
export async function refreshSearchPostings(db: Executor, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  const ids = sql.param([...new Set(productIds)].sort());
  const same = sql`s.product_id = f.product_id AND s.lexeme = f.lexeme`;
  // Every read of the postings is bounded by the products' ids (search_postings_product_idx): a join
  // on the whole table would grow with the catalogue, batch after batch of an import.
  await db.execute(sql`
    WITH entries AS (
      SELECT p.id, p.category_id, p.brand_id, p.price_cents, p.discount_percent, p.ratings_average, p.sold,
        e.lexeme, e.weights
      FROM products p, unnest(p.search_vector) AS e
      WHERE p.id = ANY(${ids}::text[]) AND p.archived_at IS NULL AND 'A' = ANY(e.weights)
    ), patterns AS MATERIALIZED (
      SELECT w.weights, ts_rank(
          ('x:' || array_to_string(
            ARRAY(SELECT k || w.weights[k] FROM generate_subscripts(w.weights, 1) AS k ORDER BY k), ','))::tsvector,
          'x'::tsquery) AS rank
      FROM (SELECT DISTINCT weights FROM entries) AS w
    ), fresh AS MATERIALIZED (
      SELECT e.lexeme, e.category_id, e.brand_id, e.price_cents, e.discount_percent, e.ratings_average, e.sold,
        r.rank, e.id AS product_id
      FROM entries e JOIN patterns r ON r.weights = e.weights
    ), existing AS MATERIALIZED (
      SELECT s.product_id, s.lexeme FROM search_postings s WHERE s.product_id = ANY(${ids}::text[])
    ), gone AS (
      DELETE FROM search_postings s
      WHERE s.product_id = ANY(${ids}::text[]) AND NOT EXISTS (SELECT 1 FROM fresh f WHERE ${same})
    ), changed AS (
      UPDATE search_postings s SET category_id = f.category_id, brand_id = f.brand_id,
        price_cents = f.price_cents, discount_percent = f.discount_percent,
        ratings_average = f.ratings_average, sold = f.sold, rank = f.rank
      FROM fresh f
      WHERE s.product_id = ANY(${ids}::text[]) AND ${same}
        AND (s.category_id, s.brand_id, s.price_cents, s.discount_percent, s.ratings_average, s.sold, s.rank)
        IS DISTINCT FROM (f.category_id, f.brand_id, f.price_cents, f.discount_percent, f.ratings_average, f.sold, f.rank)
    )
    INSERT INTO search_postings
      (lexeme, category_id, brand_id, price_cents, discount_percent, ratings_average, sold, rank, product_id)
    SELECT f.lexeme, f.category_id, f.brand_id, f.price_cents, f.discount_percent, f.ratings_average, f.sold, f.rank, f.product_id
    FROM fresh f
    WHERE NOT EXISTS (SELECT 1 FROM existing s WHERE ${same})
    ORDER BY f.lexeme, f.category_id`);
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

/**
 * The products whose search document holds one lexeme, with the filters, one row each: `id`, the
 * filter and sort columns and `rank`, exactly `ts_rank(search_vector, 'lexeme')` when `ranked` (0
 * otherwise) — the result of `search_vector @@ 'lexeme':A`. Descriptions are not searched
 * (docs/decisions/031-search-matches-words.md), so the postings alone answer: the matches are filtered,
 * counted and ranked without reading a product row.
 */
export function postingsMatches(lexeme: string, filters: readonly SQL[], ranked: boolean): SQL {
  return sql`
    SELECT s.product_id AS id, s.price_cents, s.discount_percent, s.sold, s.ratings_average,
      ${ranked ? sql`s.rank` : sql`0::real`} AS rank
    FROM search_postings s
    WHERE ${sql.join([sql`s.lexeme = ${lexeme}`, ...filters], sql` AND `)}`;
}

/**
 * Suspends the upkeep of the counts per lexeme (`search_counts`) for the rest of this transaction,
 * until `recountSearchCounts`. For imports of many batches in one transaction: the triggers would
 * upsert the same count rows once per batch, and every version stays until the transaction ends, so
 * each batch walked all the earlier ones' (a million-product seed slowed six-fold,
 * docs/decisions/061-search-counts-and-related-walk.md).
 */
export async function deferSearchCounts(db: Executor): Promise<void> {
  await db.execute(sql`SELECT set_config('shop.search_counts_deferred', 'on', true)`);
}

/** Counts every lexeme's postings afresh and resumes the counts' upkeep (see `deferSearchCounts`). */
export async function recountSearchCounts(db: Executor): Promise<void> {
  await db.execute(sql`SELECT set_config('shop.search_counts_deferred', 'off', true)`);
  await db.execute(sql`DELETE FROM search_counts`);
  await db.execute(sql`
    INSERT INTO search_counts (lexeme, category_id, brand_id, products)
    SELECT lexeme, category_id, COALESCE(brand_id, ''), count(*) FROM search_postings
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
}

/**
 * Runs `load`, a bulk write of many products' postings, with the postings' search indexes dropped
 * and built again once at its end rather than kept up row by row: PostgreSQL's advice for populating
 * a table, and about a fifth of a demo seed's time (docs/decisions/064-seed-builds-posting-indexes-last.md).
 * The index on `product_id` stays, since every write of the postings reads by it; a unique index is
 * left alone, as it may back a constraint. The postings are locked for the whole load, so only for a
 * shop no one is searching yet (the demo seed's, into an empty catalogue). In one transaction
 * with the load: if it fails, the indexes are back as they were. Each is re-created from its own
 * definition (`pg_indexes`), so the migrations stay the one place that says what they are.
 */
export async function withPostingIndexesBuiltLast<T>(
  db: Executor,
  load: (tx: Executor) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const indexes = await queryRows<{ name: string; definition: string }>(
      tx,
      sql`SELECT indexname AS name, indexdef AS definition FROM pg_indexes
        WHERE schemaname = current_schema() AND tablename = 'search_postings'
          AND indexname <> 'search_postings_product_idx' AND indexdef NOT LIKE 'CREATE UNIQUE %'
        ORDER BY indexname`,
    );
    for (const index of indexes) await tx.execute(sql`DROP INDEX ${sql.identifier(index.name)}`);
    const result = await load(tx);
    // Definitions read from the catalogue above, not from anyone's input.
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
    return result;
  });
}
