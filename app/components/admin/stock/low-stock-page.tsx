import { Form, Link } from "react-router";
import type { LowStockItem, LowStockList } from "#contract/admin-stock.ts";
import { AdminPageHeader } from "../admin-layout.tsx";
import { type AdminColumn, DataTable } from "../data-table.tsx";

const COLUMNS: AdminColumn<LowStockItem>[] = [
  {
    id: "title",
    header: "Product",
    meta: { sortKey: "title" },
    cell: ({ row }) => (
      <Link className="underline" to={`/admin/products/${row.original.productId}/stock`}>
        {row.original.title}
      </Link>
    ),
  },
  { id: "size", header: "Size", cell: ({ row }) => row.original.size ?? "—" },
  {
    id: "onHand",
    header: "On hand",
    meta: { sortKey: "onHand", numeric: true },
    cell: ({ row }) => row.original.onHand,
  },
  { id: "held", header: "Held in carts", meta: { numeric: true }, cell: ({ row }) => row.original.held },
  {
    id: "available",
    header: "Available",
    meta: { sortKey: "available", numeric: true },
    cell: ({ row }) => row.original.available,
  },
];

/** The low-stock list: sizes of products on sale at or below the threshold, filtered by title. */
export function LowStockPage({
  list,
  search,
  sort,
  q,
  isAdmin,
}: {
  list: LowStockList;
  search: URLSearchParams;
  sort: string;
  q: string;
  isAdmin: boolean;
}) {
  return (
    <>
      <AdminPageHeader title="Low stock" />
      <p className="mb-4 text-gray-600 text-sm dark:text-gray-400">
        Sizes with <strong className="text-gray-900 dark:text-gray-100">{list.threshold}</strong> or fewer on
        hand, in products on sale. The threshold is a shop setting
        {isAdmin ? (
          <>
            {" "}
            (
            <Link className="underline" to="/admin/settings">
              change it
            </Link>
            )
          </>
        ) : null}
        .
      </p>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" role="search">
        {sort !== "onHand" ? <input type="hidden" name="sort" value={sort} /> : null}
        <div className="flex flex-col gap-1.5">
          <label htmlFor="low-stock-q" className="font-medium text-sm">
            Title contains
          </label>
          <input
            id="low-stock-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={100}
            className="h-11 w-64 max-w-full rounded-lg border border-gray-300 bg-white px-3 text-base dark:border-gray-700 dark:bg-gray-900"
          />
        </div>
        <button
          type="submit"
          className="h-11 rounded-lg border border-gray-300 px-4 text-sm hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800"
        >
          Filter
        </button>
      </Form>
      <DataTable
        caption="Low-stock sizes"
        columns={COLUMNS}
        rows={list.data}
        rowKey={(r) => `${r.productId}:${r.size ?? ""}`}
        search={search}
        sort={sort}
        page={list.paginationResults.currentPage}
        numberOfPages={list.paginationResults.numberOfPages}
        total={list.total}
        empty={
          q ? "No low-stock size matches this title." : `Nothing is at or below ${list.threshold} on hand.`
        }
      />
    </>
  );
}
