import { Link } from "react-router";
import { PAYMENT_METHOD_LABELS } from "#contract/shopping.ts";
import type { BulkMoveResult, StaffOrder } from "#contract/staff-orders.ts";

// Pieces the back office's order pages share (docs/back-office/orders.md#pages).

/** A moment as staff read it everywhere in the back office: UTC, to the minute. */
export const shownMoment = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** What each message announces, as the order page names it. */
const MESSAGE_KINDS: Record<string, string> = {
  "order.placed": "Order received",
  "order.paid": "Payment received",
  "order.processing": "Being prepared",
  "order.shipped": "Shipped",
  "order.delivered": "Delivered",
  "order.cancelled": "Cancelled",
  "order.returned": "Returned",
  "order.refunded": "Refund",
  "staff.new_order": "New-order alert (staff)",
};

export const messageKindLabel = (kind: string) => MESSAGE_KINDS[kind] ?? kind;

/** `Cash On Delivery · unpaid`: how the order is paid and whether it is yet. */
export function paymentSummary(order: Pick<StaffOrder, "paymentMethod" | "isPaid">): string {
  return `${PAYMENT_METHOD_LABELS[order.paymentMethod]} · ${order.isPaid ? "paid" : "unpaid"}`;
}

/** Who made a timeline entry: the staff member, else who such a status comes from. */
export function timelineActor(entry: StaffOrder["statusHistory"][number]): string {
  if (entry.actor) return entry.actor.email || "A former staff member";
  if (entry.status === "placed" || entry.status === "pending_payment") return "Customer";
  if (entry.status === "paid") return "Payment provider";
  return "Customer or the shop";
}

const OUTCOME_LABELS: Record<BulkMoveResult["outcome"], string> = {
  moved: "Done",
  unchanged: "Already there",
  refused: "Refused",
};

const OUTCOME_STYLES: Record<BulkMoveResult["outcome"], string> = {
  moved: "bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200",
  unchanged: "bg-gray-200 text-gray-800 dark:bg-gray-700/60 dark:text-gray-200",
  refused: "bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-200",
};

/** What a bulk move did, order by order: done, already there, or refused with the reason. */
export function BulkResults({ title, results }: { title: string; results: BulkMoveResult[] }) {
  const done = results.filter((r) => r.outcome === "moved").length;
  return (
    <section
      role="status"
      aria-labelledby="bulk-results-title"
      className="mb-6 rounded-lg border border-gray-200 p-4 dark:border-gray-800"
    >
      <h2 id="bulk-results-title" className="font-semibold">
        {title}: {done} of {results.length} {results.length === 1 ? "order" : "orders"} moved
      </h2>
      <ul className="mt-3 flex flex-col gap-2 text-sm">
        {results.map((result) => (
          <li key={result.orderId} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span
              className={`inline-flex h-6 items-center rounded-full px-2.5 font-semibold text-xs ${OUTCOME_STYLES[result.outcome]}`}
            >
              {OUTCOME_LABELS[result.outcome]}
            </span>
            {result.number === null ? (
              <span>An order that does not exist</span>
            ) : (
              <Link to={`/admin/orders/${result.orderId}`} className="font-medium underline">
                Order #{result.number}
              </Link>
            )}
            <span className="text-gray-700 dark:text-gray-300">{result.message}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
