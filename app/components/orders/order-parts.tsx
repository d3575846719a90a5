import { useEffect, useState } from "react";
import { Link } from "react-router";
import { subtotal } from "#app/components/cart/order-summary.tsx";
import { FallbackImage } from "#app/components/fallback-image.tsx";
import { type ReviewableProducts, trackingHref } from "#app/lib/orders.ts";
import { reviewLink } from "#app/lib/reviews.ts";
import { formatPrice } from "#contract/money-format.ts";
import { ORDER_STATUS_LABELS, type Order, type OrderStatus } from "#contract/shopping.ts";

// Pieces the orders list and an order's page share.

/**
 * A date (and time) in the shopper's own time zone. The server cannot know that zone, so the
 * document shows UTC, named as such, and the browser rewrites it once hydrated.
 */
export function DateTime({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const [timeZone, setTimeZone] = useState<string | undefined>("UTC");
  useEffect(() => setTimeZone(undefined), []);
  const text = new Intl.DateTimeFormat("en-GB", {
    dateStyle: "medium",
    timeStyle: withTime ? "short" : undefined,
    timeZone,
  }).format(new Date(iso));
  return (
    <time dateTime={iso}>
      {text}
      {withTime && timeZone ? " UTC" : ""}
    </time>
  );
}

const STATUS_STYLES: Record<OrderStatus, string> = {
  pending_payment: "bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200",
  paid: "bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200",
  placed: "bg-indigo-100 text-indigo-900 dark:bg-indigo-400/15 dark:text-indigo-200",
  processing: "bg-sky-100 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200",
  shipped: "bg-violet-100 text-violet-900 dark:bg-violet-400/15 dark:text-violet-200",
  delivered: "bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200",
  cancelled: "bg-gray-200 text-gray-800 dark:bg-gray-700/60 dark:text-gray-200",
  returned: "bg-rose-100 text-rose-900 dark:bg-rose-400/15 dark:text-rose-200",
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-flex h-7 items-center rounded-full px-3 font-semibold text-xs ${STATUS_STYLES[status]}`}
      data-testid="order-status"
    >
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}

/** A pending card order's deadline: unpaid by then, it is cancelled and its items go back to the cart. */
export function PaymentDeadline({ expiresAt }: { expiresAt: string }) {
  return (
    <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900 text-sm dark:bg-amber-400/10 dark:text-amber-200">
      Awaiting payment until <DateTime iso={expiresAt} withTime />. Unpaid by then, the order is cancelled.
    </p>
  );
}

/**
 * The items of an order. Those the customer has received (the order delivered, or returned) offer a
 * review of their product: "Write a review", or "Edit your review" once written (`reviewable`).
 */
export function OrderItems({
  items,
  reviewable = {},
}: {
  items: Order["items"];
  reviewable?: ReviewableProducts;
}) {
  return (
    <ul className="divide-y divide-gray-200 dark:divide-gray-800">
      {items.map((item) => (
        <li
          key={`${item.product._id}-${item.size ?? ""}`}
          className="flex gap-3 py-3 first:pt-0 last:pb-0 sm:gap-4"
        >
          <FallbackImage
            src={item.product.imageCover}
            alt=""
            width={80}
            height={80}
            sizes="80px"
            loading="lazy"
            className="size-16 shrink-0 rounded-lg bg-gray-100 object-cover sm:size-20 dark:bg-gray-800"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
            <div className="min-w-0">
              <Link
                to={`/product/${item.product._id}`}
                className="line-clamp-2 font-medium text-sm hover:underline"
              >
                {item.product.title}
              </Link>
              <p className="mt-1 flex flex-wrap gap-x-3 text-gray-600 text-xs dark:text-gray-400">
                {item.size && <span>Size: {item.size.toUpperCase()}</span>}
                <span>
                  Color: <span className="capitalize">{item.color}</span>
                </span>
                <span>Quantity: {item.quantity}</span>
              </p>
              {item.product._id in reviewable && (
                <Link
                  to={reviewLink(item.product._id, reviewable[item.product._id] ?? null)}
                  className="mt-1.5 inline-block font-semibold text-brand text-sm underline underline-offset-2 hover:no-underline dark:text-indigo-300"
                >
                  {reviewable[item.product._id] ? "Edit your review" : "Write a review"}
                  <span className="sr-only"> of {item.product.title}</span>
                </Link>
              )}
            </div>
            <p className="shrink-0 text-sm sm:text-right">
              <span className="font-semibold">{formatPrice(item.totalPrice)}</span>
              {item.quantity > 1 && (
                <span className="block text-gray-600 text-xs dark:text-gray-400">
                  {formatPrice(item.price)} each
                </span>
              )}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The order's price rows, named as the cart's summary names them (docs/storefront/cart.md#summary). */
export function PricingRows({ order, compact = false }: { order: Order; compact?: boolean }) {
  const { pricing, coupon } = order;
  // Amounts never break inside (`835,10` over `USD`); a long label may.
  const row = "flex items-baseline justify-between gap-4 [&>dd]:whitespace-nowrap";
  const label = "text-gray-600 dark:text-gray-400";
  return (
    <dl className="flex flex-col gap-2 text-sm">
      {!compact && (
        <>
          <div className={row}>
            <dt className={label}>Subtotal</dt>
            <dd>{formatPrice(subtotal(pricing))}</dd>
          </div>
          <div className={row}>
            <dt className={label}>Tax Price</dt>
            <dd>{formatPrice(pricing.taxPrice)}</dd>
          </div>
          <div className={row}>
            <dt className={label}>Shipping Price</dt>
            <dd>{formatPrice(pricing.shippingPrice)}</dd>
          </div>
        </>
      )}
      <div className={row}>
        <dt className={label}>Total Price</dt>
        <dd>
          {coupon ? (
            <s className="text-red-700 dark:text-red-400">{formatPrice(pricing.totalPrice)}</s>
          ) : (
            <span className="font-semibold">{formatPrice(pricing.totalPrice)}</span>
          )}
        </dd>
      </div>
      {coupon && (
        <>
          <div className={row}>
            <dt className={label}>Coupon Code</dt>
            <dd>{coupon.couponCode}</dd>
          </div>
          <div className={row}>
            <dt className={label}>Coupon Discount (%)</dt>
            <dd>{coupon.couponDiscount}%</dd>
          </div>
          <div className={row}>
            <dt className={label}>Discounted Amount</dt>
            <dd>-{formatPrice(coupon.discountedAmount)}</dd>
          </div>
        </>
      )}
      {coupon && (
        <div className={`${row} border-gray-200 border-t pt-2 dark:border-gray-800`}>
          <dt className="font-semibold">Total Price After Discount</dt>
          <dd className="font-bold">{formatPrice(pricing.totalPriceAfterDiscount)}</dd>
        </div>
      )}
      {order.refundedAmount > 0 && (
        <div className={row}>
          <dt className={label}>Refunded</dt>
          <dd className="text-emerald-800 dark:text-emerald-300">-{formatPrice(order.refundedAmount)}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * The carrier's link for a sent order. It opens the carrier's page in a new tab, which learns nothing
 * of the shop's page (noopener noreferrer); an address that is not http(s) is shown as no link at all.
 */
export function TrackPackageLink({ shipment, number }: { shipment: Order["shipment"]; number?: number }) {
  const href = trackingHref(shipment?.trackingUrl ?? null);
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-semibold text-brand text-sm underline underline-offset-2 hover:no-underline dark:text-indigo-300"
    >
      Track package
      <span className="sr-only">
        {number !== undefined ? ` of order #${number}` : ""} (opens in a new tab)
      </span>
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
        <path d="M11 3a1 1 0 1 0 0 2h2.59l-6.3 6.3a1 1 0 1 0 1.42 1.4L15 6.42V9a1 1 0 1 0 2 0V4a1 1 0 0 0-1-1h-5Z" />
        <path d="M5 5a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-3a1 1 0 1 0-2 0v3H5V7h3a1 1 0 0 0 0-2H5Z" />
      </svg>
    </a>
  );
}

/** The order's refunds as the customer reads them: what came back and when, or what is on its way. */
export function RefundLines({ refunds }: { refunds: Order["refunds"] }) {
  // A failed refund gave nothing back and counts for nothing (refundedAmount leaves it out): the shop
  // tries again with a new one, which shows here.
  const shown = refunds.filter((refund) => refund.status !== "failed");
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1 text-sm" aria-label="Refunds">
      {shown.map((refund, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: refunds are only ever added, oldest first
        <li key={i}>
          {refund.status === "succeeded" ? (
            <>
              Refunded {formatPrice(refund.amount)} on <DateTime iso={refund.at} />
            </>
          ) : (
            <>Refund pending: {formatPrice(refund.amount)}</>
          )}
        </li>
      ))}
    </ul>
  );
}
