import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { TextField } from "#app/components/form-controls.tsx";
import type { SalesFigures } from "#core/reports/sales-figures.ts";
import { SalesChartSlot } from "./sales-chart-slot.tsx";
import { figure, longDay, money, shortDay } from "./sales-format.ts";

// The dashboard's sales sections (docs/back-office/dashboard.md), all server-rendered: the range
// picker, the key figures, the chart (drawn in the browser) with its table, and the rankings.

export interface RangePreset {
  label: string;
  href: string;
  current: boolean;
}

/** A section's heading, the same on every block of the page. */
export function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="mb-3 font-semibold text-lg">
      {children}
    </h2>
  );
}

/** The range as the URL holds it: presets as links, any two days through a GET form. */
export function RangePicker({
  range,
  presets,
  errors,
  csvHref,
}: {
  range: SalesFigures["range"];
  presets: RangePreset[];
  errors: Record<string, string>;
  csvHref: string;
}) {
  const ignored = Object.keys(errors).length > 0;
  return (
    <section aria-labelledby="range-title" className="mb-6">
      <h2 id="range-title" className="sr-only">
        Range
      </h2>
      <nav aria-label="Ranges" className="mb-3 flex flex-wrap gap-2">
        {presets.map((preset) => (
          <Link key={preset.label} to={preset.href} className="chip" aria-current={preset.current}>
            {preset.label}
          </Link>
        ))}
      </nav>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <TextField label="From" name="from" type="date" defaultValue={range.from} error={errors.from} />
        <TextField label="To" name="to" type="date" defaultValue={range.to} error={errors.to} />
        <button type="submit" className="button-primary h-11 px-4">
          Show
        </button>
        <a href={csvHref} download className="button-ghost h-11 border border-gray-300 dark:border-gray-700">
          Download orders (CSV)
        </a>
      </Form>
      <p className="mt-3 text-gray-600 text-sm dark:text-gray-400" aria-live="polite">
        {ignored ? "That range could not be shown, so these are the last 30 days: " : "Showing "}
        <strong className="text-gray-900 dark:text-gray-100">
          {longDay(range.from)} to {longDay(range.to)}
        </strong>{" "}
        ({range.days} {range.days === 1 ? "day" : "days"}, UTC).
      </p>
    </section>
  );
}

function Tile({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <dt className="text-gray-600 text-sm dark:text-gray-400">{label}</dt>
      <dd className="mt-1 font-bold text-2xl tabular-nums">{value}</dd>
      <dd className="mt-1 text-gray-600 text-xs dark:text-gray-400">{note}</dd>
    </div>
  );
}

/** Revenue, orders, average order value and refunds. */
export function KeyFigures({ figures }: { figures: SalesFigures }) {
  return (
    <section aria-labelledby="key-figures-title" className="mb-8">
      <h2 id="key-figures-title" className="sr-only">
        Key figures
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile
          label="Revenue"
          value={money(figures.revenueCents)}
          note={`${money(figures.salesCents)} in orders, less refunds`}
        />
        <Tile
          label="Orders"
          value={figure(figures.orders)}
          note="Paid by card, or cash on delivery; not cancelled"
        />
        <Tile label="Average order value" value={money(figures.averageOrderCents)} note="Revenue ÷ orders" />
        <Tile
          label="Refunds"
          value={money(figures.refundsCents)}
          note={`On ${figure(figures.refundedOrders)} ${figures.refundedOrders === 1 ? "order" : "orders"}`}
        />
      </dl>
    </section>
  );
}

