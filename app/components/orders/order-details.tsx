import { useEffect, useRef } from "react";
import { Link, useRevalidator } from "react-router";
import { ErrorBox, NoticeBox } from "#app/components/form-controls.tsx";
import {
  awaitsCardPayment,
  isCancellableByCustomer,
  ORDERS_ROUTE,
  type OrderChangeAnswer,
  paymentNotice,
  type ReviewableProducts,
} from "#app/lib/orders.ts";
import { ORDER_STATUS_LABELS, type Order, PAYMENT_METHOD_LABELS } from "#contract/shopping.ts";
import { CancelOrder } from "./cancel-order.tsx";
import { AwaitingPaymentNotice } from "./complete-payment.tsx";
import {
  DateTime,
  OrderItems,
  PaymentDeadline,
  PricingRows,
  RefundLines,
  StatusBadge,
  TrackPackageLink,
} from "./order-parts.tsx";

const CART_ROUTE = "/customer/shopping-cart";

/** While a card payment is being confirmed, the page asks again this often, this many times. */
const CONFIRMING_POLL_MS = 3000;
const CONFIRMING_POLLS = 20;

/** Back from the card payment page: thanks, and where the payment stands. */
function PaymentNotice({ order }: { order: Order }) {
  const { revalidate, state } = useRevalidator();
  // Read by the timer below without restarting it: useRevalidator's object changes with every load,
  // and an effect keyed on it would start counting its polls again after each one.
  const loading = useRef(state);
  loading.current = state;
  const confirming = order.status === "pending_payment";
  // The provider's confirmation may land a moment after the shopper does: look again for a while.
  useEffect(() => {
    if (!confirming) return;
    let polls = 0;
    const timer = setInterval(() => {
      if (++polls > CONFIRMING_POLLS) clearInterval(timer);
      else if (loading.current === "idle") void revalidate();
    }, CONFIRMING_POLL_MS);
    return () => clearInterval(timer);
  }, [confirming, revalidate]);
  const text = paymentNotice(order);
  if (!text) return null;
  return (
    <div
      role="status"
      className="mb-6 rounded-2xl border border-emerald-200 bg-emerald-50 px-5 py-4 dark:border-emerald-900 dark:bg-emerald-950/40"
    >
      <p className="font-semibold text-emerald-900 dark:text-emerald-200">Thank you for your order!</p>
      <p className="mt-1 text-emerald-900 text-sm dark:text-emerald-200">{text}</p>
    </div>
  );
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `order-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-gray-200 bg-white p-4 sm:p-5 dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id={id} className="mb-3 font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Timeline({ history }: { history: Order["statusHistory"] }) {
  return (
    <ol className="relative flex flex-col gap-4 border-gray-200 border-l pl-5 dark:border-gray-700">
      {history.map((entry, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a status may repeat; the timeline only grows
        <li key={i} className="relative">
          <span
            aria-hidden="true"
            className={`absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full ring-4 ring-white dark:ring-gray-900 ${i === history.length - 1 ? "bg-brand dark:bg-indigo-400" : "bg-gray-400 dark:bg-gray-500"}`}
          />
          <p className="font-medium text-sm">{ORDER_STATUS_LABELS[entry.status]}</p>
          <p className="text-gray-600 text-xs dark:text-gray-400">
            <DateTime iso={entry.at} withTime />
          </p>
          {entry.note && <p className="mt-1 text-gray-700 text-sm dark:text-gray-300">{entry.note}</p>}
        </li>
      ))}
    </ol>
  );
}

/**
 * One of the customer's orders: its items, status history, totals, shipping (with the carrier's
 * tracking once sent) and payment (with its refunds). A card order awaiting its payment (the payment
 * page's Back link lands here) offers to complete or cancel it; a placed order, to cancel it.
 */
export function OrderDetails({
  order,
  backFromPayment,
  posted,
  reviewable,
}: {
  order: Order;
  backFromPayment: boolean;
  reviewable?: ReviewableProducts;
  /** The answer to this page's post (complete or cancel the payment, cancel the order), when it did not leave the page. */
  posted?: OrderChangeAnswer;
}) {
  const awaiting = awaitsCardPayment(order);
  // A card order awaiting its payment has its own way to cancel, in the notice above (decision 033);
  // and back from paying, the payment may be arriving: nothing to cancel then.
  const cancellable = isCancellableByCustomer(order) && !awaiting && !backFromPayment;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <nav aria-label="Breadcrumb" className="mb-4 text-gray-600 text-sm dark:text-gray-400">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to={ORDERS_ROUTE} className="hover:underline">
              Orders
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-gray-900 dark:text-gray-100">
            Order #{order.number}
          </li>
        </ol>
      </nav>
      {backFromPayment && <PaymentNotice order={order} />}
      <div className="mb-6 flex flex-col gap-3 empty:hidden">
        {posted && !posted.ok && <ErrorBox message={posted.message} />}
        {posted?.ok && <NoticeBox message={posted.message} />}
        {posted?.ok && posted.toCart && (
          <Link to={CART_ROUTE} className="button-primary self-start">
            View your cart
          </Link>
        )}
        {awaiting && !backFromPayment && (
          <AwaitingPaymentNotice
            orderId={order._id}
            number={order.number}
            heading="This order awaits payment."
          />
        )}
      </div>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="section-title">Order #{order.number}</h1>
          <p className="mt-1 text-gray-600 text-sm dark:text-gray-400">
            <DateTime iso={order.createdAt} withTime />
          </p>
        </div>
        <StatusBadge status={order.status} />
      </div>
      {order.paymentExpiresAt && (
        <div className="mb-6">
          <PaymentDeadline expiresAt={order.paymentExpiresAt} />
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-6">
          <Card title="Items">
            <OrderItems items={order.items} reviewable={reviewable} />
          </Card>
          <Card title="Status">
            <Timeline history={order.statusHistory} />
          </Card>
        </div>
        <div className="flex flex-col gap-6">
          <Card title="Order Summary">
            <PricingRows order={order} />
          </Card>
          <ShippingCard order={order} />
          <PaymentCard order={order} />
          {cancellable && <CancelOrder orderId={order._id} number={order.number} />}
        </div>
      </div>
    </div>
  );
}

function ShippingCard({ order }: { order: Order }) {
  const address = order.shippingAddress;
  return (
    <Card title="Shipping">
      <address className="text-sm not-italic leading-6">
        {address.street}
        <br />
        {address.city}, {address.state} {address.postalCode}
        <br />
        {address.country}
      </address>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-gray-600 dark:text-gray-400">Phone</dt>
        <dd>{order.phone}</dd>
        {order.shipment && (
          <>
            <dt className="text-gray-600 dark:text-gray-400">Carrier</dt>
            <dd>{order.shipment.carrier}</dd>
            <dt className="text-gray-600 dark:text-gray-400">Tracking number</dt>
            <dd className="break-words font-mono">{order.shipment.trackingNumber}</dd>
          </>
        )}
      </dl>
      {order.shipment && (
        <p className="mt-3">
          <TrackPackageLink shipment={order.shipment} />
        </p>
      )}
    </Card>
  );
}

function PaymentCard({ order }: { order: Order }) {
  return (
    <Card title="Payment">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-gray-600 dark:text-gray-400">Method</dt>
        <dd>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</dd>
        {order.paidAt ? (
          <>
            <dt className="text-gray-600 dark:text-gray-400">Paid</dt>
            <dd>
              <DateTime iso={order.paidAt} withTime />
            </dd>
          </>
        ) : (
          order.paymentMethod === "cash_on_delivery" &&
          order.status !== "cancelled" && (
            <>
              <dt className="text-gray-600 dark:text-gray-400">Payment</dt>
              <dd>Due on delivery</dd>
            </>
          )
        )}
      </dl>
      <div className="mt-3 border-gray-200 border-t pt-3 empty:hidden dark:border-gray-800">
        <RefundLines refunds={order.refunds} />
      </div>
    </Card>
  );
}
