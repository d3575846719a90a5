import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { EMAIL_NOT_VERIFIED } from "#contract/accounts.ts";
import { errorResponse } from "#contract/catalog.ts";
import { favoriteChangedResponse, favoriteListResponse } from "#contract/shopping.ts";
import { INVALID_SESSION, NOT_LOGGED_IN } from "#core/accounts/customers.ts";
import { newId } from "#db/ids.ts";
import {
  call,
  createClock,
  createCustomer,
  expectContract,
  SECOND,
  type TestCustomer,
} from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { shoppingRows, stockedItem } from "../support/shopping.ts";

const clock = createClock();
const shop = setUpTestShop({ now: clock.now });
beforeEach(() => clock.reset());

const ID = /^[0-9a-f]{24}$/;

/** The saved product ids of a customer, as stored. */
async function savedIds(customer: TestCustomer): Promise<string[]> {
  const rows = await shop.rows<{ product_id: string }>(
    sql`SELECT product_id FROM favorites WHERE customer_id = ${customer.id} ORDER BY product_id`,
  );
  return rows.map((r) => r.product_id);
}

/** `count` products no other test of this file uses, each saved a second after the one before. */
async function saveProducts(customer: TestCustomer, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { productId } = await stockedItem(shop, { stock: 3 });
    const res = await call(shop, "POST", "/customer/favorites", {
      token: customer.token,
      body: { productId },
    });
    expect(res.status).toBe(200);
    ids.push(productId);
    clock.advance(SECOND);
  }
  return ids;
}

/** The product as GET /products lists it (all pages of 100), for a viewer with this token or none. */
async function listedProduct(productId: string, token?: string) {
  for (let page = 1; ; page++) {
    const res = await call(shop, "GET", `/products?limit=100&page=${page}`, { token });
    expect(res.status).toBe(200);
    const found = res.body.data.find((p: { _id: string }) => p._id === productId);
    if (found) return found;
    if (page >= res.body.paginationResults.numberOfPages) throw new Error(`${productId} is not listed`);
  }
}

describe("POST /api/v1/customer/favorites", () => {
  it("saves a product and answers with its new state", async () => {
    const customer = await createCustomer(shop);
    const { productId } = await stockedItem(shop, { stock: 2 });
    const res = await call(shop, "POST", "/customer/favorites", {
      token: customer.token,
      body: { productId },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "Success",
      message: "Product added to your favorites.",
      productId,
      isFavorite: true,
    });
    expectContract(favoriteChangedResponse, res.body);
    expect(await savedIds(customer)).toEqual([productId]);
  });

  it("saving the same product again is not an error and keeps one entry", async () => {
    const customer = await createCustomer(shop);
    const { productId } = await stockedItem(shop, { stock: 2 });
    for (let i = 0; i < 3; i++) {
      const res = await call(shop, "POST", "/customer/favorites", {
        token: customer.token,
        body: { productId },
      });
      expect(res.status).toBe(200);
      expect(res.body.isFavorite).toBe(true);
    }
    expect(await savedIds(customer)).toEqual([productId]);
  });

  it.each([
    ["missing", {}, "productId is required."],
    ["null", { productId: null }, "productId is required."],
    ["blank", { productId: "   " }, "productId is required."],
    ["a number", { productId: 123456789012 }, "productId is required."],
    ["an array", { productId: ["0123456789abcdef01234567"] }, "productId is required."],
    ["23 hex characters", { productId: "0123456789abcdef0123456" }, "productId must be a 24-character id."],
    ["25 hex characters", { productId: "0123456789abcdef012345678" }, "productId must be a 24-character id."],
    ["upper-case hex", { productId: "0123456789ABCDEF01234567" }, "productId must be a 24-character id."],
    ["an injection", { productId: "' OR 1=1 --" }, "productId must be a 24-character id."],
  ])("productId %s → 400 naming productId, nothing saved", async (_name, body, message) => {
    const customer = await createCustomer(shop);
    const before = await shoppingRows(shop);
    const res = await call(shop, "POST", "/customer/favorites", { token: customer.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: "fail", message });
    expect(res.body.errors[0]).toEqual({ field: "productId", message });
    expectContract(errorResponse, res.body);
    expect(await shoppingRows(shop)).toEqual(before);
  });

  it("an unknown product → 404 'No product for this ID', nothing saved", async () => {
    const customer = await createCustomer(shop);
    const unknown = newId();
    const before = await shoppingRows(shop);
    const res = await call(shop, "POST", "/customer/favorites", {
      token: customer.token,
      body: { productId: unknown },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: "fail", message: `No product for this ID: ${unknown}.` });
    expect(await shoppingRows(shop)).toEqual(before);
  });

  it("a body that is not a JSON object → 400, nothing saved", async () => {
    const customer = await createCustomer(shop);
    const { productId } = await stockedItem(shop, { stock: 1 });
    const before = await shoppingRows(shop);
    for (const [rawBody, message] of [
      [`productId=${productId}`, "The request body must be valid JSON."],
      [JSON.stringify([{ productId }]), "The request body must be a JSON object."],
      [JSON.stringify(productId), "The request body must be a JSON object."],
    ] as const) {
      const res = await call(shop, "POST", "/customer/favorites", { token: customer.token, rawBody });
      expect(res.status, rawBody).toBe(400);
      expect(res.body).toEqual({ status: "fail", message });
    }
    expect(await shoppingRows(shop)).toEqual(before);
  });

  it("without a token or with a bad one → 401; an unverified email → 403; nothing saved", async () => {
    const { productId } = await stockedItem(shop, { stock: 1 });
    const unverified = await createCustomer(shop, { verified: false });
    const before = await shoppingRows(shop);
    const anonymous = await call(shop, "POST", "/customer/favorites", { body: { productId } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ status: "fail", message: NOT_LOGGED_IN });
    const forged = await call(shop, "POST", "/customer/favorites", {
      token: "abc.def.ghi",
      body: { productId },
    });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ status: "fail", message: INVALID_SESSION });
    const res = await call(shop, "POST", "/customer/favorites", {
      token: unverified.token,
      body: { productId },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: "fail", message: EMAIL_NOT_VERIFIED });
    expect(res.body.message).toMatch(/^Your email is not verified/);
    expect(await shoppingRows(shop)).toEqual(before);
  });
});

