import type { Order } from "#contract/shopping.ts";

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
