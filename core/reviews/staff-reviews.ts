import { type SQL, sql } from "drizzle-orm";
import type { PaginationResults } from "#contract/catalog.ts";
import type { Review } from "#contract/reviews.ts";
import { queryRows } from "#db/client.ts";
import type { CoreContext } from "../context.ts";
import { pageOffset, pagination } from "../shared/pages.ts";
import { requireRole, type Staff } from "../shared/staff-roles.ts";
import { isoTime, REVIEW_COLUMNS, type ReviewRow, toReview } from "./review-rows.ts";

// The back office's list of reviews (docs/back-office/reviews.md); hiding and restoring one is
// moderateReview (review-writes.ts).

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
