import { type SQL, sql } from "drizzle-orm";
import { reviewTallies } from "#core/catalog/ratings.ts";
import { refreshSearchPostings } from "#core/catalog/search-postings.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { stableId } from "#db/ids.ts";
import { CLOSERS, FIT_SENTENCES, OPENERS, REVIEWER_NAMES, TITLES } from "./review-phrases.ts";

// The demo shop's ratings are real reviews (docs/storefront/demo-reviews.md): a fixed set of demo
// customers reviews the products already imported, and every product's figures are then counted
// from its reviews by the rule of core/catalog/ratings.ts. Everything is set-based SQL over the
// products table, each choice a hash of the seed, the product's id and the review's number, so the
// same seed gives the same reviews and a million products need no more memory than a thousand.

/**
 * Stored as the demo reviewers' password hash: `verifyPassword` (core/accounts/passwords.ts) accepts
 * only `scrypt$…` hashes, so no password logs in as one of them.
 */
export const NO_PASSWORD_HASH = "!demo-reviewer:no-password-logs-in";

/** The demo customers who write the demo reviews, apart from the README's demo accounts (@shop.test). */
export const DEMO_REVIEWERS = REVIEWER_NAMES.map(([firstName, lastName], i) => {
  const email = `reviewer${String(i + 1).padStart(2, "0")}@demo.shop.test`;
  return { id: stableId("customer", email), email, firstName, lastName };
});

/** The share of products with no review at all. */
const UNREVIEWED = 0.08;
/** At most this many reviews on a product (one per reviewer and product, so never more than they are). */
export const MAX_REVIEWS_PER_PRODUCT = Math.min(40, DEMO_REVIEWERS.length);
/** Products per statement: each batch's reviews, figures and search postings are written together. */
const BATCH = 5000;

export interface DemoReviewsProgress {
  stage: "reviews";
  done: number;
  total: number;
}

export interface DemoReviewsOptions {
  seed: number;
  /** Reviews are dated between their product's creation and this moment. */
  now: Date;
  /** Products that get no reviews (the end-to-end stories' own products); their figures are counted all the same. */
  exceptProductIds?: readonly string[];
  onProgress?: (p: DemoReviewsProgress) => void;
}

/**
 * A uniform number in [0, 1), exact (numeric), from the `k`-th 16 bits (k = 0…7) of an md5 digest
 * (a bytea column): the choices are the same on PGlite and PostgreSQL.
 */
function uniform(digest: string, k: number): SQL {
  return sql.raw(`((get_byte(${digest}, ${2 * k}) * 256 + get_byte(${digest}, ${2 * k + 1})) / 65536.0)`);
}

/** Steps through the reviewers that visit each of them once, whatever the start: those prime to their number. */
function strides(n: number): number[] {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  return Array.from({ length: n - 1 }, (_, i) => i + 1).filter((s) => gcd(s, n) === 1);
}

/**
 * The demo reviewers, then their reviews of every product (but `exceptProductIds`), then every
 * product's `ratings_average` and `ratings_quantity` from its visible reviews, and the search postings
 * of those whose average moved. In one transaction, batch by batch of products; what is already
 * there is left alone, so running it again with the same seed changes nothing.
 */
export async function seedDemoReviews(db: Executor, options: DemoReviewsOptions): Promise<void> {
  const progress = options.onProgress ?? (() => {});
  await db.transaction(async (tx) => {
    // The planner guesses a thousand reviews per product (generate_series over a column), so each
    // batch's statement looks big enough to compile (JIT): seconds per batch on PostgreSQL, for nothing.
    await tx.execute(sql`SET LOCAL jit = off`);
    await insertReviewers(tx, options.now);
    const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
      tx,
      sql`SELECT count(*)::int AS total FROM products`,
    );
    progress({ stage: "reviews", done: 0, total });
    let after = "";
    let done = 0;
    for (;;) {
      const batch = (
        await queryRows<{ id: string }>(
          tx,
          sql`SELECT id FROM products WHERE id > ${after} ORDER BY id LIMIT ${BATCH}`,
        )
      ).map((r) => r.id);
      if (batch.length === 0) break;
      await insertReviews(tx, batch, options);
      await recountRatings(tx, batch);
      after = batch[batch.length - 1]!;
      done += batch.length;
      progress({ stage: "reviews", done, total });
    }
    // Fresh statistics for the review lists and for the figures' filters and sorts (the import's
    // saw every product at 0).
    await tx.execute(sql`ANALYZE product_reviews, products (ratings_average, ratings_quantity),
      search_postings (ratings_average)`);
  });
}

