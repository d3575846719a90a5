import type { Order } from "#contract/shopping.ts";

export const ORDERS_ROUTE = "/customer/orders";

/** The address of a page of the orders list. */
export const ordersPageUrl = (page: number) => `${ORDERS_ROUTE}?page=${page}`;

/** One page of the customer's orders, as the orders list shows it. */
export interface OrdersPage {
  orders: Order[];
  numberOfPages: number;
}

/**
 * What the thank-you notice says to a shopper back from the card payment page (?payment=success):
 * the payment is in, or still being confirmed (the provider's confirmation can land a moment after
 * the shopper does). Nothing for an order that is neither (cancelled meanwhile).
 */
export function paymentNotice(order: Pick<Order, "status" | "isPaid">): string | null {
  if (order.isPaid) return "Payment received";
  if (order.status === "pending_payment") return "We're confirming your payment";
  return null;
}

/**
 * Whether the shopper can still pay the order by card (docs/storefront/orders.md#awaiting-payment):
 * the one test behind every "Complete payment" offer; core re-checks the window when it is used.
 */
export function awaitsCardPayment(order: Pick<Order, "status" | "paymentMethod">): boolean {
  return order.status === "pending_payment" && order.paymentMethod === "credit_card";
}
