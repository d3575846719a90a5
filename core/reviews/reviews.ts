import { type SQL, sql } from "drizzle-orm";
import type { PaginationResults } from "#contract/catalog.ts";
import type {
  Review,
  ReviewBody,
  ReviewFit,
  ReviewListQuery,
  ReviewListResponse,
  ReviewModerationBody,
  ReviewReportBody,
  ReviewSummary,
} from "#contract/reviews.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { newId } from "#db/ids.ts";
import { ts } from "#db/sql.ts";
import { enforceLimit, type LimitRule } from "../accounts/limits.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { refreshProductRatings } from "../catalog/ratings.ts";
import type { CoreContext } from "../context.ts";
import { conflict, DomainError, invalid, notFound } from "../errors.ts";
import { pageOffset, pagination } from "../shared/pages.ts";
import { requireRole, type Staff } from "../shared/staff-roles.ts";

// Reviews from verified buyers (docs/storefront/reviews.md, docs/decisions/057-reviews.md). A
// customer may review a product once they have received it (an order of theirs holding it is
// delivered, or was delivered and returned); one review per customer and product, which they may
// edit or delete. Every write recomputes the product's figures in its own transaction
// (core/catalog/ratings.ts), so the ratings the catalogue shows are the reviews' own.

const HOUR = 60 * 60_000;
const UNAVAILABLE = "Reviews are briefly unavailable. Please try again in a minute.";

/** Generous for a person, tight for a script filling a product with reviews or reports. */
export const REVIEW_LIMITS = {
  writesPerCustomer: {
    name: "review-writes",
    limit: 30,
    windowMs: HOUR,
    message: "Too many review changes. Please try again in an hour.",
    unavailableMessage: UNAVAILABLE,
  },
  reportsPerCustomer: {
    name: "review-reports",
    limit: 20,
    windowMs: HOUR,
    message: "Too many reports. Please try again in an hour.",
    unavailableMessage: UNAVAILABLE,
  },
} satisfies Record<string, LimitRule>;

export const NOT_A_BUYER = "Only customers who have received this product can review it.";
export const ALREADY_REVIEWED = "You have already reviewed this product. Edit your review instead.";
const noProduct = (productId: string) => notFound(`No product for this ID: ${productId}.`);
const noReview = (reviewId: string) => notFound(`No review for this ID: ${reviewId}.`);

/** The statuses of an order whose items the customer has received. */
const RECEIVED = sql`('delivered', 'returned')`;

interface ReviewRow {
  id: string;
  product_id: string;
  rating: number;
  title: string;
  text: string;
  fit: ReviewFit;
  first_name: string;
  last_name: string;
  created_at: string;
  updated_at: string;
  hidden: boolean;
}

const REVIEW_COLUMNS = sql`r.id, r.product_id, r.rating, r.title, r.text, r.fit, c.first_name, c.last_name,
  ${isoTime(sql`r.created_at`)} AS created_at, ${isoTime(sql`r.updated_at`)} AS updated_at,
  r.hidden_at IS NOT NULL AS hidden`;

