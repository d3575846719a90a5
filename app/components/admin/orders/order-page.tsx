import type { ReactNode } from "react";
import { Link } from "react-router";
import { NoticeBox } from "#app/components/form-controls.tsx";
import { PricingRows, StatusBadge } from "#app/components/orders/order-parts.tsx";
import { formatPrice } from "#contract/money-format.ts";
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from "#contract/shopping.ts";
import type { StaffOrder } from "#contract/staff-orders.ts";
import { AdminPageHeader } from "../admin-layout.tsx";
import { type MoveFailure, OrderActions } from "./order-actions.tsx";
import { messageKindLabel, shownMoment, timelineActor } from "./order-parts.tsx";

// /admin/orders/:orderId (docs/back-office/orders.md#pages): the order, what to do next, and
// everything that happened to it — timeline, refunds and messages.

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <h2 id={id} className="mb-3 font-bold text-lg">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">{children}</dl>;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-gray-600 dark:text-gray-400">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

const tableClass = "w-full min-w-[32rem] text-left text-sm";
const headClass = "bg-gray-50 text-gray-700 dark:bg-gray-900 dark:text-gray-300";

/** A table that scrolls sideways on a phone, reachable by keyboard (WCAG 2.1.1). */
function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      className="overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-800"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
      tabIndex={0}
      aria-label={label}
    >
      {children}
    </section>
  );
}

