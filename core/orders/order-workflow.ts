import { sql } from "drizzle-orm";
import { ORDER_STATUS_LABELS, type Order, type OrderStatus, type PaymentMethod } from "#contract/shopping.ts";
import { CARRIER_REQUIRED, TRACKING_NUMBER_REQUIRED } from "#contract/staff-orders.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { ID_PATTERN } from "#db/ids.ts";
import { ts } from "#db/sql.ts";
import { recordAudit } from "../audit/audit-log.ts";
import type { CoreContext } from "../context.ts";
import { releaseCouponUse } from "../coupons/coupons.ts";
import { conflict, DomainError, invalidField, notFound } from "../errors.ts";
import type { OrderEventType } from "../shared/order-event.ts";
import { requireRole, type Staff } from "../shared/staff-roles.ts";
import { lockStockRows } from "../stock/locks.ts";
import { cancelLockedOrder, lockOrder } from "./cancellation.ts";
import { announceOrder } from "./order-announcements.ts";
import { ORDER_COLUMNS, type OrderRow, orderMoves, recordStatus, toOrders } from "./order-records.ts";
import { countSold, moveOrderStock } from "./sales.ts";

// The order workflow (docs/back-office/orders.md): every status an order may move to from each
// status, written once. A move locks the order's row, checks the table, changes the order and its
// stock, appends to the timeline and queues the messages, all in one transaction; the same move
// twice changes and sends nothing.

/** The moves the table allows, by the order's current status. */
export const ORDER_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  // A card order becomes `paid` only through its payment provider (core/payments/payment-events.ts).
  pending_payment: ["paid", "cancelled"],
  paid: ["processing", "cancelled"],
  placed: ["processing", "cancelled"],
  processing: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: ["returned"],
  cancelled: [],
  returned: [],
};

/** Statuses only a payment provider's confirmation moves an order to. */
const PROVIDER_ONLY: ReadonlySet<OrderStatus> = new Set(["paid"]);

/** What each move announces (mail, texts, webhooks). */
const EVENTS: Partial<Record<OrderStatus, OrderEventType>> = {
  processing: "order.processing",
  shipped: "order.shipped",
  delivered: "order.delivered",
  cancelled: "order.cancelled",
  returned: "order.returned",
};

/** Who moves an order: staff from the back office, or the customer cancelling their own. */
export type OrderActor = { kind: "staff"; staff: Staff } | { kind: "customer"; customerId: string };

export interface OrderMove {
  to: OrderStatus;
  carrier?: string;
  trackingNumber?: string;
  trackingUrl?: string;
  note?: string;
}

export interface OrderMoveResult {
  /** False when the order already was where the move leads: nothing was changed or sent. */
  changed: boolean;
  order: Order;
}

/** The moves a staff member may offer as buttons for an order in this status. */
export function staffMoves(status: OrderStatus): OrderStatus[] {
  return ORDER_MOVES[status].filter((to) => !PROVIDER_ONLY.has(to));
}

/** Why a customer's cancellation comes too late, by status (the rest: "it is being prepared."). */
const CANCEL_TOO_LATE: Partial<Record<OrderStatus, string>> = {
  shipped: "it has been shipped.",
  delivered: "it has been delivered.",
  returned: "it has been returned.",
};

/** Statuses in which a customer may cancel their own order. */
export const CUSTOMER_CANCELLABLE: ReadonlySet<OrderStatus> = new Set(["placed", "pending_payment"]);

/** The label a staff member reads for a move ("Mark collected" for a cash order's delivery). */
export function moveLabel(to: OrderStatus, paymentMethod: PaymentMethod): string {
  if (to === "delivered" && paymentMethod === "cash_on_delivery") return "Mark collected";
  if (to === "cancelled") return "Cancel order";
  return `Mark ${ORDER_STATUS_LABELS[to].toLowerCase()}`;
}

const refusal = (from: OrderStatus, to: OrderStatus) =>
  conflict(
    `An order that is ${ORDER_STATUS_LABELS[from].toLowerCase()} cannot be ${
      to === "cancelled" ? "cancelled" : `marked ${ORDER_STATUS_LABELS[to].toLowerCase()}`
    }.`,
    "to",
  );

/**
 * Moves one order (its own transaction). Refuses a move the table does not allow (409, naming the
 * two statuses), `paid` (the provider's to make), a shipment without its carrier and tracking
 * number (400), and a customer's move other than cancelling their own placed or unpaid order.
 */
