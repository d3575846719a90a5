import { useEffect, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { ErrorBox, useBusy } from "#app/components/form-controls.tsx";
import { StatusBadge } from "#app/components/orders/order-parts.tsx";
import type { FormFailure } from "#app/lib/form-action.server.ts";
import { formatPrice } from "#contract/money-format.ts";
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
} from "#contract/shopping.ts";
import type { BulkMoveResult, StaffOrderListItem } from "#contract/staff-orders.ts";
import { AdminPageHeader } from "../admin-layout.tsx";
import { type AdminColumn, DataTable } from "../data-table.tsx";
import { BulkResults, paymentSummary, shownMoment } from "./order-parts.tsx";

// /admin/orders (docs/back-office/orders.md#pages): every customer's orders, newest first, filtered
// and searched by a GET form (the filters live in the URL), and a selection moved in bulk.

/** The bulk form the rows' checkboxes belong to (they sit in the table, outside it). */
const BULK_FORM = "bulk-orders";

export interface OrderFilters {
  status: string[];
  paymentMethod: string;
  from: string;
  to: string;
  customer: string;
  q: string;
}

export interface OrderListPageData {
  rows: StaffOrderListItem[];
  total: number;
  page: number;
  numberOfPages: number;
  filters: OrderFilters;
  /** Parameters of the URL that were not understood, and why (the table shows without them). */
  queryErrors: Record<string, string>;
}

/** After a bulk post: what happened to each order, or why nothing was tried. */
export type BulkActionData = { results: BulkMoveResult[]; to: string } | FormFailure;

/** Ticks every row's box; a plain checkbox needs JavaScript for that, so it appears once hydrated. */
function SelectAll() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return <span className="sr-only">Select</span>;
  return (
    <input
      type="checkbox"
      aria-label="Select every order on this page"
      className="size-5 align-middle"
      onChange={(event) => {
        const checked = event.currentTarget.checked;
        for (const box of document.querySelectorAll<HTMLInputElement>(
          `input[form="${BULK_FORM}"][name="order"]`,
        )) {
          box.checked = checked;
        }
      }}
    />
  );
}

const units = (order: StaffOrderListItem) => order.items.reduce((sum, item) => sum + item.quantity, 0);

const COLUMNS: AdminColumn<StaffOrderListItem>[] = [
  {
    id: "select",
    header: () => <SelectAll />,
    cell: ({ row }) => (
      <input
        type="checkbox"
        name="order"
        value={row.original._id}
        form={BULK_FORM}
        aria-label={`Select order #${row.original.number}`}
        className="size-5 align-middle"
      />
    ),
  },
  {
    id: "number",
    header: "Order",
    cell: ({ row }) => (
      <Link to={`/admin/orders/${row.original._id}`} className="font-semibold underline">
        #{row.original.number}
      </Link>
    ),
  },
  {
    id: "createdAt",
    header: "Placed",
    cell: ({ row }) => (
      <time dateTime={row.original.createdAt} className="whitespace-nowrap">
        {shownMoment(row.original.createdAt)}
      </time>
    ),
  },
  {
    id: "customer",
    header: "Customer",
    cell: ({ row }) => (
      <div className="min-w-0">
        <p className="font-medium">{row.original.customer.name}</p>
        <p className="text-gray-600 text-xs dark:text-gray-400">{row.original.customer.email}</p>
      </div>
    ),
  },
  { id: "status", header: "Status", cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  { id: "payment", header: "Payment", cell: ({ row }) => paymentSummary(row.original) },
  { id: "units", header: "Items", meta: { numeric: true }, cell: ({ row }) => units(row.original) },
  {
    id: "total",
    header: "Total",
    meta: { numeric: true },
    cell: ({ row }) => (
      <span className="whitespace-nowrap">{formatPrice(row.original.pricing.totalPriceAfterDiscount)}</span>
    ),
  },
];

const inputClass =
  "h-10 rounded-lg border border-gray-300 bg-white px-3 dark:border-gray-700 dark:bg-gray-900";

function FilterError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-red-700 text-sm dark:text-red-400">
      {message}
    </p>
  );
}

/**
 * The filters: a GET form, so they are the URL's, survive a reload and work without JavaScript. The
 * search stays in view; the other filters fold away (open when one is on, or is wrong), so that on a
 * phone the orders come first.
 */
