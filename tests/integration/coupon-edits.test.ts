import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { staffCouponListResponse, staffCouponResponse } from "#contract/admin-coupons.ts";
import { countCouponUse } from "#core/coupons/coupons.ts";
import {
  call,
  createClock,
  createCustomer,
  expectContract,
  HOUR,
  MINUTE,
  type TestCustomer,
} from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { CHECKOUT_ADDRESS, itemBody, stockedItem } from "../support/shopping.ts";

// Staff's coupons through the API (docs/back-office/coupons-and-settings.md): create, edit,
// disable and enable, audited; what a change does to carts that hold the coupon and to checkout.

const DAY = 24 * HOUR;
const clock = createClock();
const shop = setUpTestShop({ now: clock.now });
beforeEach(() => clock.reset());

const CART = "/customer/shopping-cart";
const APPLY = "/customer/shopping-cart/apply-coupon";
const COD = "/customer/orders/cash-on-delivery";

let manager: TestCustomer;
let admin: TestCustomer;
beforeAll(async () => {
  manager = await createCustomer(shop, { role: "manager" });
  admin = await createCustomer(shop, { role: "admin" });
});

/** A day (YYYY-MM-DD, UTC) `days` from the test clock's now. */
const dayFromNow = (days: number) => new Date(clock.now().getTime() + days * DAY).toISOString().slice(0, 10);

let codeCounter = 0;
const freshCode = (prefix = "EDIT") => `${prefix}${++codeCounter}`;

const couponRequest = (overrides: Record<string, unknown> = {}) => ({
  name: freshCode(),
  discount: 20,
  expire: dayFromNow(30),
  ...overrides,
});

