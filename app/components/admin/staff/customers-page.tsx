import { useLocation } from "react-router";
import type { CustomerListItem } from "#contract/admin-staff.ts";
import { AdminPageHeader } from "../admin-layout.tsx";
import { shownTime } from "../audit-trail.tsx";
import { type AdminColumn, DataTable } from "../data-table.tsx";
import { TableSearch } from "./table-search.tsx";

export interface CustomersPageData {
  rows: CustomerListItem[];
  total: number;
  numberOfPages: number;
  page: number;
  sort: string;
  q: string;
  queryErrors: Record<string, string>;
}

const COLUMNS: AdminColumn<CustomerListItem>[] = [
  {
    id: "name",
    header: "Name",
    cell: ({ row }) => `${row.original.firstName} ${row.original.lastName}`,
    meta: { sortKey: "name" },
  },
  { id: "email", header: "Email", cell: ({ row }) => row.original.email, meta: { sortKey: "email" } },
  { id: "verified", header: "Verified", cell: ({ row }) => (row.original.emailVerified ? "Yes" : "No") },
  { id: "phones", header: "Phones", cell: ({ row }) => row.original.phoneNumbers, meta: { numeric: true } },
  {
    id: "orders",
    header: "Orders",
    cell: ({ row }) => row.original.orders,
    meta: { numeric: true, sortKey: "orders" },
  },
  {
    id: "createdAt",
    header: "Since",
    cell: ({ row }) => shownTime(row.original.createdAt).slice(0, 10),
    meta: { sortKey: "createdAt" },
  },
];

/** /admin/customers: who shops here (read-only; docs/back-office/staff.md#customers). */
export function CustomersPage({ data }: { data: CustomersPageData }) {
  const search = new URLSearchParams(useLocation().search);
  return (
    <>
      <AdminPageHeader title="Customers" />
      <TableSearch
        q={data.q}
        sort={data.sort}
        label="Search customers by name or email"
        error={data.queryErrors.q}
      />
      <DataTable
        caption="Customers"
        columns={COLUMNS}
        rows={data.rows}
        rowKey={(row) => row._id}
        search={search}
        sort={data.sort}
        page={data.page}
        numberOfPages={data.numberOfPages}
        total={data.total}
        empty={data.q ? "No customer matches this search." : "No customers yet."}
      />
    </>
  );
}
