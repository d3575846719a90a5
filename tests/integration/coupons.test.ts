import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { errorResponse } from "#contract/catalog.ts";
import { apiCartResponse } from "#contract/shopping.ts";
import { NOT_LOGGED_IN } from "#core/accounts/customers.ts";
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
import { itemBody, type StockedItem, shoppingRows, stockedItem } from "../support/shopping.ts";

// The pricing rules of core/cart/pricing.ts in exact cents, through the API: tax 14 % of the items
// rounded half up, 9.99 shipping below 100.00 of items, the coupon's percent off the total rounded
// half up (seeded settings, demo/shop-data.ts).

const clock = createClock();
const shop = setUpTestShop({ now: clock.now });
beforeEach(() => clock.reset());

const COUPON = "/customer/shopping-cart/apply-coupon";
const CART = "/customer/shopping-cart";

let couponCounter = 0;
/** A coupon of this test's own: `TEST{n}P{percent}` unless a code is given. */
async function insertCoupon(options: {
  percent: number;
  code?: string;
  expiresInMs?: number;
  usageLimit?: number;
  usedCount?: number;
  minSubtotalCents?: number;
}) {
  couponCounter++;
  const code = options.code ?? `TEST${couponCounter}P${options.percent}`;
  const expiresAt = new Date(clock.now().getTime() + (options.expiresInMs ?? 30 * 24 * 60 * MINUTE));
  const id = newId();
  await shop.rows(sql`INSERT INTO coupons (id, code, discount_percent, expires_at, usage_limit, used_count, min_subtotal_cents)
    VALUES (${id}, ${code}, ${options.percent}, ${expiresAt.toISOString()}::timestamptz, ${options.usageLimit ?? null},
            ${options.usedCount ?? 0}, ${options.minSubtotalCents ?? 0})`);
  return { id, code };
}

/** A fresh customer whose cart holds these lines (unit price in cents × quantity), in this order. */
async function customerWithCart(linesCents: [priceCents: number, quantity: number][]) {
  const customer = await createCustomer(shop);
  const items: StockedItem[] = [];
  for (const [priceCents, quantity] of linesCents) {
    const item = await stockedItem(shop, { stock: 50, priceCents, sized: items.length % 2 === 0 });
    const res = await call(shop, "POST", CART, { token: customer.token, body: itemBody(item, quantity) });
    expect(res.status).toBe(200);
    items.push(item);
    clock.advance(SECOND);
  }
  return { customer, items };
}

const apply = (customer: TestCustomer, couponCode: unknown) =>
  call(shop, "PUT", COUPON, { token: customer.token, body: { couponCode } });

const getCart = (customer: TestCustomer) => call(shop, "GET", CART, { token: customer.token });

async function appliedCouponId(customer: TestCustomer) {
  const [row] = await shop.rows<{ coupon_id: string | null }>(
    sql`SELECT coupon_id FROM carts WHERE customer_id = ${customer.id}`,
  );
  return row?.coupon_id ?? null;
}

/** A refused coupon: 400 naming couponCode with this message, and nothing changed. */
async function expectCouponRefused(customer: TestCustomer, couponCode: unknown, message: string) {
  const before = await shoppingRows(shop);
  const res = await apply(customer, couponCode);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toMatchObject({ status: "fail", message });
  expect(res.body.errors[0]).toEqual({ field: "couponCode", message });
  expectContract(errorResponse, res.body);
  expect(await shoppingRows(shop)).toEqual(before);
}

