import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { MAX_STOCK, productStockResponse, stockAdjustmentResponse } from "#contract/admin-stock.ts";
import { adjustStock } from "#core/inventory/adjustments.ts";
import type { Staff } from "#core/staff/roles.ts";
import {
  call,
  createClock,
  createCustomer,
  expectContract,
  MINUTE,
  type TestCustomer,
} from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { itemBody, type StockedItem, stockedItem, stockHeld, stockOnHand } from "../support/shopping.ts";

// Staff adjusting stock (docs/back-office/stock.md, docs/decisions/044-stock-adjustments.md):
// what shoppers see follows at once; nothing goes below 0 or below what carts hold; every change
// has its ledger line and audit entry; bad input is a 400 naming the field and changes nothing.
// The races with shoppers are in stock-adjustments-concurrency.test.ts.

const clock = createClock();
const shop = setUpTestShop({ now: clock.now });
afterEach(() => clock.reset());

let manager: TestCustomer;
let shopper: TestCustomer;
beforeAll(async () => {
  manager = await createCustomer(shop, { role: "manager" });
  shopper = await createCustomer(shop);
});

const adjust = (item: StockedItem, body: Record<string, unknown>, token = manager.token) =>
  call(shop, "POST", `/products/${item.productId}/stock-adjustments`, {
    token,
    body: { ...(item.size !== undefined ? { size: item.size } : {}), ...body },
  });

const ledgerOf = (item: StockedItem) =>
  shop.rows<{ delta: number; stock_after: number; reason: string; note: string | null; size: string | null }>(
    sql`SELECT delta, stock_after, reason, note, size FROM stock_ledger WHERE product_id = ${item.productId} ORDER BY id`,
  );
const auditOf = (item: StockedItem) =>
  shop.rows<{ action: string; actor_id: string; before: unknown; after: unknown }>(
    sql`SELECT action, actor_id, before, after FROM audit_log WHERE entity = 'product' AND entity_id = ${item.productId} ORDER BY id`,
  );

/** Everything an adjustment writes, so a refusal can be shown to change nothing. */
async function snapshot(item: StockedItem) {
  return {
    onHand: await stockOnHand(shop, item),
    ledger: await ledgerOf(item),
    audit: await auditOf(item),
    listing: await shop.rows(sql`SELECT price_cents, updated_at FROM products WHERE id = ${item.productId}`),
  };
}

describe("restock", () => {
  it("raises what the storefront offers at once, with a ledger line and an audit entry", async () => {
    const item = await stockedItem(shop, { stock: 0 });
    const before = await shop.get(`/api/v1/products/${item.productId}`);
    expect(before.body.data.sizes.find((s: { size: string }) => s.size === item.size).quantity).toBe(0);

    const res = await adjust(item, { reason: "restock", quantity: 7, note: "  Delivery 42  " });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectContract(stockAdjustmentResponse, res.body);
    expect(res.body.data).toMatchObject({
      size: item.size,
      onHand: 7,
      held: 0,
      available: 7,
      entry: { reason: "restock", delta: 7, stockAfter: 7, note: "Delivery 42", actor: manager.email },
    });

    const after = await shop.get(`/api/v1/products/${item.productId}`);
    expect(after.body.data.sizes.find((s: { size: string }) => s.size === item.size).quantity).toBe(7);
    // The only size with stock now sets the listing's price (core/catalog/listing.ts).
    const [listing] = await shop.rows<{ price_cents: number }>(
      sql`SELECT price_cents FROM products WHERE id = ${item.productId}`,
    );
    expect(listing!.price_cents).toBe(item.priceCents);
    expect(after.body.data.price).toBe(item.priceCents / 100);

    expect(await ledgerOf(item)).toEqual([
      { delta: 7, stock_after: 7, reason: "restock", note: "Delivery 42", size: item.size },
    ]);
    expect(await auditOf(item)).toEqual([
      {
        action: "stock.adjust",
        actor_id: manager.id,
        before: { size: item.size, stock: 0 },
        after: { size: item.size, stock: 7, reason: "restock", delta: 7, note: "Delivery 42" },
      },
    ]);
  });

  it("works for a product without sizes, named without a size", async () => {
    const item = await stockedItem(shop, { stock: 2, sized: false });
    const res = await adjust(item, { reason: "restock", quantity: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ size: null, onHand: 5, available: 5 });
    expect(await stockOnHand(shop, item)).toBe(5);
    expect((await shop.get(`/api/v1/products/${item.productId}`)).body.data.quantity).toBe(5);
  });
});

