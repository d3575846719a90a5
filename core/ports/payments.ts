/**
 * A hosted card checkout (docs/architecture.md#ports). The built-in test checkout serves its payment page
 * on the shop itself; Stripe Checkout is the real one. Either way an order becomes `paid` only through
 * core/payments/payment-events.ts, the path a provider's confirmation takes.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Creates the hosted payment page for one order; the same idempotency key returns the same session. */
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>;
  /** Closes a session that must not be paid any more (its order was cancelled); best effort. */
  expireCheckoutSession(sessionId: string): Promise<void>;
  /**
   * Where a session stands, for a shopper who comes back to pay (core/payments/resume-payment.ts):
   * `open` with the page's URL (absolute, or relative to the shop's origin), `complete` once the
   * shopper paid (the confirmation follows), `expired` when it takes no payment any more.
   */
  retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionState>;
}

export interface CheckoutSessionState {
  status: "open" | "complete" | "expired";
  /** Where the shopper pays, while `open`. */
  url: string | null;
}

export type PaymentProviderName = "builtin" | "stripe";

export interface CheckoutSessionRequest {
  orderId: string;
  orderNumber: number;
  customerEmail: string;
  /** ISO 4217, lower case ("usd"). */
  currency: string;
  /** Products, then tax and shipping as their own lines, so the lines add up to the order's total. */
  lineItems: CheckoutLineItem[];
  /** The coupon's discount in cents, taken off the whole (0 when none). */
  discountCents: number;
  /** Cents the customer pays: Σ lines − discount. */
  amountCents: number;
  successUrl: string;
  cancelUrl: string;
  /** The session stops taking payments then (Stripe accepts 30 minutes to 24 hours ahead). */
  expiresAt: Date;
  /**
   * When the shop asked, on its clock: a provider with a shortest session (Stripe: 30 minutes) counts
   * from here, so a repeated request is the same request.
   */
  createdAt: Date;
  /** One per order (and per renewal): a retried request never opens a second session. */
  idempotencyKey: string;
}

export interface CheckoutLineItem {
  name: string;
  /** Absolute URL of the product image, when there is one. */
  imageUrl?: string;
  unitAmountCents: number;
  quantity: number;
}

export interface CheckoutSession {
  sessionId: string;
  /** Where the shopper pays. */
  url: string;
}
