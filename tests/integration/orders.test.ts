import { beforeEach, describe, expect, it } from "vitest";
import { EMAIL_NOT_VERIFIED } from "#contract/accounts.ts";
import { errorResponse } from "#contract/catalog.ts";
import { orderListResponse, orderResponse } from "#contract/shopping.ts";
import { NOT_LOGGED_IN } from "#core/accounts/customers.ts";
import { newId } from "#db/ids.ts";
import {
  call,
  createClock,
  createCustomer,
  expectContract,
  MINUTE,
  type TestCustomer,
} from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { CHECKOUT_ADDRESS, itemBody, stockedItem } from "../support/shopping.ts";

const clock = createClock();
const shop = setUpTestShop({ now: clock.now });
beforeEach(() => clock.reset());

let phoneCounter = 0;

async function customerWithPhone() {
  const phone = `+2126124${String(++phoneCounter).padStart(5, "0")}`;
  return { customer: await createCustomer(shop, { phoneNumbers: [phone] }), phone };
}

/** Places an order of one fresh item (cash on delivery unless `card`) and returns it as answered. */
async function placeOrder(
  { customer, phone }: { customer: TestCustomer; phone: string },
  options: { card?: boolean; quantity?: number } = {},
) {
  const item = await stockedItem(shop, { stock: 10, priceCents: 1500 });
  const added = await call(shop, "POST", "/customer/shopping-cart", {
    token: customer.token,
    body: itemBody(item, options.quantity ?? 1),
  });
  expect(added.status).toBe(200);
  const path = options.card
    ? "/customer/orders/stripe-checkout-session"
    : "/customer/orders/cash-on-delivery";
  const res = await call(shop, "POST", path, { token: customer.token, body: { phone, ...CHECKOUT_ADDRESS } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order;
}

describe("GET /api/v1/customer/orders", () => {
  it("lists the customer's orders newest first, with items, totals and status", async () => {
    const buyer = await customerWithPhone();
    const placed = [];
    for (const [i, card] of [false, true, false].entries()) {
      placed.push(await placeOrder(buyer, { card, quantity: i + 1 }));
      clock.advance(MINUTE);
    }
    await placeOrder(await customerWithPhone()); // someone else's
    const res = await call(shop, "GET", "/customer/orders", { token: buyer.customer.token });
    expect(res.status).toBe(200);
    expectContract(orderListResponse, res.body);
    expect(res.body.results).toBe(3);
    expect(res.body.paginationResults).toEqual({ currentPage: 1, limit: 50, numberOfPages: 1 });
    expect(res.body.data).toEqual([...placed].reverse());
    expect(res.body.data.map((o: { status: string }) => o.status)).toEqual([
      "placed",
      "pending_payment",
      "placed",
    ]);
    expect(res.body.data.map((o: { items: { quantity: number }[] }) => o.items[0]!.quantity)).toEqual([
      3, 2, 1,
    ]);
  });

  it("orders placed at the same instant are still newest first", async () => {
    const buyer = await customerWithPhone();
    const first = await placeOrder(buyer);
    const second = await placeOrder(buyer);
    expect(second.number).toBeGreaterThan(first.number);
    const res = await call(shop, "GET", "/customer/orders", { token: buyer.customer.token });
    expect(res.body.data.map((o: { _id: string }) => o._id)).toEqual([second._id, first._id]);
  });

  it("pages with page and limit", async () => {
    const buyer = await customerWithPhone();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.unshift((await placeOrder(buyer))._id);
      clock.advance(MINUTE);
    }
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await call(shop, "GET", `/customer/orders?page=${page}&limit=2`, {
        token: buyer.customer.token,
      });
      expect(res.status).toBe(200);
      expectContract(orderListResponse, res.body);
      pages.push(res.body);
    }
    expect(pages.map((p) => p.data.map((o: { _id: string }) => o._id))).toEqual([
      ids.slice(0, 2),
      ids.slice(2, 4),
      ids.slice(4),
      [],
    ]);
    expect(pages.map((p) => p.paginationResults)).toEqual([
      { currentPage: 1, limit: 2, numberOfPages: 3, nextPage: 2 },
      { currentPage: 2, limit: 2, numberOfPages: 3, nextPage: 3, prevPage: 1 },
      { currentPage: 3, limit: 2, numberOfPages: 3, prevPage: 2 },
      { currentPage: 4, limit: 2, numberOfPages: 3, prevPage: 3 },
    ]);
  });

  it("a customer without orders gets an empty list", async () => {
    const { customer } = await customerWithPhone();
    const res = await call(shop, "GET", "/customer/orders", { token: customer.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      results: 0,
      paginationResults: { currentPage: 1, limit: 50, numberOfPages: 0 },
      data: [],
    });
    expectContract(orderListResponse, res.body);
  });

  it.each([
    ["page=0", "page", "page must be a whole number from 1 to 1000000"],
    ["page=x", "page", "page must be a whole number from 1 to 1000000"],
    ["page=2.5", "page", "page must be a whole number from 1 to 1000000"],
    ["page=1000001", "page", "page must be a whole number from 1 to 1000000"],
    ["limit=0", "limit", "limit must be a whole number from 1 to 100"],
    ["limit=500", "limit", "limit must be a whole number from 1 to 100"],
  ])("%s → 400 naming %s", async (query, field, message) => {
    const { customer } = await customerWithPhone();
    const res = await call(shop, "GET", `/customer/orders?${query}`, { token: customer.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: "fail", message, errors: [{ field, message }] });
    expectContract(errorResponse, res.body);
  });

  it("without a token → 401; an unverified email → 403", async () => {
    const anonymous = await call(shop, "GET", "/customer/orders");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ status: "fail", message: NOT_LOGGED_IN });
    const unverified = await createCustomer(shop, { verified: false });
    const res = await call(shop, "GET", "/customer/orders", { token: unverified.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: "fail", message: EMAIL_NOT_VERIFIED });
  });
});

