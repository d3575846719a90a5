import { sql } from "drizzle-orm";
import { newId } from "#db/ids.ts";
import type { TestShop } from "./app.ts";

/**
 * A delivered cash order of one unit of the product for the customer, written directly (no cart, no
 * stock moved): what makes a customer eligible to review it (core/reviews/review-rows.ts:
 * hasReceived), for tests that need many buyers at once. tests/integration/reviews.test.ts goes the
 * real way.
 */
export async function insertDeliveredOrder(
  shop: Pick<TestShop, "rows">,
  customerId: string,
  productId: string,
  status: "delivered" | "returned" = "delivered",
): Promise<string> {
  const orderId = newId();
  await shop.rows(sql`INSERT INTO orders (id, customer_id, status, payment_method, phone, country, state, city,
      street, postal_code, items_cents, tax_cents, shipping_cents, total_cents, total_after_discount_cents)
    VALUES (${orderId}, ${customerId}, ${status}, 'cash_on_delivery', '+212600000000', 'Morocco', 'Casablanca-Settat',
      'Casablanca', '1 Rue Test', '20000', 1000, 140, 0, 1140, 1140)`);
  await shop.rows(sql`INSERT INTO order_items (id, order_id, product_id, title, image_cover, color, quantity,
      unit_price_cents, total_cents)
    SELECT ${newId()}, ${orderId}, p.id, p.title, p.image_cover, p.color, 1, 1000, 1000
    FROM products p WHERE p.id = ${productId}`);
  return orderId;
}