function isoTime(column: SQL): SQL {
  return sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** How the shop names a reviewer: first name and the last name's initial ("Maria S."). */
export function reviewerName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

function toReview(row: ReviewRow, showHidden: boolean): Review {
  const review: Review = {
    _id: row.id,
    product: row.product_id,
    rating: row.rating,
    title: row.title,
    text: row.text,
    fit: row.fit,
    author: reviewerName(row.first_name, row.last_name),
    verifiedBuyer: true,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (showHidden) review.hidden = row.hidden;
  return review;
}

async function readReview(db: Executor, reviewId: string): Promise<ReviewRow | undefined> {
  const rows = await queryRows<ReviewRow>(
    db,
    sql`SELECT ${REVIEW_COLUMNS} FROM product_reviews r JOIN customers c ON c.id = r.customer_id
        WHERE r.id = ${reviewId}`,
  );
  return rows[0];
}

/** Whether the customer has received the product: an order of theirs holding it was delivered. */
export async function hasReceived(db: Executor, customerId: string, productId: string): Promise<boolean> {
  const rows = await queryRows<{ received: boolean }>(
    db,
    sql`SELECT EXISTS (
          SELECT 1 FROM orders o JOIN order_items i ON i.order_id = o.id
          WHERE o.customer_id = ${customerId} AND i.product_id = ${productId} AND o.status IN ${RECEIVED}
        ) AS received`,
  );
  return rows[0]?.received === true;
}

/** Writes a customer's review of a product they received; a second one of the same product is a 409. */
export async function createReview(
  ctx: CoreContext,
  customerId: string,
  productId: string,
  body: ReviewBody,
): Promise<Review> {
  await enforceLimit(ctx, REVIEW_LIMITS.writesPerCustomer, customerId);
  const id = newId();
  const now = ts(ctx.now());
  await ctx.db.transaction(async (tx) => {
    const product = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM products WHERE id = ${productId} AND archived_at IS NULL`,
    );
    if (product.length === 0) throw noProduct(productId);
    if (!(await hasReceived(tx, customerId, productId))) throw new DomainError("forbidden", NOT_A_BUYER);
    // The unique key decides between two submissions at once: the second inserts nothing.
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO product_reviews (id, product_id, customer_id, rating, title, text, fit, created_at, updated_at)
          VALUES (${id}, ${productId}, ${customerId}, ${body.rating}, ${body.title}, ${body.text}, ${body.fit}, ${now}, ${now})
          ON CONFLICT (product_id, customer_id) DO NOTHING RETURNING id`,
    );
    if (inserted.length === 0) throw conflict(ALREADY_REVIEWED);
    await refreshProductRatings(tx, productId);
  });
  return toReview((await readReview(ctx.db, id))!, true);
}

/** Replaces the author's review (rating, title, text and fit); another customer's is a 404. */
export async function updateReview(
  ctx: CoreContext,
  customerId: string,
  reviewId: string,
  body: ReviewBody,
): Promise<Review> {
  await enforceLimit(ctx, REVIEW_LIMITS.writesPerCustomer, customerId);
  await ctx.db.transaction(async (tx) => {
    const updated = await queryRows<{ product_id: string }>(
      tx,
      sql`UPDATE product_reviews
          SET rating = ${body.rating}, title = ${body.title}, text = ${body.text}, fit = ${body.fit},
              updated_at = ${ts(ctx.now())}
          WHERE id = ${reviewId} AND customer_id = ${customerId} RETURNING product_id`,
    );
    if (updated.length === 0) throw noReview(reviewId);
    await refreshProductRatings(tx, updated[0]!.product_id);
  });
  return toReview((await readReview(ctx.db, reviewId))!, true);
}

/** Deletes the author's review; the product's figures follow. */
export async function deleteReview(ctx: CoreContext, customerId: string, reviewId: string): Promise<void> {
  await enforceLimit(ctx, REVIEW_LIMITS.writesPerCustomer, customerId);
  await ctx.db.transaction(async (tx) => {
    const deleted = await queryRows<{ product_id: string }>(
      tx,
      sql`DELETE FROM product_reviews WHERE id = ${reviewId} AND customer_id = ${customerId} RETURNING product_id`,
    );
    if (deleted.length === 0) throw noReview(reviewId);
    await refreshProductRatings(tx, deleted[0]!.product_id);
  });
}

/** What a moderation did: hid, restored, kept a reported review visible (its reports settled), or nothing. */
export type ModerationOutcome = "hidden" | "restored" | "kept" | "unchanged";

/**
 * Staff hide a review (with a reason) or restore it. Hidden, it counts in no figure and shows to no
 * one but its author and staff. `hidden: false` on a visible review that customers reported keeps it
 * and settles its reports (it leaves the Reported list); restoring settles them too. The same request
 * twice changes nothing the second time; each change is audited (docs/back-office/reviews.md).
 */
export async function moderateReview(
  ctx: CoreContext,
  actor: Staff,
  reviewId: string,
  body: ReviewModerationBody,
): Promise<{ review: Review; changed: boolean; outcome: ModerationOutcome }> {
  requireRole(actor, "manager");
  const outcome = await ctx.db.transaction(async (tx): Promise<ModerationOutcome> => {
    const rows = await queryRows<{
      product_id: string;
      hidden: boolean;
      hidden_reason: string | null;
      report_count: number;
    }>(
      tx,
      sql`SELECT product_id, hidden_at IS NOT NULL AS hidden, hidden_reason, report_count
          FROM product_reviews WHERE id = ${reviewId} FOR UPDATE`,
    );
    const before = rows[0];
    if (!before) throw noReview(reviewId);
    const now = ctx.now();
    if (before.hidden === body.hidden) {
      // Keeping a reported review visible is a decision too: its reports are settled, so it leaves
      // the Reported list (its report rows stay, so the same customers do not count twice).
      if (body.hidden || before.report_count === 0) return "unchanged";
      await tx.execute(sql`UPDATE product_reviews SET report_count = 0 WHERE id = ${reviewId}`);
      await recordAudit(tx, actor, {
        action: "review.keep",
        entity: "review",
        entityId: reviewId,
        before: { hidden: false, reports: before.report_count },
        after: { hidden: false, reports: 0, reason: body.reason ?? null },
        at: now,
      });
      return "kept";
    }
    await tx.execute(
      body.hidden
        ? sql`UPDATE product_reviews SET hidden_at = ${ts(now)}, hidden_reason = ${body.reason ?? ""}, hidden_by = ${actor.id}
              WHERE id = ${reviewId}`
        : // Restored: judged fine, so the reports it had are settled as a kept review's are.
          sql`UPDATE product_reviews SET hidden_at = NULL, hidden_reason = NULL, hidden_by = NULL, report_count = 0
              WHERE id = ${reviewId}`,
    );
    await recordAudit(tx, actor, {
      action: body.hidden ? "review.hide" : "review.restore",
      entity: "review",
      entityId: reviewId,
      before: { hidden: before.hidden, reason: before.hidden_reason },
      after: { hidden: body.hidden, reason: body.hidden ? (body.reason ?? "") : (body.reason ?? null) },
      at: now,
    });
    await refreshProductRatings(tx, before.product_id);
    return body.hidden ? "hidden" : "restored";
  });
  return {
    review: toReview((await readReview(ctx.db, reviewId))!, true),
    changed: outcome !== "unchanged",
    outcome,
  };
}

/**
 * A customer reports a visible review of someone else's; reporting it again counts once (the
 * answer says whether this report was the first). Staff see the most reported reviews first
 * (staffReviews).
 */
export async function reportReview(
  ctx: CoreContext,
  customerId: string,
  reviewId: string,
  body: ReviewReportBody,
): Promise<boolean> {
  await enforceLimit(ctx, REVIEW_LIMITS.reportsPerCustomer, customerId);
  return ctx.db.transaction(async (tx) => {
    const rows = await queryRows<{ customer_id: string }>(
      tx,
      sql`SELECT customer_id FROM product_reviews WHERE id = ${reviewId} AND hidden_at IS NULL FOR UPDATE`,
    );
    if (rows.length === 0) throw noReview(reviewId);
    if (rows[0]!.customer_id === customerId) throw invalid("You cannot report your own review.");
    const inserted = await queryRows<{ review_id: string }>(
      tx,
      sql`INSERT INTO review_reports (review_id, customer_id, reason, created_at)
          VALUES (${reviewId}, ${customerId}, ${body.reason}, ${ts(ctx.now())})
          ON CONFLICT DO NOTHING RETURNING review_id`,
    );
    if (inserted.length > 0) {
      await tx.execute(
        sql`UPDATE product_reviews SET report_count = report_count + 1 WHERE id = ${reviewId}`,
      );
    }
    return inserted.length > 0;
  });
}

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

export const STAFF_REVIEW_FILTERS = ["all", "reported", "hidden"] as const;
export type StaffReviewFilter = (typeof STAFF_REVIEW_FILTERS)[number];

export interface StaffReview extends Review {
  productTitle: string;
  authorEmail: string;
  hidden: boolean;
  hiddenReason: string | null;
  reportCount: number;
  reports: { reason: string; createdAt: string }[];
}

/**
 * The back office's list of reviews, newest first: all, the reported ones (most reported first),
 * or the hidden ones; optionally one product's.
 */
export async function staffReviews(
  ctx: Pick<CoreContext, "db">,
  actor: Staff,
  query: { page: number; limit: number; filter: StaffReviewFilter; productId?: string },
): Promise<{ total: number; pagination: PaginationResults; reviews: StaffReview[] }> {
  requireRole(actor, "manager");
  const where: SQL[] = [sql`true`];
  if (query.filter === "reported") where.push(sql`r.report_count > 0 AND r.hidden_at IS NULL`);
  if (query.filter === "hidden") where.push(sql`r.hidden_at IS NOT NULL`);
  if (query.productId) where.push(sql`r.product_id = ${query.productId}`);
  const condition = sql.join(where, sql` AND `);
  const order =
    query.filter === "reported"
      ? sql`r.report_count DESC NULLS LAST, r.created_at DESC NULLS LAST, r.id`
      : sql`r.created_at DESC, r.id`;
  const [counted, rows] = await Promise.all([
    queryRows<{ total: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS total FROM product_reviews r WHERE ${condition}`,
    ),
    queryRows<
      ReviewRow & {
        product_title: string;
        email: string;
        hidden_reason: string | null;
        report_count: number;
        reports: { reason: string; createdAt: string }[];
      }
    >(
      ctx.db,
      sql`SELECT ${REVIEW_COLUMNS}, p.title AS product_title, c.email, r.hidden_reason, r.report_count,
            coalesce((SELECT json_agg(json_build_object('reason', rr.reason, 'createdAt', ${isoTime(sql`rr.created_at`)})
                       ORDER BY rr.created_at DESC)
                      FROM review_reports rr WHERE rr.review_id = r.id), '[]'::json) AS reports
          FROM product_reviews r JOIN customers c ON c.id = r.customer_id JOIN products p ON p.id = r.product_id
          WHERE ${condition} ORDER BY ${order} LIMIT ${query.limit} OFFSET ${pageOffset(query)}`,
    ),
  ]);
  const total = counted[0]?.total ?? 0;
  return {
    total,
    pagination: pagination(query, total),
    reviews: rows.map((row) => ({
      ...toReview(row, true),
      productTitle: row.product_title,
      authorEmail: row.email,
      hidden: row.hidden,
      hiddenReason: row.hidden_reason,
      reportCount: row.report_count,
      reports: row.reports,
    })),
  };
}
