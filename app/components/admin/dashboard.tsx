import { Link } from "react-router";
import type { LowStockItem } from "#contract/admin-stock.ts";
import type { SalesFigures } from "#core/reports/sales-figures.ts";
import type { StaffRole } from "#core/staff/roles.ts";
import type { BackOfficeSummary } from "#core/staff/summary.ts";
import { AdminPageHeader } from "./admin-layout.tsx";
import { figure } from "./sales/sales-format.ts";
import {
  CouponUses,
  DailySales,
  FigureTable,
  KeyFigures,
  PaymentSplit,
  RangePicker,
  type RangePreset,
  SectionTitle,
  TopCategories,
  TopProducts,
} from "./sales/sales-sections.tsx";

export interface DashboardData {
  figures: SalesFigures;
  errors: Record<string, string>;
  presets: RangePreset[];
  csvHref: string;
  lowStock: { rows: LowStockItem[]; total: number; threshold: number };
  summary: BackOfficeSummary;
  role: StaffRole;
}

function LowStock({ lowStock }: { lowStock: DashboardData["lowStock"] }) {
  return (
    <section aria-labelledby="low-stock-title">
      <SectionTitle id="low-stock-title">Low stock</SectionTitle>
      <FigureTable
        caption={`Sizes with ${lowStock.threshold} or fewer on hand`}
        headers={[
          { label: "Product" },
          { label: "Size" },
          { label: "On hand", numeric: true },
          { label: "Available", numeric: true },
        ]}
        rows={lowStock.rows}
        rowKey={(r) => `${r.productId}:${r.size ?? ""}`}
        cells={(r) => [
          <Link key="title" className="underline" to={`/admin/products/${r.productId}/stock`}>
            {r.title}
          </Link>,
          r.size ?? "—",
          figure(r.onHand),
          figure(r.available),
        ]}
        empty={`Nothing is at or below ${lowStock.threshold} on hand.`}
      />
      {lowStock.total > lowStock.rows.length ? (
        <p className="mt-2 text-sm">
          <Link className="underline" to="/admin/stock">
            All {figure(lowStock.total)} low-stock sizes
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/** The shop's counts, each a link to its list. */
function ShopCounts({ summary, role }: { summary: BackOfficeSummary; role: StaffRole }) {
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
    <section aria-labelledby="shop-counts-title" className="mt-8">
      <SectionTitle id="shop-counts-title">The shop today</SectionTitle>
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
    </section>
  );
}

/** /admin: the sales of a range (docs/back-office/dashboard.md), what needs restocking, the shop's counts. */
export function AdminDashboard(data: DashboardData) {
  const { figures } = data;
  return (
    <>
      <AdminPageHeader title="Dashboard" />
      <RangePicker range={figures.range} presets={data.presets} errors={data.errors} csvHref={data.csvHref} />
      <KeyFigures figures={figures} />
      <DailySales figures={figures} />
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
        <PaymentSplit figures={figures} />
        <CouponUses figures={figures} />
        <TopProducts figures={figures} />
        <TopCategories figures={figures} />
        <LowStock lowStock={data.lowStock} />
      </div>
      <ShopCounts summary={data.summary} role={data.role} />
    </>
  );
}
