import { Form, Link } from "react-router";
import { type AdminColumn, DataTable } from "#app/components/admin/data-table.tsx";
import type { FormFailure } from "#app/lib/form-action.server.ts";
import { COUPON_STATUSES, type StaffCoupon, type StaffCouponList } from "#contract/admin-coupons.ts";
import { formatPrice } from "#contract/money-format.ts";
import { AdminPageHeader } from "../admin-layout.tsx";
import { CouponForm, type CouponFormValues, CouponStatusBadge, EMPTY_COUPON } from "./coupon-form.tsx";

const dayOf = (iso: string | null) => (iso ? iso.slice(0, 10) : "—");
/** The last day a coupon applies (its expiry is the moment after it). */
const lastDayOf = (iso: string) => new Date(new Date(iso).getTime() - 1).toISOString().slice(0, 10);

const COLUMNS: AdminColumn<StaffCoupon>[] = [
  {
    id: "name",
    header: "Code",
    meta: { sortKey: "name" },
    cell: ({ row }) => (
      <Link to={`/admin/coupons/${row.original._id}`} className="font-mono font-semibold underline">
        {row.original.name}
      </Link>
    ),
  },
  {
    id: "discount",
    header: "Percent",
    meta: { sortKey: "discount", numeric: true },
    cell: ({ row }) => `${row.original.discount}%`,
  },
  { id: "start", header: "Starts", meta: { sortKey: "start" }, cell: ({ row }) => dayOf(row.original.start) },
  {
    id: "expire",
    header: "Expires",
    meta: { sortKey: "expire" },
    cell: ({ row }) => lastDayOf(row.original.expire),
  },
  {
    id: "used",
    header: "Used / limit",
    meta: { sortKey: "usedCount", numeric: true },
    cell: ({ row }) => `${row.original.usedCount} / ${row.original.usageLimit ?? "∞"}`,
  },
  {
    id: "minSubtotal",
    header: "Min. subtotal",
    meta: { numeric: true },
    cell: ({ row }) => (row.original.minSubtotal > 0 ? formatPrice(row.original.minSubtotal) : "—"),
  },
  { id: "status", header: "Status", cell: ({ row }) => <CouponStatusBadge status={row.original.status} /> },
];

export interface CouponListPageProps {
  list: StaffCouponList;
  search: URLSearchParams;
  sort: string;
  filters: { search: string; status: string };
  /** The create form's values and problems after a refused post. */
  create?: { values: CouponFormValues; failure: FormFailure };
}

/** /admin/coupons: the table (search by code, filter by status) and the form for a new coupon. */
export function CouponListPage({ list, search, sort, filters, create }: CouponListPageProps) {
  const { paginationResults: pages } = list;
  return (
    <>
      <AdminPageHeader
        title="Coupons"
        actions={
          <a href="#new-coupon" className="button-primary">
            New coupon
          </a>
        }
      />
      <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="coupon-search" className="font-medium text-sm">
            Code
          </label>
          <input
            id="coupon-search"
            name="search"
            type="search"
            defaultValue={filters.search}
            className="h-10 rounded-lg border border-gray-300 bg-white px-3 dark:border-gray-700 dark:bg-gray-900"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="coupon-status" className="font-medium text-sm">
            Status
          </label>
          <select
            id="coupon-status"
            name="status"
            defaultValue={filters.status}
            className="h-10 rounded-lg border border-gray-300 bg-white px-3 dark:border-gray-700 dark:bg-gray-900"
          >
            <option value="">Any</option>
            {COUPON_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        {sort && <input type="hidden" name="sort" value={sort} />}
        <button
          type="submit"
          className="h-10 rounded-full border border-gray-300 px-4 font-semibold text-sm hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800"
        >
          Filter
        </button>
      </Form>
      <DataTable
        caption="Coupons"
        columns={COLUMNS}
        rows={list.data}
        rowKey={(coupon) => coupon._id}
        search={search}
        sort={sort}
        page={pages.currentPage}
        numberOfPages={pages.numberOfPages}
        total={list.total}
        empty="No coupon matches."
      />
      <section id="new-coupon" aria-labelledby="new-coupon-title" className="mt-10 scroll-mt-4">
        <h2 id="new-coupon-title" className="mb-4 font-bold text-xl">
          New coupon
        </h2>
        <CouponForm
          intent="create"
          submitLabel="Create coupon"
          values={create?.values ?? EMPTY_COUPON}
          failure={create?.failure}
        />
      </section>
    </>
  );
}
