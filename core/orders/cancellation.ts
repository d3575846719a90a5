import { sql } from "drizzle-orm";
import type { OrderStatus } from "#contract/shopping.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { ID_PATTERN } from "#db/ids.ts";
import { ts } from "#db/sql.ts";
import type { CoreContext } from "../context.ts";
import { releaseCouponUse } from "../coupons/coupons.ts";
import { lockCart, putBackInCart } from "../stock/holds.ts";
import { lockStockRows } from "../stock/locks.ts";
import { announceOrder } from "./order-announcements.ts";
import { ORDER_COLUMNS, type OrderRow, orderMoves, recordStatus } from "./order-records.ts";
import { moveOrderStock } from "./sales.ts";

/** Locks an order row for a status change. */
export async function lockOrder(db: Executor, where: { id?: string; provider?: string; sessionId?: string }) {
  const condition = where.id
    ? sql`o.id = ${where.id}`
    : sql`o.payment_provider = ${where.provider ?? ""} AND o.payment_session_id = ${where.sessionId ?? ""}`;
  const [row] = await queryRows<OrderRow>(
    db,
    sql`SELECT ${ORDER_COLUMNS} FROM orders o WHERE ${condition} FOR UPDATE OF o`,
  );
  return row;
}

/**
 * Cancels an unpaid card order inside the caller's transaction (which holds the order's lock): its
 * stock goes back on the shelf, its coupon use is given back, and its items return to the customer's
 * cart as lapsed lines (held again on the next cart read when stock allows). Any other status is left
 * alone; returns whether it cancelled.
 */
export async function cancelLockedOrder(
  ctx: CoreContext,
  db: Executor,
  order: OrderRow,
  now: Date,
  reason: string,
): Promise<boolean> {
  if (order.status !== "pending_payment") return false;
  const moves = await orderMoves(db, order.id);
  // In the order a checkout takes its locks (cart, then stock), since the items go back into the
  // customer's cart: otherwise a checkout holding the cart's lines and waiting for this stock would
  // deadlock with this cancellation waiting for those lines.
  await lockCart(db, order.customer_id, now);
  await lockStockRows(db, moves);
  await db.execute(sql`UPDATE orders SET status = 'cancelled', updated_at = ${ts(now)}
    WHERE id = ${order.id}`);
  await recordStatus(db, order.id, "cancelled", now, reason);
  await moveOrderStock(db, moves, -1);
  if (order.coupon_id) await releaseCouponUse(db, order.coupon_id);
  await putBackInCart(db, order.customer_id, moves, now);
  await announceOrder(db, ctx, order.id, "order.cancelled");
  return true;
}

/**
 * Cancels one unpaid card order (its own transaction), then closes its payment page. Returns the
 * order's status as the transaction left it (`cancelled`, or the status that kept it from being
 * cancelled), or null when there is no such order (of `customerId`, when given).
 */
export async function cancelOrder(
  ctx: CoreContext,
  orderId: string,
  options: { reason: string; customerId?: string },
): Promise<OrderStatus | null> {
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, { id: orderId });
    if (!order || (options.customerId && order.customer_id !== options.customerId)) return null;
    return { order, cancelled: await cancelLockedOrder(ctx, tx, order, now, options.reason) };
  });
  if (!outcome) return null;
  const { order, cancelled } = outcome;
  if (cancelled && order.payment_session_id && order.payment_provider === ctx.payments.name) {
    await ctx.payments.expireCheckoutSession(order.payment_session_id).catch(() => {});
  }
  return cancelled ? "cancelled" : order.status;
}

/**
 * The shopper asked to cancel their unpaid card order (a same-origin post from its order page or the
 * cart page, docs/decisions/033-a-way-back-to-payment.md): it is cancelled and its items are back in the cart. True when that
 * order of theirs is (now) cancelled, so a repeated post still says so.
 */
export async function cancelPayment(ctx: CoreContext, customerId: string, orderId: string): Promise<boolean> {
  if (!ID_PATTERN.test(orderId)) return false;
  const status = await cancelOrder(ctx, orderId, {
    reason: "The customer cancelled the payment.",
    customerId,
  });
  return status === "cancelled";
}

/**
 * Cancels card orders whose payment window has closed (all, or one customer's), releasing their
 * stock. Run by a periodic sweep and before a customer's cart or orders are read (getCart,
 * listOrders, getOrder). Instances may pick the same order: each cancellation locks it and checks its
 * status again, so it is cancelled once.
 */
export async function expireUnpaidOrders(
  ctx: CoreContext,
  options: { customerId?: string } = {},
): Promise<void> {
  const now = ctx.now();
  // The oldest 100 a run: a backlog is worked off by the next runs instead of in one long one.
  const due = await queryRows<{ id: string }>(
    ctx.db,
    sql`SELECT id FROM orders WHERE status = 'pending_payment' AND payment_expires_at <= ${ts(now)}
        ${options.customerId ? sql`AND customer_id = ${options.customerId}` : sql``}
        ORDER BY payment_expires_at LIMIT 100`,
  );
  for (const { id } of due) await cancelOrder(ctx, id, { reason: "The payment did not arrive in time." });
}
