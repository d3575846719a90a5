import { type SQL, sql } from "drizzle-orm";
import type { Review, ReviewFit } from "#contract/reviews.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { notFound } from "../errors.ts";

// Reviews from verified buyers (docs/storefront/reviews.md, docs/decisions/057-reviews.md). A
// customer may review a product once they have received it (an order of theirs holding it is
// delivered, or was delivered and returned); one review per customer and product, which they may
// edit or delete. Every write recomputes the product's figures in its own transaction
// (core/catalog/ratings.ts), so the ratings the catalogue shows are the reviews' own.
//
// This file: the review row as the other files read and show it, and who may review. The writes are
// in review-writes.ts, the product page's lists in review-lists.ts, the back office's in
// staff-reviews.ts.

export const NOT_A_BUYER = "Only customers who have received this product can review it.";
export const noProduct = (productId: string) => notFound(`No product for this ID: ${productId}.`);

/** The statuses of an order whose items the customer has received. */
export const RECEIVED = sql`('delivered', 'returned')`;

export interface ReviewRow {
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

export const REVIEW_COLUMNS = sql`r.id, r.product_id, r.rating, r.title, r.text, r.fit, c.first_name, c.last_name,
  ${isoTime(sql`r.created_at`)} AS created_at, ${isoTime(sql`r.updated_at`)} AS updated_at,
  r.hidden_at IS NOT NULL AS hidden`;

export function isoTime(column: SQL): SQL {
  return sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** How the shop names a reviewer: first name and the last name's initial ("Maria S."). */
export function reviewerName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

export function toReview(row: ReviewRow, showHidden: boolean): Review {
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

export async function readReview(db: Executor, reviewId: string): Promise<ReviewRow | undefined> {
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
