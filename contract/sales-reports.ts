import { z } from "zod";
import { one } from "./query.ts";

// Sales figures (docs/back-office/dashboard.md): the dashboard's range and the staff API's answer.
// Days are UTC calendar days, both ends included; what counts as revenue is defined once in
// core/reports/sales-figures.ts (docs/decisions/051-sales-dashboard.md).

/** The range shown when none is asked for: the last 30 days, today included. */
export const DEFAULT_REPORT_DAYS = 30;
/** The longest range: a year, leap day included; the chart has a point per day. */
export const MAX_REPORT_DAYS = 366;
/** The range picker's presets, in days ending today. */
export const REPORT_PRESET_DAYS = [7, 30, 90] as const;
/** Days the figures may name: PostgreSQL has no year 0, and a day past 2999 is a typing slip. */
export const FIRST_REPORT_DAY = "2000-01-01";
export const LAST_REPORT_DAY = "2999-12-31";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day that exists (not 2026-02-30), `YYYY-MM-DD`, within the days a report may name. */
export function isReportDay(value: string): boolean {
  if (!DAY.test(value) || value < FIRST_REPORT_DAY || value > LAST_REPORT_DAY) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function reportDay(name: string) {
  const message = `${name} must be a date (YYYY-MM-DD) from ${FIRST_REPORT_DAY} to ${LAST_REPORT_DAY}`;
  return one(name, z.string().trim().refine(isReportDay, { message }));
}

/**
 * GET /reports/sales and the dashboard's URL: `from` and `to` are UTC days, both included. Left
 * out, `to` is today and `from` is 29 days before `to`. The order of the two and the range's length
 * (at most MAX_REPORT_DAYS) are checked once the defaults are known (core/reports/sales-range.ts).
 */
export const salesReportQuery = z.object({
  from: reportDay("from").optional(),
  to: reportDay("to").optional(),
});
export type SalesReportQuery = z.output<typeof salesReportQuery>;

// ---- The answer (amounts in the shop's currency, two decimals) ----

const amount = (what: string) => z.number().describe(what);
const count = (what: string) => z.number().int().describe(what);

export const salesReport = z.object({
  from: z.string().describe("The first day (UTC), YYYY-MM-DD"),
  to: z.string().describe("The last day (UTC), YYYY-MM-DD, included"),
  days: count("Days in the range"),
  revenue: amount(
    "What the counted orders bring in: their totals after discount, less the refunds that succeeded on them. An order counts when it was placed in the range (UTC) and is neither cancelled nor a card order still awaiting payment.",
  ),
  sales: amount("The counted orders' totals after discount, before refunds"),
  refunds: amount("Refunds that succeeded on the counted orders"),
  refundedOrders: count("Counted orders with at least one refund that succeeded"),
  orders: count("Counted orders"),
  averageOrderValue: amount("revenue ÷ orders, to the nearest cent (0 without orders)"),
  payments: z
    .object({
      cashOnDelivery: z.object({ orders: count("Orders"), revenue: amount("Revenue") }),
      creditCard: z.object({ orders: count("Orders"), revenue: amount("Revenue") }),
    })
    .describe("Revenue and orders by payment method"),
  byDay: z
    .array(z.object({ date: z.string(), revenue: amount("Revenue"), orders: count("Orders") }))
    .describe("Every day of the range in order, days without orders included"),
  topProducts: z
    .array(
      z.object({
        productId: z.string(),
        title: z.string(),
        units: count("Units in counted orders"),
        sales: amount("Their line totals, before coupon discounts and refunds"),
      }),
    )
    .describe("At most 10, by sales then units"),
  topCategories: z
    .array(
      z.object({
        categoryId: z.string(),
        name: z.string(),
        units: count("Units in counted orders"),
        sales: amount("Their line totals, before coupon discounts and refunds"),
      }),
    )
    .describe("At most 10, by sales then units"),
  coupons: z
    .array(
      z.object({
        code: z.string(),
        uses: count("Counted orders that used it"),
        discount: amount("The discount it gave on them"),
      }),
    )
    .describe("Every coupon used by a counted order, most used first"),
});
export type SalesReport = z.infer<typeof salesReport>;

export const salesReportResponse = z.object({ data: salesReport });
