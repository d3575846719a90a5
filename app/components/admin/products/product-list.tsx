import { Form, Link } from "react-router";
import type { AdminProductListQuery } from "#contract/admin-products.ts";
import type { StaffProductPage, StaffProductRow } from "#core/catalog/staff-product-list.ts";
import { AdminPageHeader } from "../admin-layout.tsx";
import { type AdminColumn, DataTable } from "../data-table.tsx";
import { dollars } from "./product-form-values.ts";

// /admin/products: every product, archived ones too; search, filters, sort and page in the URL.

const columns: AdminColumn<StaffProductRow>[] = [
  {
    id: "title",
    header: "Title",
    meta: { sortKey: "title" },
    cell: ({ row }) => (
      <Link
        to={`/admin/products/${row.original.id}`}
        className="font-medium underline-offset-2 hover:underline"
      >
        {row.original.title}
      </Link>
    ),
  },
  { id: "category", header: "Category", cell: ({ row }) => row.original.category },
  { id: "brand", header: "Brand", cell: ({ row }) => row.original.brand ?? "—" },
  {
    id: "price",
    header: "Price",
    meta: { sortKey: "price", numeric: true },
    cell: ({ row }) => dollars(row.original.priceCents),
  },
  {
    id: "stock",
    header: "Stock",
    meta: { sortKey: "stock", numeric: true },
    cell: ({ row }) => row.original.stock.toLocaleString("en-US"),
  },
  {
    id: "status",
    header: "Status",
    cell: ({ row }) =>
      row.original.status === "archived" ? (
        <span className="rounded bg-gray-200 px-2 py-0.5 text-gray-800 text-xs dark:bg-gray-700 dark:text-gray-100">
          Archived
        </span>
      ) : (
        <span className="rounded bg-green-100 px-2 py-0.5 text-green-900 text-xs dark:bg-green-900 dark:text-green-100">
          Active
        </span>
      ),
  },
  {
    id: "updatedAt",
    header: "Updated",
    meta: { sortKey: "updatedAt" },
    cell: ({ row }) => <time dateTime={row.original.updatedAt}>{row.original.updatedAt.slice(0, 10)}</time>,
  },
];

const inputClass =
  "h-10 rounded-lg border border-gray-300 bg-white px-3 text-sm dark:border-gray-700 dark:bg-gray-900";

export function ProductListPage({
  page,
  query,
  categories,
  search,
}: {
  page: StaffProductPage;
  query: AdminProductListQuery;
  categories: { slug: string; name: string }[];
  search: URLSearchParams;
}) {
  return (
    <>
      <AdminPageHeader
        title="Products"
        actions={
          <Link
            to="/admin/products/new"
            className="rounded-lg bg-gray-900 px-4 py-2 font-semibold text-sm text-white hover:bg-gray-700 dark:bg-gray-100 dark:text-gray-900 dark:hover:bg-gray-300"
          >
            New product
          </Link>
        }
      />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search" aria-label="Products">
        <div className="flex flex-col gap-1">
          <label htmlFor="products-q" className="font-medium text-sm">
            Title
          </label>
          <input id="products-q" name="q" type="search" defaultValue={query.q ?? ""} className={inputClass} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="products-category" className="font-medium text-sm">
            Category
          </label>
          <select
            id="products-category"
            name="category"
            defaultValue={query.category ?? ""}
            className={inputClass}
          >
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="products-status" className="font-medium text-sm">
            Status
          </label>
          <select id="products-status" name="status" defaultValue={query.status} className={inputClass}>
            <option value="all">All</option>
            <option value="active">Active</option>
            <option value="archived">Archived</option>
          </select>
        </div>
        {query.sort !== "-updatedAt" && <input type="hidden" name="sort" value={query.sort} />}
        <button
          type="submit"
          className="h-10 rounded-lg border border-gray-300 px-4 text-sm hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800"
        >
          Filter
        </button>
      </Form>
      <DataTable
        caption="Products"
        columns={columns}
        rows={page.rows}
        rowKey={(r) => r.id}
        search={search}
        sort={query.sort}
        page={page.page}
        numberOfPages={page.numberOfPages}
        total={page.total}
        empty="No product matches."
      />
    </>
  );
}