describe("GET /api/v1/customer/orders/:orderId", () => {
  it("returns one of the customer's orders", async () => {
    const buyer = await customerWithPhone();
    const order = await placeOrder(buyer, { quantity: 2 });
    const res = await call(shop, "GET", `/customer/orders/${order._id}`, { token: buyer.customer.token });
    expect(res.status).toBe(200);
    expectContract(orderResponse, res.body);
    expect(res.body).toEqual({ data: order });
    expect(res.body.data).toMatchObject({
      status: "placed",
      phone: buyer.phone,
      shippingAddress: CHECKOUT_ADDRESS,
      // 2 × 15.00 = 30.00 + 4.20 + 9.99
      pricing: {
        itemsPrice: 30,
        taxPrice: 4.2,
        shippingPrice: 9.99,
        totalPrice: 44.19,
        totalPriceAfterDiscount: 44.19,
      },
    });
  });

  it("another customer's order → 404 exactly like an unknown id", async () => {
    const owner = await customerWithPhone();
    const order = await placeOrder(owner);
    const { customer: intruder } = await customerWithPhone();
    const foreign = await call(shop, "GET", `/customer/orders/${order._id}`, { token: intruder.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ status: "fail", message: `No order for this ID: ${order._id}.` });
    const unknownId = newId();
    const unknown = await call(shop, "GET", `/customer/orders/${unknownId}`, { token: intruder.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: "fail", message: `No order for this ID: ${unknownId}.` });
  });

  it.each([
    ["too short", "123"],
    ["upper-case", "0123456789ABCDEF01234567"],
    ["not hex", "zzzzzzzzzzzzzzzzzzzzzzzz"],
    ["an injection", "' OR 1=1 --"],
  ])("a malformed id (%s) → 404", async (_name, id) => {
    const { customer } = await customerWithPhone();
    const res = await call(shop, "GET", `/customer/orders/${encodeURIComponent(id)}`, {
      token: customer.token,
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: "fail", message: `No order for this ID: ${id}.` });
    expectContract(errorResponse, res.body);
  });

  it("a very long id is not echoed back whole", async () => {
    const { customer } = await customerWithPhone();
    const id = "a".repeat(300);
    const res = await call(shop, "GET", `/customer/orders/${id}`, { token: customer.token });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(`No order for this ID: ${"a".repeat(100)}.`);
  });

  it("without a token → 401; an unverified email → 403", async () => {
    const order = await placeOrder(await customerWithPhone());
    const anonymous = await call(shop, "GET", `/customer/orders/${order._id}`);
    expect(anonymous.status).toBe(401);
    const unverified = await createCustomer(shop, { verified: false });
    const res = await call(shop, "GET", `/customer/orders/${order._id}`, { token: unverified.token });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/^Your email is not verified/);
  });
});
