import { sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { checkoutResponse } from "#contract/shopping.ts";
import { DomainError } from "#core/errors.ts";
import type { CheckoutSessionRequest } from "#core/ports/payments.ts";
import { createStripeClient, createStripePayments } from "#server/adapters/stripe-payments.ts";
import {
  call,
  createClock,
  createCustomer,
  expectContract,
  MINUTE,
  type TestCustomer,
} from "../support/accounts.ts";
import { createTestShop, setUpTestShop } from "../support/app.ts";
import {
  CHECKOUT_ADDRESS,
  itemBody,
  type StockedItem,
  stockedItem,
  stockOnHand,
} from "../support/shopping.ts";
import { type StripeSession, startStripeStandIn } from "../support/stripe-stand-in.ts";

// The real `stripe` SDK, through the real API, against a local stand-in for Stripe's REST API; the
// webhook deliveries are signed as Stripe signs them. The shop and the stand-in share one clock, so
// Stripe's 30-minute rule and the signatures' 5-minute tolerance are judged on the shop's time.

const SECRET_KEY = "sk_test_stand_in_0123456789";
const WEBHOOK_SECRET = "whsec_test_stand_in_0123456789";
const PHONE = "+212612345678";
const clock = createClock();
const standIn = await startStripeStandIn({ secretKey: SECRET_KEY, now: clock.now });
const errors: unknown[] = [];
const payments = createStripePayments({
  secretKey: SECRET_KEY,
  apiBaseUrl: standIn.url,
  logger: { error: (details) => errors.push(details) },
});
const shop = setUpTestShop({ payments, now: clock.now, stripeWebhookSecret: WEBHOOK_SECRET });
/** Talks to the stand-in directly, as the Dashboard would. */
const stripe = createStripeClient({ secretKey: SECRET_KEY, apiBaseUrl: standIn.url });

afterAll(() => standIn.close());
afterEach(() => {
  standIn.failWith(null);
  clock.reset();
});

const unix = (date: Date | string) => Math.floor(new Date(date).getTime() / 1000);

interface Line {
  stock: number;
  priceCents: number;
  quantity: number;
  sized?: boolean;
}

/** A verified customer with a phone number and these lines (and a coupon) in the cart. */
async function customerWithCart(lines: Line[], couponCode?: string) {
  const customer = await createCustomer(shop, { phoneNumbers: [PHONE] });
  const items: StockedItem[] = [];
  for (const line of lines) {
    const item = await stockedItem(shop, {
      stock: line.stock,
      priceCents: line.priceCents,
      sized: line.sized,
    });
    const added = await call(shop, "POST", "/customer/shopping-cart", {
      token: customer.token,
      body: itemBody(item, line.quantity),
    });
    expect(added.status).toBe(200);
    items.push(item);
  }
  if (couponCode) {
    const applied = await call(shop, "PUT", "/customer/shopping-cart/apply-coupon", {
      token: customer.token,
      body: { couponCode },
    });
    expect(applied.status).toBe(200);
  }
  return { customer, items };
}

const checkoutByCard = (customer: TestCustomer) =>
  call(shop, "POST", "/customer/orders/stripe-checkout-session", {
    token: customer.token,
    body: { phone: PHONE, ...CHECKOUT_ADDRESS },
  });

/** A card order whose Stripe session is open: its id, session id and lines. */
async function pendingOrder(lines: Line[] = [{ stock: 5, priceCents: 4000, quantity: 2 }]) {
  const { customer, items } = await customerWithCart(lines);
  const res = await checkoutByCard(customer);
  expect(res.status).toBe(201);
  return { customer, items, orderId: res.body.order._id as string, sessionId: res.body.sessionID as string };
}

/** The `Stripe-Signature` header Stripe would send for this body (now, by the shop's clock). */
const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp ?? unix(clock.now()),
  });

/** POST /api/v1/webhooks/stripe with this body and signature header (none when null). */
function deliver(
  payload: string,
  signature: string | null = sign(payload),
  headers: Record<string, string> = {},
) {
  return call(shop, "POST", "/webhooks/stripe", {
    rawBody: payload,
    headers: { ...(signature === null ? {} : { "stripe-signature": signature }), ...headers },
  });
}

