import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { shopSettingsResponse } from "#contract/admin-settings.ts";
import { seedReservationMinutes } from "#core/settings/shop-settings.ts";
import { type DatabaseHandle, openDatabase, queryRows } from "#db/client.ts";
import {
  call,
  createClock,
  createCustomer,
  expectContract,
  MINUTE,
  outbox,
  type TestCustomer,
} from "../support/accounts.ts";
import { createTestShop, setUpTestShop, type TestShop } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { POSTGRES, serviceForTests } from "../support/services.ts";
import { itemBody, stockedItem } from "../support/shopping.ts";

// The shop's settings through the API (docs/back-office/coupons-and-settings.md): admins only,
// validated field by field, audited, and in force at once — on the next cart read, the next add,
// the next mail, and on every instance.

const clock = createClock();
const shop = setUpTestShop({ now: clock.now });
beforeEach(() => clock.reset());

const CART = "/customer/shopping-cart";

/** The seeded settings (demo/shop-data.ts and migration 0007's defaults), as the API shows them. */
const DEFAULTS = {
  taxRate: 14,
  shipping: 9.99,
  freeShippingThreshold: 100,
  reservationMinutes: 15,
  lowStockThreshold: 5,
  storeName: "shop",
  contactEmail: "",
  orderAlertEmail: "",
};

let admin: TestCustomer;
let manager: TestCustomer;
beforeAll(async () => {
  admin = await createCustomer(shop, { role: "admin" });
  manager = await createCustomer(shop, { role: "manager" });
});
// Each test starts from the defaults (written directly: the audit log is append-only anyway).
afterEach(async () => {
  await shop.rows(sql`UPDATE shop_settings SET tax_rate_basis_points = 1400, shipping_cents = 999,
    free_shipping_threshold_cents = 10000, reservation_minutes = 15, low_stock_threshold = 5,
    store_name = 'shop', contact_email = '', order_alert_email = '' WHERE id = 1`);
});

const put = (body: unknown, token = admin.token, on: Pick<TestShop, "get"> = shop) =>
  call(on, "PUT", "/settings", { token, body });

async function settingsRow() {
  const [row] = await shop.rows<Record<string, unknown>>(
    sql`SELECT tax_rate_basis_points, shipping_cents, free_shipping_threshold_cents, reservation_minutes,
          low_stock_threshold, store_name, contact_email, order_alert_email FROM shop_settings WHERE id = 1`,
  );
  return row;
}