describe("PUT /api/v1/customer/shopping-cart/apply-coupon", () => {
  describe("couponCode (docs/storefront/cart.md#validation)", () => {
    it.each([
      ["missing", undefined, "Coupon code is required."],
      ["null", null, "Coupon code is required."],
      ["empty", "", "Coupon code is required."],
      ["blank", "    ", "Coupon code is required."],
      ["a number", 10, "Coupon code is required."],
      ["an array", ["WELCOME10"], "Coupon code is required."],
      ["of 1 character", "W", "Coupon code must be at least 3 characters."],
      ["of 2 characters (after trimming)", "  WE  ", "Coupon code must be at least 3 characters."],
      ["of 33 characters", "W".repeat(33), "Coupon code must be at most 32 characters."],
    ])("%s → 400 with the spec's message, nothing changed", async (_name, couponCode, message) => {
      const { customer } = await customerWithCart([[1000, 1]]);
      await expectCouponRefused(customer, couponCode, message);
    });

    it("3 and 32 characters pass the form's rules (and are then looked up)", async () => {
      const { customer } = await customerWithCart([[1000, 1]]);
      await expectCouponRefused(customer, "abc", "There is no coupon ABC.");
      await expectCouponRefused(customer, "x".repeat(32), `There is no coupon ${"X".repeat(32)}.`);
    });

    it("a body that is not a JSON object → 400, nothing changed", async () => {
      const { customer } = await customerWithCart([[1000, 1]]);
      const before = await shoppingRows(shop);
      for (const [rawBody, message] of [
        ["couponCode=WELCOME10", "The request body must be valid JSON."],
        ['"WELCOME10"', "The request body must be a JSON object."],
        ['[{"couponCode":"WELCOME10"}]', "The request body must be a JSON object."],
      ] as const) {
        const res = await call(shop, "PUT", COUPON, { token: customer.token, rawBody });
        expect(res.status, rawBody).toBe(400);
        expect(res.body).toEqual({ status: "fail", message });
      }
      expect(await shoppingRows(shop)).toEqual(before);
    });
  });

  it("applies a coupon: the message starts 'Price discount applied' and the cart shows the discount", async () => {
    const { customer } = await customerWithCart([[5000, 1]]);
    const res = await apply(customer, "WELCOME10");
    expect(res.status).toBe(200);
    expectContract(apiCartResponse, res.body);
    expect(res.body.message).toBe("Price discount applied: WELCOME10 takes 10% off your order.");
    expect(res.body.message.startsWith("Price discount applied")).toBe(true);
    // 50.00 + 7.00 + 9.99 = 66.99; 10 % = 6.699 → 6.70
    expect(res.body.data).toMatchObject({
      pricing: { taxPrice: 7, shippingPrice: 9.99, totalPrice: 66.99, totalPriceAfterDiscount: 60.29 },
      coupon: { couponCode: "WELCOME10", couponDiscount: 10, discountedAmount: 6.7 },
    });
    // It stays on the cart.
    const cart = await getCart(customer);
    expect(cart.body.data.coupon).toEqual(res.body.data.coupon);
    expect(cart.body.data.pricing).toEqual(res.body.data.pricing);
  });

  it("takes the code in any case and with spaces around it", async () => {
    for (const code of ["welcome10", " Summer25 "]) {
      const { customer } = await customerWithCart([[1000, 1]]);
      const res = await apply(customer, code);
      expect(res.status).toBe(200);
      expect(res.body.data.coupon.couponCode).toBe(code.trim().toUpperCase());
    }
  });

  it("an unknown code → 400, nothing changed", async () => {
    const { customer } = await customerWithCart([[1000, 1]]);
    await expectCouponRefused(customer, "NOPE2024", "There is no coupon NOPE2024.");
  });

  it("an expired code (EXPIRED50) → 400, nothing changed", async () => {
    const { customer } = await customerWithCart([[1000, 1]]);
    await expectCouponRefused(customer, "expired50", "Coupon EXPIRED50 has expired.");
  });

  it("a coupon expiring this very moment is expired", async () => {
    const { customer } = await customerWithCart([[1000, 1]]);
    const { code } = await insertCoupon({ percent: 10, expiresInMs: 0 });
    await expectCouponRefused(customer, code, `Coupon ${code} has expired.`);
  });

  it("an empty cart → 400, nothing changed", async () => {
    const customer = await createCustomer(shop);
    await expectCouponRefused(
      customer,
      "WELCOME10",
      "Your shopping cart is empty: add products before applying a coupon.",
    );
  });

  it("a second coupon (or the same one again) → 400, the first stays", async () => {
    const { customer } = await customerWithCart([[1000, 1]]);
    expect((await apply(customer, "WELCOME10")).status).toBe(200);
    const message = "Coupon WELCOME10 is already applied; a cart takes one coupon.";
    await expectCouponRefused(customer, "SUMMER25", message);
    await expectCouponRefused(customer, "welcome10", message);
    expect((await getCart(customer)).body.data.coupon.couponCode).toBe("WELCOME10");
  });

  it("a coupon whose uses are all taken → 400, nothing changed; one use left is fine", async () => {
    const usedUp = await insertCoupon({ percent: 15, usageLimit: 3, usedCount: 3 });
    const oneLeft = await insertCoupon({ percent: 15, usageLimit: 3, usedCount: 2 });
    const { customer } = await customerWithCart([[1000, 1]]);
    await expectCouponRefused(customer, usedUp.code, `Coupon ${usedUp.code} has been used up.`);
    expect((await apply(customer, oneLeft.code)).status).toBe(200);
  });

  it("a minimum subtotal is compared with the items alone, before tax and shipping", async () => {
    const { id, code } = await insertCoupon({ percent: 20, minSubtotalCents: 5000 });
    // 49.99 of items is 66.97 with tax and shipping, still under the minimum.
    const short = await customerWithCart([[4999, 1]]);
    await expectCouponRefused(short.customer, code, `Coupon ${code} needs items worth at least 50,00 USD.`);
    const exact = await customerWithCart([[2500, 2]]);
    const res = await apply(exact.customer, code);
    expect(res.status).toBe(200);
    expect(await appliedCouponId(exact.customer)).toBe(id);
  });

  it("without a token → 401; an unverified email → 403", async () => {
    const anonymous = await call(shop, "PUT", COUPON, { body: { couponCode: "WELCOME10" } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ status: "fail", message: NOT_LOGGED_IN });
    const unverified = await createCustomer(shop, { verified: false });
    const res = await apply(unverified, "WELCOME10");
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/^Your email is not verified/);
  });
});

