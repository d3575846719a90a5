import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "#db/client.ts";
import { ts } from "#db/sql.ts";
import type { CoreContext } from "../context.ts";
import { requireRole, type Staff } from "../shared/staff-roles.ts";
import { addDays, dayStart, type SalesRange } from "./sales-range.ts";

// The sales figures of the dashboard and GET /reports/sales (docs/back-office/dashboard.md), summed
// by PostgreSQL in whole cents. What counts, once (docs/decisions/051-sales-dashboard.md):
//
// - an order counts when it was placed in the range (its `created_at`, by UTC day) and is neither
//   cancelled nor a card order still awaiting payment: a card order once paid, a cash order once
//   placed (the shop collects it on delivery), and `returned` orders too, whose money goes back only
//   through a refund;
// - its revenue is its total after discount (tax and shipping included) less the refunds that
//   succeeded on it (pending and failed ones have given nothing back), on the day it was placed, so
//   a past day's figure moves only when one of its orders is refunded or cancelled;
// - products and categories count the line totals of the same orders, before the order's coupon
//   discount and refunds (a discount is the order's, not a line's).

/** How many products and categories the dashboard ranks. */
export const TOP_LIMIT = 10;

export interface SalesDay {
  date: string;
  revenueCents: number;
  orders: number;
}

export interface PaymentFigures {
  orders: number;
  revenueCents: number;
}

export interface RankedProduct {
  productId: string;
  title: string;
  units: number;
  salesCents: number;
}

export interface RankedCategory {
  categoryId: string;
  name: string;
  units: number;
  salesCents: number;
}

export interface CouponUse {
  code: string;
  /** The coupon's id while the coupon exists (for a link); null once it is deleted. */
  couponId: string | null;
  uses: number;
  discountCents: number;
}

export interface SalesFigures {
  range: SalesRange;
  revenueCents: number;
  salesCents: number;
  refundsCents: number;
  refundedOrders: number;
  orders: number;
  averageOrderCents: number;
  cashOnDelivery: PaymentFigures;
  creditCard: PaymentFigures;
  byDay: SalesDay[];
  topProducts: RankedProduct[];
  topCategories: RankedCategory[];
  coupons: CouponUse[];
}

/** The statuses whose orders are not (or no longer) a sale. */
const NOT_A_SALE = sql`('pending_payment', 'cancelled')`;

/**
 * The counted orders of the range, one row each with the money it brought (`sale`), what went
 * back (`refunded`) and its UTC day. The range is a half-open interval of moments, so the
 * orders_created_idx index serves it.
 */
function countedOrders(range: SalesRange): SQL {
  return sql`counted AS (
    SELECT o.id, o.payment_method, o.coupon_code, o.coupon_id, o.discount_cents,
           o.total_after_discount_cents::bigint AS sale,
           coalesce((SELECT sum(r.amount_cents) FROM order_refunds r
                     WHERE r.order_id = o.id AND r.status = 'succeeded'), 0)::bigint AS refunded,
           (o.created_at AT TIME ZONE 'UTC')::date AS day
    FROM orders o
    WHERE o.created_at >= ${ts(dayStart(range.from))} AND o.created_at < ${ts(dayStart(addDays(range.to, 1)))}
      AND o.status NOT IN ${NOT_A_SALE})`;
}

/**
 * A sum in cents as a number: `pg` answers bigint as text and PGlite as a number. Past 2^53 cents
 * (90 trillion) a number would no longer be exact; no shop's year comes near.
 */
const cents = (value: string | number | null | undefined) => Number(value ?? 0);

/** The sales figures of a range, as one consistent reading (a repeatable-read snapshot). */
export async function salesFigures(ctx: CoreContext, actor: Staff, range: SalesRange): Promise<SalesFigures> {
  requireRole(actor, "manager");
  // Several statements, one snapshot: an order placed or refunded meanwhile shows in every figure
  // or in none, so the days always add up to the total.
  return ctx.db.transaction((tx) => readFigures(tx, range), {
    isolationLevel: "repeatable read",
    accessMode: "read only",
  });
}