function Items({ order }: { order: StaffOrder }) {
  return (
    <ScrollTable label="Items">
      <table className={tableClass}>
        <caption className="sr-only">Items</caption>
        <thead className={headClass}>
          <tr>
            <th scope="col" className="px-3 py-2">
              Item
            </th>
            <th scope="col" className="px-3 py-2">
              Size
            </th>
            <th scope="col" className="px-3 py-2">
              Color
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Qty
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Unit price
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
          {order.items.map((item) => (
            <tr key={`${item.product._id}-${item.size ?? ""}-${item.color}`}>
              <td className="px-3 py-2">
                <Link to={`/admin/products/${item.product._id}`} className="underline">
                  {item.product.title}
                </Link>
              </td>
              <td className="px-3 py-2">{item.size ? item.size.toUpperCase() : "—"}</td>
              <td className="px-3 py-2 capitalize">{item.color}</td>
              <td className="px-3 py-2 text-right tabular-nums">{item.quantity}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right">{formatPrice(item.price)}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right">{formatPrice(item.totalPrice)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

function Timeline({ order }: { order: StaffOrder }) {
  return (
    <ol className="flex flex-col gap-3 border-gray-200 border-l-2 pl-4 dark:border-gray-800">
      {order.statusHistory.map((entry, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the timeline only grows at its end
        <li key={i} className="text-sm">
          <p className="font-semibold">{ORDER_STATUS_LABELS[entry.status]}</p>
          <p className="text-gray-700 dark:text-gray-300">
            <time dateTime={entry.at}>{shownMoment(entry.at)}</time> · {timelineActor(entry)}
          </p>
          {entry.note && <p className="text-gray-600 dark:text-gray-400">{entry.note}</p>}
        </li>
      ))}
    </ol>
  );
}

const REFUND_STATUS: Record<StaffOrder["refunds"][number]["status"], string> = {
  pending: "Pending",
  succeeded: "Refunded",
  failed: "Failed",
};

function Refunds({ order, canRefund }: { order: StaffOrder; canRefund: boolean }) {
  return (
    <div className="flex flex-col gap-3">
      {order.refunds.length === 0 ? (
        <p className="text-gray-700 text-sm dark:text-gray-300">No refunds.</p>
      ) : (
        <ScrollTable label="Refunds">
          <table className={tableClass}>
            <caption className="sr-only">Refunds</caption>
            <thead className={headClass}>
              <tr>
                <th scope="col" className="px-3 py-2">
                  When
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Amount
                </th>
                <th scope="col" className="px-3 py-2">
                  How
                </th>
                <th scope="col" className="px-3 py-2">
                  State
                </th>
                <th scope="col" className="px-3 py-2">
                  Reason
                </th>
                <th scope="col" className="px-3 py-2">
                  By
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
              {order.refunds.map((refund) => (
                <tr key={refund._id}>
                  <td className="whitespace-nowrap px-3 py-2">
                    <time dateTime={refund.at}>{shownMoment(refund.at)}</time>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-right">{formatPrice(refund.amount)}</td>
                  <td className="px-3 py-2">{refund.method === "cash" ? "Cash" : "Payment provider"}</td>
                  <td className="px-3 py-2">
                    {REFUND_STATUS[refund.status]}
                    {refund.failureReason ? `: ${refund.failureReason}` : ""}
                  </td>
                  <td className="px-3 py-2">{refund.reason}</td>
                  <td className="px-3 py-2">{refund.actor?.email || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      <p className="text-sm">
        Refunded so far: <span className="font-semibold">{formatPrice(order.refundedAmount)}</span>
      </p>
      {canRefund && (
        <div>
          <Link to={`/admin/orders/${order._id}/refund`} className="button-primary">
            Refund
          </Link>
        </div>
      )}
    </div>
  );
}

function deliveryState(message: StaffOrder["notifications"][number]): string {
  if (message.status === "sent") return `Sent ${message.sentAt ? shownMoment(message.sentAt) : ""}`.trim();
  if (message.status === "failed")
    return `Failed after ${message.attempts} attempts: ${message.lastError ?? ""}`;
  return message.attempts > 0
    ? `Waiting to retry (${message.attempts} ${message.attempts === 1 ? "attempt" : "attempts"}: ${message.lastError ?? "failed"})`
    : "Waiting to be sent";
}

function Messages({ order }: { order: StaffOrder }) {
  if (order.notifications.length === 0) {
    return <p className="text-gray-700 text-sm dark:text-gray-300">No messages yet.</p>;
  }
  return (
    <ScrollTable label="Messages">
      <table className={tableClass}>
        <caption className="sr-only">Messages</caption>
        <thead className={headClass}>
          <tr>
            <th scope="col" className="px-3 py-2">
              Message
            </th>
            <th scope="col" className="px-3 py-2">
              Channel
            </th>
            <th scope="col" className="px-3 py-2">
              To
            </th>
            <th scope="col" className="px-3 py-2">
              Delivery
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
          {order.notifications.map((message) => (
            <tr key={message._id} data-testid="order-message">
              <td className="px-3 py-2">{messageKindLabel(message.kind)}</td>
              <td className="px-3 py-2">{message.channel === "email" ? "Email" : "Text"}</td>
              <td className="break-all px-3 py-2">{message.recipient}</td>
              <td className="px-3 py-2">{deliveryState(message)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

export interface OrderPageProps {
  order: StaffOrder;
  /** Admins refund (docs/decisions/036-staff-roles-and-sessions.md). */
  canRefund: boolean;
  notice?: string;
  failure?: MoveFailure;
}

export function OrderPage({ order, canRefund, notice, failure }: OrderPageProps) {
  const address = order.shippingAddress;
  const refundable =
    canRefund && order.isPaid && order.refundedAmount < order.pricing.totalPriceAfterDiscount;
  return (
    <>
      <AdminPageHeader
        title={`Order #${order.number}`}
        actions={
          <>
            <Link to="/admin/orders" className="button-ghost">
              All orders
            </Link>
            <Link to={`/admin/orders/${order._id}/packing-slip`} className="button-ghost">
              Print packing slip
            </Link>
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3 text-sm">
        <StatusBadge status={order.status} />
        <span className="text-gray-700 dark:text-gray-300">
          Placed <time dateTime={order.createdAt}>{shownMoment(order.createdAt)}</time>
        </span>
      </div>
      {notice && (
        <div className="mb-4">
          <NoticeBox message={notice} />
        </div>
      )}
      <OrderActions order={order} failure={failure} />
      <div className="mb-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <Card id="order-items" title="Items">
            <Items order={order} />
          </Card>
          <Card id="order-totals" title="Totals">
            <PricingRows order={order} />
          </Card>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <Card id="order-customer" title="Customer">
            <Facts>
              <Fact label="Name">{order.customer.name}</Fact>
              <Fact label="Email">
                <a href={`mailto:${order.customer.email}`} className="underline">
                  {order.customer.email}
                </a>
              </Fact>
              <Fact label="Orders">
                <Link
                  to={`/admin/orders?customer=${encodeURIComponent(order.customer._id)}`}
                  className="underline"
                >
                  All their orders
                </Link>
              </Fact>
            </Facts>
          </Card>
          <Card id="order-shipping" title="Shipping">
            <address className="text-sm not-italic">
              {address.street}
              <br />
              {address.postalCode} {address.city}
              <br />
              {address.state}, {address.country}
            </address>
            <p className="mt-2 text-sm">
              Phone:{" "}
              <a href={`tel:${order.phone}`} className="underline">
                {order.phone}
              </a>
            </p>
            {order.shipment && (
              <div className="mt-3">
                <Facts>
                  <Fact label="Carrier">{order.shipment.carrier}</Fact>
                  <Fact label="Tracking">
                    {order.shipment.trackingUrl ? (
                      <a
                        href={order.shipment.trackingUrl}
                        className="underline"
                        rel="noreferrer"
                        target="_blank"
                      >
                        {order.shipment.trackingNumber}
                      </a>
                    ) : (
                      order.shipment.trackingNumber
                    )}
                  </Fact>
                </Facts>
              </div>
            )}
          </Card>
          <Card id="order-payment" title="Payment">
            <Facts>
              <Fact label="Method">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</Fact>
              <Fact label="Paid">{order.paidAt ? shownMoment(order.paidAt) : "Not yet"}</Fact>
              {order.paymentProvider && <Fact label="Provider">{order.paymentProvider}</Fact>}
            </Facts>
          </Card>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card id="order-timeline" title="Timeline">
          <Timeline order={order} />
        </Card>
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <Card id="order-refunds" title="Refunds">
            <Refunds order={order} canRefund={refundable} />
          </Card>
          <Card id="order-messages" title="Messages">
            <Messages order={order} />
          </Card>
        </div>
      </div>
    </>
  );
}