const auditCount = async () =>
  (
    await shop.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'settings.update'`,
    )
  )[0]!.n;

/** A customer with one line of 2 × `priceCents` in the cart. */
async function customerWithCart(priceCents = 2000) {
  const customer = await createCustomer(shop);
  const item = await stockedItem(shop, { stock: 10, priceCents });
  const added = await call(shop, "POST", CART, { token: customer.token, body: itemBody(item, 2) });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return { customer, item };
}

describe("GET /settings", () => {
  it("an admin reads the settings in dollars and percent", async () => {
    const res = await call(shop, "GET", "/settings", { token: admin.token });
    expect(res.status).toBe(200);
    expectContract(shopSettingsResponse, res.body);
    expect(res.body.data).toMatchObject(DEFAULTS);
  });

  it("a manager → 403", async () => {
    expect((await call(shop, "GET", "/settings", { token: manager.token })).status).toBe(403);
  });
});

describe("PUT /settings", () => {
  it("saves every setting in core's units, audited with before and after", async () => {
    const before = await auditCount();
    const res = await put({
      taxRate: 8.25,
      shipping: "4.50",
      freeShippingThreshold: 75,
      reservationMinutes: 30,
      lowStockThreshold: 2,
      storeName: "  Atlas Wear ",
      contactEmail: "help@atlas.test",
      orderAlertEmail: " orders@atlas.test ",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectContract(shopSettingsResponse, res.body);
    expect(res.body.data).toMatchObject({
      taxRate: 8.25,
      shipping: 4.5,
      freeShippingThreshold: 75,
      reservationMinutes: 30,
      lowStockThreshold: 2,
      storeName: "Atlas Wear",
      contactEmail: "help@atlas.test",
      orderAlertEmail: "orders@atlas.test",
    });
    expect(await settingsRow()).toEqual({
      tax_rate_basis_points: 825,
      shipping_cents: 450,
      free_shipping_threshold_cents: 7500,
      reservation_minutes: 30,
      low_stock_threshold: 2,
      store_name: "Atlas Wear",
      contact_email: "help@atlas.test",
      order_alert_email: "orders@atlas.test",
    });
    expect(await auditCount()).toBe(before + 1);
    const [entry] = await shop.rows<{ actor_id: string; entity: string; before: any; after: any }>(
      sql`SELECT actor_id, entity, before, after FROM audit_log WHERE action = 'settings.update' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry).toMatchObject({
      actor_id: admin.id,
      entity: "settings",
      before: {
        taxRateBasisPoints: 1400,
        shippingCents: 999,
        reservationMinutes: 15,
        storeName: "shop",
        orderAlertEmail: "",
      },
      after: {
        taxRateBasisPoints: 825,
        shippingCents: 450,
        reservationMinutes: 30,
        storeName: "Atlas Wear",
        orderAlertEmail: "orders@atlas.test",
      },
    });
  });

  it("keeps the order alert email when a body leaves it out; empty or null clears it", async () => {
    expect((await put({ ...DEFAULTS, orderAlertEmail: "orders@atlas.test" })).status).toBe(200);
    const { orderAlertEmail: _left, ...older } = DEFAULTS;
    const kept = await put({ ...older, taxRate: 12 });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data).toMatchObject({ taxRate: 12, orderAlertEmail: "orders@atlas.test" });
    expect((await put({ ...DEFAULTS, orderAlertEmail: null })).body.data.orderAlertEmail).toBe("");
    expect((await put({ ...DEFAULTS, orderAlertEmail: "orders@atlas.test" })).status).toBe(200);
    expect((await put({ ...DEFAULTS, orderAlertEmail: "  " })).body.data.orderAlertEmail).toBe("");
    expect((await settingsRow())!.order_alert_email).toBe("");
  });

  it("a manager → 403, nothing changed", async () => {
    const before = await settingsRow();
    const res = await put({ ...DEFAULTS, taxRate: 1 }, manager.token);
    expect(res.status).toBe(403);
    expect(await settingsRow()).toEqual(before);
  });

  const BAD: [field: string, value: unknown, message: string][] = [
    ["taxRate", undefined, "Tax rate is required."],
    ["taxRate", -1, "Tax rate must be a percent from 0 to 100, with at most 2 decimals."],
    ["taxRate", 100.01, "Tax rate must be a percent from 0 to 100, with at most 2 decimals."],
    ["taxRate", 8.255, "Tax rate must be a percent from 0 to 100, with at most 2 decimals."],
    ["taxRate", "14%", "Tax rate must be a percent from 0 to 100, with at most 2 decimals."],
    ["shipping", undefined, "Shipping is required."],
    ["shipping", -0.01, "Shipping must be an amount in dollars from 0 to 1000000, with at most 2 decimals."],
    ["shipping", 1.999, "Shipping must be an amount in dollars from 0 to 1000000, with at most 2 decimals."],
    ["shipping", true, "Shipping must be an amount in dollars from 0 to 1000000, with at most 2 decimals."],
    ["freeShippingThreshold", null, "Free-shipping threshold is required."],
    [
      "freeShippingThreshold",
      2_000_000,
      "Free-shipping threshold must be an amount in dollars from 0 to 1000000, with at most 2 decimals.",
    ],
    ["reservationMinutes", undefined, "Reservation minutes is required."],
    ["reservationMinutes", 0, "Reservation minutes must be a whole number from 1 to 1440."],
    ["reservationMinutes", 1441, "Reservation minutes must be a whole number from 1 to 1440."],
    ["reservationMinutes", 2.5, "Reservation minutes must be a whole number from 1 to 1440."],
    ["lowStockThreshold", undefined, "Low-stock threshold is required."],
    ["lowStockThreshold", -1, "Low-stock threshold must be a whole number from 0 to 1000000."],
    ["lowStockThreshold", "some", "Low-stock threshold must be a whole number from 0 to 1000000."],
    ["storeName", "   ", "Store name is required."],
    ["storeName", "x".repeat(61), "Store name must be at most 60 characters."],
    ["storeName", 42, "Store name must be text of 1 to 60 characters."],
    ["contactEmail", "not-an-address", "Contact email must be an email address, or empty for none."],
    ["contactEmail", 7, "Contact email must be an email address, or empty for none."],
    ["orderAlertEmail", "orders at atlas", "Order alert email must be an email address, or empty for none."],
    ["orderAlertEmail", 7, "Order alert email must be an email address, or empty for none."],
    [
      "orderAlertEmail",
      `${"x".repeat(250)}@atlas.test`,
      "Order alert email must be an email address, or empty for none.",
    ],
  ];

  it.each(BAD)("%s = %j → 400 naming it, nothing changed", async (field, value, message) => {
    const before = await settingsRow();
    const audits = await auditCount();
    const res = await put({ ...DEFAULTS, [field]: value });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
    expect(await settingsRow()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it("a body that is not a JSON object → 400", async () => {
    const res = await call(shop, "PUT", "/settings", { token: admin.token, rawBody: "[1]" });
    expect(res.status).toBe(400);
  });
});

describe("in force at once", () => {
  it("a new tax rate and shipping price a cart on its next read, and the next add", async () => {
    const { customer } = await customerWithCart(2000);
    const before = await call(shop, "GET", CART, { token: customer.token });
    // 40.00 of items: 14 % tax 5.60, shipping 9.99.
    expect(before.body.data.pricing).toMatchObject({ taxPrice: 5.6, shippingPrice: 9.99, totalPrice: 55.59 });
    expect((await put({ ...DEFAULTS, taxRate: 20, shipping: 5 })).status).toBe(200);
    const after = await call(shop, "GET", CART, { token: customer.token });
    expect(after.body.data.pricing).toMatchObject({ taxPrice: 8, shippingPrice: 5, totalPrice: 53 });
    expect((await put({ ...DEFAULTS, taxRate: 10, freeShippingThreshold: 50 })).status).toBe(200);
    const item = await stockedItem(shop, { stock: 5, priceCents: 1000 });
    const added = await call(shop, "POST", CART, { token: customer.token, body: itemBody(item, 1) });
    // 50.00 of items: 10 % tax, and free shipping from 50.
    expect(added.body.data.pricing).toMatchObject({ taxPrice: 5, shippingPrice: 0, totalPrice: 55 });
  });

  it("new reservation minutes: the next add holds that long, and a read extends by it", async () => {
    expect((await put({ ...DEFAULTS, reservationMinutes: 45 })).status).toBe(200);
    const { customer, item } = await customerWithCart();
    const [hold] = await shop.rows<{ expires_at: Date | string }>(
      sql`SELECT expires_at FROM stock_holds WHERE customer_id = ${customer.id} AND product_id = ${item.productId}`,
    );
    expect(new Date(hold!.expires_at).getTime()).toBe(clock.now().getTime() + 45 * MINUTE);

    expect((await put({ ...DEFAULTS, reservationMinutes: 5 })).status).toBe(200);
    clock.advance(MINUTE);
    const read = await call(shop, "GET", CART, { token: customer.token });
    expect(read.body.data.holdExpiresAt).toBe(new Date(clock.now().getTime() + 5 * MINUTE).toISOString());
    clock.advance(MINUTE);
    const updated = await call(shop, "PUT", CART, { token: customer.token, body: itemBody(item, 3) });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data.holdExpiresAt).toBe(new Date(clock.now().getTime() + 5 * MINUTE).toISOString());
  });

  it("mail is signed with the store name and contact address as set", async () => {
    expect(
      (await put({ ...DEFAULTS, storeName: "Atlas Wear", contactEmail: "help@atlas.test" })).status,
    ).toBe(200);
    const customer = await createCustomer(shop);
    const res = await call(shop, "POST", "/auth/forgotPassword", { body: { email: customer.email } });
    expect(res.status).toBe(200);
    const [mail] = await outbox(shop, customer.email);
    expect(mail!.subject).toMatch(/^Your Atlas Wear password reset code/);
    expect(mail!.text).toContain("— Atlas Wear");
    expect(mail!.text).toContain("Questions? Write to help@atlas.test.");
  });
});

