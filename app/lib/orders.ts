import type { Order } from "#contract/shopping.ts";

export const ORDERS_ROUTE = "/customer/orders";

/** The address of a page of the orders list. */
export const ordersPageUrl = (page: number) => `${ORDERS_ROUTE}?page=${page}`;

/**
 * The products of a customer's orders they have received, each with the id of their review of it,
 * or null: "Write a review" (docs/storefront/reviews-on-the-product-page.md#from-the-orders-page).
 */
export type ReviewableProducts = Record<string, string | null>;

/** One page of the customer's orders, as the orders list shows it. */
export interface OrdersPage {
  orders: Order[];
  numberOfPages: number;
  reviewable: ReviewableProducts;
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

/** The answer to one of the order page's posts, when it stays on the page. */
export interface OrderChangeAnswer {
  ok: boolean;
  message?: string;
  /** The order's items are back in the cart: the page offers the way there. */
  toCart?: boolean;
}

/** Whether the customer may still cancel the order themselves (core/orders/order-workflow.ts: CUSTOMER_CANCELLABLE). */
export function isCancellableByCustomer(order: Pick<Order, "status">): boolean {
  return order.status === "placed" || order.status === "pending_payment";
}

/**
 * A carrier's tracking address as a link may open it: http(s) only, so a `javascript:` or `data:`
 * address typed into the back office can never run in the shopper's page.
 */
export function trackingHref(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}
