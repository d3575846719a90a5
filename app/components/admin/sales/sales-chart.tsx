import { Bar, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from "recharts";
import { formatPrice } from "#contract/money-format.ts";
import { CHART_HEIGHT, shortDay } from "./sales-format.ts";

// The revenue-and-orders chart (docs/back-office/dashboard.md#chart). Recharts is some 100 kB of
// JavaScript: this module is only ever loaded by SalesChartSlot's dynamic import, in the browser,
// so no storefront page and no server render carries it (docs/decisions/051-sales-dashboard.md).
//
// Colours come from the page's text colour classes through `currentColor`, so the theme's classes
// (light and dark) pick them, and the tooltip uses the system colours `Canvas`/`CanvasText`, which
// follow the page's `color-scheme`.

export interface ChartDay {
  date: string;
  /** Dollars (two decimals), as the axis shows them. */
  revenue: number;
  orders: number;
}

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

export default function SalesChart({
  days,
  labelledBy,
  describedBy,
}: {
  days: ChartDay[];
  labelledBy: string;
  describedBy: string;
}) {
  return (
    <div className="text-gray-600 dark:text-gray-400">
      <ComposedChart
        data={days}
        responsive
        style={{ width: "100%", height: CHART_HEIGHT }}
        margin={{ top: 8, right: 4, bottom: 0, left: 4 }}
        // The figures are in the table below it; the picture is one image with a name and a
        // description, not a widget to tab into.
        accessibilityLayer={false}
        role="img"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
      >
        <CartesianGrid stroke="currentColor" strokeOpacity={0.2} vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={shortDay}
          tick={{ fill: "currentColor", fontSize: 12 }}
          stroke="currentColor"
          minTickGap={16}
        />
        <YAxis
          yAxisId="revenue"
          tickFormatter={(value: number) => compact.format(value)}
          tick={{ fill: "currentColor", fontSize: 12 }}
          stroke="currentColor"
          width={48}
        />
        <YAxis
          yAxisId="orders"
          orientation="right"
          allowDecimals={false}
          tick={{ fill: "currentColor", fontSize: 12 }}
          stroke="currentColor"
          width={32}
        />
        <Tooltip
          labelFormatter={(label) => shortDay(String(label))}
          formatter={(value, name) =>
            name === "Revenue" ? [formatPrice(Number(value)), name] : [String(value), name]
          }
          contentStyle={{ backgroundColor: "Canvas", color: "CanvasText", borderColor: "GrayText" }}
          cursor={{ fill: "currentColor", fillOpacity: 0.08 }}
        />
        <Bar
          yAxisId="revenue"
          dataKey="revenue"
          name="Revenue"
          fill="currentColor"
          className="text-brand dark:text-indigo-300"
          radius={[2, 2, 0, 0]}
          isAnimationActive={false}
        />
        <Line
          yAxisId="orders"
          dataKey="orders"
          name="Orders"
          type="monotone"
          stroke="currentColor"
          strokeWidth={2}
          className="text-emerald-700 dark:text-emerald-300"
          // Recharts draws dots in a layer of their own, outside this colour: none, rather than grey ones.
          dot={false}
          activeDot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </div>
  );
}
