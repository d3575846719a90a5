import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { refreshProductRatings } from "#core/catalog/ratings.ts";
import { queryRows } from "#db/client.ts";
import { call } from "./accounts.ts";
import type { TestShop } from "./app.ts";

/** A product of the test catalogue and one of its sizes (or none), with its stock set to `stock`. */
export interface StockedItem {
  productId: string;
  title: string;
  /** The size label a request names; undefined for a product without sizes. */
  size: string | undefined;
  sizeId: string | null;
  /** Unit price in cents. */
  priceCents: number;
}

/** Products handed out so far, by kind (each kind is its own list to take from). */
const taken = { sized: 0, unsized: 0 };

/**
 * A product no other test of this file has used, with exactly `stock` units of the chosen size on
 * hand (every other size emptied), so stock figures in a test are its own; `unreviewed`: without
 * the demo's reviews.
 */
export async function stockedItem(
  shop: Pick<TestShop, "ctx">,
  options: { stock: number; sized?: boolean; priceCents?: number; unreviewed?: boolean },
): Promise<StockedItem> {
  const sized = options.sized ?? true;
  const kind = sized ? "sized" : "unsized";
  const rows = await queryRows<{ id: string; title: string }>(
    shop.ctx.db,
    sql`SELECT id, title FROM products WHERE has_sizes = ${sized} ORDER BY id OFFSET ${taken[kind]} LIMIT 1`,
  );
  taken[kind]++;
  const product = rows[0];
  if (!product) throw new Error(`the test catalogue has no ${sized ? "sized" : "unsized"} product left`);
  // The test catalogue's products carry the demo's reviews (docs/storefront/demo-reviews.md); a test
  // about reviews starts from none, and the figures counted from none.
  if (options.unreviewed) {
    await shop.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM product_reviews WHERE product_id = ${product.id}`);
      await refreshProductRatings(tx, product.id);
    });
  }
  if (!sized) {
    await shop.ctx.db.execute(sql`UPDATE products SET stock = ${options.stock}
      ${options.priceCents !== undefined ? sql`, price_cents = ${options.priceCents}, price_before_discount_cents = ${options.priceCents}` : sql``}
      WHERE id = ${product.id}`);
    const [p] = await queryRows<{ price_cents: number }>(
      shop.ctx.db,
      sql`SELECT price_cents FROM products WHERE id = ${product.id}`,
    );
    return {
      productId: product.id,
      title: product.title,
      size: undefined,
      sizeId: null,
      priceCents: p!.price_cents,
    };
  }
  const [size] = await queryRows<{ id: string; size: string; price_cents: number }>(
    shop.ctx.db,
    sql`SELECT id, size, price_cents FROM product_sizes WHERE product_id = ${product.id} ORDER BY position LIMIT 1`,
  );
  await shop.ctx.db.execute(sql`UPDATE product_sizes SET stock = 0 WHERE product_id = ${product.id}`);
  await shop.ctx.db.execute(sql`UPDATE product_sizes SET stock = ${options.stock}
    ${options.priceCents !== undefined ? sql`, price_cents = ${options.priceCents}, price_before_discount_cents = ${options.priceCents}` : sql``}
    WHERE id = ${size!.id}`);
  return {
    productId: product.id,
    title: product.title,
    size: size!.size,
    sizeId: size!.id,
    priceCents: options.priceCents ?? size!.price_cents,
  };
}

/** Stock on hand of an item now. */
export async function stockOnHand(shop: Pick<TestShop, "ctx">, item: StockedItem): Promise<number> {
  const [row] = item.sizeId
    ? await queryRows<{ stock: number }>(
        shop.ctx.db,
        sql`SELECT stock FROM product_sizes WHERE id = ${item.sizeId}`,
      )
    : await queryRows<{ stock: number }>(
        shop.ctx.db,
        sql`SELECT stock FROM products WHERE id = ${item.productId}`,
      );
  return row!.stock;
}

/** Quantity held by active holds of an item at the shop's `now`. */
export async function stockHeld(shop: Pick<TestShop, "ctx">, item: StockedItem): Promise<number> {
  const now = shop.ctx.now().toISOString();
  const [row] = await queryRows<{ held: number }>(
    shop.ctx.db,
    sql`SELECT COALESCE(sum(quantity), 0)::int AS held FROM stock_holds
        WHERE product_id = ${item.productId} AND coalesce(product_size_id, '') = ${item.sizeId ?? ""}
          AND expires_at > ${now}::timestamptz`,
  );
  return row!.held;
}

/** The body naming this item in cart calls. */
export const itemBody = (item: StockedItem, quantity?: number) => ({
  productId: item.productId,
  ...(item.size !== undefined ? { size: item.size } : {}),
  ...(quantity !== undefined ? { quantity } : {}),
});

export const CHECKOUT_ADDRESS = {
  country: "Morocco",
  state: "Casablanca-Settat",
  city: "Casablanca",
  street: "21 Boulevard d'Anfa",
  postalCode: "20000",
};

/**
 * Puts each line in the customer's cart (applying `coupon` when given) and checks out by card to
 * `phone` at CHECKOUT_ADDRESS, all through `shop`: the order awaits its payment. Fails the test unless
 * every call succeeds.
 */
/** Puts the lines (and the coupon) in the customer's cart, then checks out through `path`. */
async function checkOut(
  shop: Pick<TestShop, "get">,
  customer: { token: string },
  lines: { item: StockedItem; quantity: number }[],
  options: { phone: string; coupon?: string },
  path: string,
) {
  for (const { item, quantity } of lines) {
    const added = await call(shop, "POST", "/customer/shopping-cart", {
      token: customer.token,
      body: itemBody(item, quantity),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }
  if (options.coupon) {
    const applied = await call(shop, "PUT", "/customer/shopping-cart/apply-coupon", {
      token: customer.token,
      body: { couponCode: options.coupon },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  }
  return call(shop, "POST", path, {
    token: customer.token,
    body: { phone: options.phone, ...CHECKOUT_ADDRESS },
  });
}

export async function placeCardOrder(
  shop: Pick<TestShop, "get">,
  customer: { token: string },
  lines: { item: StockedItem; quantity: number }[],
  options: { phone: string; coupon?: string },
): Promise<{ orderId: string; sessionId: string }> {
  const placed = await checkOut(shop, customer, lines, options, "/customer/orders/stripe-checkout-session");
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return { orderId: placed.body.order._id as string, sessionId: placed.body.sessionID as string };
}

/** Puts the lines in the customer's cart and places it as a cash-on-delivery order; returns its id. */
export async function placeCashOrder(
  shop: Pick<TestShop, "get">,
  customer: { token: string },
  lines: { item: StockedItem; quantity: number }[],
  options: { phone: string; coupon?: string },
): Promise<string> {
  const placed = await checkOut(shop, customer, lines, options, "/customer/orders/cash-on-delivery");
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.order._id as string;
}

/** Units of an item in orders that still take stock (every status but `cancelled`). */
export async function unitsOrdered(shop: Pick<TestShop, "ctx">, item: StockedItem): Promise<number> {
  const [row] = await queryRows<{ units: number }>(
    shop.ctx.db,
    sql`SELECT COALESCE(sum(i.quantity), 0)::int AS units FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE o.status <> 'cancelled' AND i.product_id = ${item.productId}
          AND coalesce(i.product_size_id, '') = ${item.sizeId ?? ""}`,
  );
  return row!.units;
}

/** `Title (size M)`, or the title alone for a product without sizes: how core's messages name an item. */
export const itemLabel = (item: StockedItem) =>
  item.size !== undefined ? `${item.title} (size ${item.size.toUpperCase()})` : item.title;

/**
 * Every row the shopping endpoints can write (favorites, cart lines and coupons, orders, stock, coupon
 * uses, saved addresses), so a test can show that a refused request changed nothing.
 */
export async function shoppingRows(shop: Pick<TestShop, "rows">) {
  return {
    favorites: await shop.rows(sql`SELECT * FROM favorites ORDER BY customer_id, product_id`),
    holds: await shop.rows(sql`SELECT * FROM stock_holds ORDER BY id`),
    carts: await shop.rows(sql`SELECT * FROM carts ORDER BY customer_id`),
    coupons: await shop.rows(sql`SELECT id, used_count FROM coupons ORDER BY id`),
    orders: await shop.rows(sql`SELECT * FROM orders ORDER BY id`),
    orderItems: await shop.rows(sql`SELECT * FROM order_items ORDER BY id`),
    history: await shop.rows(sql`SELECT * FROM order_status_history ORDER BY id`),
    productStock: await shop.rows(sql`SELECT id, stock, sold FROM products ORDER BY id`),
    sizeStock: await shop.rows(sql`SELECT id, stock FROM product_sizes ORDER BY id`),
    addresses: await shop.rows(sql`SELECT * FROM customer_addresses ORDER BY id`),
  };
}