function OrderFiltersForm({ filters, errors }: { filters: OrderFilters; errors: Record<string, string> }) {
  const described = (name: string) =>
    errors[name] ? { "aria-invalid": true as const, "aria-describedby": `filter-${name}-error` } : {};
  const more = ["customer", "paymentMethod", "from", "to", "status"] as const;
  const on = more.filter((name) =>
    name === "status" ? filters.status.length > 0 : filters[name] !== "",
  ).length;
  const wrong = more.some((name) => errors[name]);
  return (
    <Form method="get" role="search" aria-label="Filter orders" className="mb-6 flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1 sm:max-w-md">
          <label htmlFor="filter-q" className="font-medium text-sm">
            Order number, email or phone
          </label>
          <input
            id="filter-q"
            name="q"
            type="search"
            defaultValue={filters.q}
            maxLength={100}
            className={inputClass}
            {...described("q")}
          />
        </div>
        <button type="submit" className="button-primary">
          Search
        </button>
      </div>
      <FilterError id="filter-q-error" message={errors.q} />
      <details open={on > 0 || wrong} className="rounded-lg border border-gray-200 dark:border-gray-800">
        <summary className="cursor-pointer px-3 py-2 font-semibold text-sm">
          Filters{on > 0 ? ` (${on} on)` : ""}
        </summary>
        <div className="flex flex-col gap-4 px-3 pt-1 pb-3">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <div className="col-span-2 flex flex-col gap-1">
              <label htmlFor="filter-customer" className="font-medium text-sm">
                Customer (email or id)
              </label>
              <input
                id="filter-customer"
                name="customer"
                type="text"
                defaultValue={filters.customer}
                maxLength={254}
                className={inputClass}
                {...described("customer")}
              />
              <FilterError id="filter-customer-error" message={errors.customer} />
            </div>
            <div className="col-span-2 flex flex-col gap-1 lg:col-span-2">
              <label htmlFor="filter-payment" className="font-medium text-sm">
                Payment method
              </label>
              <select
                id="filter-payment"
                name="paymentMethod"
                defaultValue={filters.paymentMethod}
                className={inputClass}
                {...described("paymentMethod")}
              >
                <option value="">Any</option>
                {PAYMENT_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {PAYMENT_METHOD_LABELS[method]}
                  </option>
                ))}
              </select>
              <FilterError id="filter-paymentMethod-error" message={errors.paymentMethod} />
            </div>
            <div className="flex min-w-0 flex-col gap-1">
              <label htmlFor="filter-from" className="font-medium text-sm">
                Placed from (UTC)
              </label>
              <input
                id="filter-from"
                name="from"
                type="date"
                defaultValue={filters.from}
                className={`${inputClass} min-w-0`}
                {...described("from")}
              />
              <FilterError id="filter-from-error" message={errors.from} />
            </div>
            <div className="flex min-w-0 flex-col gap-1">
              <label htmlFor="filter-to" className="font-medium text-sm">
                Placed to (UTC)
              </label>
              <input
                id="filter-to"
                name="to"
                type="date"
                defaultValue={filters.to}
                className={`${inputClass} min-w-0`}
                {...described("to")}
              />
              <FilterError id="filter-to-error" message={errors.to} />
            </div>
          </div>
          <fieldset {...(errors.status ? { "aria-describedby": "filter-status-error" } : {})}>
            <legend className="mb-1 font-medium text-sm">Status</legend>
            <div className="flex flex-wrap gap-2">
              {ORDER_STATUSES.map((status) => (
                <label key={status} className="chip cursor-pointer">
                  <input
                    type="checkbox"
                    name="status"
                    value={status}
                    defaultChecked={filters.status.includes(status)}
                    className="size-4"
                  />
                  {ORDER_STATUS_LABELS[status]}
                </label>
              ))}
            </div>
            <FilterError id="filter-status-error" message={errors.status} />
          </fieldset>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className="button-primary">
              Filter
            </button>
            <Link to="?" className="text-sm underline">
              Clear filters
            </Link>
          </div>
        </div>
      </details>
    </Form>
  );
}

/** The bulk actions: the rows' checkboxes belong to this form (`form="bulk-orders"`). */
function BulkActions() {
  const processing = useBusy("processing");
  return (
    <Form
      method="post"
      id={BULK_FORM}
      aria-label="Selected orders"
      className="mb-3 flex flex-wrap items-center gap-2 text-sm"
    >
      <span className="font-medium">Selected orders:</span>
      <button
        type="submit"
        name="intent"
        value="processing"
        disabled={processing}
        className="inline-flex h-10 items-center rounded-full border border-gray-300 px-4 font-semibold hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800"
      >
        {processing ? "Marking processing…" : "Mark processing"}
      </button>
      <button
        type="submit"
        name="intent"
        value="ship"
        className="inline-flex h-10 items-center rounded-full border border-gray-300 px-4 font-semibold hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800"
      >
        Mark shipped…
      </button>
      <span className="text-gray-600 text-xs dark:text-gray-400">
        Shipping asks for the carrier and each order's tracking number next.
      </span>
    </Form>
  );
}

export function OrderListPage({ data, posted }: { data: OrderListPageData; posted?: BulkActionData }) {
  const search = new URLSearchParams(useLocation().search);
  const filtered = Object.values(data.filters).some((v) => (Array.isArray(v) ? v.length > 0 : v !== ""));
  const busy = useBusy();
  return (
    <>
      <AdminPageHeader title="Orders" />
      <OrderFiltersForm filters={data.filters} errors={data.queryErrors} />
      {posted && "results" in posted ? (
        <BulkResults
          title={posted.to === "processing" ? "Mark processing" : "Move"}
          results={posted.results}
        />
      ) : null}
      {posted && !("results" in posted) ? (
        <div className="mb-4">
          <ErrorBox message={posted.message} busy={busy} />
        </div>
      ) : null}
      {data.rows.length > 0 && <BulkActions />}
      <DataTable
        caption="Orders"
        columns={COLUMNS}
        rows={data.rows}
        rowKey={(row) => row._id}
        search={search}
        sort=""
        page={data.page}
        numberOfPages={data.numberOfPages}
        total={data.total}
        empty={filtered ? "No order matches these filters." : "No orders yet."}
      />
    </>
  );
}