describe("count and damage", () => {
  it("a count sets on hand, damage removes; the ledger has each, newest first in the stock view", async () => {
    const item = await stockedItem(shop, { stock: 10 });
    expect((await adjust(item, { reason: "count", setTo: 8 })).status).toBe(201);
    expect((await adjust(item, { reason: "damage", quantity: 3, note: "Torn" })).status).toBe(201);
    expect((await adjust(item, { reason: "count", setTo: 5 })).status).toBe(201); // a count that agrees
    expect(await stockOnHand(shop, item)).toBe(5);

    const view = await call(shop, "GET", `/products/${item.productId}/stock?limit=2`, {
      token: manager.token,
    });
    expect(view.status).toBe(200);
    expectContract(productStockResponse, view.body);
    expect(view.body.data.sizes.find((s: { size: string }) => s.size === item.size)).toEqual({
      size: item.size,
      onHand: 5,
      held: 0,
      available: 5,
    });
    expect(view.body.data.ledger.total).toBe(3);
    expect(view.body.data.ledger.paginationResults).toMatchObject({ numberOfPages: 2, nextPage: 2 });
    expect(
      view.body.data.ledger.data.map((e: { reason: string; delta: number }) => [e.reason, e.delta]),
    ).toEqual([
      ["count", 0],
      ["damage", -3],
    ]);
    const second = await call(shop, "GET", `/products/${item.productId}/stock?limit=2&page=2`, {
      token: manager.token,
    });
    expect(second.body.data.ledger.data).toMatchObject([{ reason: "count", delta: -2, stockAfter: 8 }]);
  });

  it("damage cannot take on hand below 0: a 409 naming quantity, nothing changed", async () => {
    const item = await stockedItem(shop, { stock: 2 });
    const before = await snapshot(item);
    const res = await adjust(item, { reason: "damage", quantity: 3 });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([{ field: "quantity", message: res.body.message }]);
    expect(res.body.message).toBe(
      `Size ${item.size} of ${item.title} has only 2 on hand: damage can remove at most 2.`,
    );
    expect(await snapshot(item)).toEqual(before);
  });

  it("a count or damage cannot take on hand below what carts hold, until the holds lapse", async () => {
    const item = await stockedItem(shop, { stock: 5 });
    const held = await call(shop, "POST", "/customer/shopping-cart", {
      token: shopper.token,
      body: itemBody(item, 3),
    });
    expect(held.status).toBe(200);
    const before = await snapshot(item);

    const count = await adjust(item, { reason: "count", setTo: 2 });
    expect(count.status).toBe(409);
    expect(count.body.errors).toEqual([{ field: "setTo", message: count.body.message }]);
    expect(count.body.message).toBe(
      `Size ${item.size} of ${item.title} has 3 held in shoppers' carts: a count cannot set it below 3 until those shoppers check out or their holds lapse.`,
    );
    const damage = await adjust(item, { reason: "damage", quantity: 3 });
    expect(damage.status).toBe(409);
    expect(damage.body.message).toBe(
      `Size ${item.size} of ${item.title} has 5 on hand, 3 of them held in shoppers' carts: damage can remove at most 2 until those shoppers check out or their holds lapse.`,
    );
    expect(await snapshot(item)).toEqual(before);

    // Down to the holds is allowed: nothing is left to add, the holder keeps their units.
    const down = await adjust(item, { reason: "damage", quantity: 2 });
    expect(down.body.data).toMatchObject({ onHand: 3, held: 3, available: 0 });
    expect(
      (await shop.get(`/api/v1/products/${item.productId}`)).body.data.sizes.find(
        (s: { size: string }) => s.size === item.size,
      ).quantity,
    ).toBe(0);
    // Once the holds lapse (15 minutes), the count may go lower.
    clock.advance(16 * MINUTE);
    const lapsed = await adjust(item, { reason: "count", setTo: 0 });
    expect(lapsed.status, JSON.stringify(lapsed.body)).toBe(201);
    expect(await stockOnHand(shop, item)).toBe(0);
    expect(await stockHeld(shop, item)).toBe(0);
  });
});

