import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import type { ChartDay } from "./sales-chart.tsx";
import { CHART_HEIGHT } from "./sales-format.ts";

// Where the chart goes. The server renders a placeholder of the chart's height; once the page runs
// in a browser, the chart's module (and Recharts with it) is fetched by a dynamic import, so it is a
// chunk of its own that only this page asks for (docs/decisions/051-sales-dashboard.md). Nothing
// here imports recharts or sales-chart.tsx's values: a static import would put Recharts in the
// route's own chunk.
const SalesChart = lazy(() => import("./sales-chart.tsx"));

function ChartPlaceholder({ text }: { text: string }) {
  return (
    <div
      style={{ height: CHART_HEIGHT }}
      className="grid place-items-center rounded-lg border border-dashed border-gray-300 p-4 text-center text-gray-600 text-sm dark:border-gray-700 dark:text-gray-400"
    >
      {text}
    </div>
  );
}

/** A chart whose module failed to load (offline, a deploy replaced the files) leaves the table. */
class ChartFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <ChartPlaceholder text="The chart could not be loaded; the table “Figures by day” below holds its figures." />
    ) : (
      this.props.children
    );
  }
}

export function SalesChartSlot({
  days,
  labelledBy,
  describedBy,
}: {
  days: ChartDay[];
  labelledBy: string;
  describedBy: string;
}) {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const placeholder = (
    <ChartPlaceholder text="The chart draws these figures per day; the table “Figures by day” below holds them too." />
  );
  if (!inBrowser) return placeholder;
  return (
    <ChartFailure>
      <Suspense fallback={placeholder}>
        <SalesChart days={days} labelledBy={labelledBy} describedBy={describedBy} />
      </Suspense>
    </ChartFailure>
  );
}
