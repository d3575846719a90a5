import { Link } from "react-router";
import { formatPrice } from "#contract/money-format.ts";
import type { RefundSheet } from "#contract/refunds.ts";
import { AdminPageHeader } from "../admin/admin-layout.tsx";
import { type RefundAnswer, RefundForm } from "./refund-form.tsx";

/** `2026-06-01 12:00 UTC`: the same text on the server and in the browser, whatever their time zones. */
const utcMinute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

const STATUS_LABELS: Record<RefundSheet["refunds"][number]["status"], string> = {
  pending: "Pending",
  succeeded: "Refunded",
  failed: "Failed",
};

function Figures({ sheet }: { sheet: RefundSheet }) {
  const figures = [
    ["Paid", sheet.paid],
    ["Refunded so far", sheet.refunded],
    ["Left to refund", sheet.refundable],
  ] as const;
  return (
    <dl className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label="Payment">
      {figures.map(([label, amount]) => (
        <div key={label} className="rounded-lg border border-gray-200 px-4 py-3 dark:border-gray-800">
          <dt className="text-gray-600 text-sm dark:text-gray-400">{label}</dt>
          <dd className="font-semibold text-lg tabular-nums">{formatPrice(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}

function EarlierRefunds({ refunds }: { refunds: RefundSheet["refunds"] }) {
  if (refunds.length === 0)
    return <p className="text-gray-600 text-sm dark:text-gray-400">No refunds yet.</p>;
  return (
    <section
      className="overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-800"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
      tabIndex={0}
      aria-label="Refunds so far"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Refunds so far, oldest first</caption>
        <thead className="bg-gray-50 text-gray-700 dark:bg-gray-900 dark:text-gray-300">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              When
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Amount
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Status
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Reason
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
          {refunds.map((r) => (
            <tr key={r.id}>
              <td className="whitespace-nowrap px-3 py-2">{utcMinute(r.at)}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatPrice(r.amount)}</td>
              <td className="px-3 py-2">
                {STATUS_LABELS[r.status]}
                {r.method === "cash" ? " (cash)" : ""}
                {r.failureReason ? (
                  <span className="block text-gray-600 dark:text-gray-400">{r.failureReason}</span>
                ) : null}
              </td>
              <td className="px-3 py-2">{r.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * An order's refund page (docs/back-office/refunds.md#the-refund-page): what was paid, refunded and
 * is left, the refund form (or why nothing can be refunded), and the refunds so far.
 */
export function RefundPage({
  sheet,
  idempotencyKey,
  answer,
}: {
  sheet: RefundSheet;
  idempotencyKey: string;
  answer?: RefundAnswer;
}) {
  return (
    <>
      <AdminPageHeader
        title={`Refund order #${sheet.number}`}
        actions={
          <Link to={`/admin/orders/${sheet.orderId}`} className="underline">
            Back to the order
          </Link>
        }
      />
      <p className="mb-4 text-gray-700 text-sm dark:text-gray-300">
        {sheet.method === "cash"
          ? "Paid in cash on delivery: a refund is paid out by hand and recorded here."
          : "Paid by card: a refund goes back to the card through the payment provider."}{" "}
        The customer is emailed once a refund goes through.
      </p>
      <Figures sheet={sheet} />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        {sheet.refusal ? (
          <p
            role="status"
            className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900 text-sm dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          >
            {sheet.refusal}
          </p>
        ) : (
          <RefundForm sheet={sheet} idempotencyKey={idempotencyKey} answer={answer} />
        )}
        <div>
          <h2 className="mb-3 font-semibold text-lg">Refunds so far</h2>
          <EarlierRefunds refunds={sheet.refunds} />
        </div>
      </div>
    </>
  );
}