describe("RESERVATION_MINUTES at start-up", () => {
  it("sets the hold time until an admin has saved the settings, then is ignored", async () => {
    const database = await createTestDatabase();
    try {
      await seedReservationMinutes(database.db, 25);
      const read = async () =>
        (await queryRows(database.db, sql`SELECT reservation_minutes FROM shop_settings WHERE id = 1`))[0];
      expect(await read()).toMatchObject({ reservation_minutes: 25 });
      await database.db.execute(sql`INSERT INTO audit_log (actor_email, action, entity, entity_id)
        VALUES ('admin@shop.test', 'settings.update', 'settings', 'shop')`);
      await seedReservationMinutes(database.db, 40);
      expect(await read()).toMatchObject({ reservation_minutes: 25 });
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(serviceForTests(POSTGRES).skip)("two app instances on one PostgreSQL database", () => {
  let secondPool: DatabaseHandle | undefined;
  let second: TestShop | undefined;
  beforeAll(async () => {
    // Its own pool on the same database: the two instances share nothing but PostgreSQL.
    secondPool = await openDatabase({ url: shop.database.url!, poolSize: 5 });
    second = await createTestShop({ database: secondPool, now: clock.now });
  });
  afterAll(async () => {
    await second?.close();
    await secondPool?.close();
  });

  it("a change saved on one is in force on the other at its next request", async () => {
    const { customer } = await customerWithCart(2000);
    const first = await call(second!, "GET", CART, { token: customer.token });
    expect(first.body.data.pricing.taxPrice).toBe(5.6);
    expect((await put({ ...DEFAULTS, taxRate: 5, reservationMinutes: 60 }, admin.token, shop)).status).toBe(
      200,
    );
    const next = await call(second!, "GET", CART, { token: customer.token });
    expect(next.body.data.pricing.taxPrice).toBe(2);
    expect(next.body.data.holdExpiresAt).toBe(new Date(clock.now().getTime() + 60 * MINUTE).toISOString());
    const read = await call(second!, "GET", "/settings", { token: admin.token });
    expect(read.body.data).toMatchObject({ taxRate: 5, reservationMinutes: 60 });
  });
});