async function insertReviewers(tx: Executor, now: Date): Promise<void> {
  // A year and a month before the seed, so each has an account before any review they write.
  const since = new Date(now.getTime() - 395 * 86_400_000).toISOString();
  await tx.execute(sql`
    INSERT INTO customers (id, first_name, last_name, email, password_hash, email_verified_at, created_at, updated_at)
    SELECT r.id, r.first_name, r.last_name, r.email, ${NO_PASSWORD_HASH}, ${since}::timestamptz,
      ${since}::timestamptz, ${since}::timestamptz
    FROM unnest(${sql.param(DEMO_REVIEWERS.map((r) => r.id))}::text[],
      ${sql.param(DEMO_REVIEWERS.map((r) => r.firstName))}::text[],
      ${sql.param(DEMO_REVIEWERS.map((r) => r.lastName))}::text[],
      ${sql.param(DEMO_REVIEWERS.map((r) => r.email))}::text[]) AS r(id, first_name, last_name, email)
    ON CONFLICT DO NOTHING`);
}

/**
 * A batch of products' reviews. Per product (digest `d` of the seed and its id): whether it has any
 * (8 % have none), how many (exponential, its mean rising with the product's sales, at most
 * MAX_REVIEWS_PER_PRODUCT), its quality and which way its fit leans. Per review (digest of the
 * product's and its number): the stars (a complaint of one or two stars, likelier the lower the
 * quality, or the quality's stars give or take one), the fit (mostly true to size), title and text
 * from the phrase pools of its stars, and its date between the product's creation and `now`. The
 * n-th review's author is the reviewer at `first + n × stride` (modulo their number, the stride
 * prime to it), so no reviewer writes two reviews of one product. Each step is MATERIALIZED: its
 * columns are read several times, and inlined they would be computed again at each.
 */
