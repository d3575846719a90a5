import { sql } from "drizzle-orm";
import type { CartAddedResponse } from "#contract/shopping.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { ts } from "#db/sql.ts";
import { type Coupon, type CouponRow, couponJsonSql, couponRefusal, toCoupon } from "../coupons/coupons.ts";
import { centsToAmount } from "../money.ts";
import { couponAmounts, pricingAmounts } from "./cart-view.ts";
import type { StockItemRef } from "./items.ts";
import { type CartLine, itemsCents } from "./loaded-cart.ts";
import { priceCart } from "./pricing.ts";

// The answer to an add to the cart, listed by the statement that extends the cart's holds.

interface AddedCartRow {
  id: string;
  product_id: string;
  product_size_id: string | null;
  quantity: number;
  expires_at: Date | string;
  created_at: Date | string;
  /** [title, image_cover, color, price_cents] */
  product: [string, string, string, number] | string;
  /** [size, price_cents], or null for a product without sizes. */
  size: [string, number] | string | null;
  /** [tax_rate_basis_points, shipping_cents, free_shipping_threshold_cents] */
  settings: [number, number, number] | string;
  /** The cart's coupon row as couponJsonSql builds it, or null. */
  coupon: CouponRow | string | null;
}

/** pg and PGlite parse json columns; a driver that did not would give the text. */
const json = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

/**
 * After an add, in the add's transaction (cart and item locked): extends the active holds to `until`,
 * as the add always did, and has that same UPDATE return every line with its product's title, image,
 * colour and price, the pricing settings and the coupon the cart lock named. One statement, in place
 * of the extension and the count of lines the add ran before, and no stock counts: the stock of the
 * item added is the one counted under its lock (`availableAfter`); the other lines' stock is what a
 * read of the cart (GET) counts. Lines whose hold lapsed before this add are listed as they stand
 * (their expiry set to itself); the next read re-checks them, as it always did. A coupon that stopped
 * applying is removed as a read would remove it (one more statement, only then).
 */
export async function extendAndListLines(
  tx: Executor,
  customerId: string,
  couponId: string | null,
  added: StockItemRef & { availableAfter: number },
  now: Date,
  until: Date,
): Promise<CartAddedResponse["data"] & { notes: string[] }> {
  const rows = await queryRows<AddedCartRow>(
    tx,
    sql`UPDATE stock_holds h
        SET expires_at = CASE WHEN h.expires_at > ${ts(now)} THEN ${ts(until)} ELSE h.expires_at END
        WHERE h.customer_id = ${customerId}
        RETURNING h.id, h.product_id, h.product_size_id, h.quantity, h.expires_at, h.created_at,
          (SELECT json_build_array(p.title, p.image_cover, p.color, p.price_cents) FROM products p
            WHERE p.id = h.product_id) AS product,
          (SELECT json_build_array(s.size, s.price_cents) FROM product_sizes s
            WHERE s.id = h.product_size_id) AS size,
          (SELECT json_build_array(tax_rate_basis_points, shipping_cents, free_shipping_threshold_cents)
            FROM shop_settings WHERE id = 1) AS settings,
          (SELECT ${couponJsonSql} FROM coupons WHERE id = ${couponId ?? ""}) AS coupon`,
  );
  const first = rows[0];
  if (!first) throw new Error("the cart has no line right after an add");
  // RETURNING follows no order: the lines in the order they were added, as readLines gives them.
  const at = (v: Date | string) => new Date(v).getTime();
  rows.sort((a, b) => at(a.created_at) - at(b.created_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const lines: CartLine[] = rows.map((r) => {
    const [title, imageCover, color, productPriceCents] = json(r.product);
    const size = r.size === null ? null : json(r.size);
    return {
      id: r.id,
      productId: r.product_id,
      sizeId: r.product_size_id,
      title,
      size: size?.[0] ?? null,
      quantity: r.quantity,
      expiresAt: new Date(r.expires_at),
      imageCover,
      color,
      unitPriceCents: size?.[1] ?? productPriceCents,
    };
  });
  const [taxRateBasisPoints, shippingCents, freeShippingThresholdCents] = json(first.settings);
  const c = first.coupon === null ? null : json(first.coupon);
  const notes: string[] = [];
  let coupon: Coupon | null = couponId && c ? toCoupon(c) : null;
  const refusal = coupon ? couponRefusal(coupon, itemsCents(lines), now) : null;
  if (couponId && (refusal || !coupon)) {
    await tx.execute(sql`UPDATE carts SET coupon_id = NULL WHERE customer_id = ${customerId}`);
    if (refusal) notes.push(`${refusal} It was removed from your cart.`);
    coupon = null;
  }
  const pricing = priceCart(
    itemsCents(lines),
    { taxRateBasisPoints, shippingCents, freeShippingThresholdCents },
    coupon?.discountPercent ?? null,
  );
  const sameItem = (line: CartLine) => line.productId === added.productId && line.sizeId === added.sizeId;
  return {
    notes,
    numOfCartItems: lines.length,
    cartItems: lines.map((line) => ({
      _id: line.id,
      product: {
        _id: line.productId,
        title: line.title,
        imageCover: line.imageCover,
        ...(sameItem(line) ? { quantity: added.availableAfter } : {}),
      },
      size: line.size,
      color: line.color,
      quantity: line.quantity,
      price: centsToAmount(line.unitPriceCents),
      totalPrice: centsToAmount(line.unitPriceCents * line.quantity),
    })),
    pricing: pricingAmounts(pricing),
    ...(coupon ? { coupon: couponAmounts(coupon, pricing) } : {}),
    holdExpiresAt: until.toISOString(),
    ...(notes.length > 0 ? { notices: notes } : {}),
  };
}
