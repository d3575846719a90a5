import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { errorResponse } from "#contract/catalog.ts";
import { apiCartResponse, checkoutResponse, orderResponse } from "#contract/shopping.ts";
import { NOT_LOGGED_IN } from "#core/accounts/customers.ts";
import { PAYMENT_WINDOW_MINUTES } from "#core/checkout/checkout.ts";
import { DomainError, HTTP_STATUS } from "#core/errors.ts";
import { payTestCheckout, TEST_CARD_DECLINED, TEST_CARD_PAYS } from "#core/payments/builtin-checkout.ts";
import { newId } from "#db/ids.ts";
import {
  call,
  createClock,
  createCustomer,
  expectContract,
  MINUTE,
  SECOND,
  type TestCustomer,
} from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import {
  CHECKOUT_ADDRESS,
  itemBody,
  type StockedItem,
  shoppingRows,
  stockedItem,
  stockHeld,
  stockOnHand,
} from "../support/shopping.ts";

const clock = createClock();
const shop = setUpTestShop({ now: clock.now });
beforeEach(() => clock.reset());

const CART = "/customer/shopping-cart";
const COD = "/customer/orders/cash-on-delivery";
const CARD = "/customer/orders/stripe-checkout-session";
const ENDPOINTS = [
  ["cash-on-delivery", COD],
  ["stripe-checkout-session", CARD],
] as const;
const RESERVATION = 15 * MINUTE;
const PAYMENT_WINDOW = PAYMENT_WINDOW_MINUTES * MINUTE;

let phoneCounter = 0;
/** A phone number no other customer of this file has. */
const nextPhone = () => `+2126123${String(++phoneCounter).padStart(5, "0")}`;

/** A verified customer with one verified phone number and a cart holding `quantity` of a fresh item. */
async function shopper(
  options: { stock?: number; quantity?: number; priceCents?: number; sized?: boolean } = {},
) {
  const phone = nextPhone();
  const customer = await createCustomer(shop, { phoneNumbers: [phone] });
  const item = await stockedItem(shop, {
    stock: options.stock ?? 5,
    priceCents: options.priceCents ?? 2500,
    sized: options.sized ?? true,
  });
  await addToCart(customer, item, options.quantity ?? 2);
  return { customer, phone, item, body: { phone, ...CHECKOUT_ADDRESS } };
}