async function insertReviews(tx: Executor, batch: string[], options: DemoReviewsOptions): Promise<void> {
  const reviewers = sql.raw(String(DEMO_REVIEWERS.length));
  const pools = sql`SELECT ${JSON.stringify(TITLES)}::jsonb AS titles, ${JSON.stringify(OPENERS)}::jsonb AS openers,
      ${JSON.stringify(FIT_SENTENCES)}::jsonb AS fits, ${JSON.stringify(CLOSERS)}::jsonb AS closers,
      ${sql.param(DEMO_REVIEWERS.map((r) => r.id))}::text[] AS reviewer_ids,
      ${sql.param(strides(DEMO_REVIEWERS.length))}::int[] AS strides`;
  const pick = (pool: SQL, u: SQL) => sql`(${pool} ->> floor(${u} * jsonb_array_length(${pool}))::int)`;
  const stars = sql`(rated.rating - 1)`;
  const except = sql.param([...(options.exceptProductIds ?? [])]);
  await tx.execute(sql`
    INSERT INTO product_reviews (id, product_id, customer_id, rating, title, text, fit, created_at, updated_at)
    WITH pools AS MATERIALIZED (${pools}),
    product AS MATERIALIZED (
      SELECT p.id, p.created_at, p.sold, decode(md5(${`demo-reviews:${options.seed}:`}::text || p.id), 'hex') AS d
      FROM products p
      WHERE p.id = ANY(${sql.param(batch)}::text[]) AND NOT (p.id = ANY(${except}::text[]))
    ),
    planned AS MATERIALIZED (
      SELECT product.id, product.created_at, product.d,
        CASE WHEN ${uniform("d", 0)} < ${sql.raw(String(UNREVIEWED))} THEN 0
          ELSE least(${sql.raw(String(MAX_REVIEWS_PER_PRODUCT))},
            1 + floor(-(2 + 10 * sqrt(least(product.sold, 4000) / 4000.0)) * ln(1 - ${uniform("d", 1)})))::int
        END AS reviews,
        ${uniform("d", 2)} AS quality,
        ${uniform("d", 3)} AS lean,
        floor(${uniform("d", 4)} * ${reviewers})::int AS first,
        pools.strides[1 + floor(${uniform("d", 5)} * cardinality(pools.strides))::int] AS stride
      FROM product, pools
    ),
    review AS MATERIALIZED (
      SELECT planned.id AS product_id, planned.created_at AS product_created_at, planned.quality,
        planned.lean, planned.first, planned.stride, g.n,
        decode(md5(encode(planned.d, 'hex') || ':' || g.n), 'hex') AS d
      FROM planned, generate_series(0, planned.reviews - 1) AS g(n)
    ),
    rated AS MATERIALIZED (
      SELECT review.*,
        CASE
          WHEN ${uniform("d", 0)} < 0.03 + 0.22 * (1 - quality) ^ 2
            THEN CASE WHEN ${uniform("d", 1)} < 0.55 THEN 1 ELSE 2 END
          ELSE greatest(1, least(5, round(3 + 2 * sqrt(quality) + (${uniform("d", 1)} - 0.5) * 2.6)))::int
        END AS rating,
        CASE
          WHEN ${uniform("d", 2)} < CASE WHEN lean < 0.2 THEN 0.35 WHEN lean < 0.4 THEN 0.05 ELSE 0.12 END
            THEN 'small'
          WHEN ${uniform("d", 2)} < CASE WHEN lean < 0.2 THEN 0.40 WHEN lean < 0.4 THEN 0.35 ELSE 0.24 END
            THEN 'large'
          ELSE 'true'
        END AS fit
      FROM review
    )
    SELECT left(md5('demo-review:' || rated.product_id || ':' || author.id), 24), rated.product_id, author.id,
      rated.rating,
      ${pick(sql`(pools.titles -> ${stars})`, uniform("rated.d", 4))},
      ${pick(sql`(pools.openers -> ${stars})`, uniform("rated.d", 5))} || ' ' ||
        ${pick(sql`(pools.fits -> rated.fit)`, uniform("rated.d", 6))} ||
        CASE WHEN ${uniform("rated.d", 7)} < 0.5 THEN ''
          ELSE ' ' || ${pick(sql`(pools.closers -> ${stars})`, sql`(${uniform("rated.d", 7)} * 2 - 1)`)} END,
      rated.fit, dated.at, dated.at
    FROM rated, pools,
      LATERAL (SELECT pools.reviewer_ids[1 + (rated.first + rated.n * rated.stride) % ${reviewers}] AS id) AS author,
      LATERAL (SELECT date_trunc('second', rated.product_created_at
        + greatest(interval '0', ${options.now.toISOString()}::timestamptz - rated.product_created_at)
          * ${uniform("rated.d", 3)}::float8) AS at) AS dated
    ON CONFLICT DO NOTHING`);
}

/**
 * The batch's tallies and figures from their visible reviews, by the rule of core/catalog/ratings.ts (the average
 * rounded to one decimal, 0 without reviews), written where they differ; the search postings carry
 * the average, so those of the products whose average moved are rebuilt.
 */
async function recountRatings(tx: Executor, batch: string[]): Promise<void> {
  // The tallies by stars and fit the reviews list reads its summary from, as refreshProductRatings
  // writes them (core/catalog/ratings.ts).
  await tx.execute(
    reviewTallies(sql`product_id`, sql`product_id = ANY(${sql.param(batch)}::text[])`, sql`product_id`),
  );
  const changed = await queryRows<{ id: string; moved: boolean }>(
    tx,
    sql`WITH counted AS (
        SELECT p.id, p.ratings_average AS before_average, p.ratings_quantity AS before_quantity,
          coalesce(round(avg(r.rating), 1), 0) AS average, count(r.id)::int AS quantity
        FROM products p LEFT JOIN product_reviews r ON r.product_id = p.id AND r.hidden_at IS NULL
        WHERE p.id = ANY(${sql.param(batch)}::text[])
        GROUP BY p.id)
      UPDATE products p SET ratings_average = c.average, ratings_quantity = c.quantity
      FROM counted c
      WHERE p.id = c.id AND (c.before_average <> c.average OR c.before_quantity <> c.quantity)
      RETURNING p.id, c.before_average <> c.average AS moved`,
  );
  await refreshSearchPostings(
    tx,
    changed.filter((c) => c.moved).map((c) => c.id),
  );
}
