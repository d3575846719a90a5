import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paymentReturnPaths } from "#contract/shopping.ts";
import { payTestCheckout, TEST_CARD_PAYS } from "#core/payments/builtin-checkout.ts";
import { call, createCustomer, type TestCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import {
  placeCardOrder,
  type StockedItem,
  shoppingRows,
  stockedItem,
  stockHeld,
  stockOnHand,
} from "../support/shopping.ts";
import { setUpStorefront } from "../support/storefront.ts";

// The card payment page's cancel link (paymentReturnPaths in contract/shopping.ts) brings the shopper
// back to the order's page (docs/decisions/033-a-way-back-to-payment.md; it was the cart page with
// `?cancelledOrder=<order id>` before). Opening it changes nothing (a link can be sent by anyone); the
// page says the order awaits payment and offers to complete or cancel it if it is theirs and still
// unpaid, and the shopper's post from that page cancels it (cancelPayment in
// core/orders/cancellation.ts): its stock goes back on the shelf, its coupon use is given back and its
// items return to the cart. Through the page itself.

const shop = setUpTestShop();
const storefront = setUpStorefront(shop);
const PHONE = "+212612345678";
const COUPON = "SUMMER25";
const NOTICE = "Your payment was cancelled. The items of that order are back in your cart.";
const OFFER = "This order awaits payment.";
const NOT_CANCELLED = "That order is no longer awaiting payment, so it was not cancelled.";
/** What a browser adds to a form post from the shop's own page. */
const FROM_OUR_PAGE = { origin: "http://localhost", "sec-fetch-site": "same-origin" };

async function couponUses(): Promise<number> {
  const [row] = await shop.rows<{ used_count: number }>(
    sql`SELECT used_count FROM coupons WHERE code = ${COUPON}`,
  );
  return row!.used_count;
}

async function orderRow(orderId: string) {
  const [row] = await shop.rows<{ status: string; paid_at: unknown }>(
    sql`SELECT status, paid_at FROM orders WHERE id = ${orderId}`,
  );
  return row!;
}

const readCart = async (customer: TestCustomer) =>
  (await call(shop, "GET", "/customer/shopping-cart", { token: customer.token })).body;

/** A customer who ordered 2 of a fresh item (5 on hand) with the coupon, by card, and has not paid. */
async function unpaidCardOrder(): Promise<{
  customer: TestCustomer;
  item: StockedItem;
  orderId: string;
  sessionId: string;
}> {
  const customer = await createCustomer(shop, { phoneNumbers: [PHONE] });
  const item = await stockedItem(shop, { stock: 5, priceCents: 4000 });
  const placed = await placeCardOrder(shop, customer, [{ item, quantity: 2 }], {
    phone: PHONE,
    coupon: COUPON,
  });
  expect(await stockOnHand(shop, item)).toBe(3);
  return { customer, item, ...placed };
}

/** The cart page as the cancel link opens it, in this customer's browser (none: a visitor's). */
async function openCancelLink(orderId: string, customer?: TestCustomer) {
  const res = await storefront.request(paymentReturnPaths(orderId).cancel, { cookie: customer?.token });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
}

/** The offer's button: the cart page's post to cancel that order. */
async function postCancel(orderId: string, customer: TestCustomer) {
  const res = await storefront.request(paymentReturnPaths(orderId).cancel, {
    form: { intent: "cancel-payment", orderId },
    headers: FROM_OUR_PAGE,
    cookie: customer.token,
  });
  return { status: res.status, html: await res.text() };
}

describe("GET /customer/orders/{id} (the payment page's cancel link)", () => {
  it("offers to cancel and changes nothing; the shopper's post cancels: stock and coupon use back, items back in the cart, once", async () => {
    const uses = await couponUses();
    const { customer, item, orderId } = await unpaidCardOrder();
    expect(await couponUses()).toBe(uses + 1);
    expect((await readCart(customer)).numOfCartItems).toBe(0);

    const before = await shoppingRows(shop);
    const page = await openCancelLink(orderId, customer);
    expect(page.status).toBe(200);
    const [row] = await shop.rows<{ number: number }>(sql`SELECT number FROM orders WHERE id = ${orderId}`);
    expect(page.html).toContain(OFFER);
    expect(page.html).toContain(`Cancel order #<!-- -->${row!.number}`);
    expect(page.html).toContain("Complete payment");
    expect(page.html).not.toContain(NOTICE);
    expect(await shoppingRows(shop)).toEqual(before);
    expect((await orderRow(orderId)).status).toBe("pending_payment");

    const cancelled = await postCancel(orderId, customer);
    expect(cancelled.status).toBe(200);
    expect(cancelled.html).toContain(NOTICE);
    expect(cancelled.html).toContain(item.title);
    expect((await orderRow(orderId)).status).toBe("cancelled");
    const order = (await call(shop, "GET", `/customer/orders/${orderId}`, { token: customer.token })).body
      .data;
    expect(
      order.statusHistory.map((h: { status: string; note: string | null }) => [h.status, h.note]),
    ).toEqual([
      ["pending_payment", null],
      ["cancelled", "The customer cancelled the payment."],
    ]);
    expect(await stockOnHand(shop, item)).toBe(5);
    expect(await couponUses()).toBe(uses);
    const cart = await readCart(customer);
    expect(cart.cartItems).toHaveLength(1);
    expect(cart.cartItems[0]).toMatchObject({
      product: { _id: item.productId },
      size: item.size,
      quantity: 2,
    });
    expect(await stockHeld(shop, item)).toBe(2);

    // The link again offers nothing; a repeated post (a resent form) says the same and gives nothing
    // back a second time.
    const settled = await shoppingRows(shop);
    const reloaded = await openCancelLink(orderId, customer);
    expect(reloaded.status).toBe(200);
    expect(reloaded.html).not.toContain(OFFER);
    const again = await postCancel(orderId, customer);
    expect(again.html).toContain(NOTICE);
    expect(await shoppingRows(shop)).toEqual(settled);
    expect(await couponUses()).toBe(uses);
    expect((await readCart(customer)).cartItems[0].quantity).toBe(2);
  });

  it("changes nothing for an order id that is not the shopper's, nor for a visitor", async () => {
    const uses = await couponUses();
    const owner = await unpaidCardOrder();
    const other = await createCustomer(shop, { phoneNumbers: [PHONE] });
    // A shopper who has looked at their (empty) cart before: its row exists.
    expect((await readCart(other)).numOfCartItems).toBe(0);
    const before = await shoppingRows(shop);

    // Another customer's order page is a 404 (it was the cart page, answered 200, before).
    const page = await openCancelLink(owner.orderId, other);
    expect(page.status).toBe(404);
    expect(page.html).not.toContain(OFFER);
    expect(page.html).not.toContain(owner.item.title);
    const posted = await postCancel(owner.orderId, other);
    expect(posted.status).toBe(404);
    expect(posted.html).not.toContain(owner.item.title);
    const visitor = await openCancelLink(owner.orderId);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe("/");
    const malformed = await openCancelLink(`${owner.orderId}'--`, owner.customer);
    expect(malformed.status).toBe(404);
    expect(malformed.html).not.toContain(OFFER);
    expect((await postCancel(`${owner.orderId}'--`, owner.customer)).status).toBe(404);
    // The link that would have cancelled it before: now it only offers.
    const own = await openCancelLink(owner.orderId, owner.customer);
    expect(own.html).toContain(OFFER);

    const after = await shoppingRows(shop);
    expect(after).toEqual(before);
    expect(await orderRow(owner.orderId)).toMatchObject({ status: "pending_payment", paid_at: null });
    expect(await stockOnHand(shop, owner.item)).toBe(3);
    expect(await couponUses()).toBe(uses + 1);
    expect((await readCart(owner.customer)).numOfCartItems).toBe(0);
    expect((await readCart(other)).numOfCartItems).toBe(0);
  });

  it("leaves an order the shopper has paid as it is", async () => {
    const { customer, item, orderId, sessionId } = await unpaidCardOrder();
    await payTestCheckout(shop.ctx, sessionId, { cardNumber: TEST_CARD_PAYS, expiry: "12/40", cvc: "123" });
    const uses = await couponUses();

    const page = await openCancelLink(orderId, customer);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain(OFFER);
    expect((await postCancel(orderId, customer)).html).toContain(NOT_CANCELLED);
    expect((await orderRow(orderId)).status).toBe("paid");
    expect(await stockOnHand(shop, item)).toBe(3);
    expect(await couponUses()).toBe(uses);
    expect((await readCart(customer)).numOfCartItems).toBe(0);
  });
});
