import type { Context } from "hono";
import { errorResponse } from "#contract/catalog.ts";
import { type SalesReport, salesReportQuery, salesReportResponse } from "#contract/sales-reports.ts";
import { centsToAmount } from "#core/money.ts";
import { type SalesFigures, salesFigures } from "#core/reports/sales-figures.ts";
import { salesRange } from "#core/reports/sales-range.ts";
import type { Staff } from "#core/staff/roles.ts";
import { defineOperation } from "./operation.ts";

// Sales figures for staff (docs/back-office/dashboard.md): the dashboard's figures for any client.
// Managers and admins.

const staff = (c: Context) => c.get("staff") as Staff;

/** Core's cents as the API's amounts. */
function salesReportOf(f: SalesFigures): SalesReport {
  return {
    from: f.range.from,
    to: f.range.to,
    days: f.range.days,
    revenue: centsToAmount(f.revenueCents),
    sales: centsToAmount(f.salesCents),
    refunds: centsToAmount(f.refundsCents),
    refundedOrders: f.refundedOrders,
    orders: f.orders,
    averageOrderValue: centsToAmount(f.averageOrderCents),
    payments: {
      cashOnDelivery: {
        orders: f.cashOnDelivery.orders,
        revenue: centsToAmount(f.cashOnDelivery.revenueCents),
      },
      creditCard: { orders: f.creditCard.orders, revenue: centsToAmount(f.creditCard.revenueCents) },
    },
    byDay: f.byDay.map((d) => ({ date: d.date, revenue: centsToAmount(d.revenueCents), orders: d.orders })),
    topProducts: f.topProducts.map((p) => ({
      productId: p.productId,
      title: p.title,
      units: p.units,
      sales: centsToAmount(p.salesCents),
    })),
    topCategories: f.topCategories.map((k) => ({
      categoryId: k.categoryId,
      name: k.name,
      units: k.units,
      sales: centsToAmount(k.salesCents),
    })),
    coupons: f.coupons.map((c) => ({ code: c.code, uses: c.uses, discount: centsToAmount(c.discountCents) })),
  };
}

export const reportOperations = [
  defineOperation(
    {
      method: "get",
      path: "/reports/sales",
      access: "manager",
      errorBody: errorResponse,
      summary: "Sales figures of a range of days",
      description:
        "Revenue, orders, average order value, refunds, cash against card, revenue and orders per day (every day of the range), the top 10 products and categories and coupon use, for the orders placed from `from` to `to` (UTC days, both included; by default the last 30 days up to today, at most 366 days). An order counts unless it is cancelled or a card order still awaiting payment; revenue is its total after discount less the refunds that succeeded on it, on the day it was placed.",
      query: salesReportQuery,
      ok: { status: "200", description: "The range's figures.", schema: salesReportResponse },
      fails: {
        "400":
          "`from` or `to` is not a date (YYYY-MM-DD), `to` is before `from`, or the range spans more than 366 days; `errors` names the field.",
      },
    },
    async (c, { query }, { ctx }) =>
      c.json({ data: salesReportOf(await salesFigures(ctx, staff(c), salesRange(query, ctx.now()))) }),
  ),
];
