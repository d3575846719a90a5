import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { PAYMENT_WINDOW_MINUTES } from "#core/checkout/checkout.ts";
import { call, createClock, createCustomer, MINUTE, type TestCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import {
  CHECKOUT_ADDRESS,
  itemBody,
  placeCardOrder,
  type StockedItem,
  shoppingRows,
  stockedItem,
  stockHeld,
  stockOnHand,
} from "../support/shopping.ts";
import { startStripeStandIn } from "../support/stripe-stand-in.ts";
import { deliverStripeEvent, STRIPE_SECRET_KEY, stripeShopOptions } from "../support/stripe-webhook.ts";

// A card payment that Stripe confirms after the shop has cancelled the order (its 30-minute window
// closed while the shopper was still paying): the late-payment path of core/payments/payment-events.ts
// (docs/decisions/014-orders-and-payments.md). The stock is taken again if it is still there and the
// order becomes paid; otherwise the order stays cancelled and its timeline says a refund is due.

const PHONE = "+212612345678";
const clock = createClock();
const standIn = await startStripeStandIn({ secretKey: STRIPE_SECRET_KEY, now: clock.now });
const shop = setUpTestShop(stripeShopOptions(standIn, clock.now));
afterAll(() => standIn.close());
beforeEach(() => clock.reset());

interface Line {
  stock: number;
  quantity: number;
  sized?: boolean;
}

async function addToCart(customer: TestCustomer, item: StockedItem, quantity: number) {
  const res = await call(shop, "POST", "/customer/shopping-cart", {
    token: customer.token,
    body: itemBody(item, quantity),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const readCart = (customer: TestCustomer) =>
  call(shop, "GET", "/customer/shopping-cart", { token: customer.token });

const readOrder = async (customer: TestCustomer, orderId: string) => {
  const res = await call(shop, "GET", `/customer/orders/${orderId}`, { token: customer.token });
  expect(res.status).toBe(200);
  return res.body.data;
};

const timeline = (order: { statusHistory: { status: string; note: string | null }[] }) =>
  order.statusHistory.map((h) => [h.status, h.note]);

async function sold(item: StockedItem): Promise<number> {
  const [row] = await shop.rows<{ sold: number }>(
    sql`SELECT sold FROM products WHERE id = ${item.productId}`,
  );
  return row!.sold;
}

/**
 * A card order of these lines whose payment window closed before any payment: cancelled when its
 * customer next looked at their orders, its stock back on the shelf and its items back in the cart.
 */
async function cancelledCardOrder(lines: Line[]) {
  const customer = await createCustomer(shop, { phoneNumbers: [PHONE] });
  const items: StockedItem[] = [];
  for (const line of lines) {
    items.push(await stockedItem(shop, { stock: line.stock, priceCents: 2000, sized: line.sized }));
  }
  const { orderId, sessionId } = await placeCardOrder(
    shop,
    customer,
    lines.map((line, i) => ({ item: items[i]!, quantity: line.quantity })),
    { phone: PHONE },
  );

  clock.advance((PAYMENT_WINDOW_MINUTES + 1) * MINUTE);
  expect((await call(shop, "GET", "/customer/orders", { token: customer.token })).status).toBe(200);
  expect((await readOrder(customer, orderId)).status).toBe("cancelled");
  for (const [i, line] of lines.entries()) expect(await stockOnHand(shop, items[i]!)).toBe(line.stock);
  return { customer, items, orderId, sessionId };
}

/** Stripe's word that the shopper paid the session after all (the page was still open on their side). */
function latePayment(sessionId: string) {
  const session = standIn.session(sessionId);
  expect(session).toBeDefined();
  return standIn.event("checkout.session.completed", {
    ...session!,
    status: "complete",
    payment_status: "paid",
  });
}

describe("POST /api/v1/webhooks/stripe: a payment for an order cancelled past its window", () => {
  it("takes the stock again and marks the order paid when the stock is still on the shelf", async () => {
    const { customer, items, orderId, sessionId } = await cancelledCardOrder([
      { stock: 5, quantity: 2 },
      { stock: 4, quantity: 1, sized: false },
    ]);
    const [shirt, cap] = items as [StockedItem, StockedItem];
    // The shopper sees the cancelled order's items back in the cart (held again by this read).
    const cart = await readCart(customer);
    expect(cart.body.numOfCartItems).toBe(2);
    expect(await stockHeld(shop, shirt)).toBe(2);
    const soldBefore = [await sold(shirt), await sold(cap)];

    const event = latePayment(sessionId);
    const res = await deliverStripeEvent(shop, event.payload);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, duplicate: false });

    const order = await readOrder(customer, orderId);
    expect(order).toMatchObject({ status: "paid", isPaid: true, paymentExpiresAt: null });
    expect(new Date(order.paidAt).getTime()).toBe(clock.now().getTime());
    expect(timeline(order)).toEqual([
      ["pending_payment", null],
      ["cancelled", "The payment did not arrive in time."],
      ["paid", "Paid after the payment window closed."],
    ]);
    // Off the shelf again, counted as sold, and out of the cart the cancellation had put them in.
    expect(await stockOnHand(shop, shirt)).toBe(3);
    expect(await stockOnHand(shop, cap)).toBe(3);
    expect([await sold(shirt), await sold(cap)]).toEqual([soldBefore[0]! + 2, soldBefore[1]! + 1]);
    const after = await readCart(customer);
    expect(after.body.numOfCartItems).toBe(0);
    expect(await stockHeld(shop, shirt)).toBe(0);

    // The same event delivered again takes nothing twice.
    const again = await deliverStripeEvent(shop, event.payload);
    expect(again.body).toEqual({ received: true, duplicate: true });
    expect(await stockOnHand(shop, shirt)).toBe(3);
    expect(timeline(await readOrder(customer, orderId))).toHaveLength(3);
  });

  it("keeps the order cancelled, takes nothing, and notes a refund is due when the stock has gone", async () => {
    const { customer, items, orderId, sessionId } = await cancelledCardOrder([
      { stock: 2, quantity: 2 },
      { stock: 5, quantity: 1 },
    ]);
    const [lastUnits, plenty] = items as [StockedItem, StockedItem];
    // Another shopper buys the units the cancellation put back on the shelf.
    const rival = await createCustomer(shop, { phoneNumbers: [PHONE] });
    await addToCart(rival, lastUnits, 2);
    const bought = await call(shop, "POST", "/customer/orders/cash-on-delivery", {
      token: rival.token,
      body: { phone: PHONE, ...CHECKOUT_ADDRESS },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(await stockOnHand(shop, lastUnits)).toBe(0);
    const before = await shoppingRows(shop);
    const soldBefore = [await sold(lastUnits), await sold(plenty)];

    const event = latePayment(sessionId);
    const res = await deliverStripeEvent(shop, event.payload);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, duplicate: false });

    const order = await readOrder(customer, orderId);
    expect(order).toMatchObject({ status: "cancelled", isPaid: false, paidAt: null });
    expect(timeline(order)).toEqual([
      ["pending_payment", null],
      ["cancelled", "The payment did not arrive in time."],
      ["cancelled", "Payment received after cancellation: refund due."],
    ]);
    // All or nothing: the item still on the shelf is not taken for an order that stays cancelled,
    // and the rival's order keeps its units.
    const after = await shoppingRows(shop);
    expect(after.sizeStock).toEqual(before.sizeStock);
    expect(after.productStock).toEqual(before.productStock);
    expect(after.holds).toEqual(before.holds);
    expect(after.orders).toEqual(before.orders);
    expect(after.coupons).toEqual(before.coupons);
    expect(after.history).toHaveLength(before.history.length + 1);
    expect(await stockOnHand(shop, plenty)).toBe(5);
    expect([await sold(lastUnits), await sold(plenty)]).toEqual(soldBefore);
    expect((await readOrder(rival, bought.body.order._id)).status).toBe("placed");
    const [recorded] = await shop.rows<{ order_id: string }>(
      sql`SELECT order_id FROM payment_events WHERE event_id = ${event.id}`,
    );
    expect(recorded).toEqual({ order_id: orderId });

    // The same event delivered again is acknowledged as a duplicate: no second note.
    const again = await deliverStripeEvent(shop, event.payload);
    expect(again.body).toEqual({ received: true, duplicate: true });
    expect(timeline(await readOrder(customer, orderId))).toHaveLength(3);
  });
});
