import type { ReactNode } from "react";
import { formatPrice } from "#contract/money-format.ts";
import type { CartResponse } from "#contract/shopping.ts";

/**
 * Subtotal: the items before tax and shipping (docs/storefront/cart.md#summary), the total less
 * those two, to the cent. The cart and the order pages both show it.
 */
export function subtotal(pricing: { totalPrice: number; taxPrice: number; shippingPrice: number }): number {
  return Math.round((pricing.totalPrice - pricing.taxPrice - pricing.shippingPrice) * 100) / 100;
}

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 py-2 ${strong ? "font-semibold" : ""}`}>
      <dt className={strong ? "" : "text-gray-600 dark:text-gray-400"}>{label}</dt>
      <dd className="whitespace-nowrap text-right">{children}</dd>
    </div>
  );
}

/**
 * The cart's ORDER SUMMARY (docs/storefront/cart.md#summary): Subtotal (the items before tax), Tax
 * Price, Shipping Price and Total Price; with a coupon, the total is struck through in red and the
 * coupon's rows follow (Total Price After Discount, Coupon Code, Coupon Discount (%), Discounted
 * Amount), which without one would only repeat the total and say "None". Then whatever the page puts
 * below (the coupon form, the checkout button).
 */
export function OrderSummary({ cart, children }: { cart: CartResponse; children?: ReactNode }) {
  const { pricing, coupon } = cart.data;
  return (
    <section
      aria-labelledby="order-summary-title"
      className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id="order-summary-title" className="font-bold text-lg tracking-tight">
        ORDER SUMMARY
      </h2>
      <dl className="mt-3 divide-y divide-gray-200 text-sm dark:divide-gray-800" data-testid="order-summary">
        <Row label="Subtotal">{formatPrice(subtotal(pricing))}</Row>
        <Row label="Tax Price">{formatPrice(pricing.taxPrice)}</Row>
        <Row label="Shipping Price">{formatPrice(pricing.shippingPrice)}</Row>
        <Row label="Total Price" strong={!coupon}>
          {coupon ? (
            <s className="text-red-700 dark:text-red-400" data-testid="total-before-discount">
              {formatPrice(pricing.totalPrice)}
            </s>
          ) : (
            formatPrice(pricing.totalPrice)
          )}
        </Row>
        {coupon && (
          <>
            <Row label="Total Price After Discount" strong>
              {formatPrice(pricing.totalPriceAfterDiscount)}
            </Row>
            <Row label="Coupon Code">{coupon.couponCode}</Row>
            <Row label="Coupon Discount (%)">{`${coupon.couponDiscount}%`}</Row>
            <Row label="Discounted Amount">{formatPrice(coupon.discountedAmount)}</Row>
          </>
        )}
      </dl>
      {children}
    </section>
  );
}

export function OrderSummarySkeleton() {
  return (
    <div className="rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
      <p className="font-bold text-lg tracking-tight">ORDER SUMMARY</p>
      <div className="mt-4 flex flex-col gap-4">
        {["subtotal", "tax", "shipping", "total"].map((row) => (
          <div key={row} className="flex justify-between gap-4">
            <div className="skeleton h-4 w-28 rounded" />
            <div className="skeleton h-4 w-20 rounded" />
          </div>
        ))}
      </div>
      <div className="skeleton mt-6 h-11 rounded-full" />
    </div>
  );
}
