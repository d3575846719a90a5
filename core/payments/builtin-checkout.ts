import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { paymentReturnPaths, type TestCardBody } from "#contract/shopping.ts";
import { queryRows } from "#db/client.ts";
import { newId } from "#db/ids.ts";
import type { CoreContext } from "../context.ts";
import { invalidField, notFound } from "../errors.ts";
import { getOrder } from "../orders/orders.ts";
import type { PaymentProvider } from "../ports/payments.ts";
import { handlePaymentEvent } from "./payment-events.ts";

/** The built-in test checkout's page (app/routes/checkout.test.$sessionId.tsx). */
export const TEST_CHECKOUT_PATH = "/checkout/test";
/** Stripe's test numbers, so a shopper who knows Stripe's test mode finds the same behaviour. */
export const TEST_CARD_PAYS = "4242424242424242";
export const TEST_CARD_DECLINED = "4000000000000002";

/**
 * The default payment provider: a hosted payment page served by the shop itself. Sessions need no
 * storage of their own: the order row carries the session id, and paying goes through the same
 * `handlePaymentEvent` a provider's webhook uses.
 */
export function createBuiltinPayments(): PaymentProvider {
  return {
    name: "builtin",
    async createCheckoutSession(request) {
      const sessionId = `cs_test_${randomBytes(16).toString("hex")}`;
      const url = new URL(`${TEST_CHECKOUT_PATH}/${sessionId}`, request.successUrl).toString();
      return { sessionId, url };
    },
    // The page reads the order's status: a cancelled order's page no longer takes payment.
    async expireCheckoutSession() {},
    // Its page takes payment as long as its order awaits it (checked by the page itself): it is open.
    async retrieveCheckoutSession(sessionId) {
      return { status: "open", url: `${TEST_CHECKOUT_PATH}/${sessionId}` };
    },
    // Test money comes back at once. The refund's id is made from the shop's own (its idempotency
    // key), so asking twice gives back once.
    async refund(request) {
      return { status: "succeeded", providerRefundId: `re_test_${request.refundId}`, failureReason: null };
    },
    // Nothing is refunded anywhere but here: there is nothing to reconcile.
    async lookUpPayment() {
      return { sessionId: null, refunds: [] };
    },
  };
}

async function orderForSession(ctx: CoreContext, sessionId: string) {
  const [row] = await queryRows<{ id: string; customer_id: string }>(
    ctx.db,
    sql`SELECT id, customer_id FROM orders WHERE payment_provider = 'builtin' AND payment_session_id = ${sessionId}`,
  );
  if (!row) throw notFound("This payment page does not exist or has been closed.");
  return row;
}

/** What the test checkout page shows: the order to pay, and where to go back to. */
export async function getTestCheckout(ctx: CoreContext, sessionId: string) {
  const row = await orderForSession(ctx, sessionId);
  const order = await getOrder(ctx, row.customer_id, row.id);
  const back = paymentReturnPaths(order._id);
  return { order, successUrl: back.success, cancelUrl: back.cancel };
}

/** Whether an `MM / YY` expiry (its shape checked by testCardBody) is this month or later. */
function isExpiryCurrent(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split("/").map((part) => Number(part.trim()));
  const end = new Date(Date.UTC(2000 + (year ?? 0), month ?? 0, 1));
  return end.getTime() > now.getTime();
}

/**
 * Pays with a test card: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, any other
 * number is refused with a hint. Returns where the shopper goes next.
 */
export async function payTestCheckout(ctx: CoreContext, sessionId: string, card: TestCardBody) {
  const { order, successUrl } = await getTestCheckout(ctx, sessionId);
  const cancelled = () => invalidField("cardNumber", "This order can no longer be paid: it was cancelled.");
  if (order.status !== "pending_payment") {
    if (order.isPaid) return { successUrl };
    throw cancelled();
  }
  if (!isExpiryCurrent(card.expiry, ctx.now())) throw invalidField("expiry", "Your card has expired.");
  if (card.cardNumber === TEST_CARD_DECLINED) throw invalidField("cardNumber", "Your card was declined.");
  if (card.cardNumber !== TEST_CARD_PAYS) {
    throw invalidField(
      "cardNumber",
      "This is a test checkout: pay with 4242 4242 4242 4242, or see a decline with 4000 0000 0000 0002.",
    );
  }
  const outcome = await handlePaymentEvent(ctx, {
    provider: "builtin",
    eventId: `evt_${newId()}`,
    type: "checkout.session.completed",
    sessionId,
    orderId: order._id,
    paid: true,
  });
  if (outcome.status !== "paid") throw cancelled();
  return { successUrl };
}
