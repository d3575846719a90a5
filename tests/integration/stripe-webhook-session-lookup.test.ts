import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { call, createClock, createCustomer, type TestCustomer } from "../support/accounts.ts";
import { createTestShop, setUpTestShop, type TestShop } from "../support/app.ts";
import { placeCardOrder, shoppingRows, stockedItem, stockOnHand } from "../support/shopping.ts";
import { type StripeSession, startStripeStandIn } from "../support/stripe-stand-in.ts";
import { deliverStripeEvent, STRIPE_SECRET_KEY, stripeShopOptions } from "../support/stripe-webhook.ts";

// The shop puts the order id in a session's metadata and client_reference_id, and the webhook uses
// it; a session that carries neither (one opened before the shop set them, or edited in Stripe's
// Dashboard) is found by its id, which the order row keeps (server/api/stripe-webhook.ts,
// lockOrder in core/orders/cancellation.ts). Only the order of that provider's session answers.

const PHONE = "+212612345678";
const clock = createClock();
const standIn = await startStripeStandIn({ secretKey: STRIPE_SECRET_KEY, now: clock.now });
const shop = setUpTestShop(stripeShopOptions(standIn, clock.now));
afterAll(() => standIn.close());
beforeEach(() => clock.reset());

/** A card order of 2 of a fresh item (5 on hand) placed through `through`, awaiting its payment. */
async function pendingOrder(through: TestShop = shop) {
  const customer = await createCustomer(shop, { phoneNumbers: [PHONE] });
  const item = await stockedItem(shop, { stock: 5, priceCents: 3000 });
  const placed = await placeCardOrder(through, customer, [{ item, quantity: 2 }], { phone: PHONE });
  return { customer, item, ...placed };
}

/** The session as Stripe would describe it without any word of the order. */
const anonymous = (session: StripeSession): StripeSession => ({
  ...session,
  metadata: {},
  client_reference_id: null,
});

async function readOrder(customer: TestCustomer, orderId: string) {
  const res = await call(shop, "GET", `/customer/orders/${orderId}`, { token: customer.token });
  expect(res.status).toBe(200);
  return res.body.data;
}

const eventRow = async (eventId: string) =>
  (
    await shop.rows<{ order_id: string | null; type: string }>(
      sql`SELECT order_id, type FROM payment_events WHERE event_id = ${eventId}`,
    )
  )[0];

describe("POST /api/v1/webhooks/stripe: an event without the order id", () => {
  it("marks the order of the paid session paid, found by the session id", async () => {
    const { customer, item, orderId, sessionId } = await pendingOrder();
    const event = standIn.event("checkout.session.completed", anonymous(standIn.completeSession(sessionId)));
    expect(JSON.parse(event.payload).data.object).toMatchObject({ metadata: {}, client_reference_id: null });

    const res = await deliverStripeEvent(shop, event.payload);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, duplicate: false });
    expect(await readOrder(customer, orderId)).toMatchObject({ status: "paid", isPaid: true });
    expect(await eventRow(event.id)).toEqual({ order_id: orderId, type: "checkout.session.completed" });
    expect(await stockOnHand(shop, item)).toBe(3);
  });

  it("cancels the order of the expired session, found by the session id: stock back, items back in the cart", async () => {
    const { customer, item, orderId, sessionId } = await pendingOrder();
    expect(await stockOnHand(shop, item)).toBe(3);
    const expired = { ...standIn.session(sessionId)!, status: "expired" as const, url: null };
    const event = standIn.event("checkout.session.expired", anonymous(expired));

    const res = await deliverStripeEvent(shop, event.payload);
    expect(res.body).toEqual({ received: true, duplicate: false });
    const order = await readOrder(customer, orderId);
    expect(order.status).toBe("cancelled");
    expect(order.statusHistory.at(-1).note).toBe("The payment page expired before payment.");
    expect(await stockOnHand(shop, item)).toBe(5);
    const cart = await call(shop, "GET", "/customer/shopping-cart", { token: customer.token });
    expect(cart.body.cartItems).toHaveLength(1);
    expect(cart.body.cartItems[0]).toMatchObject({ quantity: 2, size: item.size });
  });

  it("changes no order for a session id no Stripe order has, not even another provider's order with that id", async () => {
    // A card order paid on the built-in test checkout (a shop running with the default provider on
    // the same database): its session id is in `orders`, under provider `builtin`.
    const builtinShop = await createTestShop({ database: shop.database, now: clock.now });
    let builtin: Awaited<ReturnType<typeof pendingOrder>>;
    try {
      builtin = await pendingOrder(builtinShop);
    } finally {
      await builtinShop.close();
    }
    const { orderId: stripeOrderId, sessionId } = await pendingOrder();
    const before = await shoppingRows(shop);

    const template = anonymous(standIn.completeSession(sessionId));
    for (const id of [builtin.sessionId, "cs_test_no_such_session"]) {
      const event = standIn.event("checkout.session.completed", { ...template, id });
      const res = await deliverStripeEvent(shop, event.payload);
      expect(res.status, id).toBe(200);
      expect(res.body, id).toEqual({ received: true, duplicate: false });
      // Recorded, so a redelivery is known, but tied to no order.
      expect(await eventRow(event.id), id).toEqual({ order_id: null, type: "checkout.session.completed" });
    }
    expect(await shoppingRows(shop)).toEqual(before);
    expect((await readOrder(builtin.customer, builtin.orderId)).status).toBe("pending_payment");
    expect(await stockOnHand(shop, builtin.item)).toBe(3);
    const [stripeOrder] = await shop.rows<{ status: string }>(
      sql`SELECT status FROM orders WHERE id = ${stripeOrderId}`,
    );
    expect(stripeOrder!.status).toBe("pending_payment");
  });
});

describe("POST /api/v1/webhooks/stripe: an order id that names another order", () => {
  it("pays no order when the session is not the one the named order opened", async () => {
    const payer = await pendingOrder();
    const other = await pendingOrder();
    const before = await shoppingRows(shop);
    // The payer's paid session, carrying the other order's id (metadata and reference alike).
    const session = {
      ...standIn.completeSession(payer.sessionId),
      metadata: { orderId: other.orderId },
      client_reference_id: other.orderId,
    };
    const event = standIn.event("checkout.session.completed", session);

    const res = await deliverStripeEvent(shop, event.payload);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, duplicate: false });
    expect(await eventRow(event.id)).toEqual({ order_id: null, type: "checkout.session.completed" });
    expect((await readOrder(other.customer, other.orderId)).status).toBe("pending_payment");
    expect((await readOrder(payer.customer, payer.orderId)).status).toBe("pending_payment");
    expect(await shoppingRows(shop)).toEqual(before);
  });

  it("asks for the event again when it overtakes the recording of the order's session", async () => {
    const { customer, orderId, sessionId } = await pendingOrder();
    await shop.rows(sql`UPDATE orders SET payment_session_id = NULL WHERE id = ${orderId} RETURNING id`);
    const event = standIn.event("checkout.session.completed", standIn.completeSession(sessionId));

    const early = await deliverStripeEvent(shop, event.payload);
    expect(early.status).toBe(503);
    expect(await eventRow(event.id)).toBeUndefined();

    await shop.rows(
      sql`UPDATE orders SET payment_session_id = ${sessionId} WHERE id = ${orderId} RETURNING id`,
    );
    const again = await deliverStripeEvent(shop, event.payload);
    expect(again.body).toEqual({ received: true, duplicate: false });
    expect((await readOrder(customer, orderId)).status).toBe("paid");
  });
});
