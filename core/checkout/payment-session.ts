import { paymentReturnPaths } from "#contract/shopping.ts";
import { itemLabel } from "../cart/items.ts";
import type { CheckoutSessionRequest } from "../ports/payments.ts";

/** One line the payment page lists, as a cart line or an order item gives it. */
export interface PayableLine {
  title: string;
  size: string | null;
  imageCover: string | null;
  unitPriceCents: number;
  quantity: number;
}

/** What a payment page charges for one order: its lines, then its tax, shipping and discount. */
export interface PayableOrder {
  orderId: string;
  orderNumber: number;
  customerEmail: string;
  lines: PayableLine[];
  taxCents: number;
  shippingCents: number;
  discountCents: number;
  totalAfterDiscountCents: number;
  /** When the order's payment window closes. */
  paymentDeadline: Date;
}

/**
 * The provider's request for one order's payment page: the same for the checkout that opens the first
 * page and for a shopper back to pay who needs a new one (core/checkout/resume-payment.ts), so both
 * charge exactly the order's total (docs/decisions/033-a-way-back-to-payment.md).
 */
export function sessionRequest(
  order: PayableOrder,
  options: { origin: string; idempotencyKey: string; createdAt: Date },
): CheckoutSessionRequest {
  const absolute = (path: string) => new URL(path, options.origin).toString();
  const back = paymentReturnPaths(order.orderId);
  return {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    customerEmail: order.customerEmail,
    currency: "usd",
    lineItems: [
      ...order.lines.map((line) => ({
        name: itemLabel(line),
        imageUrl: line.imageCover ? absolute(line.imageCover) : undefined,
        unitAmountCents: line.unitPriceCents,
        quantity: line.quantity,
      })),
      ...(order.taxCents > 0 ? [{ name: "Tax", unitAmountCents: order.taxCents, quantity: 1 }] : []),
      ...(order.shippingCents > 0
        ? [{ name: "Shipping", unitAmountCents: order.shippingCents, quantity: 1 }]
        : []),
    ],
    discountCents: order.discountCents,
    amountCents: order.totalAfterDiscountCents,
    successUrl: absolute(back.success),
    cancelUrl: absolute(back.cancel),
    expiresAt: order.paymentDeadline,
    createdAt: options.createdAt,
    idempotencyKey: options.idempotencyKey,
  };
}
