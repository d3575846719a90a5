import { Link } from "react-router";
import type { StaffRole } from "#core/staff/roles.ts";
import type { BackOfficeSummary } from "#core/staff/summary.ts";
import { AdminPageHeader } from "./admin-layout.tsx";

const figure = (n: number) => n.toLocaleString("en-US");

export function AdminDashboard({ summary, role }: { summary: BackOfficeSummary; role: StaffRole }) {
  const tiles = [
    { label: "Products on sale", value: figure(summary.products), to: "/admin/products" },
    {
      label: "Archived products",
      value: figure(summary.archivedProducts),
      to: "/admin/products?status=archived",
    },
    {
      label: `Low stock (≤ ${summary.lowStockThreshold})`,
      value: figure(summary.lowStock),
      to: "/admin/stock",
    },
    { label: "Active coupons", value: figure(summary.activeCoupons), to: "/admin/coupons" },
    { label: "Customers", value: figure(summary.customers), to: "/admin/customers" },
    ...(role === "admin" ? [{ label: "Staff", value: figure(summary.staff), to: "/admin/staff" }] : []),
  ];
  return (
    <>
      <AdminPageHeader title="Dashboard" />
      <ul className="grid grid-cols-2 gap-3 xl:grid-cols-3">
        {tiles.map((tile) => (
          <li key={tile.label}>
            <Link
              to={tile.to}
              className="block rounded-lg border border-gray-200 p-4 hover:border-gray-400 dark:border-gray-800 dark:hover:border-gray-600"
            >
              <span className="block text-gray-600 text-sm dark:text-gray-400">{tile.label}</span>
              <span className="mt-1 block font-bold text-2xl tabular-nums">{tile.value}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
