import { useEffect, useState } from "react";
import { Link } from "react-router";
import { subtotal } from "#app/components/cart/order-summary.tsx";
import { FallbackImage } from "#app/components/fallback-image.tsx";
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

export function OrderItems({ items }: { items: Order["items"] }) {
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
    </dl>
  );
}
