import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { paymentSessionResponse } from "#contract/shopping.ts";
import { createBuiltinPayments, payTestCheckout, TEST_CARD_PAYS } from "#core/payments/builtin-checkout.ts";
import type { PaymentProvider } from "#core/ports/payments.ts";
import { type DatabaseHandle, openDatabase } from "#db/client.ts";
import { call, createClock, createCustomer, expectContract, type TestCustomer } from "../support/accounts.ts";
import { createTestShop, setUpTestShop, type TestShop } from "../support/app.ts";
import { POSTGRES, serviceForTests } from "../support/services.ts";
import { CHECKOUT_ADDRESS, itemBody, placeCardOrder, stockedItem } from "../support/shopping.ts";
import { setUpStorefront } from "../support/storefront.ts";

// A way back to an unfinished card payment (resumePayment in core/checkout/resume-payment.ts,
// docs/decisions/033-a-way-back-to-payment.md): the API call, the order page's "Complete payment"
// post, and where the storefront shows it (orders list, order page, cart). The payment provider is the
// built-in test checkout, with sessions this test can mark expired (as Stripe's would be) and a count
// of the sessions it opens.

const expired = new Set<string>();
let opened = 0;
const builtin = createBuiltinPayments();
const payments: PaymentProvider = {
  ...builtin,
  async createCheckoutSession(request) {
    opened++;
    // Slow enough that two clicks overlap in the provider's call.
    await new Promise((resolve) => setTimeout(resolve, 20));
    return builtin.createCheckoutSession(request);
  },
  async retrieveCheckoutSession(sessionId) {
    if (expired.has(sessionId)) return { status: "expired", url: null };
    return builtin.retrieveCheckoutSession(sessionId);
  },
};

const clock = createClock();
const shop = setUpTestShop({ now: clock.now, payments });
const storefront = setUpStorefront(shop);
afterEach(() => clock.reset());

const PHONE = "+212612345678";
const FROM_OUR_PAGE = { origin: "http://localhost", "sec-fetch-site": "same-origin" };
const AWAITS = "This order awaits payment.";
const COMPLETE = "Complete payment";

async function pendingOrder(on: TestShop = shop) {
  const customer = await createCustomer(shop, { phoneNumbers: [PHONE] });
  const item = await stockedItem(shop, { stock: 5, priceCents: 3000 });
  const placed = await placeCardOrder(on, customer, [{ item, quantity: 2 }], { phone: PHONE });
  const [row] = await shop.rows<{ number: number }>(
    sql`SELECT number FROM orders WHERE id = ${placed.orderId}`,
  );
  return { customer, item, number: Number(row!.number), ...placed };
}

const resume = (customer: TestCustomer, orderId: string, on: TestShop = shop) =>
  call(on, "POST", `/customer/orders/${orderId}/payment-session`, { token: customer.token });

const sessionOf = async (orderId: string) =>
  (
    await shop.rows<{ payment_session_id: string }>(
      sql`SELECT payment_session_id FROM orders WHERE id = ${orderId}`,
    )
  )[0]!.payment_session_id;

const page = async (path: string, customer: TestCustomer) => {
  const res = await storefront.request(path, { cookie: customer.token });
  return { status: res.status, html: await res.text() };
};

describe("POST /api/v1/customer/orders/{orderId}/payment-session", () => {
  it("reopens the order's open payment page, as often as asked, changing nothing", async () => {
    const { customer, orderId, sessionId } = await pendingOrder();
    const before = opened;
    for (let i = 0; i < 2; i++) {
      const res = await resume(customer, orderId);
      expect(res.status).toBe(200);
      expectContract(paymentSessionResponse, res.body);
      expect(res.body).toEqual({ status: "reopened", url: `http://localhost/checkout/test/${sessionId}` });
    }
    expect(opened).toBe(before);
    expect(await sessionOf(orderId)).toBe(sessionId);
  });

  it("opens a new page when the old one expired; the old page no longer pays", async () => {
    const { customer, orderId, sessionId } = await pendingOrder();
    expired.add(sessionId);
    const res = await resume(customer, orderId);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("created");
    const renewed = await sessionOf(orderId);
    expect(renewed).not.toBe(sessionId);
    expect(res.body.url).toBe(`http://localhost/checkout/test/${renewed}`);
    const card = { cardNumber: TEST_CARD_PAYS, expiry: "12/40", cvc: "123" };
    await expect(payTestCheckout(shop.ctx, sessionId, card)).rejects.toMatchObject({ kind: "not_found" });
    await payTestCheckout(shop.ctx, renewed, card);
    const order = await call(shop, "GET", `/customer/orders/${orderId}`, { token: customer.token });
    expect(order.body.data).toMatchObject({ status: "paid", isPaid: true });
  });

  it("is a 404 for someone else's order and a malformed id, and a 409 naming why for an order not awaiting payment", async () => {
    const { customer, orderId } = await pendingOrder();
    const other = await createCustomer(shop, { phoneNumbers: [PHONE] });
    for (const [who, id] of [
      [other, orderId],
      [customer, `${orderId}'--`],
      [customer, "0123456789abcdef01234567"],
    ] as const) {
      const res = await resume(who, id);
      expect(res.status).toBe(404);
      expect(res.body.message).toMatch(/^No order for this ID/);
    }

    const cash = await createCustomer(shop, { phoneNumbers: [PHONE] });
    const item = await stockedItem(shop, { stock: 5 });
    await call(shop, "POST", "/customer/shopping-cart", { token: cash.token, body: itemBody(item, 1) });
    const placed = await call(shop, "POST", "/customer/orders/cash-on-delivery", {
      token: cash.token,
      body: { phone: PHONE, ...CHECKOUT_ADDRESS },
    });
    const onDelivery = await resume(cash, placed.body.order._id);
    expect([onDelivery.status, onDelivery.body.message]).toEqual([
      409,
      "This order is paid in cash on delivery: there is nothing to pay online.",
    ]);

    // Past its payment window the order is cancelled (as every read does), and says so.
    clock.advance(31 * 60_000);
    const late = await resume(customer, orderId);
    expect([late.status, late.body.message]).toEqual([
      409,
      "This order was cancelled: it can no longer be paid. Its items went back to your cart.",
    ]);
  });
});

