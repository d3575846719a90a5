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
  /**
   * Gives back part or all of what a session took (core/orders/refunds.ts). The same idempotency key
   * (the refund's own id) gives back once, however often it is asked. Resolves with the provider's
   * answer (a refusal is a `failed` outcome); rejects only when the outcome is unknown (the provider
   * did not answer), so the caller keeps the refund pending and may ask again.
   */
  refund(request: ProviderRefundRequest): Promise<ProviderRefundOutcome>;
  /**
   * What the provider holds of one payment (Stripe: a payment intent), for reconciling a refund
   * event that names only the payment (core/payments/refund-events.ts): the checkout session that
   * took it, and its refunds as they stand. The built-in checkout knows none.
   */
  lookUpPayment(paymentId: string): Promise<ProviderPayment>;
}

export interface ProviderRefundRequest {
  orderId: string;
  /** The checkout session that took the payment. */
  sessionId: string;
  amountCents: number;
  /** The refund's row id: the provider's idempotency key and the refund's metadata. */
  refundId: string;
  /** A second try of a refund whose first outcome is unknown: look for it before making it. */
  retry: boolean;
}

export type ProviderRefundStatus = "pending" | "succeeded" | "failed";

export interface ProviderRefundOutcome {
  status: ProviderRefundStatus;
  /** The provider's id of the refund; null when it refused to make one. */
  providerRefundId: string | null;
  /** Why it failed, as the provider says it. */
  failureReason: string | null;
}

/** A refund as the provider holds it. */
export interface ProviderRefund extends ProviderRefundOutcome {
  providerRefundId: string;
  amountCents: number;
  /** The payment it gives back (Stripe: the payment intent). */
  paymentId: string | null;
  /** Ours, from the refund's metadata, when the shop made it. */
  refundId: string | null;
  orderId: string | null;
}

export interface ProviderPayment {
  /** The checkout session that took the payment, when the provider knows it. */
  sessionId: string | null;
  refunds: ProviderRefund[];
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