describe("cart pricing in exact cents (GET /api/v1/customer/shopping-cart)", () => {
  type Case = {
    name: string;
    lines: [number, number][];
    coupon?: string;
    pricing: { taxPrice: number; shippingPrice: number; totalPrice: number; totalPriceAfterDiscount: number };
    discountedAmount?: number;
  };
  const cases: Case[] = [
    {
      // 0.01 + tax 0.0014 → 0.00 + 9.99 shipping
      name: "a one-cent cart still pays shipping",
      lines: [[1, 1]],
      pricing: { taxPrice: 0, shippingPrice: 9.99, totalPrice: 10, totalPriceAfterDiscount: 10 },
    },
    {
      // 3.75: tax 0.525 → 0.53 (half up) + 9.99 = 14.27
      name: "tax rounds half up at the cent",
      lines: [[375, 1]],
      pricing: { taxPrice: 0.53, shippingPrice: 9.99, totalPrice: 14.27, totalPriceAfterDiscount: 14.27 },
    },
    {
      // 0.75 × 2 = 1.50: tax 0.21 on the items together (0.105 a line would round to 0.22)
      name: "tax is taken on the items together, not line by line",
      lines: [
        [75, 1],
        [75, 1],
      ],
      pricing: { taxPrice: 0.21, shippingPrice: 9.99, totalPrice: 11.7, totalPriceAfterDiscount: 11.7 },
    },
    {
      // 99.99: tax 13.9986 → 14.00 + 9.99 = 123.98
      name: "99.99 of items pays shipping",
      lines: [[3333, 3]],
      pricing: { taxPrice: 14, shippingPrice: 9.99, totalPrice: 123.98, totalPriceAfterDiscount: 123.98 },
    },
    {
      // 100.00: tax 14.00, shipping free = 114.00
      name: "exactly 100.00 of items ships free",
      lines: [
        [2500, 2],
        [5000, 1],
      ],
      pricing: { taxPrice: 14, shippingPrice: 0, totalPrice: 114, totalPriceAfterDiscount: 114 },
    },
    {
      // 10.75: tax 1.505 → 1.51; + 9.99 = 22.25; 10 % = 2.225 → 2.23 (half up); after 20.02
      name: "a 10 % discount that ends in half a cent rounds up",
      lines: [[1075, 1]],
      coupon: "WELCOME10",
      pricing: { taxPrice: 1.51, shippingPrice: 9.99, totalPrice: 22.25, totalPriceAfterDiscount: 20.02 },
      discountedAmount: 2.23,
    },
    {
      // 104.25: tax 14.595 → 14.60, free shipping = 118.85; 10 % = 11.885 → 11.89; after 106.96
      name: "10 % off a cart that ships free",
      lines: [
        [3475, 2],
        [3475, 1],
      ],
      coupon: "welcome10",
      pricing: { taxPrice: 14.6, shippingPrice: 0, totalPrice: 118.85, totalPriceAfterDiscount: 106.96 },
      discountedAmount: 11.89,
    },
    {
      // 99.99: 123.98; 25 % = 30.995 → 31.00 (half up); after 92.98
      name: "a 25 % discount that ends in half a cent rounds up",
      lines: [[3333, 3]],
      coupon: "SUMMER25",
      pricing: { taxPrice: 14, shippingPrice: 9.99, totalPrice: 123.98, totalPriceAfterDiscount: 92.98 },
      discountedAmount: 31,
    },
    {
      // 100.00: 114.00; 25 % = 28.50; after 85.50
      name: "25 % off exactly 100.00 of items",
      lines: [[10_000, 1]],
      coupon: "SUMMER25",
      pricing: { taxPrice: 14, shippingPrice: 0, totalPrice: 114, totalPriceAfterDiscount: 85.5 },
      discountedAmount: 28.5,
    },
    {
      // 0.01: 10.00; 25 % = 2.50; after 7.50
      name: "25 % off a one-cent cart takes a quarter of the shipping too",
      lines: [[1, 1]],
      coupon: "SUMMER25",
      pricing: { taxPrice: 0, shippingPrice: 9.99, totalPrice: 10, totalPriceAfterDiscount: 7.5 },
      discountedAmount: 2.5,
    },
  ];

  it.each(cases)("$name", async ({ lines, coupon, pricing, discountedAmount }) => {
    const { customer } = await customerWithCart(lines);
    if (coupon) {
      const applied = await apply(customer, coupon);
      expect(applied.status).toBe(200);
      expect(applied.body.data.pricing).toEqual(pricing);
    }
    const res = await getCart(customer);
    expect(res.status).toBe(200);
    expectContract(apiCartResponse, res.body);
    expect(res.body.data.pricing).toEqual(pricing);
    expect(res.body.data.coupon).toEqual(
      coupon
        ? {
            couponCode: coupon.toUpperCase(),
            couponDiscount: coupon.toUpperCase() === "WELCOME10" ? 10 : 25,
            discountedAmount,
          }
        : undefined,
    );
    const itemsCents = lines.reduce((sum, [price, quantity]) => sum + price * quantity, 0);
    const shownItems = res.body.cartItems.reduce(
      (sum: number, i: { totalPrice: number }) => sum + Math.round(i.totalPrice * 100),
      0,
    );
    expect(shownItems).toBe(itemsCents);
  });

  it("pricing follows quantity changes with the coupon applied", async () => {
    const { customer, items } = await customerWithCart([[1075, 1]]);
    await apply(customer, "WELCOME10");
    // 10.75 × 10 = 107.50: tax 15.05, free shipping = 122.55; 10 % = 12.255 → 12.26; after 110.29
    const res = await call(shop, "PUT", CART, { token: customer.token, body: itemBody(items[0]!, 10) });
    expect(res.status).toBe(200);
    expect(res.body.data.pricing).toEqual({
      taxPrice: 15.05,
      shippingPrice: 0,
      totalPrice: 122.55,
      totalPriceAfterDiscount: 110.29,
    });
    expect(res.body.data.coupon).toEqual({
      couponCode: "WELCOME10",
      couponDiscount: 10,
      discountedAmount: 12.26,
    });
  });

  it("a cart that empties costs nothing and loses its coupon", async () => {
    const { customer, items } = await customerWithCart([[2000, 1]]);
    await apply(customer, "SUMMER25");
    const res = await call(shop, "DELETE", CART, { token: customer.token, body: itemBody(items[0]!) });
    expect(res.status).toBe(200);
    expectContract(apiCartResponse, res.body);
    expect(res.body.numOfCartItems).toBe(0);
    expect(res.body.data).toEqual({
      numOfCartItems: 0,
      cartItems: [],
      pricing: { taxPrice: 0, shippingPrice: 0, totalPrice: 0, totalPriceAfterDiscount: 0 },
      holdExpiresAt: null,
    });
    expect(await appliedCouponId(customer)).toBeNull();
    // The next item is priced without it.
    const next = await stockedItem(shop, { stock: 5, priceCents: 2000 });
    await call(shop, "POST", CART, { token: customer.token, body: itemBody(next, 1) });
    const cart = await getCart(customer);
    expect(cart.body.data.coupon).toBeUndefined();
    expect(cart.body.data.pricing.totalPriceAfterDiscount).toBe(cart.body.data.pricing.totalPrice);
  });
});

