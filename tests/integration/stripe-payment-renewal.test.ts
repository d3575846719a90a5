import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { paymentSessionResponse } from "#contract/shopping.ts";
import { createStripeClient } from "#server/adapters/stripe-payments.ts";
import { call, createClock, createCustomer, expectContract, MINUTE } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { placeCardOrder, stockedItem, stockOnHand } from "../support/shopping.ts";
import { type StripeSession, startStripeStandIn } from "../support/stripe-stand-in.ts";
import { deliverStripeEvent, STRIPE_SECRET_KEY, stripeShopOptions } from "../support/stripe-webhook.ts";

// A shopper back to pay a card order (POST /customer/orders/{id}/payment-session, resumePayment in
// core/checkout/resume-payment.ts) with Stripe: the open session is reopened as it is; an expired one
// is replaced by a new session that becomes the order's in the same transaction, and from then on only
// the new session's events pay the order, exactly once (docs/decisions/033-a-way-back-to-payment.md).

const PHONE = "+212612345678";
const clock = createClock();
const standIn = await startStripeStandIn({ secretKey: STRIPE_SECRET_KEY, now: clock.now });
const shop = setUpTestShop(stripeShopOptions(standIn, clock.now));
/** Talks to the stand-in directly, as the Dashboard would. */
const stripe = createStripeClient({ secretKey: STRIPE_SECRET_KEY, apiBaseUrl: standIn.url });
afterAll(() => standIn.close());
beforeEach(() => clock.reset());

async function pendingOrder() {
  const customer = await createCustomer(shop, { phoneNumbers: [PHONE] });
  const item = await stockedItem(shop, { stock: 5, priceCents: 3000 });
  const placed = await placeCardOrder(shop, customer, [{ item, quantity: 2 }], { phone: PHONE });
  return { customer, item, ...placed };
}

const resume = (token: string, orderId: string) =>
  call(shop, "POST", `/customer/orders/${orderId}/payment-session`, { token });

async function orderRow(orderId: string) {
  const [row] = await shop.rows<{ status: string; payment_session_id: string; paid_at: unknown }>(
    sql`SELECT status, payment_session_id, paid_at FROM orders WHERE id = ${orderId}`,
  );
  return row!;
}

const sessionsCreated = () =>
  standIn.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions").length;

const statuses = async (orderId: string) =>
  (
    await shop.rows<{ status: string }>(
      sql`SELECT status FROM order_status_history WHERE order_id = ${orderId} ORDER BY created_at, id`,
    )
  ).map((r) => r.status);

describe("POST /api/v1/customer/orders/{orderId}/payment-session with Stripe", () => {
  it("reopens the session Stripe still keeps open: its URL, no new session", async () => {
    const { customer, orderId, sessionId } = await pendingOrder();
    const created = sessionsCreated();
    clock.advance(10 * MINUTE);
    const res = await resume(customer.token, orderId);
    expect(res.status).toBe(200);
    expectContract(paymentSessionResponse, res.body);
    expect(res.body).toEqual({ status: "reopened", url: standIn.session(sessionId)!.url });
    expect(sessionsCreated()).toBe(created);
    expect((await orderRow(orderId)).payment_session_id).toBe(sessionId);
  });

  it("replaces an expired session with a new one that alone pays the order, once", async () => {
    const { customer, item, orderId, sessionId: old } = await pendingOrder();
    await call(shop, "GET", "/customer/shopping-cart", { token: customer.token });
    clock.advance(20 * MINUTE);
    standIn.requests.length = 0;
    // Expired at Stripe (its Dashboard, say) before the order's window closed.
    const oldSession = standIn.session(old)!;
    await stripe.checkout.sessions.expire(old);
    expect(standIn.session(old)!.status).toBe("expired");

    const res = await resume(customer.token, orderId);
    expect(res.status).toBe(200);
    expectContract(paymentSessionResponse, res.body);
    expect(res.body.status).toBe("created");
    const renewed = (await orderRow(orderId)).payment_session_id;
    expect(renewed).not.toBe(old);
    const session = standIn.session(renewed)!;
    expect(res.body.url).toBe(session.url);
    // Same lines and total as the first page; at least Stripe's 30 minutes although the order's
    // window has 10 left; the order's metadata.
    expect(session.amount_total).toBe(oldSession.amount_total);
    expect(session.line_items).toEqual(oldSession.line_items);
    expect(session.metadata).toEqual(oldSession.metadata);
    expect(session.cancel_url).toBe(`http://localhost/customer/orders/${orderId}`);
    expect(session.expires_at - session.created).toBeGreaterThanOrEqual(30 * 60);

    // A second click finds the new page open: no third session.
    const again = await resume(customer.token, orderId);
    expect(again.body).toEqual({ status: "reopened", url: session.url });
    expect(sessionsCreated()).toBe(1);

    // The old session's expiry, arriving now, cancels nothing: it is no longer the order's session.
    const expiredEvent = standIn.event("checkout.session.expired", { ...oldSession, status: "expired" });
    expect((await deliverStripeEvent(shop, expiredEvent.payload)).status).toBe(200);
    expect((await orderRow(orderId)).status).toBe("pending_payment");

    // The new session pays the order.
    const paid = standIn.event("checkout.session.completed", standIn.completeSession(renewed));
    expect((await deliverStripeEvent(shop, paid.payload)).body).toEqual({ received: true, duplicate: false });
    expect((await orderRow(orderId)).status).toBe("paid");
    // An event naming the old session (as if it had been paid too) pays nothing a second time.
    const stale = standIn.event("checkout.session.completed", {
      ...oldSession,
      status: "complete",
      payment_status: "paid",
    } satisfies StripeSession);
    expect((await deliverStripeEvent(shop, stale.payload)).status).toBe(200);
    expect(await statuses(orderId)).toEqual(["pending_payment", "paid"]);
    expect(await stockOnHand(shop, item)).toBe(3);
    const sold = await shop.rows<{ sold: number }>(
      sql`SELECT sold FROM products WHERE id = ${item.productId}`,
    );
    expect(sold[0]!.sold).toBe(2);

    // Paid: no payment page any more.
    const after = await resume(customer.token, orderId);
    expect(after.status).toBe(409);
    expect(after.body.message).toBe("This order is paid already.");
  });

  it("answers 409 while a completed payment is being confirmed, and 503 when Stripe does not answer", async () => {
    const { customer, orderId, sessionId } = await pendingOrder();
    standIn.failWith("server-error");
    const down = await resume(customer.token, orderId);
    standIn.failWith(null);
    expect(down.status).toBe(503);
    expect((await orderRow(orderId)).status).toBe("pending_payment");

    standIn.completeSession(sessionId);
    const res = await resume(customer.token, orderId);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/being confirmed/);
  });
});
