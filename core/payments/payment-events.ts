import { sql } from "drizzle-orm";
import type { OrderStatus } from "#contract/shopping.ts";
import { queryRows } from "#db/client.ts";
import { ts } from "#db/sql.ts";
import type { CoreContext } from "../context.ts";
import { DomainError } from "../errors.ts";
import { cancelLockedOrder, lockOrder } from "../orders/cancellation.ts";
import { announceOrder } from "../orders/order-announcements.ts";
import { type OrderRow, orderMoves, recordStatus } from "../orders/order-records.ts";
import { countSold, moveOrderStock } from "../orders/sales.ts";
import type { PaymentProviderName } from "../ports/payments.ts";
import { deleteLines, lockCart } from "../stock/holds.ts";
import { lockStock, stockKey } from "../stock/locks.ts";

/** A provider's word about a checkout session, already authenticated by the adapter (a signature). */
export interface PaymentEvent {
  provider: PaymentProviderName;
  /** The provider's event id: the same event delivered twice is handled once. */
  eventId: string;
  /** `async_payment_succeeded`: a delayed payment method's money arrived after the page completed. */
  type:
    | "checkout.session.completed"
    | "checkout.session.async_payment_succeeded"
    | "checkout.session.expired";
  sessionId: string;
  /** The order id the session carries in its metadata (found by session id when absent). */
  orderId?: string;
  /** For `completed`: whether the money arrived (a delayed payment method completes unpaid). */
  paid?: boolean;
}

/** Whether this order opened the event's session: an order id alone never pays an order. */
function opened(order: OrderRow, event: PaymentEvent): boolean {
  return order.payment_provider === event.provider && order.payment_session_id === event.sessionId;
}

export interface PaymentEventOutcome {
  /** False for an event seen before. */
  handled: boolean;
  orderId: string | null;
  status: OrderStatus | null;
}

/**
 * The one path by which a card order becomes `paid` (or lapses): Stripe's webhook and the built-in
 * test checkout both come here. Exactly once per event (the event id's row in `payment_events`), and
 * idempotent per order besides (only a `pending_payment` order changes), so duplicated, replayed and
 * reordered deliveries pay each order once.
 */
export async function handlePaymentEvent(
  ctx: CoreContext,
  event: PaymentEvent,
): Promise<PaymentEventOutcome> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    let order = await lockOrder(
      tx,
      event.orderId ? { id: event.orderId } : { provider: event.provider, sessionId: event.sessionId },
    );
    if (order && !opened(order, event)) {
      // The session is recorded just after the provider opened it (core/checkout/checkout.ts): an
      // event that overtakes that write is refused so the provider delivers it again.
      if (order.status === "pending_payment" && order.payment_session_id === null) {
        throw new DomainError("unavailable", "The order's payment session is not recorded yet.");
      }
      // The order id named a different order than the one that opened this session: the event
      // pays and cancels nothing (docs/decisions/014-orders-and-payments.md).
      order = undefined;
    }
    const fresh = await queryRows(
      tx,
      sql`INSERT INTO payment_events (provider, event_id, type, order_id, received_at)
          VALUES (${event.provider}, ${event.eventId}, ${event.type}, ${order?.id ?? null}, ${ts(now)})
          ON CONFLICT DO NOTHING RETURNING event_id`,
    );
    if (fresh.length === 0)
      return { handled: false, orderId: order?.id ?? null, status: order?.status ?? null };
    if (!order) return { handled: true, orderId: null, status: null };

    const outcome = (status: OrderStatus) => ({ handled: true, orderId: order.id, status });

    if (event.type === "checkout.session.expired") {
      const cancelled = await cancelLockedOrder(
        ctx,
        tx,
        order,
        now,
        "The payment page expired before payment.",
      );
      return outcome(cancelled ? "cancelled" : order.status);
    }
    // A delayed payment method completed the page without the money: its own event follows.
    if (!event.paid) return outcome(order.status);

    const items = await orderMoves(tx, order.id);
    let note: string | undefined;
    if (order.status === "cancelled" && order.paid_at === null && order.payment_method === "credit_card") {
      // Paid after the window closed and the stock went back: take it again if it is still there,
      // else the order stays cancelled and the payment is due back (the note says so). The cart
      // first, as a checkout locks them: the items are taken back out of the customer's cart.
      await lockCart(tx, order.customer_id, now);
      const free = await lockStock(tx, items, order.customer_id, now);
      if (items.some((m) => m.quantity > (free.get(stockKey(m)) ?? 0))) {
        await recordStatus(
          tx,
          order.id,
          "cancelled",
          now,
          "Payment received after cancellation: refund due.",
        );
        return outcome("cancelled");
      }
      await moveOrderStock(tx, items, 1);
      await deleteLines(tx, order.customer_id, items);
      note = "Paid after the payment window closed.";
    } else if (order.status !== "pending_payment") {
      return outcome(order.status);
    }
    await tx.execute(sql`UPDATE orders SET status = 'paid', paid_at = ${ts(now)},
      updated_at = ${ts(now)} WHERE id = ${order.id}`);
    await recordStatus(tx, order.id, "paid", now, note);
    await countSold(tx, items, 1);
    await announceOrder(tx, ctx, order.id, "order.paid");
    return outcome("paid");
  });
}
