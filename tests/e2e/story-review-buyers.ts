import { sql } from "drizzle-orm";
import { hashPassword } from "../../core/accounts/passwords.ts";
import { catalogueIds } from "../../core/catalog/catalogue-ids.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { stableId } from "../../db/ids.ts";
import { type StoryProductKey, storyProductSlug } from "./story-products.ts";

/**
 * Customers who have received a story product (reviews.spec.ts): only they may review it, and a
 * customer's story cannot deliver an order (staff do), so the e2e shop is given these before it
 * starts (tests/e2e/shop-server.ts): each buyer has one delivered cash order of one unit of their
 * product, size M. The report story has two buyers of one product.
 */
export const STORY_REVIEW_BUYERS = {
  writer: "reviews-write",
  "no-script": "reviews-no-script",
  "report-author": "reviews-report",
  "report-reader": "reviews-report",
  "axe-light": "reviews-axe-light",
  "axe-dark": "reviews-axe-dark",
} as const satisfies Record<string, StoryProductKey>;

export type StoryReviewBuyer = keyof typeof STORY_REVIEW_BUYERS;

export const storyReviewBuyerId = (key: StoryReviewBuyer) =>
  stableId("customer", `story-review-${key}@shop.test`);
export const storyReviewProductId = (key: StoryReviewBuyer) =>
  catalogueIds.product(storyProductSlug(STORY_REVIEW_BUYERS[key]));

export async function seedStoryReviewBuyers(db: Database) {
  const delivered = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
  const hash = await hashPassword("story-review-12345");
  for (const [key, product] of Object.entries(STORY_REVIEW_BUYERS) as [StoryReviewBuyer, StoryProductKey][]) {
    const customerId = storyReviewBuyerId(key);
    const orderId = stableId("order", `review-${key}`);
    const slug = storyProductSlug(product);
    const sizeId = catalogueIds.size(slug, "M");
    await db.execute(sql`INSERT INTO customers (id, first_name, last_name, email, password_hash, role, email_verified_at)
      VALUES (${customerId}, 'Rita', ${`Reviewer ${key}`}, ${`story-review-${key}@shop.test`}, ${hash}, 'customer', ${delivered}::timestamptz)
      ON CONFLICT DO NOTHING`);
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
    if (!item) throw new Error(`review buyer ${key}: product ${slug} has no size M`);
    await db.execute(sql`INSERT INTO orders (id, customer_id, status, payment_method, phone, country, state, city,
        street, postal_code, items_cents, tax_cents, shipping_cents, total_cents, discount_cents,
        total_after_discount_cents, created_at, updated_at)
      VALUES (${orderId}, ${customerId}, 'delivered', 'cash_on_delivery', '+212612300002', 'Morocco', 'Casablanca-Settat',
        'Casablanca', '12 Rue des Fleurs', '20250', ${item.price_cents}, 0, 0, ${item.price_cents}, 0, ${item.price_cents},
        ${delivered}::timestamptz, ${delivered}::timestamptz)
      ON CONFLICT DO NOTHING`);
    await db.execute(sql`INSERT INTO order_items (id, order_id, product_id, product_size_id, title, image_cover, size,
        color, quantity, unit_price_cents, total_cents, position)
      VALUES (${stableId("order-item", `review-${key}`)}, ${orderId}, ${catalogueIds.product(slug)}, ${sizeId},
        ${item.title}, ${item.image_cover}, 'M', ${item.color}, 1, ${item.price_cents}, ${item.price_cents}, 0)
      ON CONFLICT DO NOTHING`);
  }
}
