import { fieldErrors, readQuery } from "#contract/query.ts";
import { type SalesReportQuery, salesReportQuery } from "#contract/sales-reports.ts";
import { downloadHeaders, downloadStream } from "#core/catalog/catalogue-file-staff.ts";
import type { CoreContext } from "#core/context.ts";
import { DomainError } from "#core/errors.ts";
import { listLowStock } from "#core/inventory/low-stock.ts";
import { exportOrdersCsv } from "#core/reports/orders-csv.ts";
import { salesFigures } from "#core/reports/sales-figures.ts";
import { presetRanges, type SalesRange, salesRange } from "#core/reports/sales-range.ts";
import { backOfficeSummary } from "#core/staff/summary.ts";
import { requireStaffPage } from "./staff.server.ts";

// The dashboard (/admin) and its orders download (/admin/orders.csv) on the server
// (docs/back-office/dashboard.md): each reads its range from the URL with the staff API's schema
// and calls the core function GET /reports/sales calls.

/** Low-stock rows the dashboard lists; the low-stock page has the rest. */
export const DASHBOARD_LOW_STOCK_ROWS = 10;

/**
 * The range the URL asks for. A bad `from` or `to` (an old link, a hand-typed date) is left out and
 * named in `errors`, so the page still shows figures, of the default range, and says what it ignored.
 */
export function readSalesRange(url: URL, now: Date): { range: SalesRange; errors: Record<string, string> } {
  const record = readQuery(url.searchParams);
  const errors: Record<string, string> = {};
  let query: SalesReportQuery = {};
  const parsed = salesReportQuery.safeParse(record);
  if (parsed.success) query = parsed.data;
  else {
    for (const { field, message } of fieldErrors(parsed.error)) errors[field] ??= message;
    // What parsed on its own is kept: a good `to` with a bad `from` still ends the range.
    const single = (name: "from" | "to") =>
      errors[name] ? undefined : salesReportQuery.shape[name].safeParse(record[name]).data;
    query = { from: single("from"), to: single("to") };
  }
  try {
    return { range: salesRange(query, now), errors };
  } catch (error) {
    if (!(error instanceof DomainError) || error.kind !== "invalid") throw error;
    for (const issue of error.fields ?? []) errors[issue.field] ??= issue.message;
    return { range: salesRange({}, now), errors };
  }
}

/** The dashboard's loader data: the range's sales figures, the low-stock list and the shop's counts. */
export async function salesDashboard(request: Request, core: CoreContext) {
  const staff = await requireStaffPage(request, core);
  const now = core.now();
  const { range, errors } = readSalesRange(new URL(request.url), now);
  const figures = await salesFigures(core, staff, range);
  const lowStock = await listLowStock(core, staff, {
    page: 1,
    limit: DASHBOARD_LOW_STOCK_ROWS,
    sort: "onHand",
  });
  const summary = await backOfficeSummary(core, staff);
  const presets = presetRanges(now).map(({ label, from, to }) => ({
    label,
    href: `/admin?from=${from}&to=${to}`,
    current: from === range.from && to === range.to,
  }));
  return {
    figures,
    errors,
    presets,
    csvHref: `/admin/orders.csv?from=${range.from}&to=${range.to}`,
    lowStock: { rows: lowStock.data, total: lowStock.total, threshold: lowStock.threshold },
    summary,
    role: staff.role,
  };
}

const plainText = (message: string, status: number) =>
  new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * /admin/orders.csv?from=&to=: the range's orders as a download (a resource route's loader). A bad
 * range is a 400 saying what to change, not a file of some other range.
 */
export async function ordersCsvDownload(request: Request, core: CoreContext) {
  const staff = await requireStaffPage(request, core, "manager");
  const parsed = salesReportQuery.safeParse(readQuery(new URL(request.url).searchParams));
  if (!parsed.success) return plainText(fieldErrors(parsed.error)[0]!.message, 400);
  let range: SalesRange;
  try {
    range = salesRange(parsed.data, core.now());
  } catch (error) {
    if (error instanceof DomainError && error.kind === "invalid") return plainText(error.message, 400);
    throw error;
  }
  const download = await exportOrdersCsv(core, staff, range);
  return new Response(downloadStream(download.chunks), { headers: downloadHeaders(download) });
}
