import Stripe from "stripe";
import type {
  CheckoutSessionRequest,
  CheckoutSessionState,
  PaymentProvider,
  ProviderRefund,
  ProviderRefundOutcome,
  ProviderRefundStatus,
} from "#core/ports/payments.ts";

/**
 * Stripe refuses an `expires_at` less than 30 minutes after it creates the session, and the order's
 * payment window is exactly 30 minutes, counted before the order's transaction, the trip to Stripe
 * and a retry. The session gets this much more. Derived from the request alone, so a repeated request
 * is the same request (idempotency); the order's own window still decides (the expiry sweep cancels
 * the order and expires the session; a payment in between is a late payment).
 */
const EXPIRY_MARGIN_MS = 2 * 60_000;
/** Stripe's shortest session. A renewed page (core/checkout/resume-payment.ts) asks for less: it gets this. */
const STRIPE_MIN_SESSION_MS = 30 * 60_000;
/**
 * A shopper waits for these requests: the SDK's defaults (80 s, retried twice) could keep them four
 * minutes. One retry (under the same idempotency key, so never a second session) and 15 s each.
 */
const REQUEST_TIMEOUT_MS = 15_000;
const NETWORK_RETRIES = 1;

export interface StripePaymentsOptions {
  secretKey: string;
  /** Another address for Stripe's API (`http://127.0.0.1:PORT`): a stand-in for tests. */
  apiBaseUrl?: string;
  /** Where Stripe's refusals are logged (a pino logger); the shopper only hears that payment is unavailable. */
  logger?: { error(details: object, message: string): void };
}

/** The Stripe SDK client, pointed at `apiBaseUrl` when given. */
export function createStripeClient(options: Pick<StripePaymentsOptions, "secretKey" | "apiBaseUrl">) {
  const base = options.apiBaseUrl ? new URL(options.apiBaseUrl) : undefined;
  return new Stripe(options.secretKey, {
    timeout: REQUEST_TIMEOUT_MS,
    maxNetworkRetries: NETWORK_RETRIES,
    ...(base && {
      protocol: base.protocol === "http:" ? "http" : "https",
      host: base.hostname,
      port: base.port || (base.protocol === "http:" ? 80 : 443),
    }),
  });
}

/**
 * A Stripe refund's status as the shop counts it: `requires_action` is still under way, and a
 * `canceled` refund gave nothing back, as a `failed` one (docs/back-office/refunds.md#stripe).
 */
