import { useEffect, useState } from "react";
import { Link } from "react-router";
import { formatPrice } from "#contract/money-format.ts";
import type { StaffOrder } from "#contract/staff-orders.ts";

// /admin/orders/:orderId/packing-slip (docs/back-office/orders.md#packing-slip): what goes in the
// parcel and where it goes, on one printed page. No prices per item (the slip travels inside the
// parcel); a cash order that is not paid yet says what the courier collects. The print stylesheet
// (app/app.css: .packing-slip) prints it black on white in either theme, without the back
// office's frame.

/** Opens the browser's print dialog; without JavaScript the page says how to print instead. */
function PrintButton() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) {
    return <p className="text-sm">Print this page with your browser's Print command (Ctrl+P or ⌘P).</p>;
  }
  return (
    <button type="button" className="button-primary" onClick={() => window.print()}>
      Print
    </button>
  );
}

export function PackingSlip({ order, shopName }: { order: StaffOrder; shopName: string }) {
  const address = order.shippingAddress;
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const toCollect = order.paymentMethod === "cash_on_delivery" && !order.isPaid;
  return (
    <>
      <div className="mb-6 flex flex-wrap items-center gap-3 print:hidden">
        <PrintButton />
        <Link to={`/admin/orders/${order._id}`} className="text-sm underline">
          Back to order #{order.number}
        </Link>
      </div>
      <article className="packing-slip mx-auto max-w-3xl rounded-lg border border-gray-200 p-6 dark:border-gray-800">
        <header className="mb-6 flex flex-wrap items-start justify-between gap-4 border-gray-300 border-b pb-4">
          <div>
            <p className="font-bold text-xl">{shopName}</p>
            <h1 className="font-bold text-2xl">Packing slip</h1>
          </div>
          <dl className="grid grid-cols-[auto_auto] gap-x-3 text-sm">
            <dt>Order</dt>
            <dd className="font-semibold">#{order.number}</dd>
            <dt>Placed</dt>
            <dd>
              <time dateTime={order.createdAt}>{order.createdAt.slice(0, 10)}</time>
            </dd>
          </dl>
        </header>
        {order.status === "cancelled" || order.status === "pending_payment" || order.status === "returned" ? (
          <p role="alert" className="mb-6 rounded border-2 border-current p-3 font-bold">
            {order.status === "pending_payment"
              ? "Awaiting card payment: do not ship yet."
              : `This order is ${order.status}: do not ship it.`}
          </p>
        ) : null}
        <section aria-labelledby="slip-ship-to" className="mb-6">
          <h2 id="slip-ship-to" className="mb-1 font-semibold text-sm uppercase tracking-wide">
            Ship to
          </h2>
          <address className="text-base not-italic leading-relaxed">
            <strong>{order.customer.name}</strong>
            <br />
            {address.street}
            <br />
            {address.postalCode} {address.city}
            <br />
            {address.state}, {address.country}
            <br />
            Phone: {order.phone}
          </address>
        </section>
        <table className="mb-4 w-full text-left text-sm">
          <caption className="sr-only">Items to pack</caption>
          <thead>
            <tr className="border-gray-400 border-b">
              <th scope="col" className="py-2 pr-2">
                Item
              </th>
              <th scope="col" className="px-2 py-2">
                Size
              </th>
              <th scope="col" className="px-2 py-2">
                Color
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                Qty
              </th>
              <th scope="col" className="py-2 pl-2 text-center">
                Packed
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr
                key={`${item.product._id}-${item.size ?? ""}-${item.color}`}
                className="border-gray-300 border-b"
              >
                <td className="py-2 pr-2">{item.product.title}</td>
                <td className="px-2 py-2">{item.size ? item.size.toUpperCase() : "—"}</td>
                <td className="px-2 py-2 capitalize">{item.color}</td>
                <td className="px-2 py-2 text-right font-semibold tabular-nums">{item.quantity}</td>
                <td className="py-2 pl-2 text-center">
                  <span aria-hidden="true" className="inline-block size-4 border border-current" />
                  <span className="sr-only">To tick when packed</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mb-6 text-sm">
          {units} {units === 1 ? "item" : "items"} in all.
        </p>
        <p className="rounded border border-gray-400 p-3 font-semibold">
          {toCollect
            ? `Cash on delivery: collect ${formatPrice(order.pricing.totalPriceAfterDiscount)} from the customer.`
            : "Paid: nothing to collect."}
        </p>
      </article>
    </>
  );
}