async function orderRow(orderId: string) {
  const [row] = await shop.rows<{
    status: string;
    paid_at: Date | string | null;
    payment_provider: string | null;
    payment_session_id: string | null;
    payment_expires_at: Date | string;
    total_after_discount_cents: number;
    discount_cents: number;
  }>(sql`SELECT status, paid_at, payment_provider, payment_session_id, payment_expires_at,
           total_after_discount_cents, discount_cents
         FROM orders WHERE id = ${orderId}`);
  return row!;
}

async function statuses(orderId: string): Promise<string[]> {
  const rows = await shop.rows<{ status: string }>(
    sql`SELECT status FROM order_status_history WHERE order_id = ${orderId} ORDER BY created_at, id`,
  );
  return rows.map((r) => r.status);
}

const eventRows = (orderId: string) =>
  shop.rows<{ provider: string; event_id: string; type: string }>(
    sql`SELECT provider, event_id, type FROM payment_events WHERE order_id = ${orderId} ORDER BY event_id`,
  );

describe("POST /api/v1/customer/orders/stripe-checkout-session with Stripe", () => {
  it("opens a session whose lines, tax, shipping and coupon add up to the order's total", async () => {
    const { customer, items } = await customerWithCart(
      [
        { stock: 5, priceCents: 1999, quantity: 3 },
        // Below the free-shipping threshold, so shipping has its line too.
        { stock: 2, priceCents: 1234, quantity: 1, sized: false },
      ],
      "welcome10",
    );
    const before = standIn.requests.length;
    const res = await checkoutByCard(customer);

    expect(res.status).toBe(201);
    expectContract(checkoutResponse, res.body);
    expect(res.body.status).toBe("Success");
    expect(res.body.message).toMatch(/^Stripe/);
    expect(res.body.sessionID).toMatch(/^cs_test_/);
    const orderId = res.body.order._id as string;
    const session = standIn.session(res.body.sessionID)!;
    expect(res.body.sessionURL).toBe(session.url);

    const order = await orderRow(orderId);
    expect(order).toMatchObject({
      status: "pending_payment",
      payment_provider: "stripe",
      payment_session_id: res.body.sessionID,
    });
    expect(order.discount_cents).toBeGreaterThan(0);

    // A one-off coupon for the discount's exact cents, then the session that uses it.
    const sent = standIn.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /v1/coupons",
      "POST /v1/checkout/sessions",
    ]);
    const [couponRequest, sessionRequest] = sent as [(typeof sent)[0], (typeof sent)[0]];
    expect(couponRequest.apiKey).toBe(SECRET_KEY);
    expect(couponRequest.idempotencyKey).toBe(`order-${orderId}-coupon`);
    expect(couponRequest.params).toMatchObject({
      amount_off: String(order.discount_cents),
      currency: "usd",
      duration: "once",
      max_redemptions: "1",
    });
    const coupon = standIn.coupon(session.discounts[0]!.coupon)!;
    expect(coupon.amount_off).toBe(order.discount_cents);

    const params = sessionRequest.params;
    expect(sessionRequest.idempotencyKey).toBe(`order-${orderId}`);
    expect(params.mode).toBe("payment");
    expect(params.discounts).toEqual([{ coupon: coupon.id }]);
    const cents = (amount: number) => Math.round(amount * 100);
    const pricing = res.body.order.pricing;
    const lines = params.line_items.map((l: any) => [
      l.price_data.product_data.name,
      Number(l.price_data.unit_amount),
      Number(l.quantity),
    ]);
    // The products in the cart's order (ties under the fixed test clock may go either way), then
    // tax and shipping.
    expect(lines.slice(0, 2)).toHaveLength(2);
    expect(lines.slice(0, 2)).toEqual(
      expect.arrayContaining([
        [`${items[0]!.title} (size ${items[0]!.size!.toUpperCase()})`, 1999, 3],
        [items[1]!.title, 1234, 1],
      ]),
    );
    expect(lines.slice(2)).toEqual([
      ["Tax", cents(pricing.taxPrice), 1],
      ["Shipping", cents(pricing.shippingPrice), 1],
    ]);
    for (const line of params.line_items.slice(0, 2)) {
      expect(line.price_data.currency).toBe("usd");
      expect(line.price_data.product_data.images[0]).toMatch(/^http:\/\/localhost\/images\//);
    }
    const linesCents = params.line_items.reduce(
      (sum: number, l: any) => sum + Number(l.price_data.unit_amount) * Number(l.quantity),
      0,
    );
    expect(linesCents - order.discount_cents).toBe(order.total_after_discount_cents);
    expect(session.amount_total).toBe(order.total_after_discount_cents);
    expect(session.amount_total).toBe(cents(pricing.totalPriceAfterDiscount));

    expect(params.metadata).toEqual({ orderId, orderNumber: String(res.body.order.number) });
    expect(params.client_reference_id).toBe(orderId);
    expect(params.customer_email).toBe(customer.email);
    expect(params.success_url).toBe(`http://localhost/customer/orders/${orderId}?payment=success`);
    expect(params.cancel_url).toBe(`http://localhost/customer/orders/${orderId}`);
    // The order's 30-minute window, plus the margin that keeps it above Stripe's minimum on arrival.
    expect(Number(params.expires_at)).toBe(unix(order.payment_expires_at) + 2 * 60);
    expect(session.expires_at - session.created).toBeGreaterThanOrEqual(30 * 60);
  });

  it("sends no coupon when the cart has none, and still charges the order's exact cents", async () => {
    const { customer } = await customerWithCart([{ stock: 3, priceCents: 333, quantity: 3 }]);
    const before = standIn.requests.length;
    const res = await checkoutByCard(customer);
    expect(res.status).toBe(201);
    expect(standIn.requests.slice(before).map((r) => r.path)).toEqual(["/v1/checkout/sessions"]);
    const order = await orderRow(res.body.order._id);
    expect(order.discount_cents).toBe(0);
    const session = standIn.session(res.body.sessionID)!;
    expect(session.discounts).toEqual([]);
    expect(session.amount_total).toBe(order.total_after_discount_cents);
  });

  it.each([
    ["answers 500", "server-error"],
    ["drops the connection", "connection-reset"],
  ] as const)("answers 503 and gives back the stock and the cart when Stripe %s", async (_, mode) => {
    const { customer, items } = await customerWithCart(
      [{ stock: 4, priceCents: 2500, quantity: 3 }],
      "summer25",
    );
    const item = items[0]!;
    expect(await stockOnHand(shop, item)).toBe(4);
    standIn.failWith(mode);
    const before = standIn.requests.length;

    const res = await checkoutByCard(customer);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      status: "error",
      message: "The payment service is not answering. Your cart is unchanged; please try again.",
    });
    const [placed] = await shop.rows<{ id: string }>(
      sql`SELECT o.id FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.email = ${customer.email}`,
    );
    // The SDK tried the coupon once more under the same idempotency key, then gave up; the reason
    // went to the log.
    expect(standIn.requests.slice(before).map((r) => `${r.path} ${r.idempotencyKey}`)).toEqual([
      `/v1/coupons order-${placed!.id}-coupon`,
      `/v1/coupons order-${placed!.id}-coupon`,
    ]);
    expect(errors.at(-1)).toMatchObject({ orderId: placed!.id, err: expect.any(Stripe.errors.StripeError) });
    expect((await orderRow(placed!.id)).status).toBe("cancelled");
    expect(await statuses(placed!.id)).toEqual(["pending_payment", "cancelled"]);
    expect(await stockOnHand(shop, item)).toBe(4);
    const cart = await call(shop, "GET", "/customer/shopping-cart", { token: customer.token });
    expect(cart.body.numOfCartItems).toBe(1);
    expect(cart.body.cartItems[0]).toMatchObject({ quantity: 3 });

    // Once Stripe answers again, the restored cart checks out.
    standIn.failWith(null);
    const again = await checkoutByCard(customer);
    expect(again.status).toBe(201);
    expect(await stockOnHand(shop, item)).toBe(1);
  });
});