/** A small table of figures (the rankings, the days): a caption for screen readers, numbers right. */
export function FigureTable<Row>({
  caption,
  headers,
  rows,
  rowKey,
  cells,
  empty,
}: {
  caption: string;
  headers: { label: string; numeric?: boolean }[];
  rows: Row[];
  rowKey: (row: Row) => string;
  cells: (row: Row) => ReactNode[];
  empty: string;
}) {
  if (rows.length === 0) {
    return (
      <p className="rounded-lg border border-gray-200 p-4 text-gray-600 text-sm dark:border-gray-800 dark:text-gray-400">
        {empty}
      </p>
    );
  }
  return (
    <section
      className="relative overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-800"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways on a phone must take focus to scroll by keyboard
      tabIndex={0}
      aria-label={caption}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 text-gray-700 dark:bg-gray-900 dark:text-gray-300">
          <tr>
            {headers.map((header) => (
              <th
                key={header.label}
                scope="col"
                className={`px-3 py-2 font-semibold ${header.numeric ? "text-right" : ""}`}
              >
                {header.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {cells(row).map((cell, index) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are its columns, in order
                  key={index}
                  className={`px-3 py-2 align-top ${headers[index]?.numeric ? "text-right tabular-nums" : ""}`}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The chart, its description in words, and the same figures as a table (the chart's fallback). */
export function DailySales({ figures }: { figures: SalesFigures }) {
  const best = figures.byDay.reduce<SalesFigures["byDay"][number] | undefined>(
    (top, day) => (day.revenueCents > (top?.revenueCents ?? 0) ? day : top),
    undefined,
  );
  const days = figures.byDay.map((day) => ({
    date: day.date,
    revenue: day.revenueCents / 100,
    orders: day.orders,
  }));
  return (
    <section aria-labelledby="sales-chart-title" className="mb-8">
      <SectionTitle id="sales-chart-title">Revenue and orders per day</SectionTitle>
      <p id="sales-chart-description" className="mb-2 text-gray-600 text-sm dark:text-gray-400">
        Bars: revenue per day (left axis). Line: orders per day (right axis). From{" "}
        {longDay(figures.range.from)} to {longDay(figures.range.to)}, {money(figures.revenueCents)} from{" "}
        {figure(figures.orders)} {figures.orders === 1 ? "order" : "orders"}
        {best ? `; the best day was ${longDay(best.date)} with ${money(best.revenueCents)}` : ""}.
      </p>
      <SalesChartSlot days={days} labelledBy="sales-chart-title" describedBy="sales-chart-description" />
      <details className="mt-3">
        <summary className="cursor-pointer text-sm underline">Figures by day</summary>
        <div className="mt-2">
          <FigureTable
            caption="Revenue and orders by day"
            headers={[
              { label: "Day" },
              { label: "Orders", numeric: true },
              { label: "Revenue", numeric: true },
            ]}
            rows={figures.byDay}
            rowKey={(day) => day.date}
            cells={(day) => [
              <time key="day" dateTime={day.date}>
                {shortDay(day.date)}, {day.date.slice(0, 4)}
              </time>,
              figure(day.orders),
              money(day.revenueCents),
            ]}
            empty="No days in this range."
          />
        </div>
      </details>
    </section>
  );
}

/** Cash on delivery against card: orders and revenue of each. */
export function PaymentSplit({ figures }: { figures: SalesFigures }) {
  const methods = [
    { label: "Cash on delivery", ...figures.cashOnDelivery },
    { label: "Card", ...figures.creditCard },
  ];
  return (
    <section aria-labelledby="payments-title">
      <SectionTitle id="payments-title">Cash and card</SectionTitle>
      <FigureTable
        caption="Orders and revenue by payment method"
        headers={[
          { label: "Payment" },
          { label: "Orders", numeric: true },
          { label: "Revenue", numeric: true },
          { label: "Share of revenue", numeric: true },
        ]}
        rows={methods}
        rowKey={(m) => m.label}
        cells={(m) => [
          m.label,
          figure(m.orders),
          money(m.revenueCents),
          figures.revenueCents > 0 ? `${Math.round((m.revenueCents / figures.revenueCents) * 100)} %` : "—",
        ]}
        empty=""
      />
    </section>
  );
}

export function TopProducts({ figures }: { figures: SalesFigures }) {
  return (
    <section aria-labelledby="top-products-title">
      <SectionTitle id="top-products-title">Top products</SectionTitle>
      <FigureTable
        caption="Top products by sales"
        headers={[{ label: "Product" }, { label: "Units", numeric: true }, { label: "Sales", numeric: true }]}
        rows={figures.topProducts}
        rowKey={(p) => p.productId}
        cells={(p) => [
          <Link key="title" className="underline" to={`/admin/products/${p.productId}`}>
            {p.title}
          </Link>,
          figure(p.units),
          money(p.salesCents),
        ]}
        empty="No product sold in this range."
      />
    </section>
  );
}

export function TopCategories({ figures }: { figures: SalesFigures }) {
  return (
    <section aria-labelledby="top-categories-title">
      <SectionTitle id="top-categories-title">Top categories</SectionTitle>
      <FigureTable
        caption="Top categories by sales"
        headers={[
          { label: "Category" },
          { label: "Units", numeric: true },
          { label: "Sales", numeric: true },
        ]}
        rows={figures.topCategories}
        rowKey={(c) => c.categoryId}
        cells={(c) => [
          <Link key="name" className="underline" to={`/admin/categories/${c.categoryId}`}>
            {c.name}
          </Link>,
          figure(c.units),
          money(c.salesCents),
        ]}
        empty="No category sold in this range."
      />
    </section>
  );
}

export function CouponUses({ figures }: { figures: SalesFigures }) {
  return (
    <section aria-labelledby="coupons-title">
      <SectionTitle id="coupons-title">Coupon use</SectionTitle>
      <FigureTable
        caption="Coupons used in this range"
        headers={[
          { label: "Code" },
          { label: "Uses", numeric: true },
          { label: "Discount given", numeric: true },
        ]}
        rows={figures.coupons}
        rowKey={(c) => c.code}
        cells={(c) => [
          c.couponId ? (
            <Link key="code" className="font-mono underline" to={`/admin/coupons/${c.couponId}`}>
              {c.code}
            </Link>
          ) : (
            <span key="code" className="font-mono">
              {c.code}
            </span>
          ),
          figure(c.uses),
          money(c.discountCents),
        ]}
        empty="No coupon was used in this range."
      />
    </section>
  );
}
