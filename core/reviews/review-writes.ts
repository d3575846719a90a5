import { sql } from "drizzle-orm";
import type { Review, ReviewBody, ReviewModerationBody, ReviewReportBody } from "#contract/reviews.ts";
import { queryRows } from "#db/client.ts";
import { newId } from "#db/ids.ts";
import { ts } from "#db/sql.ts";
import { enforceLimit, type LimitRule } from "../accounts/limits.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { refreshProductRatings } from "../catalog/ratings.ts";
import type { CoreContext } from "../context.ts";
import { conflict, DomainError, invalid, notFound } from "../errors.ts";
import { requireRole, type Staff } from "../shared/staff-roles.ts";
import { hasReceived, NOT_A_BUYER, noProduct, readReview, toReview } from "./review-rows.ts";

// A customer's writes to their reviews (new, edit, delete) and reports of others', staff hiding and
// restoring, and the rate limits on them. Each write recomputes the product's figures in its own
// transaction (core/catalog/ratings.ts).

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

export const ALREADY_REVIEWED = "You have already reviewed this product. Edit your review instead.";
const noReview = (reviewId: string) => notFound(`No review for this ID: ${reviewId}.`);

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
 * (staffReviews, staff-reviews.ts).
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
