import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { errorResponse } from "#contract/catalog.ts";
import { orderResponse } from "#contract/shopping.ts";
import { moveOrder } from "#core/orders/order-workflow.ts";
import { payTestCheckout, TEST_CARD_PAYS } from "#core/payments/builtin-checkout.ts";
import { newId } from "#db/ids.ts";
import { call, createCustomer, expectContract, type TestCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import {
  placeCardOrder,
  placeCashOrder,
  type StockedItem,
  shoppingRows,
  stockedItem,
  stockHeld,
  stockOnHand,
} from "../support/shopping.ts";
import { setUpStorefront } from "../support/storefront.ts";

// The customer cancels their own order (docs/storefront/orders.md#cancelling-an-order), through the
// API and through the order page's form: while it is placed or awaiting its card payment, by the
// workflow's customer move (core/orders/order-workflow.ts), and never once the shop has started.

const shop = setUpTestShop();
const storefront = setUpStorefront(shop);
const COUPON = "SUMMER25";
const REFUSED = "This order can no longer be cancelled: it is being prepared.";
const SHIPPED = "This order can no longer be cancelled: it has been shipped.";
const ORDER_CANCELLED = "Your order was cancelled. It will not be sent, and nothing is due.";
const PAYMENT_CANCELLED = "Your payment was cancelled. The items of that order are back in your cart.";
/** What a browser adds to a form post from the shop's own page. */
const FROM_OUR_PAGE = { origin: "http://localhost", "sec-fetch-site": "same-origin" };

let phoneCounter = 0;

interface Bought {
  customer: TestCustomer;
  item: StockedItem;
  orderId: string;
  number: number;
}

/** A customer who ordered 2 of a fresh item (6 on hand) with the coupon: cash on delivery, or by card (unpaid). */
async function bought(how: "cash" | "card"): Promise<Bought> {
  const phone = `+2126126${String(++phoneCounter).padStart(5, "0")}`;
  const customer = await createCustomer(shop, { phoneNumbers: [phone] });
  const item = await stockedItem(shop, { stock: 6, priceCents: 3000 });
  const lines = [{ item, quantity: 2 }];
  const orderId =
    how === "cash"
      ? await placeCashOrder(shop, customer, lines, { phone, coupon: COUPON })
      : (await placeCardOrder(shop, customer, lines, { phone, coupon: COUPON })).orderId;
  expect(await stockOnHand(shop, item)).toBe(4);
  const [row] = await shop.rows<{ number: number }>(sql`SELECT number FROM orders WHERE id = ${orderId}`);
  return { customer, item, orderId, number: row!.number };
}

const cancel = (customer: TestCustomer, orderId: string) =>
  call(shop, "POST", `/customer/orders/${orderId}/cancel`, { token: customer.token });

async function couponUses(): Promise<number> {
  const [row] = await shop.rows<{ used_count: number }>(
    sql`SELECT used_count FROM coupons WHERE code = ${COUPON}`,
  );
  return row!.used_count;
}

async function sold(item: StockedItem): Promise<number> {
  const [row] = await shop.rows<{ sold: number }>(
    sql`SELECT sold FROM products WHERE id = ${item.productId}`,
  );
  return row!.sold;
}

async function cancelledMails(orderId: string) {
  return shop.rows<{ recipient: string; channel: string }>(
    sql`SELECT recipient, channel FROM notifications WHERE order_id = ${orderId} AND kind = 'order.cancelled'`,
  );
}

async function manager() {
  const account = await createCustomer(shop, { role: "manager" });
  return {
    kind: "staff" as const,
    staff: { id: account.id, email: account.email, role: "manager" as const },
  };
}

const cartOf = async (customer: TestCustomer) =>
  (await call(shop, "GET", "/customer/shopping-cart", { token: customer.token })).body;

describe("POST /api/v1/customer/orders/:orderId/cancel", () => {
  it("cancels a placed cash order: stock, sales and the coupon's use back, the timeline and one mail", async () => {
    const uses = await couponUses();
    const { customer, item, orderId } = await bought("cash");
    const soldWithOrder = await sold(item);
    expect(await couponUses()).toBe(uses + 1);

    const res = await cancel(customer, orderId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectContract(orderResponse, res.body);
    expect(res.body.data).toMatchObject({ _id: orderId, status: "cancelled", isPaid: false });
    expect(
      res.body.data.statusHistory.map((h: { status: string; note: string | null }) => [h.status, h.note]),
    ).toEqual([
      ["placed", null],
      ["cancelled", "The customer cancelled the order."],
    ]);
    // The customer's own move: no staff member is named in the timeline.
    const actors = await shop.rows<{ actor_id: string | null }>(
      sql`SELECT actor_id FROM order_status_history WHERE order_id = ${orderId} ORDER BY id`,
    );
    expect(actors).toEqual([{ actor_id: null }, { actor_id: null }]);
    expect(await stockOnHand(shop, item)).toBe(6);
    expect(await sold(item)).toBe(soldWithOrder - 2);
    expect(await couponUses()).toBe(uses);
    expect(await cancelledMails(orderId)).toEqual([{ recipient: customer.email, channel: "email" }]);
    // A cash order's items do not come back to the cart: the customer asked for none of them.
    expect((await cartOf(customer)).numOfCartItems).toBe(0);

    // Again (a resent request): the same answer, and nothing more changes or is sent.
    const settled = await shoppingRows(shop);
    const again = await cancel(customer, orderId);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    expect(await shoppingRows(shop)).toEqual(settled);
    expect(await cancelledMails(orderId)).toHaveLength(1);
    expect(await couponUses()).toBe(uses);
  });

  it("cancels a card order awaiting its payment: its items back in the cart, its payment page closed", async () => {
    const uses = await couponUses();
    const { customer, item, orderId } = await bought("card");
    const [session] = await shop.rows<{ payment_session_id: string }>(
      sql`SELECT payment_session_id FROM orders WHERE id = ${orderId}`,
    );

    const res = await cancel(customer, orderId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectContract(orderResponse, res.body);
    expect(res.body.data.status).toBe("cancelled");
    expect(res.body.data.statusHistory.map((h: { status: string }) => h.status)).toEqual([
      "pending_payment",
      "cancelled",
    ]);
    expect(await stockOnHand(shop, item)).toBe(6);
    expect(await couponUses()).toBe(uses);
    const cart = await cartOf(customer);
    expect(cart.cartItems).toHaveLength(1);
    expect(cart.cartItems[0]).toMatchObject({
      product: { _id: item.productId },
      size: item.size,
      quantity: 2,
    });
    expect(await stockHeld(shop, item)).toBe(2);
    // Never paid, never confirmed: no "cancelled" mail either (docs/back-office/notifications.md).
    expect(await cancelledMails(orderId)).toHaveLength(0);
    // The payment page takes no payment any more.
    await expect(
      payTestCheckout(shop.ctx, session!.payment_session_id, {
        cardNumber: TEST_CARD_PAYS,
        expiry: "12/40",
        cvc: "123",
      }),
    ).rejects.toThrow();
    const [row] = await shop.rows<{ status: string; paid_at: unknown }>(
      sql`SELECT status, paid_at FROM orders WHERE id = ${orderId}`,
    );
    expect(row).toEqual({ status: "cancelled", paid_at: null });

    // Again: the same order, and the cart keeps its one line of 2.
    const again = await cancel(customer, orderId);
    expect(again.status).toBe(200);
    expect(again.body.data.status).toBe("cancelled");
    expect((await cartOf(customer)).cartItems[0].quantity).toBe(2);
    expect(await stockOnHand(shop, item)).toBe(6);
  });

  it("refuses once the shop has started on the order (processing, shipped) or it is paid: 409, nothing changed", async () => {
    const staff = await manager();
    const { customer, item, orderId } = await bought("cash");
    await moveOrder(shop.ctx, staff, orderId, { to: "processing" });
    for (const next of [null, "shipped"] as const) {
      if (next)
        await moveOrder(shop.ctx, staff, orderId, { to: next, carrier: "DHL", trackingNumber: "JD01" });
      const before = await shoppingRows(shop);
      const res = await cancel(customer, orderId);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ status: "fail", message: next ? SHIPPED : REFUSED });
      expectContract(errorResponse, res.body);
      expect(await shoppingRows(shop)).toEqual(before);
    }
    expect(await stockOnHand(shop, item)).toBe(4);
    expect(await cancelledMails(orderId)).toHaveLength(0);

    const paid = await bought("card");
    const [session] = await shop.rows<{ payment_session_id: string }>(
      sql`SELECT payment_session_id FROM orders WHERE id = ${paid.orderId}`,
    );
    await payTestCheckout(shop.ctx, session!.payment_session_id, {
      cardNumber: TEST_CARD_PAYS,
      expiry: "12/40",
      cvc: "123",
    });
    const res = await cancel(paid.customer, paid.orderId);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ status: "fail", message: REFUSED });
    expect(await stockOnHand(shop, paid.item)).toBe(4);
  });

  it("another customer's order, an unknown id and a malformed one → 404 alike, nothing changed", async () => {
    const owner = await bought("cash");
    const intruder = await createCustomer(shop);
    const before = await shoppingRows(shop);
    const unknownId = newId();
    for (const id of [owner.orderId, unknownId, `${owner.orderId}'--`, "x"]) {
      const res = await cancel(intruder, encodeURIComponent(id));
      expect(res.status, id).toBe(404);
      expect(res.body.status).toBe("fail");
      expect(res.body.message).toMatch(/^No order for this ID: /);
      expectContract(errorResponse, res.body);
    }
    const foreign = await cancel(intruder, owner.orderId);
    const unknown = await cancel(intruder, unknownId);
    expect(foreign.body.message.replace(owner.orderId, "ID")).toBe(
      unknown.body.message.replace(unknownId, "ID"),
    );
    expect(await shoppingRows(shop)).toEqual(before);
    expect(await stockOnHand(shop, owner.item)).toBe(4);
  });
});