function refundStatusOf(status: string | null): ProviderRefundStatus {
  if (status === "succeeded") return "succeeded";
  if (status === "failed" || status === "canceled") return "failed";
  return "pending";
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** A Stripe refund in the port's words. */
export function providerRefundOf(refund: Stripe.Refund): ProviderRefund {
  const status = refundStatusOf(refund.status);
  return {
    providerRefundId: refund.id,
    amountCents: refund.amount,
    status,
    failureReason:
      status !== "failed"
        ? null
        : refund.status === "canceled"
          ? "The refund was cancelled in Stripe."
          : `Stripe could not refund: ${refund.failure_reason ?? "unknown"}.`,
    paymentId: idOf(refund.payment_intent),
    refundId: refund.metadata?.refundId || null,
    orderId: refund.metadata?.orderId || null,
  };
}

const outcomeOf = (refund: Stripe.Refund): ProviderRefundOutcome => {
  const { status, providerRefundId, failureReason } = providerRefundOf(refund);
  return { status, providerRefundId, failureReason };
};

/** Whole seconds since the epoch, as Stripe's timestamps are. */
const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * When the session stops taking payments: the order's deadline plus the margin, but never sooner than
 * Stripe's minimum after the request's `createdAt` (a page renewed late in the order's window outlives
 * it: the expiry sweep then cancels the order and expires the page, docs/decisions/033-a-way-back-to-payment.md).
 */
function expiryOf(request: CheckoutSessionRequest): Date {
  const wanted = request.expiresAt.getTime() + EXPIRY_MARGIN_MS;
  const shortest = request.createdAt.getTime() + STRIPE_MIN_SESSION_MS + EXPIRY_MARGIN_MS;
  return new Date(Math.max(wanted, shortest));
}

/**
 * Stripe Checkout (PAYMENT_PROVIDER=stripe): one hosted session per order, paid for through the
 * webhook (server/api/stripe-webhook.ts). Stripe is told the order's lines, tax and shipping as
 * they are; a coupon becomes a one-off Stripe coupon for the discount's exact cents, so the page
 * charges what the order says.
 */
export function createStripePayments(options: StripePaymentsOptions): PaymentProvider {
  const stripe = createStripeClient(options);

  function fail(what: string, request: CheckoutSessionRequest, error: unknown): never {
    options.logger?.error({ err: error, orderId: request.orderId }, `Stripe: ${what} failed`);
    // Not a DomainError: checkout answers 503 and cancels the order (core/checkout/checkout.ts).
    throw new Error(`Stripe: ${what} failed for order ${request.orderId}`, { cause: error });
  }

  return {
    name: "stripe",

    async createCheckoutSession(request) {
      const linesCents = request.lineItems.reduce((sum, l) => sum + l.unitAmountCents * l.quantity, 0);
      if (linesCents - request.discountCents !== request.amountCents) {
        // Charging a different sum than the order's would be worse than not opening the page.
        throw new Error(
          `Stripe: order ${request.orderId} lines (${linesCents}) minus discount (${request.discountCents}) are not its amount (${request.amountCents})`,
        );
      }

      let coupon: string | undefined;
      if (request.discountCents > 0) {
        try {
          const created = await stripe.coupons.create(
            {
              amount_off: request.discountCents,
              currency: request.currency,
              duration: "once",
              max_redemptions: 1,
              name: `Order #${request.orderNumber} discount`,
              metadata: { orderId: request.orderId },
            },
            { idempotencyKey: `${request.idempotencyKey}-coupon` },
          );
          coupon = created.id;
        } catch (error) {
          fail("creating the order's coupon", request, error);
        }
      }

      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: request.lineItems.map((line) => ({
              price_data: {
                currency: request.currency,
                unit_amount: line.unitAmountCents,
                product_data: { name: line.name, ...(line.imageUrl && { images: [line.imageUrl] }) },
              },
              quantity: line.quantity,
            })),
            ...(coupon && { discounts: [{ coupon }] }),
            metadata: { orderId: request.orderId, orderNumber: String(request.orderNumber) },
            client_reference_id: request.orderId,
            ...(request.customerEmail && { customer_email: request.customerEmail }),
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            expires_at: unixSeconds(expiryOf(request)),
          },
          { idempotencyKey: request.idempotencyKey },
        );
      } catch (error) {
        fail("creating the checkout session", request, error);
      }
      if (!session.url) fail("creating the checkout session", request, new Error(`${session.id} has no URL`));
      return { sessionId: session.id, url: session.url };
    },

    async retrieveCheckoutSession(sessionId) {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        const status: CheckoutSessionState["status"] =
          session.status === "open" ? "open" : session.status === "complete" ? "complete" : "expired";
        return { status, url: status === "open" ? session.url : null };
      } catch (error) {
        options.logger?.error({ err: error, sessionId }, "Stripe: retrieving the checkout session failed");
        // An unknown session (another account, deleted test data) takes no payment: a new page replaces it.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return { status: "expired", url: null };
        throw error;
      }
    },

    async refund(request) {
      const refused = (error: unknown, what: string): ProviderRefundOutcome => {
        options.logger?.error({ err: error, orderId: request.orderId, refundId: request.refundId }, what);
        const reason = error instanceof Error ? error.message : String(error);
        return {
          status: "failed",
          providerRefundId: null,
          failureReason: `Stripe refused the refund: ${reason}`,
        };
      };
      // Stripe refunds a payment intent; the order keeps the checkout session that made it.
      let paymentIntent: string | null;
      try {
        paymentIntent = idOf((await stripe.checkout.sessions.retrieve(request.sessionId)).payment_intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          return refused(error, "Stripe: the refunded order's checkout session is unknown");
        throw error;
      }
      if (!paymentIntent) {
        return {
          status: "failed",
          providerRefundId: null,
          failureReason: "Stripe holds no payment for this order's checkout session.",
        };
      }
      // Stripe forgets an idempotency key after 24 hours: a refund asked again later is looked for
      // by the id it carries before it is made.
      if (request.retry) {
        const made = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 });
        const mine = made.data.find((r) => r.metadata?.refundId === request.refundId);
        if (mine) return outcomeOf(mine);
      }
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: request.amountCents,
            metadata: { orderId: request.orderId, refundId: request.refundId },
          },
          { idempotencyKey: `refund-${request.refundId}` },
        );
        return outcomeOf(refund);
      } catch (error) {
        // A refusal (more than what is left, a disputed charge): nothing was given back. Anything
        // else (no answer, a 5xx, the same key still in flight) leaves the outcome unknown.
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          return refused(error, "Stripe: the refund was refused");
        options.logger?.error({ err: error, orderId: request.orderId }, "Stripe: refunding failed");
        throw error;
      }
    },

    async lookUpPayment(paymentId) {
      const [sessions, refunds] = await Promise.all([
        stripe.checkout.sessions.list({ payment_intent: paymentId, limit: 1 }),
        stripe.refunds.list({ payment_intent: paymentId, limit: 100 }),
      ]);
      return { sessionId: sessions.data[0]?.id ?? null, refunds: refunds.data.map(providerRefundOf) };
    },

    async expireCheckoutSession(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        // A session that is no longer open (expired, paid) or unknown has nothing left to close.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw error;
      }
    },
  };
}