export async function moveOrder(
  ctx: CoreContext,
  actor: OrderActor,
  orderId: string,
  move: OrderMove,
): Promise<OrderMoveResult> {
  if (actor.kind === "staff") requireRole(actor.staff, "manager");
  if (!ID_PATTERN.test(orderId)) throw notFound(`No order for this ID: ${orderId.slice(0, 100)}.`);
  if (move.to === "shipped") {
    if (!move.carrier?.trim()) throw invalidField("carrier", CARRIER_REQUIRED);
    if (!move.trackingNumber?.trim()) throw invalidField("trackingNumber", TRACKING_NUMBER_REQUIRED);
  }
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, { id: orderId });
    if (!order || (actor.kind === "customer" && order.customer_id !== actor.customerId)) {
      throw notFound(`No order for this ID: ${orderId}.`);
    }
    if (order.status === move.to) return { changed: false, order };
    if (actor.kind === "customer") {
      if (move.to !== "cancelled") throw new DomainError("forbidden", "Only the shop moves an order.");
      if (!CUSTOMER_CANCELLABLE.has(order.status))
        throw conflict(
          `This order can no longer be cancelled: ${CANCEL_TOO_LATE[order.status] ?? "it is being prepared."}`,
          "to",
        );
    }
    if (!ORDER_MOVES[order.status].includes(move.to)) throw refusal(order.status, move.to);
    if (PROVIDER_ONLY.has(move.to))
      throw conflict("A card order is marked paid when its payment provider confirms the payment.", "to");
    const actorId = actor.kind === "staff" ? actor.staff.id : undefined;
    const announced = await applyMove(ctx, tx, order, move, now, actorId, actor.kind === "customer");
    const event = EVENTS[move.to];
    if (event && !announced) await announceOrder(tx, ctx, order.id, event);
    if (actor.kind === "staff") {
      await recordAudit(tx, actor.staff, {
        action: `order.${move.to}`,
        entity: "order",
        entityId: order.id,
        before: { status: order.status },
        after: {
          status: move.to,
          ...(move.to === "shipped"
            ? {
                carrier: move.carrier,
                trackingNumber: move.trackingNumber,
                trackingUrl: move.trackingUrl ?? null,
              }
            : {}),
        },
        at: now,
      });
    }
    return { changed: true, order };
  });
  // A cancelled card order's payment page must take no payment any more (best effort, after commit).
  const { order } = outcome;
  if (
    outcome.changed &&
    move.to === "cancelled" &&
    order.status === "pending_payment" &&
    order.payment_session_id &&
    order.payment_provider === ctx.payments.name
  ) {
    await ctx.payments.expireCheckoutSession(order.payment_session_id).catch(() => {});
  }
  const rows = await queryRows<OrderRow>(
    ctx.db,
    sql`SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id = ${order.id}`,
  );
  const [fresh] = await toOrders(ctx.db, rows);
  return { changed: outcome.changed, order: fresh! };
}

/**
 * The move's own changes, the order's row locked by the caller. True when it already announced
 * the change (an unpaid order's cancellation does, core/orders/cancellation.ts).
 */
async function applyMove(
  ctx: CoreContext,
  tx: Executor,
  order: OrderRow,
  move: OrderMove,
  now: Date,
  actorId: string | undefined,
  byCustomer: boolean,
): Promise<boolean> {
  const note = move.note?.trim() || undefined;
  switch (move.to) {
    case "cancelled": {
      if (order.status === "pending_payment") {
        // An unpaid card order: its items go back to the customer's cart as well (decision 033).
        const reason = note ?? (byCustomer ? "The customer cancelled the order." : "Cancelled by the shop.");
        await cancelLockedOrder(ctx, tx, order, now, reason);
        if (actorId) {
          await tx.execute(sql`UPDATE order_status_history SET actor_id = ${actorId}
            WHERE id = (SELECT max(id) FROM order_status_history WHERE order_id = ${order.id})`);
        }
        return true;
      }
      const moves = await orderMoves(tx, order.id);
      await lockStockRows(tx, moves);
      await setStatus(tx, order.id, "cancelled", now);
      await moveOrderStock(tx, moves, -1);
      await countSold(tx, moves, -1);
      if (order.coupon_id) await releaseCouponUse(tx, order.coupon_id);
      await recordStatus(
        tx,
        order.id,
        "cancelled",
        now,
        note ?? (byCustomer ? "The customer cancelled the order." : undefined),
        actorId,
      );
      return false;
    }
    case "shipped": {
      await tx.execute(sql`UPDATE orders SET status = 'shipped', carrier = ${move.carrier!.trim()},
        tracking_number = ${move.trackingNumber!.trim()}, tracking_url = ${move.trackingUrl?.trim() || null},
        updated_at = ${ts(now)} WHERE id = ${order.id}`);
      await recordStatus(tx, order.id, "shipped", now, note, actorId);
      return false;
    }
    case "delivered": {
      // A cash order's delivery is its payment: the courier collected it.
      await tx.execute(sql`UPDATE orders SET status = 'delivered', updated_at = ${ts(now)},
        paid_at = CASE WHEN payment_method = 'cash_on_delivery' AND paid_at IS NULL THEN ${ts(now)} ELSE paid_at END
        WHERE id = ${order.id}`);
      await recordStatus(
        tx,
        order.id,
        "delivered",
        now,
        note ?? (order.payment_method === "cash_on_delivery" ? "Payment collected on delivery." : undefined),
        actorId,
      );
      return false;
    }
    case "returned": {
      // The operator marks it returned once the parcel is back: its units go back on the shelf.
      const moves = await orderMoves(tx, order.id);
      await lockStockRows(tx, moves);
      await setStatus(tx, order.id, "returned", now);
      await moveOrderStock(tx, moves, -1);
      await countSold(tx, moves, -1);
      await recordStatus(tx, order.id, "returned", now, note, actorId);
      return false;
    }
    default: {
      await setStatus(tx, order.id, move.to, now);
      await recordStatus(tx, order.id, move.to, now, note, actorId);
      return false;
    }
  }
}

async function setStatus(tx: Executor, orderId: string, status: OrderStatus, now: Date): Promise<void> {
  await tx.execute(sql`UPDATE orders SET status = ${status}, updated_at = ${ts(now)} WHERE id = ${orderId}`);
}
