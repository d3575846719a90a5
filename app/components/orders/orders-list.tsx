import { Link } from "react-router";
import { PagedList, PagedListBody } from "#app/components/paged-list-body.tsx";
import { RetryScreen } from "#app/components/route-error-boundary.tsx";
import {
  awaitsCardPayment,
  ORDERS_ROUTE,
  type OrdersPage,
  ordersPageUrl,
  type ReviewableProducts,
} from "#app/lib/orders.ts";
import { type Order, PAYMENT_METHOD_LABELS } from "#contract/shopping.ts";
import { CompletePaymentButton } from "./complete-payment.tsx";
import {
  DateTime,
  OrderItems,
  PaymentDeadline,
  PricingRows,
  StatusBadge,
  TrackPackageLink,
} from "./order-parts.tsx";

export function OrdersFailed() {
  return (
    <RetryScreen
      headingLevel={2}
      title="Something went wrong."
      paragraph="We couldn't retrieve your orders."
    />
  );
}

function OrderCard({ order, reviewable }: { order: Order; reviewable: ReviewableProducts }) {
  const headingId = `order-${order._id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="overflow-hidden rounded-2xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900"
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-gray-200 border-b bg-gray-50 px-4 py-3 sm:px-5 dark:border-gray-800 dark:bg-gray-900/60">
        <div>
          <h2 id={headingId} className="font-semibold text-base">
            Order #{order.number}
          </h2>
          <p className="mt-0.5 text-gray-600 text-sm dark:text-gray-400">
            <DateTime iso={order.createdAt} /> · {PAYMENT_METHOD_LABELS[order.paymentMethod]}
          </p>
        </div>
        <StatusBadge status={order.status} />
      </header>
      <div className="flex flex-col gap-4 px-4 py-4 sm:px-5">
        {order.paymentExpiresAt && <PaymentDeadline expiresAt={order.paymentExpiresAt} />}
        {order.shipment && (
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span>
              <span className="text-gray-600 dark:text-gray-400">Sent with</span> {order.shipment.carrier}
              <span className="text-gray-600 dark:text-gray-400">, tracking number</span>{" "}
              <span className="break-words font-mono">{order.shipment.trackingNumber}</span>
            </span>
            <TrackPackageLink shipment={order.shipment} number={order.number} />
          </p>
        )}
        <OrderItems items={order.items} reviewable={reviewable} />
        {/* On a phone the totals come first, then the way to the details. */}
        <div className="flex flex-col-reverse gap-4 border-gray-200 border-t pt-4 sm:flex-row sm:items-end sm:justify-between dark:border-gray-800">
          <div className="flex flex-wrap items-center gap-2 self-start">
            {awaitsCardPayment(order) && <CompletePaymentButton orderId={order._id} number={order.number} />}
            <Link
              to={`${ORDERS_ROUTE}/${order._id}`}
              className="button-ghost border border-gray-300 dark:border-gray-700"
            >
              View order details<span className="sr-only"> of order #{order.number}</span>
            </Link>
          </div>
          <div className="sm:w-80">
            <PricingRows order={order} compact />
          </div>
        </div>
      </div>
    </article>
  );
}

function OrdersSkeleton() {
  return (
    <ul className="flex flex-col gap-5" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className="rounded-2xl border border-gray-200 dark:border-gray-800">
          <div className="flex justify-between gap-3 border-gray-200 border-b px-5 py-3 dark:border-gray-800">
            <div className="flex flex-col gap-2">
              <div className="skeleton h-5 w-28 rounded" />
              <div className="skeleton h-4 w-44 rounded" />
            </div>
            <div className="skeleton h-7 w-20 rounded-full" />
          </div>
          <div className="flex gap-4 px-5 py-4">
            <div className="skeleton size-20 rounded-lg" />
            <div className="flex flex-1 flex-col gap-2">
              <div className="skeleton h-4 w-3/5 rounded" />
              <div className="skeleton h-3.5 w-2/5 rounded" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

function OrdersList({ page, orders }: { page: number; orders: OrdersPage }) {
  return (
    <PagedList
      page={page}
      entries={orders.orders.length}
      numberOfPages={orders.numberOfPages}
      pageUrl={ordersPageUrl}
      emptyTitle="No Orders Yet"
    >
      <ul className="flex flex-col gap-5" aria-label="Orders">
        {orders.orders.map((order) => (
          <li key={order._id}>
            <OrderCard order={order} reviewable={orders.reviewable} />
          </li>
        ))}
      </ul>
    </PagedList>
  );
}

/** The page's frame: its title over the list, or over its failed state (the route's error boundary). */
export function OrdersFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="section-title mb-5">ORDERS</h1>
      {children}
    </div>
  );
}

/** The customer's orders, a page at a time. */
export function OrdersPageView({ page, orders }: { page: number; orders: OrdersPage | Promise<OrdersPage> }) {
  return (
    <OrdersFrame>
      <PagedListBody data={orders} skeleton={<OrdersSkeleton />} failed={<OrdersFailed />}>
        {(loaded) => <OrdersList page={page} orders={loaded} />}
      </PagedListBody>
    </OrdersFrame>
  );
}
