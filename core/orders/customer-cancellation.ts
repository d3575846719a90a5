import type { Order } from "#contract/shopping.ts";
import type { CoreContext } from "../context.ts";
import { conflict, DomainError } from "../errors.ts";
import { moveOrder } from "./order-workflow.ts";

// The customer cancelling their own order (docs/storefront/orders.md#cancelling-an-order): the
// workflow's own move, made by the customer (core/orders/order-workflow.ts allows it while the order
// is `placed` or `pending_payment`), so the stock, the coupon's use, the timeline and the messages
// follow the same rules as a cancellation by the shop.

export interface OwnCancellation {
  /** False when the order was cancelled already: nothing was changed or sent. */
  changed: boolean;
  order: Order;
  /**
   * Whether its items went back to the customer's cart: a card order cancelled while awaiting its
   * payment (docs/decisions/033-a-way-back-to-payment.md), as against a placed order, whose units
   * only go back on the shelf.
   */
  backInCart: boolean;
}

/**
 * Cancels one of the customer's orders while it is `placed` or awaiting its payment; again on a
 * cancelled order, it answers the order as it is. Another customer's order is not found (404); one
 * the shop has started preparing (or sent) is refused (409,
 * "This order can no longer be cancelled: it is being prepared.").
 */
export async function cancelOwnOrder(
  ctx: CoreContext,
  customerId: string,
  orderId: string,
): Promise<OwnCancellation> {
  const { changed, order } = await moveOrder(ctx, { kind: "customer", customerId }, orderId, {
    to: "cancelled",
  }).catch((error: unknown) => {
    // The workflow names its `to` field (a staff member's move has one); the customer sent no field.
    if (error instanceof DomainError && error.kind === "conflict") throw conflict(error.message);
    throw error;
  });
  return { changed, order, backInCart: cancelledUnpaid(order) };
}

/** Whether the order's cancellation came while it awaited its card payment (its timeline says so). */
function cancelledUnpaid(order: Order): boolean {
  const history = order.statusHistory;
  const at = history.findLastIndex((entry) => entry.status === "cancelled");
  return at > 0 && history[at - 1]!.status === "pending_payment";
}