/** The page's HTML without the comments React puts between adjacent pieces of text. */
const text = (html: string) => html.replaceAll("<!-- -->", "");

async function openPage(orderId: string, customer: TestCustomer) {
  const res = await storefront.request(`/customer/orders/${orderId}`, { cookie: customer.token });
  return { status: res.status, html: text(await res.text()) };
}

async function postPage(
  orderId: string,
  customer: TestCustomer,
  headers: Record<string, string> = FROM_OUR_PAGE,
) {
  const res = await storefront.request(`/customer/orders/${orderId}`, {
    form: { intent: "cancel-order" },
    headers,
    cookie: customer.token,
  });
  return { status: res.status, html: text(await res.text()) };
}

describe("the order page's Cancel order (a form post, without JavaScript)", () => {
  it("offers it with a confirmation on a placed order; the post cancels it and the page says so", async () => {
    const { customer, item, orderId, number } = await bought("cash");
    const page = await openPage(orderId, customer);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Changed your mind?");
    // The confirmation is folded in a disclosure under its summary.
    expect(page.html).toMatch(/<details[^>]*><summary[^>]*>Cancel order<\/summary>/);
    expect(page.html).toContain(`Yes, cancel order #${number}`);
    expect(page.html).toContain('name="intent" value="cancel-order"');

    const posted = await postPage(orderId, customer);
    expect(posted.status).toBe(200);
    expect(posted.html).toContain(ORDER_CANCELLED);
    expect(posted.html).not.toContain("View your cart");
    expect(posted.html).toMatch(/data-testid="order-status"[^>]*>Cancelled</);
    expect(posted.html).not.toContain(`Yes, cancel order #${number}`);
    expect(await stockOnHand(shop, item)).toBe(6);

    // A resent form says the same and changes nothing more.
    const settled = await shoppingRows(shop);
    const again = await postPage(orderId, customer);
    expect(again.html).toContain(ORDER_CANCELLED);
    expect(await shoppingRows(shop)).toEqual(settled);
    expect(await cancelledMails(orderId)).toHaveLength(1);
  });

  it("is not offered once the shop has started, and a stale form is refused with the reason", async () => {
    const { customer, item, orderId, number } = await bought("cash");
    await moveOrder(shop.ctx, await manager(), orderId, { to: "processing" });
    const page = await openPage(orderId, customer);
    expect(page.html).not.toContain("Changed your mind?");
    expect(page.html).not.toContain(`Yes, cancel order #${number}`);

    const before = await shoppingRows(shop);
    const posted = await postPage(orderId, customer);
    expect(posted.status).toBe(409);
    expect(posted.html).toMatch(new RegExp(`role="alert"[^>]*>${REFUSED}<`));
    expect(posted.html).toMatch(/data-testid="order-status"[^>]*>Processing</);
    expect(await shoppingRows(shop)).toEqual(before);
    expect(await stockOnHand(shop, item)).toBe(4);
  });

  it("a card order awaiting payment keeps its own Cancel order #N; its items go back to the cart either way", async () => {
    const { customer, item, orderId, number } = await bought("card");
    const page = await openPage(orderId, customer);
    expect(page.html).toContain("This order awaits payment.");
    expect(page.html).toContain(`Cancel order #${number}`);
    // One way to cancel on the page: the notice's.
    expect(page.html).not.toContain("Changed your mind?");

    const posted = await postPage(orderId, customer);
    expect(posted.status).toBe(200);
    expect(posted.html).toContain(PAYMENT_CANCELLED);
    expect(posted.html).toContain("View your cart");
    expect((await cartOf(customer)).cartItems[0]).toMatchObject({
      product: { _id: item.productId },
      quantity: 2,
    });
  });

  it("a post from another site's page, or to another customer's order, changes nothing", async () => {
    const { customer, orderId } = await bought("cash");
    const intruder = await createCustomer(shop);
    const before = await shoppingRows(shop);
    const forged = await postPage(orderId, customer, {
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    expect(forged.status).toBe(403);
    const foreign = await postPage(orderId, intruder);
    expect(foreign.status).toBe(404);
    expect(foreign.html).not.toContain(ORDER_CANCELLED);
    expect(await shoppingRows(shop)).toEqual(before);
  });
});