describe("DELETE /api/v1/customer/favorites/:productId", () => {
  it("removes the product; removing it again (or one never saved) is not an error", async () => {
    const customer = await createCustomer(shop);
    const [kept, removed] = await saveProducts(customer, 2);
    for (let i = 0; i < 2; i++) {
      const res = await call(shop, "DELETE", `/customer/favorites/${removed}`, { token: customer.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: "Success",
        message: "Product removed from your favorites.",
        productId: removed,
        isFavorite: false,
      });
      expectContract(favoriteChangedResponse, res.body);
    }
    expect(await savedIds(customer)).toEqual([kept]);
  });

  it("leaves the same product in another customer's favorites", async () => {
    const [first, second] = [await createCustomer(shop), await createCustomer(shop)];
    const [productId] = await saveProducts(first, 1);
    await call(shop, "POST", "/customer/favorites", { token: second.token, body: { productId } });
    await call(shop, "DELETE", `/customer/favorites/${productId}`, { token: first.token });
    expect(await savedIds(first)).toEqual([]);
    expect(await savedIds(second)).toEqual([productId]);
  });

  it("a malformed id → 400 naming productId; an unknown product → 404; nothing removed", async () => {
    const customer = await createCustomer(shop);
    await saveProducts(customer, 1);
    const before = await shoppingRows(shop);
    for (const id of ["123", "ZZZZZZZZZZZZZZZZZZZZZZZZ", `${"a".repeat(24)}0`, "' OR 1=1 --"]) {
      const res = await call(shop, "DELETE", `/customer/favorites/${encodeURIComponent(id)}`, {
        token: customer.token,
      });
      expect(res.status, id).toBe(400);
      const message = "productId must be a 24-character id.";
      expect(res.body).toEqual({ status: "fail", message, errors: [{ field: "productId", message }] });
    }
    const unknown = newId();
    const res = await call(shop, "DELETE", `/customer/favorites/${unknown}`, { token: customer.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: "fail", message: `No product for this ID: ${unknown}.` });
    expect(await shoppingRows(shop)).toEqual(before);
  });

  it("without a token → 401; an unverified email → 403; nothing removed", async () => {
    const unverified = await createCustomer(shop, { verified: false });
    const [productId] = await saveProducts(await createCustomer(shop), 1);
    await shop.rows(
      sql`INSERT INTO favorites (customer_id, product_id) VALUES (${unverified.id}, ${productId})`,
    );
    const before = await shoppingRows(shop);
    const anonymous = await call(shop, "DELETE", `/customer/favorites/${productId}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ status: "fail", message: NOT_LOGGED_IN });
    const res = await call(shop, "DELETE", `/customer/favorites/${productId}`, { token: unverified.token });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/^Your email is not verified/);
    expect(await shoppingRows(shop)).toEqual(before);
  });
});

describe("GET /api/v1/customer/favorites", () => {
  it("lists the customer's saved products newest first, each entry's productId holding the product", async () => {
    const customer = await createCustomer(shop);
    const saved = await saveProducts(customer, 3);
    await saveProducts(await createCustomer(shop), 1); // someone else's
    const res = await call(shop, "GET", "/customer/favorites?fields=productId", { token: customer.token });
    expect(res.status).toBe(200);
    expectContract(favoriteListResponse, res.body);
    expect(res.body.results).toBe(3);
    expect(res.body.paginationResults).toEqual({ currentPage: 1, limit: 50, numberOfPages: 1 });
    expect(res.body.data.map((f: { productId: { _id: string } }) => f.productId._id)).toEqual(
      [...saved].reverse(),
    );
    for (const entry of res.body.data) {
      expect(entry._id).toMatch(ID);
      expect(entry.save).toBe(true);
      expect(entry.productId).toMatchObject({ isFavorite: true, quantity: 3 });
      // The entry holds the product as the catalogue lists it.
      expect(entry.productId).toEqual(await listedProduct(entry.productId._id, customer.token));
    }
  });

  it("pages with page and limit", async () => {
    const customer = await createCustomer(shop);
    const saved = (await saveProducts(customer, 5)).reverse();
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await call(shop, "GET", `/customer/favorites?page=${page}&limit=2`, {
        token: customer.token,
      });
      expect(res.status).toBe(200);
      expectContract(favoriteListResponse, res.body);
      pages.push(res.body);
    }
    const ids = (body: { data: { productId: { _id: string } }[] }) => body.data.map((f) => f.productId._id);
    expect(pages.map(ids)).toEqual([saved.slice(0, 2), saved.slice(2, 4), saved.slice(4), []]);
    expect(pages.map((p) => p.results)).toEqual([2, 2, 1, 0]);
    expect(pages[0].paginationResults).toEqual({ currentPage: 1, limit: 2, numberOfPages: 3, nextPage: 2 });
    expect(pages[1].paginationResults).toEqual({
      currentPage: 2,
      limit: 2,
      numberOfPages: 3,
      nextPage: 3,
      prevPage: 1,
    });
    expect(pages[2].paginationResults).toEqual({ currentPage: 3, limit: 2, numberOfPages: 3, prevPage: 2 });
  });

  it("a new customer has none", async () => {
    const customer = await createCustomer(shop);
    const res = await call(shop, "GET", "/customer/favorites", { token: customer.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      results: 0,
      paginationResults: { currentPage: 1, limit: 50, numberOfPages: 0 },
      data: [],
    });
  });

  it.each([
    ["page=0", "page", "page must be a whole number from 1 to 1000000"],
    ["page=abc", "page", "page must be a whole number from 1 to 1000000"],
    ["page=1.5", "page", "page must be a whole number from 1 to 1000000"],
    ["page=-1", "page", "page must be a whole number from 1 to 1000000"],
    ["page=1&page=2", "page", "page must be given once"],
    ["limit=0", "limit", "limit must be a whole number from 1 to 100"],
    ["limit=101", "limit", "limit must be a whole number from 1 to 100"],
  ])("%s → 400 naming %s", async (query, field, message) => {
    const customer = await createCustomer(shop);
    const res = await call(shop, "GET", `/customer/favorites?${query}`, { token: customer.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: "fail", message, errors: [{ field, message }] });
  });

  it("without a token → 401; with a bad token → 401; an unverified email → 403", async () => {
    const anonymous = await call(shop, "GET", "/customer/favorites");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ status: "fail", message: NOT_LOGGED_IN });
    const forged = await call(shop, "GET", "/customer/favorites", { token: "not-a-jwt" });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ status: "fail", message: INVALID_SESSION });
    const unverified = await createCustomer(shop, { verified: false });
    const res = await call(shop, "GET", "/customer/favorites", { token: unverified.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: "fail", message: EMAIL_NOT_VERIFIED });
  });
});

describe("isFavorite on GET /api/v1/products and /api/v1/products/{id}", () => {
  it("is true for the customer who saved the product, false for another customer and for visitors", async () => {
    const fan = await createCustomer(shop);
    const other = await createCustomer(shop);
    const [productId] = await saveProducts(fan, 1);
    const detail = (token?: string) => call(shop, "GET", `/products/${productId}`, { token });

    expect((await listedProduct(productId!, fan.token)).isFavorite).toBe(true);
    expect((await listedProduct(productId!, other.token)).isFavorite).toBe(false);
    expect((await listedProduct(productId!)).isFavorite).toBe(false);
    expect((await detail(fan.token)).body.data.isFavorite).toBe(true);
    expect((await detail(other.token)).body.data.isFavorite).toBe(false);
    expect((await detail()).body.data.isFavorite).toBe(false);
    // A bad token is just a visitor on public pages.
    expect((await detail("not-a-jwt")).status).toBe(200);
    expect((await detail("not-a-jwt")).body.data.isFavorite).toBe(false);

    await call(shop, "DELETE", `/customer/favorites/${productId}`, { token: fan.token });
    expect((await listedProduct(productId!, fan.token)).isFavorite).toBe(false);
    expect((await detail(fan.token)).body.data.isFavorite).toBe(false);
  });
});
