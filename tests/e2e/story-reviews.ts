import { sql } from "drizzle-orm";
import { hashPassword } from "../../core/accounts/passwords.ts";
import { catalogueIds } from "../../core/catalog/catalogue-ids.ts";
import { refreshProductRatings } from "../../core/catalog/ratings.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { stableId } from "../../db/ids.ts";
import { type StoryProductKey, storyProductSlug } from "./story-products.ts";

/**
 * Reviews of the back office's moderation stories (admin-reviews.spec.ts), written before the shop
 * starts (tests/e2e/shop-server.ts) as customers would have left them: each reviewer has a delivered
 * order of the product (a verified buyer, core/reviews/review-rows.ts), the lowest review is reported
 * by two other customers, and the product's figures are recounted by the shop's own code
 * (core/catalog/ratings.ts). On the scans' product one review is hidden already, so the page shows
 * both states.
 */
export const STORY_REVIEWS = {
  "admin-reviews": { product: "admin-reviews", hiddenReason: null },
  "admin-reviews-axe": { product: "admin-reviews-axe", hiddenReason: "Advertises another shop" },
} as const satisfies Record<string, { product: StoryProductKey; hiddenReason: string | null }>;

export type StoryReviewKey = keyof typeof STORY_REVIEWS;

/** The reviews of each product, newest last; the last one is the reported one. */
export const STORY_REVIEW_TEXTS = [
  {
    firstName: "Nadia",
    lastName: "Amrani",
    rating: 5,
    title: "Soft and well made",
    text: "Washed it three times and it still looks new.",
    fit: "true",
  },
  {
    firstName: "Karim",
    lastName: "Berrada",
    rating: 4,
    title: "Good, a little long",
    text: "Nice fabric, the sleeves are a little long for me.",
    fit: "large",
  },
  {
    firstName: "Leila",
    lastName: "Chafik",
    rating: 2,
    title: "Cheaper elsewhere, visit my page",
    text: "Find the same shirt for less on my page, link in my profile.",
    fit: "small",
  },
] as const;

export const STORY_REPORT_REASONS = ["Advertises another shop", "Not about the product"] as const;

const email = (key: StoryReviewKey, who: string) => `story-review-${key}-${who}@shop.test`;
export const storyReviewId = (key: StoryReviewKey, index: number) => stableId("review", key, String(index));

export async function seedStoryReviews(db: Database) {
  const hash = await hashPassword("story-review-12345");
  const placed = new Date(Date.now() - 20 * 24 * 60 * 60 * 1000);
  const at = (days: number) => new Date(placed.getTime() + days * 24 * 60 * 60 * 1000).toISOString();
  const customer = async (address: string, firstName: string, lastName: string) => {
    const id = stableId("customer", address);
    await db.execute(sql`INSERT INTO customers (id, first_name, last_name, email, password_hash, role, email_verified_at)
      VALUES (${id}, ${firstName}, ${lastName}, ${address}, ${hash}, 'customer', ${at(0)}::timestamptz)
      ON CONFLICT DO NOTHING`);
    return id;
  };
  for (const [key, { product, hiddenReason }] of Object.entries(STORY_REVIEWS) as [
    StoryReviewKey,
    (typeof STORY_REVIEWS)[StoryReviewKey],
  ][]) {
    const slug = storyProductSlug(product);
    const productId = catalogueIds.product(slug);
    const sizeId = catalogueIds.size(slug, "M");
    const [item] = await queryRows<{
      title: string;
      image_cover: string;
      price_cents: number;
      color: string;
    }>(
      db,
      sql`SELECT p.title, p.image_cover, s.price_cents, p.color
          FROM products p JOIN product_sizes s ON s.product_id = p.id WHERE s.id = ${sizeId}`,
    );
    if (!item) throw new Error(`story reviews ${key}: its product ${slug} has no size M`);
    for (const [index, review] of STORY_REVIEW_TEXTS.entries()) {
      const customerId = await customer(email(key, String(index)), review.firstName, review.lastName);
      const orderId = stableId("order", `review-${key}-${index}`);
      await db.execute(sql`INSERT INTO orders (id, customer_id, status, payment_method, phone, country, state, city,
          street, postal_code, items_cents, tax_cents, shipping_cents, total_cents, discount_cents,
          total_after_discount_cents, paid_at, created_at, updated_at)
        VALUES (${orderId}, ${customerId}, 'delivered', 'cash_on_delivery', '+212612300002', 'Morocco',
          'Casablanca-Settat', 'Casablanca', '12 Rue des Fleurs', '20250', ${item.price_cents}, 0, 0,
          ${item.price_cents}, 0, ${item.price_cents}, ${at(index + 3)}::timestamptz, ${at(index)}::timestamptz,
          ${at(index + 3)}::timestamptz)
        ON CONFLICT DO NOTHING`);
      await db.execute(sql`INSERT INTO order_items (id, order_id, product_id, product_size_id, title, image_cover, size,
          color, quantity, unit_price_cents, total_cents, position)
        VALUES (${stableId("order-item", `review-${key}-${index}`)}, ${orderId}, ${productId}, ${sizeId}, ${item.title},
          ${item.image_cover}, 'M', ${item.color}, 1, ${item.price_cents}, ${item.price_cents}, 0)
        ON CONFLICT DO NOTHING`);
      for (const [status, days] of [
        ["placed", 0],
        ["processing", 1],
        ["shipped", 2],
        ["delivered", 3],
      ] as const) {
        await db.execute(sql`INSERT INTO order_status_history (order_id, status, created_at)
          SELECT ${orderId}, ${status}, ${at(index + days)}::timestamptz
          WHERE NOT EXISTS (SELECT 1 FROM order_status_history WHERE order_id = ${orderId} AND status = ${status})`);
      }
      const reviewId = storyReviewId(key, index);
      const written = at(index + 5);
      await db.execute(sql`INSERT INTO product_reviews (id, product_id, customer_id, rating, title, text, fit, created_at, updated_at)
        VALUES (${reviewId}, ${productId}, ${customerId}, ${review.rating}, ${review.title}, ${review.text},
          ${review.fit}, ${written}::timestamptz, ${written}::timestamptz)
        ON CONFLICT DO NOTHING`);
    }
    const reported = storyReviewId(key, STORY_REVIEW_TEXTS.length - 1);
    for (const [index, reason] of STORY_REPORT_REASONS.entries()) {
      const reporter = await customer(email(key, `reporter-${index}`), "Story", "Reporter");
      await db.execute(sql`INSERT INTO review_reports (review_id, customer_id, reason, created_at)
        VALUES (${reported}, ${reporter}, ${reason}, ${at(10 + index)}::timestamptz)
        ON CONFLICT DO NOTHING`);
    }
    await db.execute(sql`UPDATE product_reviews
      SET report_count = (SELECT count(*) FROM review_reports WHERE review_id = ${reported})
      WHERE id = ${reported}`);
    if (hiddenReason) {
      await db.execute(sql`UPDATE product_reviews SET hidden_at = ${at(12)}::timestamptz, hidden_reason = ${hiddenReason}
        WHERE id = ${storyReviewId(key, 1)}`);
    }
    await refreshProductRatings(db, productId);
  }
}