describe("a coupon that stops applying while in the cart", () => {
  it("one that expires is removed on the next read, and the message says so", async () => {
    const { code } = await insertCoupon({ percent: 10, expiresInMs: 10 * MINUTE });
    const { customer } = await customerWithCart([[5000, 1]]);
    expect((await apply(customer, code)).status).toBe(200);
    clock.advance(9 * MINUTE);
    expect((await getCart(customer)).body.data.coupon?.couponCode).toBe(code);
    clock.advance(MINUTE);
    const res = await getCart(customer);
    expect(res.status).toBe(200);
    expectContract(apiCartResponse, res.body);
    expect(res.body.message).toBe(
      `Coupon ${code} has expired. It was removed from your cart. Your shopping cart.`,
    );
    expect(res.body.data.coupon).toBeUndefined();
    expect(res.body.data.pricing).toEqual({
      taxPrice: 7,
      shippingPrice: 9.99,
      totalPrice: 66.99,
      totalPriceAfterDiscount: 66.99,
    });
    expect(await appliedCouponId(customer)).toBeNull();
    expect((await getCart(customer)).body.message).toBe("Your shopping cart.");
  });

  it("one whose minimum the items fall under is removed when the quantity changes", async () => {
    const { code } = await insertCoupon({ percent: 10, minSubtotalCents: 5000 });
    const { customer, items } = await customerWithCart([[2500, 2]]);
    expect((await apply(customer, code)).status).toBe(200);
    const res = await call(shop, "PUT", CART, { token: customer.token, body: itemBody(items[0]!, 1) });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(
      `Coupon ${code} needs items worth at least 50,00 USD. It was removed from your cart. ${items[0]!.title} (size ${items[0]!.size!.toUpperCase()}): quantity 1.`,
    );
    expect(res.body.data.coupon).toBeUndefined();
    expect(await appliedCouponId(customer)).toBeNull();
  });
});
