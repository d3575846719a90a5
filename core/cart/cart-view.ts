import { sql } from "drizzle-orm";
import type { CartItem, CartResponse } from "#contract/shopping.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { anyOf } from "#db/sql.ts";
import type { Coupon } from "../coupons/coupons.ts";
import { centsToAmount } from "../money.ts";
import { availableProductStockSql, availableSizeStockSql } from "../stock/availability.ts";
import { itemsCents, type LoadedCart } from "./loaded-cart.ts";
import { type Pricing, priceCart, readPricingSettings } from "./pricing.ts";

// The cart's answer (every cart operation but the add, whose answer is added-cart.ts): its lines
// with the stock other shoppers may still take, priced from the catalogue now.

interface AvailabilityRow {
  product_id: string;
  size: string | null;
  size_id: string | null;
  available: number;
}

/** The cart response of docs/storefront/api.md#cart-response, priced from the catalogue now. */
export async function cartView(
  db: Executor,
  cart: LoadedCart,
  message: string,
  now: Date,
): Promise<CartResponse> {
  const settings = await readPricingSettings(db);
  const productIds = [...new Set(cart.lines.map((l) => l.productId))];
  const availability =
    productIds.length === 0
      ? []
      : await queryRows<AvailabilityRow>(
          db,
          sql`SELECT s.product_id, s.size, s.id AS size_id, ${availableSizeStockSql(sql`s`, now)} AS available
              FROM product_sizes s WHERE s.product_id = ${anyOf(productIds)} AND s.removed_at IS NULL
              UNION ALL
              SELECT p.id, NULL, NULL, ${availableProductStockSql(sql`p`, now)}
              FROM products p WHERE p.id = ${anyOf(productIds)} AND NOT p.has_sizes
              ORDER BY 1, 2`,
        );
  const pricing = priceCart(itemsCents(cart.lines), settings, cart.coupon?.discountPercent ?? null);
  const cartItems: CartItem[] = cart.lines.map((line) => {
    const rows = availability.filter((a) => a.product_id === line.productId);
    const own = rows.find((a) => a.size_id === line.sizeId);
    return {
      _id: line.id,
      product: {
        _id: line.productId,
        title: line.title,
        imageCover: line.imageCover,
        quantity: own?.available ?? 0,
        sizes: rows.filter((a) => a.size !== null).map((a) => ({ size: a.size!, quantity: a.available })),
      },
      size: line.size,
      color: line.color,
      quantity: line.quantity,
      price: centsToAmount(line.unitPriceCents),
      totalPrice: centsToAmount(line.unitPriceCents * line.quantity),
    };
  });
  const holdExpiresAt = cart.lines.length > 0 ? cart.lines[0]!.expiresAt.toISOString() : null;
  return {
    status: "Success",
    message: [...cart.notes, message].join(" "),
    numOfCartItems: cartItems.length,
    cartItems,
    data: {
      pricing: pricingAmounts(pricing),
      ...(cart.coupon ? { coupon: couponAmounts(cart.coupon, pricing) } : {}),
      holdExpiresAt,
      ...(cart.notes.length > 0 ? { notices: cart.notes } : {}),
    },
  };
}

export const pricingAmounts = (pricing: Pricing) => ({
  taxPrice: centsToAmount(pricing.taxCents),
  shippingPrice: centsToAmount(pricing.shippingCents),
  totalPrice: centsToAmount(pricing.totalCents),
  totalPriceAfterDiscount: centsToAmount(pricing.totalAfterDiscountCents),
});

export const couponAmounts = (coupon: Coupon, pricing: Pricing) => ({
  couponCode: coupon.code,
  couponDiscount: coupon.discountPercent,
  discountedAmount: centsToAmount(pricing.discountCents),
});