async function addToCart(customer: TestCustomer, item: StockedItem, quantity: number) {
  const res = await call(shop, "POST", CART, { token: customer.token, body: itemBody(item, quantity) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const checkout = (path: string, customer: TestCustomer, body: unknown) =>
  call(shop, "POST", path, { token: customer.token, body });

const getCart = (customer: TestCustomer) => call(shop, "GET", CART, { token: customer.token });

async function orderCount(customer: TestCustomer) {
  const [row] = await shop.rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM orders WHERE customer_id = ${customer.id}`,
  );
  return row!.n;
}

async function couponUses(code: string) {
  const [row] = await shop.rows<{ used_count: number }>(
    sql`SELECT used_count FROM coupons WHERE code = ${code}`,
  );
  return row!.used_count;
}

const statuses = (order: { statusHistory: { status: string }[] }) => order.statusHistory.map((h) => h.status);

/** What core's DomainError becomes at the API (server/middleware/errors.ts). */
async function domainFailure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  const { kind, message } = error as DomainError;
  return { status: HTTP_STATUS[kind], message };
}

const card = (cardNumber: string) => ({ cardNumber, expiry: "12/40", cvc: "123" });

describe.each(ENDPOINTS)("POST /api/v1/customer/orders/%s: bad input", (_name, path) => {
  /** Left out of the JSON body (JSON.stringify drops undefined). */
  const without = (field: string) => ({ [field]: undefined });
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["phone missing", without("phone"), "phone", "Select phone number."],
    ["phone blank", { phone: "  " }, "phone", "Select phone number."],
    ["phone a number", { phone: 212612345678 }, "phone", "Select phone number."],
    ["phone of 33 characters", { phone: `+${"1".repeat(32)}` }, "phone", "Select phone number."],
  ];
  for (const [field, label] of [
    ["country", "Country"],
    ["state", "State"],
    ["city", "City"],
  ] as const) {
    cases.push(
      [`${field} missing`, without(field), field, `${label} is required.`],
      [`${field} blank`, { [field]: "   " }, field, `${label} is required.`],
      [`${field} a number`, { [field]: 7 }, field, `${label} is required.`],
      [`${field} of 1`, { [field]: "M" }, field, `${label} name must be at least 2 characters.`],
      [`${field} of 51`, { [field]: "M".repeat(51) }, field, `${label} name cannot exceed 50 characters.`],
    );
  }
  cases.push(
    ["street missing", without("street"), "street", "Street address is required."],
    ["street blank", { street: " " }, "street", "Street address is required."],
    ["street of 4", { street: "4 Av" }, "street", "Street address must be at least 5 characters."],
    ["street of 101", { street: "s".repeat(101) }, "street", "Street address cannot exceed 100 characters."],
    ["postalCode missing", without("postalCode"), "postalCode", "Postal code is required."],
    ["postalCode a number", { postalCode: 20000 }, "postalCode", "Postal code is required."],
    ["postalCode of 3", { postalCode: "200" }, "postalCode", "Postal code must be between 4 and 10 digits."],
    [
      "postalCode of 11",
      { postalCode: "12345678901" },
      "postalCode",
      "Postal code must be between 4 and 10 digits.",
    ],
    [
      "postalCode with letters",
      { postalCode: "2000A" },
      "postalCode",
      "Postal code must be between 4 and 10 digits.",
    ],
  );

  it.each(cases)(
    "%s → 400 naming the field; no order, stock and cart unchanged",
    async (_name, change, field, message) => {
      const { customer, phone, item } = await shopper();
      const body = { phone, ...CHECKOUT_ADDRESS, ...change };
      const before = await shoppingRows(shop);
      const res = await checkout(path, customer, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ status: "fail", message });
      expect(res.body.errors[0]).toEqual({ field, message });
      expectContract(errorResponse, res.body);
      expect(await shoppingRows(shop)).toEqual(before);
      expect(await orderCount(customer)).toBe(0);
      expect(await stockHeld(shop, item)).toBe(2);
    },
  );

  it("an empty body names every field with its first message", async () => {
    const { customer } = await shopper();
    const res = await checkout(path, customer, {});
    expect(res.status).toBe(400);
    const first = new Map<string, string>();
    for (const { field, message } of res.body.errors) if (!first.has(field)) first.set(field, message);
    expect(Object.fromEntries(first)).toEqual({
      phone: "Select phone number.",
      country: "Country is required.",
      state: "State is required.",
      city: "City is required.",
      street: "Street address is required.",
      postalCode: "Postal code is required.",
    });
  });

  it("a body that is not a JSON object → 400, nothing changed", async () => {
    const { customer } = await shopper();
    const before = await shoppingRows(shop);
    for (const [rawBody, message] of [
      ["phone=%2B212600000000", "The request body must be valid JSON."],
      ["[]", "The request body must be a JSON object."],
    ] as const) {
      const res = await call(shop, "POST", path, { token: customer.token, rawBody });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: "fail", message });
    }
    expect(await shoppingRows(shop)).toEqual(before);
  });

  it("a phone that is not one of the customer's verified numbers → 400 naming phone, nothing changed", async () => {
    const { customer } = await shopper();
    const someoneElse = await createCustomer(shop, { phoneNumbers: [nextPhone()] });
    const [theirs] = await shop.rows<{ phone_number: string }>(
      sql`SELECT phone_number FROM customer_phone_numbers WHERE customer_id = ${someoneElse.id}`,
    );
    const message = "Select phone number: it must be one of your verified phone numbers.";
    for (const phone of [nextPhone(), theirs!.phone_number, "not a phone"]) {
      const before = await shoppingRows(shop);
      const res = await checkout(path, customer, { phone, ...CHECKOUT_ADDRESS });
      expect(res.status, phone).toBe(400);
      expect(res.body).toEqual({ status: "fail", message, errors: [{ field: "phone", message }] });
      expect(await shoppingRows(shop)).toEqual(before);
    }
  });

  it("an empty cart → 400, no order", async () => {
    const phone = nextPhone();
    const customer = await createCustomer(shop, { phoneNumbers: [phone] });
    // Reading the (empty) cart on the way may note the cart's last use; nothing else changes.
    const { carts: _, ...before } = await shoppingRows(shop);
    const res = await checkout(path, customer, { phone, ...CHECKOUT_ADDRESS });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: "fail", message: "Your shopping cart is empty." });
    const { carts: __, ...after } = await shoppingRows(shop);
    expect(after).toEqual(before);
  });

  it("without a token → 401; an unverified email → 403; no order", async () => {
    const before = await shoppingRows(shop);
    const anonymous = await call(shop, "POST", path, { body: { phone: nextPhone(), ...CHECKOUT_ADDRESS } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ status: "fail", message: NOT_LOGGED_IN });
    const phone = nextPhone();
    const unverified = await createCustomer(shop, { verified: false, phoneNumbers: [phone] });
    const res = await checkout(path, unverified, { phone, ...CHECKOUT_ADDRESS });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/^Your email is not verified/);
    expect((await shoppingRows(shop)).orders).toEqual(before.orders);
  });
});

describe("POST /api/v1/customer/orders/cash-on-delivery", () => {
  it("places the order: 201, status placed, stock taken, holds gone, cart emptied", async () => {
    const { customer, phone, item, body } = await shopper({ stock: 5, quantity: 2, priceCents: 2500 });
    const res = await checkout(COD, customer, body);
    expect(res.status).toBe(201);
    expectContract(checkoutResponse, res.body);
    const { order } = res.body;
    expect(res.body).toEqual({
      status: "Success",
      message: `Order #${order.number} placed: you pay in cash on delivery.`,
      order,
    });
    expect(order).toMatchObject({
      status: "placed",
      paymentMethod: "cash_on_delivery",
      isPaid: false,
      paidAt: null,
      paymentExpiresAt: null,
      phone,
      shippingAddress: CHECKOUT_ADDRESS,
      items: [
        {
          product: { _id: item.productId, title: item.title },
          size: item.size,
          quantity: 2,
          price: 25,
          totalPrice: 50,
        },
      ],
      // 50.00 + 7.00 + 9.99
      pricing: {
        itemsPrice: 50,
        taxPrice: 7,
        shippingPrice: 9.99,
        totalPrice: 66.99,
        totalPriceAfterDiscount: 66.99,
      },
      coupon: null,
      createdAt: clock.now().toISOString(),
    });
    expect(statuses(order)).toEqual(["placed"]);
    expect(await stockOnHand(shop, item)).toBe(3);
    expect(await stockHeld(shop, item)).toBe(0);
    const cart = await getCart(customer);
    expect(cart.body).toMatchObject({
      numOfCartItems: 0,
      cartItems: [],
      message: "Your shopping cart is empty.",
    });
    const detail = await call(shop, "GET", `/products/${item.productId}`);
    expect(detail.body.data.quantity).toBe(3);
  });

  it("accepts the customer's number written another way", async () => {
    const { customer, phone, body } = await shopper();
    const spaced = `${phone.slice(0, 4)} ${phone.slice(4, 7)}-${phone.slice(7)}`;
    const res = await checkout(COD, customer, { ...body, phone: spaced });
    expect(res.status).toBe(201);
    expect(res.body.order.phone).toBe(phone);
  });

  it("counts the coupon's use and keeps its discount on the order; the cart loses the coupon", async () => {
    const { customer, body } = await shopper({ quantity: 2, priceCents: 2500 });
    expect(
      (
        await call(shop, "PUT", `${CART}/apply-coupon`, {
          token: customer.token,
          body: { couponCode: "WELCOME10" },
        })
      ).status,
    ).toBe(200);
    const before = await couponUses("WELCOME10");
    const res = await checkout(COD, customer, body);
    expect(res.status).toBe(201);
    expect(await couponUses("WELCOME10")).toBe(before + 1);
    expect(res.body.order.coupon).toEqual({
      couponCode: "WELCOME10",
      couponDiscount: 10,
      discountedAmount: 6.7,
    });
    expect(res.body.order.pricing.totalPriceAfterDiscount).toBe(60.29);
    const [cart] = await shop.rows<{ coupon_id: string | null }>(
      sql`SELECT coupon_id FROM carts WHERE customer_id = ${customer.id}`,
    );
    expect(cart!.coupon_id).toBeNull();
  });

  it("snapshots the prices: a later catalogue change leaves the order as it was", async () => {
    const { customer, item, body } = await shopper({ quantity: 3, priceCents: 1999 });
    const placed = await checkout(COD, customer, body);
    expect(placed.status).toBe(201);
    await shop.rows(sql`UPDATE product_sizes SET price_cents = 9999 WHERE id = ${item.sizeId}`);
    await shop.rows(sql`UPDATE products SET title = 'Renamed' WHERE id = ${item.productId}`);
    const res = await call(shop, "GET", `/customer/orders/${placed.body.order._id}`, {
      token: customer.token,
    });
    expect(res.status).toBe(200);
    expectContract(orderResponse, res.body);
    expect(res.body.data).toEqual(placed.body.order);
    expect(res.body.data.items[0]).toMatchObject({
      price: 19.99,
      totalPrice: 59.97,
      product: { title: item.title },
    });
  });

  it("saves a new address to the customer's list, once", async () => {
    const { customer, item, body } = await shopper({ stock: 10, quantity: 1 });
    expect((await call(shop, "GET", "/customer/addresses", { token: customer.token })).body.data).toEqual([]);
    expect((await checkout(COD, customer, body)).status).toBe(201);
    await addToCart(customer, item, 1);
    clock.advance(SECOND);
    // The same address again, in other case and spacing.
    const again = { ...body, city: ` ${CHECKOUT_ADDRESS.city.toUpperCase()} ` };
    expect((await checkout(COD, customer, again)).status).toBe(201);
    const addresses = await call(shop, "GET", "/customer/addresses", { token: customer.token });
    expect(addresses.body.data).toEqual([{ _id: expect.any(String), ...CHECKOUT_ADDRESS }]);
    expect(await orderCount(customer)).toBe(2);
  });

  it("counts the items as sold", async () => {
    const { customer, item, body } = await shopper({ quantity: 2 });
    const sold = async () =>
      (await shop.rows<{ sold: number }>(sql`SELECT sold FROM products WHERE id = ${item.productId}`))[0]!
        .sold;
    const before = await sold();
    expect((await checkout(COD, customer, body)).status).toBe(201);
    expect(await sold()).toBe(before + 2);
  });

  it("a cart whose holds lapsed goes through when the stock is still there", async () => {
    const { customer, item, body } = await shopper({ stock: 4, quantity: 2 });
    clock.advance(RESERVATION + MINUTE);
    const res = await checkout(COD, customer, body);
    expect(res.status).toBe(201);
    expect(await stockOnHand(shop, item)).toBe(2);
  });

  it("a lapsed hold whose stock another customer took → 409 with a message; the cart is updated, no order", async () => {
    const { customer, item, body } = await shopper({ stock: 3, quantity: 2 });
    const kept = await stockedItem(shop, { stock: 3, sized: false });
    clock.advance(SECOND);
    await addToCart(customer, kept, 1);
    clock.advance(RESERVATION + MINUTE);
    const rival = await createCustomer(shop);
    await addToCart(rival, item, 2);
    const res = await checkout(COD, customer, body);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      status: "fail",
      message: `${item.title} (size ${item.size!.toUpperCase()}) is no longer available in that quantity and was removed from your cart. Please review your cart.`,
    });
    expect(await orderCount(customer)).toBe(0);
    expect(await stockOnHand(shop, item)).toBe(3);
    expect(await stockOnHand(shop, kept)).toBe(3);
    const cart = await getCart(customer);
    expect(cart.body.cartItems.map((i: { product: { _id: string } }) => i.product._id)).toEqual([
      kept.productId,
    ]);
    // The shopper has seen the change: checking out again places the rest.
    const again = await checkout(COD, customer, body);
    expect(again.status).toBe(201);
    expect(again.body.order.items).toHaveLength(1);
  });

  it("a coupon used up by another order meanwhile → 409, the coupon leaves the cart, no order", async () => {
    const code = "ONCEONLY";
    await shop.rows(sql`INSERT INTO coupons (id, code, discount_percent, expires_at, usage_limit)
      VALUES (${newId()}, ${code}, 10, ${new Date(clock.now().getTime() + 86_400_000).toISOString()}::timestamptz, 1)`);
    const first = await shopper();
    const second = await shopper();
    for (const { customer } of [first, second]) {
      const res = await call(shop, "PUT", `${CART}/apply-coupon`, {
        token: customer.token,
        body: { couponCode: code },
      });
      expect(res.status).toBe(200);
    }
    expect((await checkout(COD, first.customer, first.body)).status).toBe(201);
    const res = await checkout(COD, second.customer, second.body);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `Coupon ${code} has been used up. It was removed from your cart. Please review your cart.`,
    );
    expect(await orderCount(second.customer)).toBe(0);
    expect(await couponUses(code)).toBe(1);
    const cart = await getCart(second.customer);
    expect(cart.body.data.coupon).toBeUndefined();
    expect(cart.body.numOfCartItems).toBe(1);
  });
});

