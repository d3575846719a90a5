import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "#db/client.ts";

/**
 * The cart's and the order's money, in integer cents (docs/decisions/013-pricing.md):
 *
 *   items     = Σ unit price × quantity            (catalogue prices at the time of reading)
 *   tax       = round(items × tax rate)            (half up, to the cent)
 *   shipping  = 0 for an empty cart or items ≥ free-shipping threshold, else the flat rate
 *   total     = items + tax + shipping             ("Total Price")
 *   discount  = round(total × coupon percent)      (half up; "Discounted Amount")
 *   after     = total − discount                   ("Total Price After Discount")
 *
 * The coupon takes its percent off what the shopper pays, the same figure the summary strikes
 * through; the thresholds (free shipping, a coupon's minimum) compare against items alone.
 */
export interface PricingSettings {
  /** Basis points: 1400 = 14 %. */
  taxRateBasisPoints: number;
  shippingCents: number;
  freeShippingThresholdCents: number;
}

export interface Pricing {
  itemsCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  discountCents: number;
  totalAfterDiscountCents: number;
}

/** `numerator / denominator` rounded half up, in integers (no binary fractions on the way). */
export function divideRoundingHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

export function priceCart(
  itemsCents: number,
  settings: PricingSettings,
  couponPercent: number | null,
): Pricing {
  const taxCents = divideRoundingHalfUp(itemsCents * settings.taxRateBasisPoints, 10_000);
  const shippingCents =
    itemsCents === 0 || itemsCents >= settings.freeShippingThresholdCents ? 0 : settings.shippingCents;
  const totalCents = itemsCents + taxCents + shippingCents;
  const discountCents = couponPercent ? divideRoundingHalfUp(totalCents * couponPercent, 100) : 0;
  return {
    itemsCents,
    taxCents,
    shippingCents,
    totalCents,
    discountCents,
    totalAfterDiscountCents: totalCents - discountCents,
  };
}

/** The shop's pricing settings (tax rate, shipping, free-shipping threshold) as they stand. */
export async function readPricingSettings(db: Executor): Promise<PricingSettings> {
  const [row] = await queryRows<{
    tax_rate_basis_points: number;
    shipping_cents: number;
    free_shipping_threshold_cents: number;
  }>(
    db,
    sql`SELECT tax_rate_basis_points, shipping_cents, free_shipping_threshold_cents FROM shop_settings WHERE id = 1`,
  );
  if (!row) throw new Error("shop_settings has no row: run the migrations");
  return {
    taxRateBasisPoints: row.tax_rate_basis_points,
    shippingCents: row.shipping_cents,
    freeShippingThresholdCents: row.free_shipping_threshold_cents,
  };
}

/**
 * The cart's hold time in minutes (`shop_settings.reservation_minutes`), as a scalar subquery a
 * cart statement reads beside its rows: an admin's change applies to the next hold taken or
 * extended, on every instance, at no extra round trip (docs/back-office/coupons-and-settings.md).
 */
export const holdMinutesSql = sql`(SELECT reservation_minutes FROM shop_settings WHERE id = 1)`;
