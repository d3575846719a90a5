import { sql } from "drizzle-orm";
import { hashPassword } from "../../core/accounts/passwords.ts";
import { catalogueIds } from "../../core/catalog/catalogue-ids.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { stableId } from "../../db/ids.ts";
import { type StoryProductKey, storyProductSlug } from "./story-products.ts";

/**
 * Orders the back office has already sent and partly refunded, for the stories that look at them
 * (orders.spec.ts: the sent order's page and its accessibility scans). A customer's story cannot move
 * an order past `placed` (only staff can), so the e2e shop (not the back office's) is given these
 * before it starts (tests/e2e/shop-server.ts), each with a customer of its own: a card order of two units of its story
 * product, paid, processing, then shipped with DHL, with a refund of 12,00 USD that went through and
 * one of 5,00 USD still pending. The stories only read them.
 */
export const STORY_ORDERS = {
  sent: { product: "orders-sent" },
  "sent-axe-light": { product: "orders-sent-axe-light" },
  "sent-axe-dark": { product: "orders-sent-axe-dark" },
} as const satisfies Record<string, { product: StoryProductKey }>;

export type StoryOrderKey = keyof typeof STORY_ORDERS;

export const STORY_TRACKING = { carrier: "DHL Express", trackingNumber: "JD0146000033" };
export const storyTrackingUrl = (key: StoryOrderKey) =>
  `https://www.dhl.com/track?tracking-id=${STORY_TRACKING.trackingNumber}&story=${key}`;

export const storyOrderCustomerId = (key: StoryOrderKey) =>
  stableId("customer", `story-order-${key}@shop.test`);
export const storyOrderId = (key: StoryOrderKey) => stableId("order", key);

export async function seedStoryOrders(db: Database) {
  const placed = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
  const at = (hours: number) => new Date(placed.getTime() + hours * 60 * 60 * 1000).toISOString();
  const hash = await hashPassword("story-order-12345");
  for (const [key, { product }] of Object.entries(STORY_ORDERS) as [
    StoryOrderKey,
    { product: StoryProductKey },
  ][]) {
    const customerId = storyOrderCustomerId(key);
    const orderId = storyOrderId(key);
    const slug = storyProductSlug(product);
    const productId = catalogueIds.product(slug);
    const sizeId = catalogueIds.size(slug, "M");
    await db.execute(sql`INSERT INTO customers (id, first_name, last_name, email, password_hash, role, email_verified_at)
      VALUES (${customerId}, 'Story', 'Buyer', ${`story-order-${key}@shop.test`}, ${hash}, 'customer', ${at(0)}::timestamptz)
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
    if (!item) throw new Error(`story order ${key}: its product ${slug} has no size M`);
    const items = item.price_cents * 2;
    await db.execute(sql`INSERT INTO orders (id, customer_id, status, payment_method, phone, country, state, city,
        street, postal_code, items_cents, tax_cents, shipping_cents, total_cents, discount_cents,
        total_after_discount_cents, payment_provider, payment_session_id, paid_at, carrier, tracking_number,
        tracking_url, refunded_cents, created_at, updated_at)
      VALUES (${orderId}, ${customerId}, 'shipped', 'credit_card', '+212612300001', 'Morocco', 'Casablanca-Settat',
        'Casablanca', '12 Rue des Fleurs', '20250', ${items}, 0, 0, ${items}, 0, ${items}, 'builtin',
        ${`story-session-${key}`}, ${at(0.1)}::timestamptz, ${STORY_TRACKING.carrier}, ${STORY_TRACKING.trackingNumber},
        ${storyTrackingUrl(key)}, 1700, ${at(0)}::timestamptz, ${at(30)}::timestamptz)
      ON CONFLICT DO NOTHING`);
    await db.execute(sql`INSERT INTO order_items (id, order_id, product_id, product_size_id, title, image_cover, size,
        color, quantity, unit_price_cents, total_cents, position)
      VALUES (${stableId("order-item", key)}, ${orderId}, ${productId}, ${sizeId}, ${item.title}, ${item.image_cover},
        'M', ${item.color}, 2, ${item.price_cents}, ${items}, 0)
      ON CONFLICT DO NOTHING`);
    for (const [status, hours, note] of [
      ["pending_payment", 0, null],
      ["paid", 0.1, null],
      ["processing", 2, null],
      ["shipped", 26, "Left our warehouse in Casablanca."],
    ] as const) {
      await db.execute(sql`INSERT INTO order_status_history (order_id, status, note, created_at)
        SELECT ${orderId}, ${status}, ${note}, ${at(hours)}::timestamptz
        WHERE NOT EXISTS (SELECT 1 FROM order_status_history WHERE order_id = ${orderId} AND status = ${status})`);
    }
    for (const [n, cents, status, hours] of [
      [1, 1200, "succeeded", 28],
      [2, 500, "pending", 30],
    ] as const) {
      await db.execute(sql`INSERT INTO order_refunds (id, order_id, amount_cents, reason, method, status,
          idempotency_key, created_at, updated_at)
        VALUES (${stableId("order-refund", key, String(n))}, ${orderId}, ${cents}, 'A damaged item', 'provider', ${status},
          ${`story-${key}-${n}`}, ${at(hours)}::timestamptz, ${at(hours)}::timestamptz)
        ON CONFLICT DO NOTHING`);
    }
  }
}