async function createCoupon(overrides: Record<string, unknown> = {}) {
  const res = await call(shop, "POST", "/coupons", { token: manager.token, body: couponRequest(overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; name: string };
}

let phoneCounter = 0;
/** A verified customer with a phone number and a cart of one line worth `priceCents` × 2. */
async function shopperWithCart(priceCents = 2500) {
  const phone = `+2126124${String(++phoneCounter).padStart(5, "0")}`;
  const customer = await createCustomer(shop, { phoneNumbers: [phone] });
  const item = await stockedItem(shop, { stock: 10, priceCents });
  const added = await call(shop, "POST", CART, { token: customer.token, body: itemBody(item, 2) });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return { customer, phone };
}

const apply = (customer: TestCustomer, couponCode: string) =>
  call(shop, "PUT", APPLY, { token: customer.token, body: { couponCode } });

async function couponRow(id: string) {
  const [row] = await shop.rows<Record<string, unknown>>(sql`SELECT * FROM coupons WHERE id = ${id}`);
  return row;
}

async function auditOf(id: string) {
  return shop.rows<{ action: string; actor_id: string; before: any; after: any }>(
    sql`SELECT action, actor_id, before, after FROM audit_log WHERE entity = 'coupon' AND entity_id = ${id} ORDER BY id`,
  );
}

describe("POST /coupons", () => {
  it("creates an enabled coupon, code upper-case, minimum in cents; it applies in a cart", async () => {
    const code = freshCode("spring");
    const res = await call(shop, "POST", "/coupons", {
      token: manager.token,
      body: {
        name: code.toLowerCase(),
        discount: 25,
        expire: dayFromNow(10),
        usageLimit: 5,
        minSubtotal: 10.5,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectContract(staffCouponResponse, res.body);
    const coupon = res.body.data;
    expect(coupon).toMatchObject({
      name: code.toUpperCase(),
      discount: 25,
      start: null,
      usageLimit: 5,
      usedCount: 0,
      minSubtotal: 10.5,
      disabledAt: null,
      status: "active",
    });
    // A day as expiry: valid through that day (UTC).
    expect(coupon.expire).toBe(`${dayFromNow(11)}T00:00:00.000Z`);
    expect(await couponRow(coupon._id)).toMatchObject({ code: code.toUpperCase(), min_subtotal_cents: 1050 });

    const { customer } = await shopperWithCart(2500);
    const applied = await apply(customer, code.toLowerCase());
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    // 50.00 items + 7.00 tax + 9.99 shipping = 66.99; 25 % off = 16.75 (half up).
    expect(applied.body.data.coupon).toEqual({
      couponCode: code.toUpperCase(),
      couponDiscount: 25,
      discountedAmount: 16.75,
    });
  });

  it("a code another coupon has, in any case → 409 naming name, nothing created", async () => {
    const first = await createCoupon();
    const before = await shop.rows(sql`SELECT count(*)::int AS n FROM coupons`);
    const res = await call(shop, "POST", "/coupons", {
      token: manager.token,
      body: couponRequest({ name: first.name.toLowerCase() }),
    });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([{ field: "name", message: `There is already a coupon ${first.name}.` }]);
    expect(await shop.rows(sql`SELECT count(*)::int AS n FROM coupons`)).toEqual(before);
  });

  it("an expiry already past → 400 naming expire", async () => {
    const res = await call(shop, "POST", "/coupons", {
      token: manager.token,
      body: couponRequest({ expire: new Date(clock.now().getTime() - MINUTE).toISOString() }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "expire", message: "Expiry must be in the future." }]);
  });

  const BAD: [field: string, value: unknown, message: string][] = [
    ["name", undefined, "Code is required."],
    ["name", "  ", "Code is required."],
    ["name", "AB", "Code must be 3 to 32 letters, digits, - or _."],
    ["name", "X".repeat(33), "Code must be 3 to 32 letters, digits, - or _."],
    ["name", "TEN OFF", "Code must be 3 to 32 letters, digits, - or _."],
    ["name", 12345, "Code must be 3 to 32 letters, digits, - or _."],
    ["discount", undefined, "Discount is required."],
    ["discount", 0, "Discount must be a whole percent from 1 to 100."],
    ["discount", 101, "Discount must be a whole percent from 1 to 100."],
    ["discount", 12.5, "Discount must be a whole percent from 1 to 100."],
    ["discount", "ten", "Discount must be a whole percent from 1 to 100."],
    ["discount", true, "Discount must be a whole percent from 1 to 100."],
    ["expire", undefined, "Expiry is required."],
    ["expire", "next week", "Expiry must be a date (YYYY-MM-DD) or a date and time with its offset."],
    ["expire", "2031-02-30", "Expiry must be a date (YYYY-MM-DD) or a date and time with its offset."],
    [
      "expire",
      "2031-01-01T10:00:00",
      "Expiry must be a date (YYYY-MM-DD) or a date and time with its offset.",
    ],
    ["expire", 1_900_000_000, "Expiry must be a date (YYYY-MM-DD) or a date and time with its offset."],
    ["start", "soon", "Start must be a date (YYYY-MM-DD) or a date and time with its offset."],
    ["usageLimit", 0, "Usage limit must be a whole number from 1 to 1000000000, or empty for no limit."],
    ["usageLimit", 2.5, "Usage limit must be a whole number from 1 to 1000000000, or empty for no limit."],
    ["usageLimit", 1e10, "Usage limit must be a whole number from 1 to 1000000000, or empty for no limit."],
    ["usageLimit", "many", "Usage limit must be a whole number from 1 to 1000000000, or empty for no limit."],
    [
      "minSubtotal",
      -1,
      "Minimum subtotal must be an amount in dollars from 0 to 1000000, with at most 2 decimals.",
    ],
    [
      "minSubtotal",
      10.005,
      "Minimum subtotal must be an amount in dollars from 0 to 1000000, with at most 2 decimals.",
    ],
    [
      "minSubtotal",
      2_000_000,
      "Minimum subtotal must be an amount in dollars from 0 to 1000000, with at most 2 decimals.",
    ],
    [
      "minSubtotal",
      "lots",
      "Minimum subtotal must be an amount in dollars from 0 to 1000000, with at most 2 decimals.",
    ],
  ];

  it.each(BAD)("%s = %j → 400 naming it, nothing created", async (field, value, message) => {
    const before = await shop.rows(sql`SELECT count(*)::int AS n FROM coupons`);
    const res = await call(shop, "POST", "/coupons", {
      token: manager.token,
      body: couponRequest({ [field]: value }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
    expect(await shop.rows(sql`SELECT count(*)::int AS n FROM coupons`)).toEqual(before);
  });

  it("an expiry not after the start → 400 naming expire", async () => {
    const res = await call(shop, "POST", "/coupons", {
      token: manager.token,
      body: couponRequest({ start: dayFromNow(5), expire: "2020-01-01" }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field: "expire", message: "Expiry must be after the start." });
  });
});

describe("PUT /coupons/{id}", () => {
  it("replaces the fields, keeps the use count, audited with before and after", async () => {
    const coupon = await createCoupon({ discount: 10 });
    await shop.rows(sql`UPDATE coupons SET used_count = 2 WHERE id = ${coupon._id}`);
    const renamed = freshCode("SUMMER");
    const res = await call(shop, "PUT", `/coupons/${coupon._id}`, {
      token: admin.token,
      body: { name: renamed, discount: 15, expire: dayFromNow(60), usageLimit: 2, minSubtotal: "20" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectContract(staffCouponResponse, res.body);
    expect(res.body.data).toMatchObject({
      name: renamed,
      discount: 15,
      usedCount: 2,
      usageLimit: 2,
      minSubtotal: 20,
      status: "used up",
    });
    const entries = await auditOf(coupon._id);
    expect(entries.map((e) => [e.action, e.actor_id])).toEqual([
      ["coupon.create", manager.id],
      ["coupon.update", admin.id],
    ]);
    expect(entries[1]!.before).toMatchObject({ code: coupon.name, discountPercent: 10, usedCount: 2 });
    expect(entries[1]!.after).toMatchObject({ code: renamed, discountPercent: 15, minSubtotalCents: 2000 });
  });

  it("a usage limit below the use count → 400 naming usageLimit, nothing changed", async () => {
    const coupon = await createCoupon({ usageLimit: 10 });
    await shop.rows(sql`UPDATE coupons SET used_count = 3 WHERE id = ${coupon._id}`);
    const before = await couponRow(coupon._id);
    const res = await call(shop, "PUT", `/coupons/${coupon._id}`, {
      token: manager.token,
      body: couponRequest({ name: coupon.name, usageLimit: 2 }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: "usageLimit", message: "Usage limit must be at least 3: the coupon has been used 3 times." },
    ]);
    expect(await couponRow(coupon._id)).toEqual(before);
    expect((await auditOf(coupon._id)).map((e) => e.action)).toEqual(["coupon.create"]);
  });

  it("another coupon's code → 409 naming name; an unknown id → 404; a malformed one → 400", async () => {
    const a = await createCoupon();
    const b = await createCoupon();
    const taken = await call(shop, "PUT", `/coupons/${b._id}`, {
      token: manager.token,
      body: couponRequest({ name: a.name.toLowerCase() }),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual([{ field: "name", message: `There is already a coupon ${a.name}.` }]);
    expect((await couponRow(b._id))!.code).toBe(b.name);
    const unknown = await call(shop, "PUT", `/coupons/${"0".repeat(24)}`, {
      token: manager.token,
      body: couponRequest(),
    });
    expect(unknown.status).toBe(404);
    const malformed = await call(shop, "PUT", "/coupons/nope", {
      token: manager.token,
      body: couponRequest(),
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].field).toBe("id");
  });

  it("keeping its own code in another case is not a conflict", async () => {
    const coupon = await createCoupon();
    const res = await call(shop, "PUT", `/coupons/${coupon._id}`, {
      token: manager.token,
      body: couponRequest({ name: coupon.name.toLowerCase() }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.name).toBe(coupon.name);
  });

  it.each([
    ["discount", 0],
    ["expire", "later"],
    ["minSubtotal", -5],
  ])("bad %s → 400 naming it, nothing changed", async (field, value) => {
    const coupon = await createCoupon();
    const before = await couponRow(coupon._id);
    const res = await call(shop, "PUT", `/coupons/${coupon._id}`, {
      token: manager.token,
      body: couponRequest({ name: coupon.name, [field]: value }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await couponRow(coupon._id)).toEqual(before);
  });
});

describe("disable and enable", () => {
  it("a cart holding a disabled coupon loses the discount with a notice; checkout charges full price", async () => {
    const coupon = await createCoupon({ discount: 50 });
    const { customer, phone } = await shopperWithCart(2500);
    expect((await apply(customer, coupon.name)).status).toBe(200);

    const disabled = await call(shop, "POST", `/coupons/${coupon._id}/disable`, { token: manager.token });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body.data).toMatchObject({ status: "disabled", disabledAt: clock.now().toISOString() });

    const cart = await call(shop, "GET", CART, { token: customer.token });
    expect(cart.status).toBe(200);
    const notice = `Coupon ${coupon.name} is no longer valid. It was removed from your cart.`;
    expect(cart.body.data.notices).toEqual([notice]);
    expect(cart.body.message).toContain(notice);
    expect(cart.body.data.coupon).toBeUndefined();
    expect(cart.body.data.pricing).toEqual({
      taxPrice: 7,
      shippingPrice: 9.99,
      totalPrice: 66.99,
      totalPriceAfterDiscount: 66.99,
    });

    const order = await call(shop, "POST", COD, {
      token: customer.token,
      body: { phone, ...CHECKOUT_ADDRESS },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const [row] = await shop.rows<{ discount_cents: number; coupon_id: string | null }>(
      sql`SELECT discount_cents, coupon_id FROM orders WHERE id = ${order.body.order._id}`,
    );
    expect(row).toEqual({ discount_cents: 0, coupon_id: null });
    expect((await couponRow(coupon._id))!.used_count).toBe(0);
  });

  it("disabled after the cart was read: checkout refuses (409, the cart says why) and never discounts", async () => {
    const coupon = await createCoupon({ discount: 30 });
    const { customer, phone } = await shopperWithCart(2500);
    expect((await apply(customer, coupon.name)).status).toBe(200);
    await call(shop, "POST", `/coupons/${coupon._id}/disable`, { token: manager.token });
    const refused = await call(shop, "POST", COD, {
      token: customer.token,
      body: { phone, ...CHECKOUT_ADDRESS },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Coupon ${coupon.name} is no longer valid. It was removed from your cart. Please review your cart.`,
    );
    const again = await call(shop, "POST", COD, {
      token: customer.token,
      body: { phone, ...CHECKOUT_ADDRESS },
    });
    expect(again.status).toBe(201);
    const [row] = await shop.rows<{ discount_cents: number }>(
      sql`SELECT discount_cents FROM orders WHERE id = ${again.body.order._id}`,
    );
    expect(row!.discount_cents).toBe(0);
  });

  it("a disabled coupon cannot be applied; enabled again, it can; each change audited once", async () => {
    const coupon = await createCoupon();
    await call(shop, "POST", `/coupons/${coupon._id}/disable`, { token: manager.token });
    const twice = await call(shop, "POST", `/coupons/${coupon._id}/disable`, { token: manager.token });
    expect(twice.status).toBe(200);
    const { customer } = await shopperWithCart();
    const refused = await apply(customer, coupon.name);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`Coupon ${coupon.name} is no longer valid.`);

    const enabled = await call(shop, "POST", `/coupons/${coupon._id}/enable`, { token: admin.token });
    expect(enabled.status).toBe(200);
    expect(enabled.body.data).toMatchObject({ status: "active", disabledAt: null });
    expect((await apply(customer, coupon.name)).status).toBe(200);
    const entries = await auditOf(coupon._id);
    expect(entries.map((e) => e.action)).toEqual(["coupon.create", "coupon.disable", "coupon.enable"]);
    expect(entries[1]!.before.disabledAt).toBeNull();
    expect(entries[1]!.after.disabledAt).toBe(clock.now().toISOString());
  });

  it("checkout's count of a use re-checks under the coupon's lock: a disabled coupon is never counted", async () => {
    // What an order placed while staff disable its coupon meets once the disabling committed.
    const coupon = await createCoupon({ usageLimit: 5 });
    await call(shop, "POST", `/coupons/${coupon._id}/disable`, { token: manager.token });
    const refusal = await countCouponUse(shop.ctx.db, coupon._id, clock.now());
    expect(refusal).toBe(`Coupon ${coupon.name} is no longer valid.`);
    await call(shop, "POST", `/coupons/${coupon._id}/enable`, { token: manager.token });
    expect(await countCouponUse(shop.ctx.db, coupon._id, clock.now())).toBeNull();
    expect((await couponRow(coupon._id))!.used_count).toBe(1);
  });

  it("an unknown coupon → 404", async () => {
    const res = await call(shop, "POST", `/coupons/${"0".repeat(24)}/disable`, { token: manager.token });
    expect(res.status).toBe(404);
  });
});

describe("start and expiry", () => {
  it("a coupon not started yet is refused until its start; it then applies", async () => {
    const coupon = await createCoupon({ start: dayFromNow(2) });
    expect(
      (await call(shop, "GET", `/coupons/${coupon._id}`, { token: manager.token })).body.data.status,
    ).toBe("scheduled");
    const { customer } = await shopperWithCart();
    const early = await apply(customer, coupon.name);
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(`Coupon ${coupon.name} is not valid yet.`);
    clock.advance(2 * DAY);
    const { customer: later } = await shopperWithCart();
    expect((await apply(later, coupon.name)).status).toBe(200);
  });

  it("a cart's coupon moved to start later leaves the cart with a notice", async () => {
    const coupon = await createCoupon();
    const { customer } = await shopperWithCart();
    expect((await apply(customer, coupon.name)).status).toBe(200);
    await call(shop, "PUT", `/coupons/${coupon._id}`, {
      token: manager.token,
      body: couponRequest({ name: coupon.name, start: dayFromNow(3) }),
    });
    const cart = await call(shop, "GET", CART, { token: customer.token });
    expect(cart.body.data.notices).toEqual([
      `Coupon ${coupon.name} is not valid yet. It was removed from your cart.`,
    ]);
    expect(cart.body.data.coupon).toBeUndefined();
  });
});

describe("GET /coupons", () => {
  it("lists with use counts, searched by code and filtered by status", async () => {
    const prefix = `LIST${Date.now() % 1000}X`;
    const a = await createCoupon({ name: `${prefix}A`, usageLimit: 4 });
    const b = await createCoupon({ name: `${prefix}B` });
    await shop.rows(sql`UPDATE coupons SET used_count = 1 WHERE id = ${a._id}`);
    await call(shop, "POST", `/coupons/${b._id}/disable`, { token: manager.token });
    const res = await call(shop, "GET", `/coupons?search=${prefix.toLowerCase()}&sort=name`, {
      token: manager.token,
    });
    expect(res.status).toBe(200);
    expectContract(staffCouponListResponse, res.body);
    expect(
      res.body.data.map((c: { name: string; usedCount: number; status: string }) => [
        c.name,
        c.usedCount,
        c.status,
      ]),
    ).toEqual([
      [`${prefix}A`, 1, "active"],
      [`${prefix}B`, 0, "disabled"],
    ]);
    const disabled = await call(shop, "GET", `/coupons?search=${prefix}&status=disabled`, {
      token: manager.token,
    });
    expect(disabled.body.data.map((c: { name: string }) => c.name)).toEqual([`${prefix}B`]);
    expect(disabled.body.total).toBe(1);
  });

  it("a search's % and _ are letters; bad parameters → 400 naming them", async () => {
    const res = await call(shop, "GET", "/coupons?search=%25", { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    for (const [query, field] of [
      ["status=gone", "status"],
      ["sort=secret", "sort"],
      ["page=0", "page"],
    ]) {
      const bad = await call(shop, "GET", `/coupons?${query}`, { token: manager.token });
      expect(bad.status, query).toBe(400);
      expect(bad.body.errors[0].field).toBe(field);
    }
  });
});