describe("bad input: a 400 naming the field, nothing changed", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["no reason", { quantity: 1 }, "reason"],
    ["an unknown reason", { reason: "theft", quantity: 1 }, "reason"],
    ["a restock without quantity", { reason: "restock" }, "quantity"],
    ["a quantity of 0", { reason: "restock", quantity: 0 }, "quantity"],
    ["a negative quantity", { reason: "damage", quantity: -1 }, "quantity"],
    ["a fractional quantity", { reason: "restock", quantity: 1.5 }, "quantity"],
    ["a quantity as words", { reason: "restock", quantity: "three" }, "quantity"],
    ["a quantity over the maximum", { reason: "restock", quantity: MAX_STOCK + 1 }, "quantity"],
    ["a count without setTo", { reason: "count" }, "setTo"],
    ["a negative setTo", { reason: "count", setTo: -1 }, "setTo"],
    ["a count given a quantity", { reason: "count", setTo: 1, quantity: 1 }, "quantity"],
    ["a restock given setTo", { reason: "restock", quantity: 1, setTo: 1 }, "setTo"],
    ["a note too long", { reason: "restock", quantity: 1, note: "x".repeat(501) }, "note"],
    ["a note that is not text", { reason: "restock", quantity: 1, note: 5 }, "note"],
    ["an unknown size", { reason: "restock", quantity: 1, size: "XXXL" }, "size"],
    ["a size too long", { reason: "restock", quantity: 1, size: "S".repeat(21) }, "size"],
    ["a size that is not text", { reason: "restock", quantity: 1, size: 3 }, "size"],
  ];
  it.each(cases)("%s", async (_name, body, field) => {
    const item = await stockedItem(shop, { stock: 4 });
    const before = await snapshot(item);
    const res = await adjust(item, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await snapshot(item)).toEqual(before);
  });

  it("a sized product without a size, an unsized one with a size, and no such product", async () => {
    const sized = await stockedItem(shop, { stock: 4 });
    const noSize = await call(shop, "POST", `/products/${sized.productId}/stock-adjustments`, {
      token: manager.token,
      body: { reason: "restock", quantity: 1 },
    });
    expect([noSize.status, noSize.body.errors?.[0]?.field]).toEqual([400, "size"]);
    const unsized = await stockedItem(shop, { stock: 4, sized: false });
    const withSize = await adjust({ ...unsized, size: "M" }, { reason: "restock", quantity: 1 });
    expect([withSize.status, withSize.body.errors?.[0]?.field]).toEqual([400, "size"]);
    expect(await stockOnHand(shop, sized)).toBe(4);
    expect(await stockOnHand(shop, unsized)).toBe(4);
    const missing = await call(shop, "POST", "/products/0123456789abcdef01234567/stock-adjustments", {
      token: manager.token,
      body: { reason: "restock", quantity: 1 },
    });
    expect(missing.status).toBe(404);
    const view = await call(shop, "GET", "/products/nope/stock", { token: manager.token });
    expect(view.status).toBe(404);
  });

  it("a body that is not JSON", async () => {
    const item = await stockedItem(shop, { stock: 4 });
    const res = await call(shop, "POST", `/products/${item.productId}/stock-adjustments`, {
      token: manager.token,
      rawBody: "{reason:",
    });
    expect(res.status).toBe(400);
    expect(await stockOnHand(shop, item)).toBe(4);
  });

  it("core refuses an actor who is not staff, whatever the edge checked", async () => {
    const item = await stockedItem(shop, { stock: 4 });
    const customer = { id: shopper.id, email: shopper.email, role: "customer" } as unknown as Staff;
    await expect(
      adjustStock(shop.ctx, customer, item.productId, { reason: "restock", quantity: 1, size: item.size }),
    ).rejects.toMatchObject({ kind: "forbidden" });
    expect(await stockOnHand(shop, item)).toBe(4);
  });
});

describe("GET /stock/low", () => {
  const setThreshold = (n: number) =>
    shop.ctx.db.execute(sql`UPDATE shop_settings SET low_stock_threshold = ${n} WHERE id = 1`);
  const low = (query: string) => call(shop, "GET", `/stock/low?${query}`, { token: manager.token });

  it("lists sizes at or below the threshold, with holds, and follows the threshold", async () => {
    const item = await stockedItem(shop, { stock: 3 });
    await call(shop, "POST", "/customer/shopping-cart", { token: shopper.token, body: itemBody(item, 1) });
    await setThreshold(3);
    const listed = await low(`q=${encodeURIComponent(item.title)}&limit=100`);
    expect(listed.status).toBe(200);
    expect(listed.body.threshold).toBe(3);
    expect(listed.body.data).toContainEqual({
      productId: item.productId,
      title: item.title,
      size: item.size,
      onHand: 3,
      held: 1,
      available: 2,
    });
    await setThreshold(2);
    const after = await low(`q=${encodeURIComponent(item.title)}&limit=100`);
    expect(after.body.threshold).toBe(2);
    expect(after.body.data.filter((r: { size: string }) => r.size === item.size)).toEqual([]);
    await setThreshold(5);
  });

  it("leaves out archived products and removed sizes; sorts and pages", async () => {
    const archived = await stockedItem(shop, { stock: 0 });
    await shop.ctx.db.execute(sql`UPDATE products SET archived_at = now() WHERE id = ${archived.productId}`);
    const removed = await stockedItem(shop, { stock: 0 });
    await shop.ctx.db.execute(sql`UPDATE product_sizes SET removed_at = now() WHERE id = ${removed.sizeId}`);
    const all = await low("limit=100&sort=-onHand");
    expect(
      all.body.data.some(
        (r: { size: string; productId: string }) =>
          r.productId === removed.productId && r.size === removed.size,
      ),
    ).toBe(false);
    expect(all.body.data.some((r: { productId: string }) => r.productId === archived.productId)).toBe(false);
    const onHands = all.body.data.map((r: { onHand: number }) => r.onHand);
    expect(onHands).toEqual([...onHands].sort((a, b) => b - a));
    expect(all.body.data.every((r: { onHand: number }) => r.onHand <= 5)).toBe(true);
    const bad = await low("sort=price");
    expect([bad.status, bad.body.errors?.[0]?.field]).toEqual([400, "sort"]);
  });
});
