import { formatPrice } from "#contract/money-format.ts";
import type { Order } from "#contract/shopping.ts";
import { trackingLink } from "./order-links.ts";

// The texts (SMS) an order sends to its customer's verified phone: when it ships (with the tracking
// link) and when it is delivered (docs/back-office/notifications.md). Short, plain, signed with the
// shop's name; the mail says the rest.

export type TextedEvent = "order.shipped" | "order.delivered";

export function orderText(kind: TextedEvent, order: Order, shopName: string): string {
  if (kind === "order.shipped") {
    const shipment = order.shipment;
    const tracking = trackingLink(shipment?.trackingUrl);
    const via = shipment ? ` with ${shipment.carrier}, tracking number ${shipment.trackingNumber}` : "";
    return `${shopName}: order #${order.number} has shipped${via}.${tracking ? ` Track it: ${tracking}` : ""}`;
  }
  const paid =
    order.paymentMethod === "cash_on_delivery"
      ? ` Paid on delivery: ${formatPrice(order.pricing.totalPriceAfterDiscount)}.`
      : "";
  return `${shopName}: order #${order.number} was delivered.${paid} Thank you!`;
}