describe("Complete payment in the storefront", () => {
  it("shows on the orders list, the order page and the cart while the order awaits payment, and leads to its payment page", async () => {
    const { customer, orderId, sessionId, number } = await pendingOrder();
    const orders = await page("/customer/orders", customer);
    expect(orders.html).toContain(COMPLETE);
    const order = await page(`/customer/orders/${orderId}`, customer);
    expect(order.html).toContain(AWAITS);
    expect(order.html).toContain(COMPLETE);
    const cart = await page("/customer/shopping-cart", customer);
    expect(cart.html).toContain(`Order #${number} awaits payment.`);
    expect(cart.html).toContain(COMPLETE);

    const posted = await storefront.request(`/customer/orders/${orderId}`, {
      form: { intent: "complete-payment" },
      headers: FROM_OUR_PAGE,
      cookie: customer.token,
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe(`http://localhost/checkout/test/${sessionId}`);
    // From another site, the post is refused and opens nothing.
    const foreign = await storefront.request(`/customer/orders/${orderId}`, {
      form: { intent: "complete-payment" },
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      cookie: customer.token,
    });
    expect(foreign.status).toBe(403);

    await payTestCheckout(shop.ctx, sessionId, { cardNumber: TEST_CARD_PAYS, expiry: "12/40", cvc: "123" });
    for (const path of ["/customer/orders", `/customer/orders/${orderId}`, "/customer/shopping-cart"]) {
      const after = await page(path, customer);
      expect(after.html).not.toContain(COMPLETE);
      expect(after.html).not.toContain("awaits payment");
    }
    const paid = await storefront.request(`/customer/orders/${orderId}`, {
      form: { intent: "complete-payment" },
      headers: FROM_OUR_PAGE,
      cookie: customer.token,
    });
    expect(paid.status).toBe(409);
    expect(await paid.text()).toContain("This order is paid already.");
  });
});

/** Two clicks (or ten, from two tabs and two servers) never open two live payment pages. */
async function expectOneNewPage(instances: TestShop[]) {
  const { customer, orderId, sessionId } = await pendingOrder();
  expired.add(sessionId);
  const before = opened;
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) => resume(customer, orderId, instances[i % instances.length])),
  );
  expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
  expect(answers.filter((a) => a.body.status === "created")).toHaveLength(1);
  expect(new Set(answers.map((a) => a.body.url)).size).toBe(1);
  expect(opened - before).toBe(1);
  expect(answers[0]!.body.url).toBe(`http://localhost/checkout/test/${await sessionOf(orderId)}`);
}

describe("concurrent Complete payment", () => {
  it("ten at once on one instance open one new page", async () => {
    await expectOneNewPage([shop]);
  });
});

describe.skipIf(serviceForTests(POSTGRES).skip)("concurrent Complete payment on PostgreSQL", () => {
  let secondPool: DatabaseHandle | undefined;
  let second: TestShop | undefined;
  beforeAll(async () => {
    secondPool = await openDatabase({ url: shop.database.url!, poolSize: 5 });
    second = await createTestShop({ database: secondPool, now: clock.now, payments });
  });
  afterAll(async () => {
    await second?.close();
    await secondPool?.close();
  });

  it("ten at once over two instances open one new page", async () => {
    await expectOneNewPage([shop, second!]);
  });
});
