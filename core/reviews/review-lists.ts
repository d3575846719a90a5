import { type SQL, sql } from "drizzle-orm";
import type { PaginationResults } from "#contract/catalog.ts";
import type { ReviewListQuery, ReviewListResponse, ReviewSummary } from "#contract/reviews.ts";
import { type Executor, queryRows } from "#db/client.ts";
import type { CoreContext } from "../context.ts";
import { pageOffset, pagination } from "../shared/pages.ts";
import { hasReceived, noProduct, RECEIVED, REVIEW_COLUMNS, type ReviewRow, toReview } from "./review-rows.ts";

// What the storefront reads: a product's reviews a page at a time with its figures, whether a
// customer may review a product, and which of an order's products they may review.

const ORDER_BY: Record<ReviewListQuery["sort"], SQL> = {
  // Each order is an index's (product_reviews_newest_idx, product_reviews_rating_idx read either way).
  // NULLS LAST as the newest index is built (the columns are never null): a plain DESC means NULLS
  // FIRST, which that index cannot give, and the first page then sorted every review of the product.
  newest: sql`r.created_at DESC NULLS LAST, r.id DESC NULLS LAST`,
  highest: sql`r.rating DESC, r.created_at DESC, r.id DESC`,
  lowest: sql`r.rating ASC, r.created_at ASC, r.id ASC`,
};

/**
 * The product's figures as the catalogue holds them (average and count) and the tallies of its
 * visible reviews by stars and fit, all kept with every review write (core/catalog/ratings.ts), so
 * this is one row read however many reviews there are. `visible` is what the list pages over: the
 * same as the count unless the figures came with an imported product that has no reviews here yet
 * (docs/decisions/057-reviews.md).
 */
async function reviewSummaryOf(
  db: Executor,
  productId: string,
): Promise<{ summary: ReviewSummary; visible: number } | null> {
  const rows = await queryRows<{
    ratings_average: number;
    ratings_quantity: number;
    visible: number;
    s1: number;
    s2: number;
    s3: number;
    s4: number;
    s5: number;
    small: number;
    true_fit: number;
    large: number;
  }>(
    db,
    sql`SELECT p.ratings_average::float8 AS ratings_average, p.ratings_quantity,
          coalesce(t.visible, 0) AS visible, coalesce(t.stars_1, 0) AS s1, coalesce(t.stars_2, 0) AS s2,
          coalesce(t.stars_3, 0) AS s3, coalesce(t.stars_4, 0) AS s4, coalesce(t.stars_5, 0) AS s5,
          coalesce(t.fit_small, 0) AS small, coalesce(t.fit_true, 0) AS true_fit, coalesce(t.fit_large, 0) AS large
        FROM products p LEFT JOIN product_review_tallies t ON t.product_id = p.id
        WHERE p.id = ${productId} AND p.archived_at IS NULL`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    summary: {
      ratingsAverage: row.ratings_average,
      ratingsQuantity: row.ratings_quantity,
      histogram: { 5: row.s5, 4: row.s4, 3: row.s3, 2: row.s2, 1: row.s1 },
      fit: { small: row.small, true: row.true_fit, large: row.large },
    },
    visible: row.visible,
  };
}

/**
 * A page of a product's visible reviews in the chosen order, its figures, and the viewer's own
 * review (hidden or not) when a customer asks. `data` is the public list: the viewer's review is in
 * it where it falls, and the product page shows it once, first.
 */
export async function listReviews(
  ctx: Pick<CoreContext, "db">,
  productId: string,
  query: ReviewListQuery,
  viewerId?: string,
): Promise<ReviewListResponse> {
  const figures = await reviewSummaryOf(ctx.db, productId);
  if (!figures) throw noProduct(productId);
  const { summary, visible } = figures;
  const offset = pageOffset(query);
  const [rows, mine] = await Promise.all([
    visible === 0 || offset >= visible
      ? Promise.resolve([] as ReviewRow[])
      : queryRows<ReviewRow>(
          ctx.db,
          // The page is found in the order's index first and only its rows are joined to their
          // authors: a deep page skips index entries, not customer lookups.
          sql`SELECT ${REVIEW_COLUMNS}
              FROM (SELECT id FROM product_reviews r
                    WHERE r.product_id = ${productId} AND r.hidden_at IS NULL
                    ORDER BY ${ORDER_BY[query.sort]} LIMIT ${query.limit} OFFSET ${offset}) page
              JOIN product_reviews r ON r.id = page.id JOIN customers c ON c.id = r.customer_id
              ORDER BY ${ORDER_BY[query.sort]}`,
        ),
    viewerId
      ? queryRows<ReviewRow>(
          ctx.db,
          sql`SELECT ${REVIEW_COLUMNS} FROM product_reviews r JOIN customers c ON c.id = r.customer_id
              WHERE r.product_id = ${productId} AND r.customer_id = ${viewerId}`,
        ).then((r) => r[0])
      : Promise.resolve(undefined),
  ]);
  const paginationResults: PaginationResults = pagination(query, visible);
  return {
    results: rows.length,
    paginationResults,
    summary,
    mine: mine ? toReview(mine, true) : null,
    data: rows.map((row) => toReview(row, false)),
  };
}

/** What the product page needs to offer the form: may this customer review it, and their review if any. */
export async function reviewStanding(
  ctx: Pick<CoreContext, "db">,
  customerId: string,
  productId: string,
): Promise<{ canReview: boolean; reviewId: string | null }> {
  const [received, own] = await Promise.all([
    hasReceived(ctx.db, customerId, productId),
    queryRows<{ id: string }>(
      ctx.db,
      sql`SELECT id FROM product_reviews WHERE product_id = ${productId} AND customer_id = ${customerId}`,
    ),
  ]);
  return { canReview: received, reviewId: own[0]?.id ?? null };
}

/**
 * For the orders page: of these products, the ones the customer has received, each with their
 * review's id if they wrote one (null: "Write a review").
 */
export async function reviewableProducts(
  ctx: Pick<CoreContext, "db">,
  customerId: string,
  productIds: readonly string[],
): Promise<Map<string, string | null>> {
  if (productIds.length === 0) return new Map();
  const rows = await queryRows<{ product_id: string; review_id: string | null }>(
    ctx.db,
    sql`SELECT DISTINCT i.product_id, r.id AS review_id
        FROM orders o JOIN order_items i ON i.order_id = o.id
        LEFT JOIN product_reviews r ON r.product_id = i.product_id AND r.customer_id = o.customer_id
        WHERE o.customer_id = ${customerId} AND o.status IN ${RECEIVED}
          AND i.product_id = ANY(${sql.param([...new Set(productIds)])}::text[])`,
  );
  return new Map(rows.map((r) => [r.product_id, r.review_id]));
}
