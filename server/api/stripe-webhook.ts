import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import Stripe from "stripe";
import type { CoreContext } from "#core/context.ts";
import { invalid } from "#core/errors.ts";
import { handlePaymentEvent, type PaymentEvent } from "#core/payments/payment-events.ts";
import { handleRefundEvent, type RefundEvent } from "#core/payments/refund-events.ts";
import { providerRefundOf } from "#server/adapters/stripe-payments.ts";

/** Far above any checkout event Stripe sends (a few KB); the body is read whole for the signature. */
const MAX_EVENT_BYTES = 1024 * 1024;

/** What a Stripe event says about an order, or null for an event the shop does not act on. */
function paymentEventOf(event: Stripe.Event): PaymentEvent | null {
  const base = (session: Stripe.Checkout.Session) => ({
    provider: "stripe" as const,
    eventId: event.id,
    sessionId: session.id,
    // Set by server/adapters/stripe-payments.ts; the session id finds the order without it.
    orderId: session.metadata?.orderId || session.client_reference_id || undefined,
  });
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      // "unpaid": a delayed method (a bank debit) completed the page; its money is announced by
      // async_payment_succeeded. "no_payment_required": the total was zero.
      return { ...base(session), type: event.type, paid: session.payment_status !== "unpaid" };
    }
    case "checkout.session.async_payment_succeeded":
      return { ...base(event.data.object), type: event.type, paid: true };
    case "checkout.session.expired":
      return { ...base(event.data.object), type: event.type };
    default:
      return null;
  }
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/**
 * What a Stripe event says about refunds, or null for another event. A refund's own events carry
 * it; `charge.refunded` names the payment, whose refunds are looked up (a charge lists its refunds
 * only when expanded, docs/back-office/refunds.md#stripe).
 */
function refundEventOf(event: Stripe.Event): RefundEvent | null {
  const base = { provider: "stripe" as const, eventId: event.id, type: event.type };
  switch (event.type) {
    case "refund.created":
    case "refund.updated":
    case "refund.failed":
    case "charge.refund.updated": {
      const refund = event.data.object;
      return { ...base, paymentId: idOf(refund.payment_intent), refunds: [providerRefundOf(refund)] };
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const listed = charge.refunds?.data;
      return {
        ...base,
        paymentId: idOf(charge.payment_intent),
        refunds: listed && !charge.refunds?.has_more ? listed.map(providerRefundOf) : null,
      };
    }
    default:
      return null;
  }
}

/**
 * POST /api/v1/webhooks/stripe: Stripe's word that a checkout session was paid or expired, or that
 * a refund was made, went through or failed. The signature (STRIPE_WEBHOOK_SECRET) is the only
 * authentication: no session, no origin check. Every answer but a 2xx makes Stripe deliver again
 * (for up to three days), so a refused signature is a 400 that changes nothing, and a database
 * failure is a 500 (a refund that cannot be counted yet, a 503) to be retried.
 */
export function stripeWebhookRoutes(ctx: CoreContext, options: { webhookSecret: string }) {
  // Refused by its declared or streamed size before the body is buffered: this route is mounted
  // ahead of the per-IP rate limit.
  const sizeLimit = bodyLimit({
    maxSize: MAX_EVENT_BYTES,
    onError: () => {
      throw invalid("The webhook payload is too large.");
    },
  });
  return new Hono().post("/stripe", sizeLimit, async (c) => {
    // The signature covers the exact bytes Stripe sent: read them before anything parses them.
    const raw = await c.req.text();
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(
        raw,
        c.req.header("stripe-signature") ?? "",
        options.webhookSecret,
        undefined,
        undefined,
        // The signature's age (at most 5 minutes, against replays) is judged by the shop's clock.
        ctx.now().getTime(),
      );
    } catch (error) {
      const reason = error instanceof Error ? (error.message.split("\n")[0] ?? "").trim() : "";
      throw invalid(`Invalid Stripe webhook signature: ${reason}`);
    }

    const refundEvent = refundEventOf(event);
    if (refundEvent) {
      const outcome = await handleRefundEvent(ctx, refundEvent);
      return c.json({ received: true, duplicate: !outcome.handled });
    }
    const paymentEvent = paymentEventOf(event);
    if (!paymentEvent) return c.json({ received: true });
    const outcome = await handlePaymentEvent(ctx, paymentEvent);
    return c.json({ received: true, duplicate: !outcome.handled });
  });
}