describe("the Stripe payments adapter", () => {
  const request = (overrides: Partial<CheckoutSessionRequest> = {}): CheckoutSessionRequest => ({
    orderId: "0123456789abcdef01234567",
    orderNumber: 4242,
    customerEmail: "shopper@example.test",
    currency: "usd",
    lineItems: [{ name: "Linen shirt", unitAmountCents: 4500, quantity: 2 }],
    discountCents: 0,
    amountCents: 9000,
    successUrl: "http://localhost/customer/orders/x?payment=success",
    cancelUrl: "http://localhost/customer/shopping-cart",
    expiresAt: new Date(clock.now().getTime() + 30 * MINUTE),
    createdAt: clock.now(),
    idempotencyKey: `order-test-${Math.random()}`,
    ...overrides,
  });

  it("opens one session per idempotency key", async () => {
    const same = request();
    const first = await payments.createCheckoutSession(same);
    clock.advance(MINUTE);
    const second = await payments.createCheckoutSession(same);
    expect(second).toEqual(first);
    const third = await payments.createCheckoutSession(request());
    expect(third.sessionId).not.toBe(first.sessionId);
  });

  it("keeps expires_at at Stripe's 30-minute minimum when the request arrives late", async () => {
    const late = request();
    clock.advance(10_000); // the order's transaction and the trip to Stripe took 10 s
    await expect(
      stripe.checkout.sessions.create({
        mode: "payment",
        line_items: [
          { price_data: { currency: "usd", unit_amount: 100, product_data: { name: "x" } }, quantity: 1 },
        ],
        success_url: late.successUrl,
        expires_at: unix(late.expiresAt),
      }),
    ).rejects.toMatchObject({ type: "StripeInvalidRequestError", param: "expires_at" });
    const { sessionId } = await payments.createCheckoutSession(late);
    const session = standIn.session(sessionId)!;
    expect(session.expires_at).toBe(unix(late.expiresAt) + 2 * 60);
    expect(session.expires_at - session.created).toBeGreaterThanOrEqual(30 * 60);
  });

  it("refuses an order whose lines and discount do not make its amount, before calling Stripe", async () => {
    const before = standIn.requests.length;
    await expect(payments.createCheckoutSession(request({ amountCents: 8999 }))).rejects.toThrow(
      /are not its amount/,
    );
    expect(standIn.requests.length).toBe(before);
  });

  it("fails with a plain error (a 503 for checkout) on a wrong key", async () => {
    const wrong = createStripePayments({ secretKey: "sk_test_wrong", apiBaseUrl: standIn.url });
    const failure = await wrong.createCheckoutSession(request()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(DomainError);
    expect((failure as Error).message).toMatch(/^Stripe: creating the checkout session failed/);
    expect((failure as Error).cause).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it("expires an open session, and shrugs at one that is closed already", async () => {
    const { sessionId } = await payments.createCheckoutSession(request());
    await payments.expireCheckoutSession(sessionId);
    expect(standIn.session(sessionId)!.status).toBe("expired");
    await expect(payments.expireCheckoutSession(sessionId)).resolves.toBeUndefined();
    await expect(payments.expireCheckoutSession("cs_test_unknown")).resolves.toBeUndefined();
    standIn.failWith("server-error");
    await expect(payments.expireCheckoutSession(sessionId)).rejects.toBeInstanceOf(
      Stripe.errors.StripeAPIError,
    );
  });
});

describe("POST /api/v1/webhooks/stripe", () => {
  it("marks the order paid once, however often and in whatever form the news arrives", async () => {
    const { customer, items, orderId, sessionId } = await pendingOrder();
    const paid = standIn.completeSession(sessionId);
    const event = standIn.event("checkout.session.completed", paid);

    // No session and a cross-site request: the signature is the only authentication.
    const res = await deliver(event.payload, sign(event.payload), { "sec-fetch-site": "cross-site" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, duplicate: false });
    const order = await orderRow(orderId);
    expect(order.status).toBe("paid");
    expect(new Date(order.paid_at!).getTime()).toBe(clock.now().getTime());
    expect(await eventRows(orderId)).toEqual([
      { provider: "stripe", event_id: event.id, type: "checkout.session.completed" },
    ]);
    const seen = await call(shop, "GET", `/customer/orders/${orderId}`, { token: customer.token });
    expect(seen.body.data).toMatchObject({ status: "paid", isPaid: true });

    // Stripe delivers the same event again: acknowledged, nothing changes.
    const again = await deliver(event.payload);
    expect(again.body).toEqual({ received: true, duplicate: true });
    expect(await eventRows(orderId)).toHaveLength(1);

    // Another completed event for the same session (a resend under a new id): still paid once.
    const other = standIn.event("checkout.session.completed", paid);
    expect((await deliver(other.payload)).body).toEqual({ received: true, duplicate: false });
    expect(await statuses(orderId)).toEqual(["pending_payment", "paid"]);
    expect(await eventRows(orderId)).toHaveLength(2);

    // An expiry arriving after the payment changes nothing.
    const expired = standIn.event("checkout.session.expired", { ...paid, status: "expired" });
    expect((await deliver(expired.payload)).status).toBe(200);
    expect((await orderRow(orderId)).status).toBe("paid");
    expect(await statuses(orderId)).toEqual(["pending_payment", "paid"]);
    expect(await stockOnHand(shop, items[0]!)).toBe(3);
  });

  it("cancels a pending order when its session expires: stock back on the shelf, items back in the cart", async () => {
    const { customer, items, orderId, sessionId } = await pendingOrder([
      { stock: 5, priceCents: 3000, quantity: 2 },
    ]);
    expect(await stockOnHand(shop, items[0]!)).toBe(3);
    const emptied = await call(shop, "GET", "/customer/shopping-cart", { token: customer.token });
    expect(emptied.body.numOfCartItems).toBe(0);

    const session = (await stripe.checkout.sessions.expire(sessionId)) as unknown as StripeSession;
    const event = standIn.event("checkout.session.expired", session);
    const res = await deliver(event.payload);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, duplicate: false });

    expect((await orderRow(orderId)).status).toBe("cancelled");
    expect(await statuses(orderId)).toEqual(["pending_payment", "cancelled"]);
    expect(await stockOnHand(shop, items[0]!)).toBe(5);
    const cart = await call(shop, "GET", "/customer/shopping-cart", { token: customer.token });
    expect(cart.body.numOfCartItems).toBe(1);
    expect(cart.body.cartItems[0]).toMatchObject({ quantity: 2 });
  });

  it("waits for a delayed payment method's money before marking the order paid", async () => {
    const { orderId, sessionId } = await pendingOrder();
    const completed = standIn.completeSession(sessionId, { paid: false });
    const first = await deliver(standIn.event("checkout.session.completed", completed).payload);
    expect(first.body).toEqual({ received: true, duplicate: false });
    expect((await orderRow(orderId)).status).toBe("pending_payment");

    const succeeded = standIn.event("checkout.session.async_payment_succeeded", {
      ...completed,
      payment_status: "paid",
    });
    expect((await deliver(succeeded.payload)).status).toBe(200);
    expect((await orderRow(orderId)).status).toBe("paid");
    expect((await eventRows(orderId)).map((e) => e.type).sort()).toEqual([
      "checkout.session.async_payment_succeeded",
      "checkout.session.completed",
    ]);
  });

  it("refuses a delivery it cannot verify with a 400, and changes nothing", async () => {
    const { orderId, sessionId } = await pendingOrder();
    const event = standIn.event("checkout.session.completed", standIn.completeSession(sessionId));
    const tampered = event.payload.replace('"payment_status": "paid"', '"payment_status": "paid" ');
    expect(tampered).not.toBe(event.payload);
    const cases: [string, string, string | null][] = [
      ["no signature header", event.payload, null],
      ["an empty header", event.payload, ""],
      ["a garbage header", event.payload, "not-a-signature"],
      ["another secret", event.payload, sign(event.payload, { secret: "whsec_someone_else" })],
      ["a tampered body", tampered, sign(event.payload)],
      [
        "a replay older than 5 minutes",
        event.payload,
        sign(event.payload, { timestamp: unix(clock.now()) - 301 }),
      ],
    ];
    for (const [name, payload, signature] of cases) {
      const res = await deliver(payload, signature);
      expect(res.status, name).toBe(400);
      expect(res.body.status, name).toBe("fail");
      expect(res.body.message, name).toMatch(/^Invalid Stripe webhook signature: \S/);
    }
    expect((await orderRow(orderId)).status).toBe("pending_payment");
    expect(await eventRows(orderId)).toEqual([]);
    const [row] = await shop.rows(sql`SELECT 1 FROM payment_events WHERE event_id = ${event.id}`);
    expect(row).toBeUndefined();

    // The genuine delivery still goes through afterwards.
    expect((await deliver(event.payload)).body).toEqual({ received: true, duplicate: false });
    expect((await orderRow(orderId)).status).toBe("paid");
  });

  it("refuses a payload over 1 MB with a 400, however it is sent, even when its signature is good", async () => {
    const { orderId, sessionId } = await pendingOrder();
    const event = standIn.event("checkout.session.completed", standIn.completeSession(sessionId));
    // Still JSON and correctly signed: only its size is wrong.
    const padded = `${event.payload}${" ".repeat(1024 * 1024)}`;
    const declared = { "content-length": String(Buffer.byteLength(padded)) };
    for (const [name, headers] of [
      ["with Content-Length", declared],
      ["streamed", {}],
    ] as const) {
      const res = await deliver(padded, sign(padded), headers);
      expect(res.status, name).toBe(400);
      expect(res.body, name).toEqual({ status: "fail", message: "The webhook payload is too large." });
    }
    expect((await orderRow(orderId)).status).toBe("pending_payment");
    expect(await eventRows(orderId)).toEqual([]);
  });

  it("acknowledges events the shop does not act on without recording them", async () => {
    const { orderId, sessionId } = await pendingOrder();
    const event = standIn.event(
      "checkout.session.async_payment_failed",
      standIn.completeSession(sessionId, { paid: false }),
    );
    const res = await deliver(event.payload);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect(await eventRows(orderId)).toEqual([]);
    expect((await orderRow(orderId)).status).toBe("pending_payment");
  });

  it("closes the Stripe session when the shop cancels an unpaid order past its window", async () => {
    const { customer, items, orderId, sessionId } = await pendingOrder();
    clock.advance(31 * MINUTE);
    const orders = await call(shop, "GET", "/customer/orders", { token: customer.token });
    expect(orders.status).toBe(200);
    expect((await orderRow(orderId)).status).toBe("cancelled");
    expect(standIn.session(sessionId)!.status).toBe("expired");
    expect(await stockOnHand(shop, items[0]!)).toBe(5);

    // Stripe's own expiry event then finds nothing left to do.
    const event = standIn.event("checkout.session.expired", standIn.session(sessionId)!);
    expect((await deliver(event.payload)).body).toEqual({ received: true, duplicate: false });
    expect(await statuses(orderId)).toEqual(["pending_payment", "cancelled"]);
  });

  it("is not held back by the per-IP rate limit that shoppers meet", async () => {
    const limited = await createTestShop({
      database: shop.database,
      rateLimitPerMinute: 1,
      stripeWebhookSecret: WEBHOOK_SECRET,
    });
    try {
      const ip = "203.0.113.7";
      expect((await call(limited, "GET", "/categories", { ip })).status).toBe(200);
      expect((await call(limited, "GET", "/categories", { ip })).status).toBe(429);
      for (let i = 0; i < 3; i++) {
        const { payload } = standIn.event("customer.created", { id: "cus_test", object: "customer" });
        const res = await call(limited, "POST", "/webhooks/stripe", {
          ip,
          rawBody: payload,
          headers: { "stripe-signature": sign(payload) },
        });
        expect(res.status).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });

  it("is not there without a webhook secret", async () => {
    const plain = await createTestShop({ database: shop.database });
    try {
      const res = await call(plain, "POST", "/webhooks/stripe", {
        rawBody: "{}",
        headers: { "stripe-signature": "x" },
      });
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