describe("checking out at once", () => {
  it("the same cart sent to both checkouts at once makes one order and takes the stock once", async () => {
    const { customer, item, body } = await shopper({ stock: 5, quantity: 2 });
    const answers = await Promise.all([checkout(COD, customer, body), checkout(CARD, customer, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.status === 400)!.body.message).toBe("Your shopping cart is empty.");
    expect(await orderCount(customer)).toBe(1);
    expect(await stockOnHand(shop, item)).toBe(3);
  });

  it("two carts holding the same lapsed items in opposite orders check out at once", async () => {
    const shoppers = [];
    for (let i = 0; i < 2; i++) {
      const phone = nextPhone();
      shoppers.push({ customer: await createCustomer(shop, { phoneNumbers: [phone] }), phone });
    }
    for (let round = 0; round < 3; round++) {
      const x = await stockedItem(shop, { stock: 10 });
      const y = await stockedItem(shop, { stock: 10, sized: false });
      for (const [i, items] of [
        [x, y],
        [y, x],
      ].entries()) {
        for (const item of items) {
          await addToCart(shoppers[i]!.customer, item, 2);
          clock.advance(SECOND);
        }
      }
      clock.advance(RESERVATION);
      const answers = await Promise.all(
        shoppers.map((s) => checkout(COD, s.customer, { phone: s.phone, ...CHECKOUT_ADDRESS })),
      );
      expect(answers.map((a) => a.status)).toEqual([201, 201]);
      expect(await stockOnHand(shop, x)).toBe(6);
      expect(await stockOnHand(shop, y)).toBe(6);
    }
  });

  it("two carts sharing two items, each with the other one lapsed, check out at once", async () => {
    const shoppers = [];
    for (let i = 0; i < 2; i++) {
      const phone = nextPhone();
      shoppers.push({ customer: await createCustomer(shop, { phoneNumbers: [phone] }), phone });
    }
    for (let round = 0; round < 3; round++) {
      const x = await stockedItem(shop, { stock: 10 });
      const y = await stockedItem(shop, { stock: 10, sized: false });
      await addToCart(shoppers[0]!.customer, x, 2);
      await addToCart(shoppers[1]!.customer, y, 2);
      clock.advance(RESERVATION); // those lapse; the next ones are held
      await addToCart(shoppers[0]!.customer, y, 2);
      await addToCart(shoppers[1]!.customer, x, 2);
      const answers = await Promise.all(
        shoppers.map((s) => checkout(COD, s.customer, { phone: s.phone, ...CHECKOUT_ADDRESS })),
      );
      expect(answers.map((a) => a.status)).toEqual([201, 201]);
      expect(await stockOnHand(shop, x)).toBe(6);
      expect(await stockOnHand(shop, y)).toBe(6);
    }
  });

  it("two carts racing for a coupon's last use: one order takes it, the other is refused", async () => {
    const code = "LASTUSE";
    await shop.rows(sql`INSERT INTO coupons (id, code, discount_percent, expires_at, usage_limit)
      VALUES (${newId()}, ${code}, 10, ${new Date(clock.now().getTime() + 86_400_000).toISOString()}::timestamptz, 1)`);
    const shoppers = [await shopper(), await shopper()];
    for (const { customer } of shoppers) {
      const res = await call(shop, "PUT", `${CART}/apply-coupon`, {
        token: customer.token,
        body: { couponCode: code },
      });
      expect(res.status).toBe(200);
    }
    const answers = await Promise.all(shoppers.map((s) => checkout(COD, s.customer, s.body)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await couponUses(code)).toBe(1);
    const refused = shoppers[answers.findIndex((a) => a.status === 409)]!;
    expect(await orderCount(refused.customer)).toBe(0);
    expect(await stockOnHand(shop, refused.item)).toBe(5);
  });
});

describe("POST /api/v1/customer/orders/stripe-checkout-session", () => {
  it("opens a payment session: message starts 'Stripe', order pending_payment, stock taken", async () => {
    const { customer, item, body } = await shopper({ stock: 5, quantity: 2, priceCents: 4000 });
    const res = await checkout(CARD, customer, body);
    expect(res.status).toBe(201);
    expectContract(checkoutResponse, res.body);
    const { order, sessionID, sessionURL } = res.body;
    expect(res.body.status).toBe("Success");
    expect(res.body.message).toBe(`Stripe checkout session created for order #${order.number}.`);
    expect(sessionID).toMatch(/^cs_test_[0-9a-f]{32}$/);
    expect(new URL(sessionURL).pathname).toBe(`/checkout/test/${sessionID}`);
    expect(order).toMatchObject({
      status: "pending_payment",
      paymentMethod: "credit_card",
      isPaid: false,
      paymentExpiresAt: new Date(clock.now().getTime() + PAYMENT_WINDOW).toISOString(),
      // 80.00 + 11.20 + 9.99
      pricing: {
        itemsPrice: 80,
        taxPrice: 11.2,
        shippingPrice: 9.99,
        totalPrice: 101.19,
        totalPriceAfterDiscount: 101.19,
      },
    });
    expect(statuses(order)).toEqual(["pending_payment"]);
    expect(await stockOnHand(shop, item)).toBe(3);
    expect(await stockHeld(shop, item)).toBe(0);
    expect((await getCart(customer)).body.numOfCartItems).toBe(0);
    const [row] = await shop.rows<{ payment_session_id: string }>(
      sql`SELECT payment_session_id FROM orders WHERE id = ${order._id}`,
    );
    expect(row!.payment_session_id).toBe(sessionID);
  });

  it("paying with the test card makes the order paid (pending_payment → paid)", async () => {
    const { customer, body } = await shopper();
    const session = await checkout(CARD, customer, body);
    clock.advance(5 * MINUTE);
    await payTestCheckout(shop.ctx, session.body.sessionID, card(TEST_CARD_PAYS));
    const res = await call(shop, "GET", `/customer/orders/${session.body.order._id}`, {
      token: customer.token,
    });
    expect(res.body.data).toMatchObject({
      status: "paid",
      isPaid: true,
      paidAt: clock.now().toISOString(),
      paymentExpiresAt: null,
    });
    expect(statuses(res.body.data)).toEqual(["pending_payment", "paid"]);
    // Paying again changes nothing.
    await payTestCheckout(shop.ctx, session.body.sessionID, card(TEST_CARD_PAYS));
    const again = await call(shop, "GET", `/customer/orders/${session.body.order._id}`, {
      token: customer.token,
    });
    expect(statuses(again.body.data)).toEqual(["pending_payment", "paid"]);
  });

  it("paying at the same instant the order was placed keeps the timeline in order", async () => {
    const { customer, body } = await shopper();
    const session = await checkout(CARD, customer, body);
    await payTestCheckout(shop.ctx, session.body.sessionID, card(TEST_CARD_PAYS));
    const res = await call(shop, "GET", `/customer/orders/${session.body.order._id}`, {
      token: customer.token,
    });
    expect(statuses(res.body.data)).toEqual(["pending_payment", "paid"]);
  });

  it("a declined card → 400 'Your card was declined.' and the order still awaits payment", async () => {
    const { customer, body } = await shopper();
    const session = await checkout(CARD, customer, body);
    expect(
      await domainFailure(payTestCheckout(shop.ctx, session.body.sessionID, card(TEST_CARD_DECLINED))),
    ).toEqual({
      status: 400,
      message: "Your card was declined.",
    });
    const res = await call(shop, "GET", `/customer/orders/${session.body.order._id}`, {
      token: customer.token,
    });
    expect(res.body.data).toMatchObject({ status: "pending_payment", isPaid: false });
    expect(statuses(res.body.data)).toEqual(["pending_payment"]);
  });

  it.each([
    ["GET /customer/orders", "/customer/orders"],
    ["GET /customer/shopping-cart", CART],
  ])(
    "an unpaid order past its payment window is cancelled on the next %s: stock released, coupon use given back, items back in the cart",
    async (_name, path) => {
      const { customer, item, body } = await shopper({ stock: 5, quantity: 2 });
      await call(shop, "PUT", `${CART}/apply-coupon`, {
        token: customer.token,
        body: { couponCode: "SUMMER25" },
      });
      const uses = await couponUses("SUMMER25");
      const session = await checkout(CARD, customer, body);
      expect(session.status).toBe(201);
      expect(await couponUses("SUMMER25")).toBe(uses + 1);
      const orderPath = `/customer/orders/${session.body.order._id}`;

      clock.advance(PAYMENT_WINDOW - SECOND);
      await call(shop, "GET", path, { token: customer.token });
      expect((await call(shop, "GET", orderPath, { token: customer.token })).body.data.status).toBe(
        "pending_payment",
      );
      expect(await stockOnHand(shop, item)).toBe(3);

      clock.advance(SECOND);
      const read = await call(shop, "GET", path, { token: customer.token });
      expect(read.status).toBe(200);
      expect(await stockOnHand(shop, item)).toBe(5);
      expect(await couponUses("SUMMER25")).toBe(uses);
      const order = (await call(shop, "GET", orderPath, { token: customer.token })).body.data;
      expect(order).toMatchObject({ status: "cancelled", isPaid: false, paymentExpiresAt: null });
      expect(statuses(order)).toEqual(["pending_payment", "cancelled"]);
      expect(order.statusHistory[1].note).toBe("The payment did not arrive in time.");

      const cart = await getCart(customer);
      expectContract(apiCartResponse, cart.body);
      expect(cart.body.cartItems).toHaveLength(1);
      expect(cart.body.cartItems[0]).toMatchObject({
        product: { _id: item.productId, quantity: 3 },
        size: item.size,
        quantity: 2,
      });
      expect(await stockHeld(shop, item)).toBe(2);
      // The page can no longer take payment.
      expect(
        await domainFailure(payTestCheckout(shop.ctx, session.body.sessionID, card(TEST_CARD_PAYS))),
      ).toEqual({
        status: 400,
        message: "This order can no longer be paid: it was cancelled.",
      });
    },
  );

  it("a cancelled order's items come back only as far as the stock still allows", async () => {
    const { customer, item, body } = await shopper({ stock: 3, quantity: 3 });
    const session = await checkout(CARD, customer, body);
    expect(session.status).toBe(201);
    clock.advance(PAYMENT_WINDOW);
    // The order is cancelled (its stock back on the shelf) and another customer takes some of that
    // stock before this customer reads the cart its items returned to.
    await call(shop, "GET", "/customer/orders", { token: customer.token });
    const rival = await createCustomer(shop);
    await addToCart(rival, item, 2);
    const cart = await getCart(customer);
    expect(cart.body.cartItems).toEqual([]);
    expect(cart.body.message).toBe(
      `${item.title} (size ${item.size!.toUpperCase()}) is no longer available in that quantity and was removed from your cart. Your shopping cart is empty.`,
    );
  });
});
