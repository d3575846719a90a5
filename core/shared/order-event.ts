import type { Order } from "#contract/shopping.ts";

// An order's change as what follows it sees it: the customer's mail and text (core/notifications)
// and the integrators' webhooks (core/webhooks), both queued by core/orders/order-announcements.ts
// in the change's own transaction.

export const ORDER_EVENT_TYPES = [
  "order.placed",
  "order.paid",
  "order.processing",
  "order.shipped",
  "order.delivered",
  "order.cancelled",
  "order.returned",
  "order.refunded",
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

export interface OrderEvent {
  type: OrderEventType;
  /** The order as its customer reads it after the change. */
  order: Order;
  customer: {
    id: string;
    name: string;
    email: string;
    /** A number of theirs they verified (the order's own when it is one), for texts; else null. */
    verifiedPhone: string | null;
  };
  /** For `order.refunded`: the refund this event is about. */
  refund?: { id: string; amountCents: number };
  at: Date;
}
