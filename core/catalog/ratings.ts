import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "#db/client.ts";
import { refreshSearchPostings } from "./search-postings.ts";

// A product's `ratings_average` and `ratings_quantity` come from its visible reviews
// (docs/storefront/reviews.md): core/reviews/ calls this in the transaction of every review write
// and moderation, so every list, filter, sort and JSON-LD reads the real figures.

/**
 * Writes the tallies by stars and fit (`product_review_tallies`) from the visible reviews `where`
 * selects, for `productId`: a value (one product: the aggregate answers zeros when it has no
 * review left), or the column `product_id` with `groupBy` (many products at once, as the demo seed
 * does). The one statement both recounts use, so the tallies cannot drift apart.
 */
export function reviewTallies(productId: SQL, where: SQL, groupBy?: SQL): SQL {
  return sql`INSERT INTO product_review_tallies AS t
      (product_id, visible, stars_1, stars_2, stars_3, stars_4, stars_5, fit_small, fit_true, fit_large)
    SELECT ${productId}, count(*), count(*) FILTER (WHERE rating = 1), count(*) FILTER (WHERE rating = 2),
      count(*) FILTER (WHERE rating = 3), count(*) FILTER (WHERE rating = 4), count(*) FILTER (WHERE rating = 5),
      count(*) FILTER (WHERE fit = 'small'), count(*) FILTER (WHERE fit = 'true'), count(*) FILTER (WHERE fit = 'large')
    FROM product_reviews WHERE ${where} AND hidden_at IS NULL ${groupBy ? sql`GROUP BY ${groupBy}` : sql``}
    ON CONFLICT (product_id) DO UPDATE SET visible = excluded.visible,
      stars_1 = excluded.stars_1, stars_2 = excluded.stars_2, stars_3 = excluded.stars_3,
      stars_4 = excluded.stars_4, stars_5 = excluded.stars_5, fit_small = excluded.fit_small,
      fit_true = excluded.fit_true, fit_large = excluded.fit_large`;
}

/**
 * Recomputes a product's figures from its visible reviews, the product row locked first: writers
 * of one product take turns, and each recount (its own statement, so it sees every review committed
 * before the lock was granted) includes all of them — 100 reviews at once leave the exact figures.
 * The search postings carry the average too, so they follow when it changes. The tallies by stars
 * and fit (`product_review_tallies`) are written in the same statement, so the reviews list reads
 * its summary from one row.
 *
 * The lock is FOR NO KEY UPDATE, the lock the UPDATE below takes anyway: inserting a review takes
 * FOR KEY SHARE on the product (its foreign key), which FOR UPDATE would wait on — two writers of one
 * product would each hold the share and wait for the other's: a deadlock (with FOR UPDATE here, the
 * 100-at-once test of tests/integration/reviews-concurrency.test.ts never finished on PostgreSQL).
 * NO KEY UPDATE does not conflict with KEY SHARE but does with itself, so writers still take turns
 * (docs/decisions/057-reviews.md).
 */
export async function refreshProductRatings(tx: Executor, productId: string): Promise<void> {
  const locked = await queryRows<{ ratings_average: number; ratings_quantity: number }>(
    tx,
    sql`SELECT ratings_average::float8 AS ratings_average, ratings_quantity
        FROM products WHERE id = ${productId} FOR NO KEY UPDATE`,
  );
  if (locked.length === 0) return;
  // One pass over the visible reviews tallies them by stars and fit (what the reviews list shows);
  // the figures follow from the tallies.
  const [counted] = await queryRows<{ average: number; quantity: number }>(
    tx,
    sql`${reviewTallies(sql`${productId}`, sql`product_id = ${productId}`)}
        RETURNING coalesce(round((t.stars_1 + 2 * t.stars_2 + 3 * t.stars_3 + 4 * t.stars_4 + 5 * t.stars_5)::numeric
                                 / nullif(t.visible, 0), 1), 0)::float8 AS average,
                  t.visible AS quantity`,
  );
  const before = locked[0]!;
  if (before.ratings_average === counted!.average && before.ratings_quantity === counted!.quantity) return;
  await tx.execute(
    sql`UPDATE products SET ratings_average = ${counted!.average}, ratings_quantity = ${counted!.quantity}
        WHERE id = ${productId}`,
  );
  if (before.ratings_average !== counted!.average) await refreshSearchPostings(tx, [productId]);
}