async function readFigures(db: Executor, range: SalesRange): Promise<SalesFigures> {
  const counted = countedOrders(range);
  const [totals] = await queryRows<Record<string, string | number>>(
    db,
    sql`WITH ${counted}
        SELECT count(*)::int AS orders,
               coalesce(sum(sale), 0)::bigint AS sales,
               coalesce(sum(refunded), 0)::bigint AS refunds,
               coalesce(sum(sale - refunded), 0)::bigint AS revenue,
               count(*) FILTER (WHERE refunded > 0)::int AS refunded_orders,
               -- Half a cent rounds up (numeric rounds half away from zero; revenue is never negative).
               coalesce(round(sum(sale - refunded)::numeric / nullif(count(*), 0)), 0)::bigint AS average,
               count(*) FILTER (WHERE payment_method = 'cash_on_delivery')::int AS cash_orders,
               coalesce(sum(sale - refunded) FILTER (WHERE payment_method = 'cash_on_delivery'), 0)::bigint AS cash_revenue,
               count(*) FILTER (WHERE payment_method = 'credit_card')::int AS card_orders,
               coalesce(sum(sale - refunded) FILTER (WHERE payment_method = 'credit_card'), 0)::bigint AS card_revenue
        FROM counted`,
  );
  const byDay = await queryRows<{ date: string; revenue: string | number; orders: number }>(
    db,
    sql`WITH ${counted}
        SELECT d.day::date::text AS date, coalesce(sum(c.sale - c.refunded), 0)::bigint AS revenue,
               count(c.id)::int AS orders
        FROM generate_series(${range.from}::date, ${range.to}::date, interval '1 day') AS d(day)
        LEFT JOIN counted c ON c.day = d.day::date
        GROUP BY d.day ORDER BY d.day`,
  );
  const products = await queryRows<{ id: string; title: string; units: string; sales: string }>(
    db,
    sql`WITH ${counted}
        SELECT p.id, p.title, sum(i.quantity)::bigint AS units, sum(i.total_cents)::bigint AS sales
        FROM counted c JOIN order_items i ON i.order_id = c.id JOIN products p ON p.id = i.product_id
        GROUP BY p.id, p.title
        ORDER BY sales DESC, units DESC, p.title, p.id
        LIMIT ${TOP_LIMIT}`,
  );
  const categories = await queryRows<{ id: string; name: string; units: string; sales: string }>(
    db,
    sql`WITH ${counted}
        SELECT k.id, k.name, sum(i.quantity)::bigint AS units, sum(i.total_cents)::bigint AS sales
        FROM counted c JOIN order_items i ON i.order_id = c.id JOIN products p ON p.id = i.product_id
          JOIN categories k ON k.id = p.category_id
        GROUP BY k.id, k.name
        ORDER BY sales DESC, units DESC, k.name, k.id
        LIMIT ${TOP_LIMIT}`,
  );
  // By the code the order kept: a coupon deleted since (coupon_id set to null) is still named.
  const coupons = await queryRows<{ code: string; coupon_id: string | null; uses: number; discount: string }>(
    db,
    sql`WITH ${counted}
        SELECT coupon_code AS code, max(coupon_id) AS coupon_id, count(*)::int AS uses,
               sum(discount_cents)::bigint AS discount
        FROM counted WHERE coupon_code IS NOT NULL
        GROUP BY coupon_code
        ORDER BY uses DESC, discount DESC, coupon_code`,
  );
  const t = totals ?? {};
  return {
    range,
    revenueCents: cents(t.revenue),
    salesCents: cents(t.sales),
    refundsCents: cents(t.refunds),
    refundedOrders: cents(t.refunded_orders),
    orders: cents(t.orders),
    averageOrderCents: cents(t.average),
    cashOnDelivery: { orders: cents(t.cash_orders), revenueCents: cents(t.cash_revenue) },
    creditCard: { orders: cents(t.card_orders), revenueCents: cents(t.card_revenue) },
    byDay: byDay.map((d) => ({ date: d.date, revenueCents: cents(d.revenue), orders: d.orders })),
    topProducts: products.map((p) => ({
      productId: p.id,
      title: p.title,
      units: cents(p.units),
      salesCents: cents(p.sales),
    })),
    topCategories: categories.map((k) => ({
      categoryId: k.id,
      name: k.name,
      units: cents(k.units),
      salesCents: cents(k.sales),
    })),
    coupons: coupons.map((c) => ({
      code: c.code,
      couponId: c.coupon_id,
      uses: c.uses,
      discountCents: cents(c.discount),
    })),
  };
}
