import { Link } from "react-router";
import type { LedgerEntry, ProductStock } from "#contract/admin-stock.ts";
import { AdminPageHeader } from "../admin-layout.tsx";
import { type AdminColumn, DataTable } from "../data-table.tsx";
import { ProductTabs } from "../product-tabs.tsx";
import { type AdjustAnswer, StockAdjustForm } from "./stock-adjust-form.tsx";

/** `2026-06-01 12:00 UTC`: the same text on the server and in the browser, whatever their time zones. */
export const utcMinute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

const REASON_LABELS: Record<LedgerEntry["reason"], string> = {
  restock: "Restock",
  count: "Count",
  damage: "Damage",
  initial: "Initial stock",
};

const signed = (n: number) => (n > 0 ? `+${n}` : n === 0 ? "±0" : `−${-n}`);

const LEDGER_COLUMNS: AdminColumn<LedgerEntry>[] = [
  {
    id: "at",
    header: "When",
    cell: ({ row }) => <span className="whitespace-nowrap">{utcMinute(row.original.at)}</span>,
  },
  { id: "size", header: "Size", cell: ({ row }) => row.original.size ?? "—" },
  { id: "reason", header: "Reason", cell: ({ row }) => REASON_LABELS[row.original.reason] },
  {
    id: "delta",
    header: "Change",
    meta: { numeric: true },
    cell: ({ row }) => signed(row.original.delta),
  },
  {
    id: "after",
    header: "On hand after",
    meta: { numeric: true },
    cell: ({ row }) => row.original.stockAfter,
  },
  { id: "note", header: "Note", cell: ({ row }) => row.original.note ?? "" },
  { id: "actor", header: "By", cell: ({ row }) => row.original.actor ?? "—" },
];

function SizesTable({ stock }: { stock: ProductStock }) {
  return (
    <section
      className="overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-800"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
      tabIndex={0}
      aria-label="Stock by size"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Stock by size</caption>
        <thead className="bg-gray-50 text-gray-700 dark:bg-gray-900 dark:text-gray-300">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Size
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              On hand
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Held in carts
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Available
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
          {stock.sizes.map((s) => (
            <tr key={s.size ?? "-"}>
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {s.size ?? "One size"}
                {s.onHand <= stock.lowStockThreshold ? (
                  <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 font-normal text-amber-900 text-xs dark:bg-amber-900/40 dark:text-amber-100">
                    low
                  </span>
                ) : null}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{s.onHand}</td>
              <td className="px-3 py-2 text-right tabular-nums">{s.held}</td>
              <td className="px-3 py-2 text-right tabular-nums">{s.available}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A product's stock page: each size's figures, the adjustment form and the ledger, newest first. */
export function ProductStockPage({
  stock,
  search,
  answer,
}: {
  stock: ProductStock;
  search: URLSearchParams;
  answer?: AdjustAnswer;
}) {
  const { ledger } = stock;
  return (
    <>
      <AdminPageHeader title={`Stock: ${stock.title}`} />
      <ProductTabs productId={stock.productId} />
      {stock.archived ? (
        <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900 text-sm dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          This product is archived: shoppers cannot see or buy it.
        </p>
      ) : null}
      <p className="mb-3 text-gray-600 text-sm dark:text-gray-400">
        Held: in shoppers' carts, for as long as their holds last. Available: what shoppers may still add. Low
        stock is {stock.lowStockThreshold} or fewer on hand (
        <Link className="underline" to="/admin/stock">
          low-stock list
        </Link>
        ).
      </p>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <SizesTable stock={stock} />
        <StockAdjustForm sizes={stock.sizes} answer={answer} />
      </div>
      <h2 className="mt-8 mb-3 font-semibold text-lg">Stock ledger</h2>
      <DataTable
        caption="Stock ledger, newest first"
        columns={LEDGER_COLUMNS}
        rows={ledger.data}
        rowKey={(e) => String(e.id)}
        search={search}
        sort=""
        page={ledger.paginationResults.currentPage}
        numberOfPages={ledger.paginationResults.numberOfPages}
        total={ledger.total}
        empty="No adjustments yet. Sales and cancellations show in orders, not here."
      />
    </>
  );
}
